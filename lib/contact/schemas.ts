import { z } from "zod";

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
  return z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
}

/** Shared by the contact form (react-hook-form) and `sendContactMessageAction`. */
export const contactSchema = z.object({
  firstName: requiredText("First name", contactLimits.name),
  lastName: requiredText("Last name", contactLimits.name),
  email: requiredText("Email", contactLimits.email).pipe(z.email("Enter a valid email address")),
  subject: z.enum(contactSubjects, { error: "Choose a subject from the list" }).default(defaultContactSubject),
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
