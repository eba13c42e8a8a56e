import { z } from "zod";

/** Shared by the footer form (react-hook-form) and the server action. */
export const newsletterSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Please enter a valid email address")
    .max(254, "Please enter a valid email address")
    .pipe(z.email("Please enter a valid email address")),
});

export type NewsletterInput = z.input<typeof newsletterSchema>;
