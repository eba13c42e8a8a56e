"use server";

import { validatedAction, type ActionResult } from "@/lib/actions";
import { formRateLimit } from "@/lib/rate-limit";

import { contactSchema, type ContactInput } from "./schemas";
import { saveContactMessage } from "./service";

// Stored, then emailed to support (lib/contact/service.tsx). Limited per client IP, junk included.
const sendContactMessage = validatedAction(
  "contact.send",
  contactSchema,
  async (message) => {
    await saveContactMessage(message);
    return { received: true as const };
  },
  { rateLimit: formRateLimit("contact") },
);

export async function sendContactMessageAction(input: ContactInput): Promise<ActionResult<{ received: true }>> {
  return sendContactMessage(input);
}
