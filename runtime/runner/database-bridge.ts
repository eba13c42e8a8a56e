/** Runs a bot's built-in database call (from its preload, over fd 3) against its own store. */
import { z } from "zod";

import type { BotDatabase } from "@/lib/bots/kv";

import type { RequestMessage } from "./channel";

/** Keys and values are checked by the store itself (its messages name the problem). */
const listOptions = z
  .object({ limit: z.number().optional(), cursor: z.string().optional() })
  .nullish()
  .transform((options) => options ?? {});
const prefix = z
  .string()
  .nullish()
  .transform((value) => value ?? "");
const by = z
  .number()
  .nullish()
  .transform((value) => value ?? undefined);

export class DatabaseCallError extends Error {
  override name = "CipherDbError";
}

function argument<T>(schema: z.ZodType<T, unknown>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new DatabaseCallError(`Invalid ${what}.`);
  return parsed.data;
}

export async function callDatabase(database: BotDatabase, request: RequestMessage): Promise<unknown> {
  const args = request.args;
  switch (request.op) {
    case "get":
      return database.get(args[0] as string);
    case "set":
      return database.set(args[0] as string, args[1]);
    case "delete":
      return database.delete(args[0] as string);
    case "list":
      return database.list(
        argument(prefix, args[0], "list() prefix: expected a string"),
        argument(listOptions, args[1], "list() options: expected { limit?: number, cursor?: string }"),
      );
    case "increment":
      return database.increment(args[0] as string, argument(by, args[1], "increment() amount: expected a number"));
  }
}
