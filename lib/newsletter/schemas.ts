// zod/mini keeps the footer form (on every public page) off the full zod bundle; the server
// action parses with this same schema.
import { z } from "zod/mini";

const invalidEmail = "Please enter a valid email address";

/** Shared by the footer form and the server action. */
export const newsletterSchema = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.minLength(1, invalidEmail), z.maxLength(254, invalidEmail)),
    z.email(invalidEmail),
  ),
});

export type NewsletterInput = z.input<typeof newsletterSchema>;
