/** Texts the auth forms and actions share (a "use server" file may only export functions). */
export const googleNotConfiguredMessage =
  "Google sign-in is not configured on this server. Please use your email and password.";
