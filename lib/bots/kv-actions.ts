"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";

import { ActionRefusal, type ActionResult } from "@/lib/actions";
import type { RateLimitRule } from "@/lib/rate-limit";
import { userAction } from "@/lib/user-action";

import { deleteBotKey, getBotKey, KvQuotaError, KvValidationError, setBotKey } from "./kv";
import { kvBotIdSchema, kvEntryFormSchema, kvKeySchema, type KvEntryFormInput } from "./kv-schemas";
import { BotNotFoundError } from "./service";

// Editing a database is bursty (several saves in a row), so more than the site's forms allow.
const writeLimit: RateLimitRule = { bucket: "bot-database-write", limit: 60, windowMs: 60_000 };
const readLimit: RateLimitRule = { bucket: "bot-database-read", limit: 120, windowMs: 60_000 };

/** The store's errors that the user should read, as refusals on the field at fault. */
function refusalFor(error: unknown): unknown {
  // Another user's bot id (or an archived bot) answers exactly like a missing one.
  if (error instanceof BotNotFoundError) return new ActionRefusal("This bot no longer exists.", { code: "not_found" });
  if (error instanceof KvValidationError) {
    const field = error.field === "key" ? "key" : "json";
    return new ActionRefusal(error.message, { code: "invalid", fieldErrors: { [field]: [error.message] } });
  }
  if (error instanceof KvQuotaError) {
    return new ActionRefusal(error.message, { code: "quota", fieldErrors: { json: [error.message] } });
  }
  return error;
}

/** A database action: a signed-in user, the input parsed, the store's refusals as messages. */
function databaseAction<S extends z.ZodType, T>(
  name: string,
  schema: S,
  run: (userId: string, input: z.infer<S>) => Promise<T>,
  options: { rateLimit: RateLimitRule; revalidates?: boolean },
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return userAction(name, schema, run, {
    rateLimit: options.rateLimit,
    refusal: refusalFor,
    after: (_, parsed) => {
      const { botId } = parsed as { botId: string };
      if (options.revalidates) revalidatePath(`/dashboard/bots/${botId}/database`);
    },
  });
}

const saveSchema = kvEntryFormSchema.extend({ botId: kvBotIdSchema, mode: z.enum(["create", "edit"]) });
export type SaveBotKeyInput = KvEntryFormInput & { botId: string; mode: "create" | "edit" };

/** Add key (refused when the key exists) or edit a key's value; `json` is the value as JSON text. */
export async function saveBotKeyAction(input: SaveBotKeyInput): Promise<ActionResult<{ key: string; size: number }>> {
  return databaseAction(
    "kv.save",
    saveSchema,
    (userId, { botId, key, json, mode }) =>
      setBotKey(userId, botId, key, JSON.parse(json), { createOnly: mode === "create" }),
    { rateLimit: writeLimit, revalidates: true },
  )(input);
}

const keySchema = z.object({ botId: kvBotIdSchema, key: kvKeySchema });

/** One key's full value, pretty-printed for the editor. */
export async function getBotKeyAction(input: {
  botId: string;
  key: string;
}): Promise<ActionResult<{ key: string; json: string; size: number; updatedAt: string }>> {
  return databaseAction(
    "kv.get",
    keySchema,
    async (userId, { botId, key }) => {
      const entry = await getBotKey(userId, botId, key);
      if (!entry) {
        throw new ActionRefusal("This key no longer exists. Your bot may have deleted it.", { code: "missing_key" });
      }
      return {
        key: entry.key,
        json: JSON.stringify(entry.value, null, 2),
        size: entry.size,
        updatedAt: entry.updatedAt.toISOString(),
      };
    },
    { rateLimit: readLimit },
  )(input);
}

/** Deleting a key that is already gone ends the same way, so it is not an error. */
export async function deleteBotKeyAction(input: { botId: string; key: string }): Promise<ActionResult<void>> {
  return databaseAction(
    "kv.delete",
    keySchema,
    async (userId, { botId, key }) => {
      await deleteBotKey(userId, botId, key);
    },
    { rateLimit: writeLimit, revalidates: true },
  )(input);
}
