"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";

import { validatedAction, type ActionResult } from "@/lib/actions";
import { signOut } from "@/lib/auth";
import { requireReauthentication } from "@/lib/auth/reauth";
import { getCurrentUser } from "@/lib/auth/session";
import { startSession } from "@/lib/auth/start-session";
import { formRateLimit } from "@/lib/rate-limit";

import {
  changePasswordSchema,
  deleteAccountSchema,
  profileSchema,
  sessionEndedMessage,
  setPasswordSchema,
  type ChangePasswordInput,
  type DeleteAccountInput,
  type Profile,
  type ProfileInput,
  type SetPasswordInput,
} from "./schemas";
import { changePassword, deleteAccount, updateProfile, type Outcome } from "./service";

const settingsPath = "/dashboard/settings";

const signedOut = { ok: false, error: sessionEndedMessage, code: "signed_out" } as const;

/** validatedAction's result, with a domain refusal (e.g. "username taken") passed through as the result. */
function flatten<T>(result: ActionResult<Outcome<T>>): ActionResult<T> {
  return result.ok ? result.data : result;
}

export async function updateProfileAction(input: ProfileInput): Promise<ActionResult<Profile>> {
  const user = await getCurrentUser();
  if (!user) return signedOut;
  const save = validatedAction("account.updateProfile", profileSchema, (values) => updateProfile(user.id, values), {
    rateLimit: formRateLimit("account-profile"),
  });
  const result = flatten(await save(input));
  // The greeting and user menu are rendered on the server.
  if (result.ok) revalidatePath("/dashboard", "layout");
  return result;
}

/**
 * Changes (or, for Google-only accounts, sets) the password. Every other session ends; this
 * browser gets a new session cookie and, on success, is sent back to /dashboard/settings: a
 * re-render inside this request would still see the old cookie (Auth.js reads the request
 * headers) and bounce through /login. The redirect's render gets the new cookie.
 */
export async function changePasswordAction(
  input: ChangePasswordInput | SetPasswordInput,
): Promise<ActionResult<never>> {
  const user = await getCurrentUser();
  if (!user) return signedOut;
  const rateLimit = formRateLimit("account-password");
  const change = user.hasPassword
    ? validatedAction(
        "account.changePassword",
        changePasswordSchema,
        ({ currentPassword, newPassword }) => changePassword(user.id, { currentPassword, newPassword }),
        { rateLimit },
      )
    : validatedAction(
        "account.setPassword",
        setPasswordSchema,
        async ({ newPassword }) => {
          // A first password is a new way in: only after a fresh Google sign-in.
          await requireReauthentication(user, undefined);
          return changePassword(user.id, { newPassword });
        },
        { rateLimit },
      );
  // Which schema applies depends on the account; validatedAction parses the input with it either way.
  const result = flatten(await change(input as ChangePasswordInput & SetPasswordInput));
  if (!result.ok) return result;
  try {
    // This session had passed two-factor (getCurrentUser), so its renewal has too.
    await startSession(user.id, { secondFactorVerified: true });
  } catch (error) {
    // The password did change; only this browser's session could not be renewed.
    console.error("[action:account.changePassword] re-issuing the session failed", error);
    return { ok: false, error: "Your password was changed, but you need to sign in again." };
  }
  redirect(settingsPath);
}

/**
 * Deletes the account, ends the session and goes to /. On success this never returns: the
 * redirect is a soft navigation, so the page that asked can still show its toast (see
 * app/(dashboard)/dashboard/settings/_components/delete-account-form.tsx).
 */
export async function deleteAccountAction(input: DeleteAccountInput): Promise<ActionResult<never>> {
  const user = await getCurrentUser();
  if (!user) return signedOut;
  const remove = validatedAction(
    "account.delete",
    deleteAccountSchema,
    async ({ confirmation, password }) => {
      await requireReauthentication(user, password);
      return deleteAccount(user.id, confirmation);
    },
    { rateLimit: formRateLimit("account-delete") },
  );
  const result = flatten(await remove(input));
  if (!result.ok) return result;
  try {
    await signOut({ redirect: false });
  } catch (error) {
    // The account is gone, so the leftover cookie no longer signs anyone in (getCurrentUser).
    console.error("[action:account.delete] sign-out after deletion failed", error);
  }
  redirect("/");
}
