"use server";

import { revalidatePath } from "next/cache";
import type { z } from "zod";

import type { ActionResult } from "@/lib/actions";
import { formRateLimit } from "@/lib/rate-limit";
import { userAction } from "@/lib/user-action";

import { apiKeyIdSchema, createApiKeySchema } from "./schemas";
import { apiKeysPath } from "./scopes";
import { createApiKey, revokeApiKey, type ApiKeyView } from "./service";

/** Tools → API Keys → Create key: the secret is in this answer once, and never again. */
export async function createApiKeyAction(
  input: z.input<typeof createApiKeySchema>,
): Promise<ActionResult<{ key: ApiKeyView; secret: string }>> {
  return userAction("apiKeys.create", createApiKeySchema, createApiKey, {
    rateLimit: formRateLimit("api-key-create"),
    after: () => revalidatePath(apiKeysPath),
  })(input);
}

/** Revoke: the key stops working on its next request. */
export async function revokeApiKeyAction(input: z.input<typeof apiKeyIdSchema>): Promise<ActionResult<ApiKeyView>> {
  return userAction("apiKeys.revoke", apiKeyIdSchema, (userId, { keyId }) => revokeApiKey(userId, keyId), {
    after: () => revalidatePath(apiKeysPath),
  })(input);
}
