/**
 * A new account's first hour: the steps of the dashboard's first-run checklist, each read from
 * what really happened (a bot exists, a token is saved, a bot ran on Discord), and the few steps
 * that leave no other trace, kept as milestones (UserMilestone).
 */
import { userBots } from "@/lib/bots/scope";
import { db } from "@/lib/db";

export type MilestoneKey = "dashboard_seen" | "tested" | "invite_opened" | "checklist_dismissed";

// Each milestone is written once; a process remembers which it has written, so a busy Test tab
// does not write on every message.
const recorded = new Set<string>();

/** Records the first time `userId` reached `key` (later calls change nothing). */
export async function recordMilestone(userId: string, key: MilestoneKey): Promise<void> {
  const id = `${userId}:${key}`;
  if (recorded.has(id)) return;
  await db.userMilestone.createMany({ data: [{ userId, key }], skipDuplicates: true });
  if (recorded.size > 50_000) recorded.clear();
  recorded.add(id);
}

export async function milestoneTimes(userId: string): Promise<Partial<Record<MilestoneKey, Date>>> {
  const rows = await db.userMilestone.findMany({ where: { userId }, select: { key: true, at: true } });
  return Object.fromEntries(rows.map((row) => [row.key, row.at]));
}

export type ChecklistStepId = "create" | "test" | "token" | "start" | "invite";

export interface ChecklistStep {
  id: ChecklistStepId;
  done: boolean;
  /** Where the step is done: the bot it concerns when there is one. */
  href: string;
}

export interface FirstRunChecklist {
  steps: ChecklistStep[];
  /** Every step done, or put away by the user: the dashboard no longer shows it. */
  finished: boolean;
}

/** The checklist as the user's data says it stands. */
export async function firstRunChecklist(
  userId: string,
  known?: Partial<Record<MilestoneKey, Date>>,
): Promise<FirstRunChecklist> {
  const [milestones, bots] = await Promise.all([
    known ?? milestoneTimes(userId),
    db.bot.findMany({
      where: userBots(userId),
      select: {
        id: true,
        tokenSealed: true,
        connectTo: true,
        status: true,
        statusEvents: { where: { status: "running" }, select: { id: true }, take: 1 },
      },
      orderBy: { createdAt: "asc" },
    }),
  ]);
  const first = bots[0];
  const withToken = bots.find((bot) => bot.tokenSealed);
  const ranOnDiscord = bots.some(
    (bot) =>
      bot.tokenSealed !== null &&
      bot.connectTo === "discord" &&
      (bot.status === "running" || bot.statusEvents.length > 0),
  );
  const focus = withToken ?? first;
  const botHref = (path: string) => (focus ? `/dashboard/bots/${focus.id}${path}` : "/dashboard/bots/new");
  const steps: ChecklistStep[] = [
    { id: "create", done: bots.length > 0, href: "/dashboard/bots/new" },
    { id: "test", done: milestones.tested !== undefined, href: botHref("/test") },
    { id: "token", done: withToken !== undefined, href: botHref("#bot-token") },
    { id: "start", done: ranOnDiscord, href: botHref("/settings#hosting-heading") },
    { id: "invite", done: milestones.invite_opened !== undefined, href: botHref("?invite=1") },
  ];
  return {
    steps,
    finished: milestones.checklist_dismissed !== undefined || steps.every((step) => step.done),
  };
}
