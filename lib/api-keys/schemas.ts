import { z } from "zod";

import { apiKeyLifetimes, apiScopes } from "./scopes";

export const createApiKeySchema = z.object({
  name: z
    .string({ error: "Name the key" })
    .trim()
    .min(1, { error: "Name the key, e.g. “GitHub Actions”" })
    .max(60, { error: "Keep the name under 60 characters" }),
  scopes: z
    .array(z.enum(apiScopes, { error: "Choose from read, write, deploy and control" }), {
      error: "Choose what the key may do",
    })
    .min(1, { error: "Choose at least one scope" })
    .max(apiScopes.length)
    .transform((scopes) => [...new Set(scopes)]),
  expiresIn: z.enum(apiKeyLifetimes, { error: "Choose when the key expires" }),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

export const apiKeyIdSchema = z.object({ keyId: z.string().min(1).max(64) });
