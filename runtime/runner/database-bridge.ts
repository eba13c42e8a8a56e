/** Runs a bot's built-in database call (from its preload, over fd 3) against its own store. */
import type { BotDatabase } from "@/lib/bots/kv";

import type { RequestMessage } from "./bot-process";

export async function callDatabase(database: BotDatabase, request: RequestMessage): Promise<unknown> {
  const args = Array.isArray(request.args) ? request.args : [];
  switch (request.op) {
    case "get":
      return database.get(args[0] as string);
    case "set":
      return database.set(args[0] as string, args[1]);
    case "delete":
      return database.delete(args[0] as string);
    case "list":
      return database.list(args[0] as string | undefined, (args[1] ?? {}) as Parameters<BotDatabase["list"]>[1]);
    case "increment":
      return database.increment(args[0] as string, args[1] as number | undefined);
    default:
      throw new Error(`Unknown database call: ${String(request.op)}`);
  }
}
