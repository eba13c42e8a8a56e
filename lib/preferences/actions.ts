"use server";

import { revalidatePath } from "next/cache";

import { validatedAction, type ActionResult } from "@/lib/actions";
import { getCurrentUser } from "@/lib/auth/session";
import { formRateLimit } from "@/lib/rate-limit";

import { preferencesSchema, type Preferences } from "./schemas";
import { savePreferences } from "./service";

const signedOut = { ok: false, error: "Your session has ended. Please sign in again.", code: "signed_out" } as const;

export async function savePreferencesAction(input: Preferences): Promise<ActionResult<Preferences>> {
  const user = await getCurrentUser();
  if (!user) return signedOut;
  const result = await validatedAction(
    "preferences.save",
    preferencesSchema,
    (values) => savePreferences(user.id, values),
    { rateLimit: formRateLimit("preferences") },
  )(input);
  // The theme is applied by the dashboard layout.
  if (result.ok) revalidatePath("/dashboard", "layout");
  return result;
}
