"use server";

import { validatedAction, type ActionResult } from "@/lib/actions";

import { newsletterSchema, type NewsletterInput } from "./schemas";
import { subscribeToNewsletter } from "./service";

const subscribe = validatedAction("newsletter.subscribe", newsletterSchema, ({ email }) =>
  subscribeToNewsletter(email),
);

export async function subscribeAction(input: NewsletterInput): Promise<ActionResult<{ alreadySubscribed: boolean }>> {
  return subscribe(input);
}
