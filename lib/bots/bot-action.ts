/**
 * The wrapper of every bot action (lib/bots/actions.ts, lib/blueprint/actions.ts): a signed-in
 * user, the input parsed with its schema, the domain step run for that user, the domain's known
 * errors turned into refusals, the bot's pages revalidated and the Activity Log written.
 * Not a "use server" file: it exports the wrapper, not actions.
 */
import { revalidatePath } from "next/cache";
import type { z } from "zod";

import { ActionRefusal, type ActionResult } from "@/lib/actions";
import { recordAudit, type AuditAction } from "@/lib/audit/service";
import { PlanLimitError } from "@/lib/billing/plans";
import { db } from "@/lib/db";
import type { RateLimitRule } from "@/lib/rate-limit";
import { userAction } from "@/lib/user-action";

import { EnvVarError } from "./env-vars";
import { BotHostingError } from "./hosting";
import { BotFilesError, BotNotFoundError, BotVersionConflictError } from "./service";

/** Errors of other domains a bot action may also raise, mapped the same way (e.g. the blueprint's). */
type ExtraRefusal = (error: unknown) => ActionRefusal | undefined;

/**
 * The domain's errors that the user should read, as refusals; anything else stays unexpected.
 * The public API (lib/api/v1) maps bot errors with this too.
 */
export function botRefusal(error: unknown, extra?: ExtraRefusal): unknown {
  const mapped = extra?.(error);
  if (mapped) return mapped;
  // Another user's bot id answers exactly like a missing one.
  if (error instanceof BotNotFoundError) return new ActionRefusal("This bot no longer exists.", { code: "not_found" });
  if (error instanceof PlanLimitError) return new ActionRefusal(error.message, { code: error.code });
  if (error instanceof BotVersionConflictError) return new ActionRefusal(error.message, { code: "conflict" });
  if (error instanceof BotFilesError) return new ActionRefusal(error.message, { code: "invalid" });
  if (error instanceof EnvVarError) return new ActionRefusal(error.message, { code: "invalid" });
  if (error instanceof BotHostingError) return new ActionRefusal(error.message, { code: "invalid" });
  return error;
}

/**
 * A bot action: a signed-in user, the input parsed with `schema`, the domain step run for that
 * user, its known errors turned into messages, and the listed pages revalidated on success.
 */
export function botAction<S extends z.ZodType, T>(
  name: string,
  schema: S,
  run: (userId: string, input: z.infer<S>) => Promise<T>,
  options: {
    rateLimit?: RateLimitRule;
    revalidate?: (input: z.infer<S>, data: T) => string[];
    /** The Activity Log entry for a success. */
    audit?: (input: z.infer<S>, data: T) => { action: AuditAction; botId: string; label?: string };
    refusal?: ExtraRefusal;
  } = {},
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return userAction(name, schema, run, {
    rateLimit: options.rateLimit,
    refusal: (error) => botRefusal(error, options.refusal),
    async after(userId, parsed, data) {
      for (const path of options.revalidate?.(parsed, data) ?? []) revalidatePath(path);
      const entry = options.audit?.(parsed, data);
      if (!entry) return;
      const bot = await db.bot.findUnique({ where: { id: entry.botId }, select: { name: true } });
      const label = [bot?.name, entry.label].filter(Boolean).join(" · ") || undefined;
      await recordAudit(userId, entry.action, { type: "bot", id: entry.botId, label });
    },
  });
}

export const botPages = (id: string) => ["/dashboard/bots", `/dashboard/bots/${id}`];
/** Editors save often; a generous per-IP budget that still stops a script. */
export const editorRateLimit: RateLimitRule = { bucket: "bot-editor", limit: 120, windowMs: 60_000 };
