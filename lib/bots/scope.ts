/**
 * The one rule for "the user's bot": theirs, not archived, and not the short-lived copy a builder
 * proof runs (kind "proof", lib/blueprint/proof). Every query for what a user sees, counts or acts
 * on starts from this filter.
 */
import type { Prisma } from "@/lib/generated/prisma/client";

export function userBots(userId: string, botId?: string) {
  return { userId, archivedAt: null, kind: "bot", ...(botId ? { id: botId } : {}) } satisfies Prisma.BotWhereInput;
}

/** The same rule across many users (the runner's running-bot cap). */
export function liveBotsOf(userIds: string[]) {
  return { userId: { in: userIds }, archivedAt: null, kind: "bot" } satisfies Prisma.BotWhereInput;
}
