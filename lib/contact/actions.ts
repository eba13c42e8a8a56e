"use server";

import { validatedAction, type ActionResult } from "@/lib/actions";

import { contactSchema, type ContactInput } from "./schemas";
import { saveContactMessage } from "./service";

// Stored now; emailing the support team joins with the mail work, behind this same action.
const sendContactMessage = validatedAction("contact.send", contactSchema, async (message) => {
  await saveContactMessage(message);
  return { received: true as const };
});

export async function sendContactMessageAction(input: ContactInput): Promise<ActionResult<{ received: true }>> {
  return sendContactMessage(input);
}
