"use server";

import { z } from "zod";

import { validatedAction, type ActionResult } from "@/lib/actions";
import { formRateLimit } from "@/lib/rate-limit";

import { newsletterSchema, type NewsletterInput } from "./schemas";
import { confirmSubscription, subscribeToNewsletter, unsubscribe, type ConfirmOutcome } from "./service";

// The same answer whether the address was new, pending or already subscribed: the form must not
// tell visitors who is on the list.
const subscribe = validatedAction(
  "newsletter.subscribe",
  newsletterSchema,
  async ({ email }) => {
    await subscribeToNewsletter(email);
    return { received: true as const };
  },
  { rateLimit: formRateLimit("newsletter") },
);

export async function subscribeAction(input: NewsletterInput): Promise<ActionResult<{ received: true }>> {
  return subscribe(input);
}

/** The token of a link from a newsletter email (confirm or unsubscribe). */
const linkTokenSchema = z.object({ token: z.string().trim().min(1, "This link is incomplete.").max(200) });

const confirm = validatedAction("newsletter.confirm", linkTokenSchema, async ({ token }) => ({
  status: await confirmSubscription(token),
}));

/** Runs only when the visitor presses Confirm: mail scanners that prefetch the link change nothing. */
export async function confirmSubscriptionAction(input: {
  token: string;
}): Promise<ActionResult<{ status: ConfirmOutcome }>> {
  return confirm(input);
}

const unsubscribeByLink = validatedAction("newsletter.unsubscribe", linkTokenSchema, async ({ token }) => ({
  status: await unsubscribe(token),
}));

export async function unsubscribeAction(input: {
  token: string;
}): Promise<ActionResult<{ status: "unsubscribed" | "invalid" }>> {
  return unsubscribeByLink(input);
}
