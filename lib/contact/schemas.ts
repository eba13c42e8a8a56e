// zod/mini: the contact form's JS is prefetched from pages that link to /contact.
import { z } from "zod/mini";

import { storable } from "@/lib/validation/text";

/** The subjects a visitor can pick on /contact (spec section 9); the first is the default. */
export const contactSubjects = [
  "General Inquiry",
  "Technical Support",
  "Billing Question",
  "Feature Request",
  "Partnership",
] as const;

export type ContactSubject = (typeof contactSubjects)[number];

export const defaultContactSubject: ContactSubject = "General Inquiry";

export const contactLimits = { name: 100, email: 254, message: 5000 } as const;

function requiredText(label: string, max: number) {
  return z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
      z.superRefine(storable(label, { multiline: true })),
    );
}

/** Shared by the contact form (react-hook-form) and `sendContactMessageAction`. */
export const contactSchema = z.object({
  firstName: requiredText("First name", contactLimits.name),
  lastName: requiredText("Last name", contactLimits.name),
  email: z.pipe(requiredText("Email", contactLimits.email), z.email("Enter a valid email address")),
  subject: z._default(z.enum(contactSubjects, { error: "Choose a subject from the list" }), defaultContactSubject),
  message: requiredText("Message", contactLimits.message),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;

export const emptyContactForm = {
  firstName: "",
  lastName: "",
  email: "",
  subject: defaultContactSubject,
  message: "",
} satisfies ContactInput;
