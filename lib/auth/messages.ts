/** Texts the auth forms and actions share (a "use server" file may only export functions). */
export const googleNotConfiguredMessage =
  "Google sign-in is not configured on this server. Please use your email and password.";

/** The spec's sign-out failure text (section 8), shorter than the generic one. */
export const signOutFailedMessage = "An unexpected error occurred.";
