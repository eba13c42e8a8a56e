/**
 * Hosting controls: what the user asks of the runner (start, stop, restart, where to connect,
 * what a crash does) and what the runner reports back. The web app only writes desired state;
 * the runner (runtime/runner) alone writes status.
 */
import { userBots } from "@/lib/bots/scope";
import { db } from "@/lib/db";

import type { HostingSettings } from "./hosting-schemas";
import { assertRoomToRun } from "./running-limit";
import { BotNotFoundError, busyServerTransaction } from "./service";

/** The user asked for something the bot cannot do yet; the message is for the user. */
export class BotHostingError extends Error {}

const runtimeSelect = {
  id: true,
  desiredState: true,
  status: true,
  statusReason: true,
  statusChangedAt: true,
  startedAt: true,
  exitCode: true,
  connectTo: true,
  restartPolicy: true,
} as const;

export type BotRuntime = NonNullable<Awaited<ReturnType<typeof findRuntime>>>;

const owned = userBots;

function findRuntime(userId: string, botId: string) {
  return db.bot.findFirst({ where: owned(userId, botId), select: runtimeSelect });
}

/** The bot's hosting state as the runner last reported it. */
export async function getBotRuntime(userId: string, botId: string): Promise<BotRuntime> {
  const bot = await findRuntime(userId, botId);
  if (!bot) throw new BotNotFoundError();
  return bot;
}

/**
 * Start: the runner starts the bot within a second. Discord needs a token first, and the plan
 * must allow one more running bot (RunningBotLimitError).
 */
export async function startBot(userId: string, botId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const bot = await tx.bot.findFirst({ where: owned(userId, botId), select: { connectTo: true, tokenSealed: true } });
    if (!bot) throw new BotNotFoundError();
    if (bot.connectTo === "discord" && !bot.tokenSealed) {
      throw new BotHostingError(
        "Add your bot token on the Overview tab to connect to Discord, or switch the bot to the simulator in Settings.",
      );
    }
    await assertRoomToRun(tx, userId, botId);
    await tx.bot.updateMany({
      where: owned(userId, botId),
      data: { desiredState: "running", lastActiveAt: new Date() },
    });
  }, busyServerTransaction);
}

export async function stopBot(userId: string, botId: string): Promise<void> {
  const { count } = await db.bot.updateMany({ where: owned(userId, botId), data: { desiredState: "stopped" } });
  if (count === 0) throw new BotNotFoundError();
}

/** Restart: a running bot is stopped and started again; a stopped one is started. */
export async function restartBot(userId: string, botId: string): Promise<void> {
  await startBot(userId, botId);
  await db.bot.updateMany({ where: owned(userId, botId), data: { restartNonce: { increment: 1 } } });
}

export async function updateHostingSettings(userId: string, botId: string, settings: HostingSettings): Promise<void> {
  const { count } = await db.bot.updateMany({ where: owned(userId, botId), data: settings });
  if (count === 0) throw new BotNotFoundError();
}

/** The runner's recent status changes for this bot, newest first. */
export async function listStatusEvents(userId: string, botId: string, take = 20) {
  await getBotRuntime(userId, botId);
  return db.botStatusEvent.findMany({
    where: { botId },
    orderBy: { id: "desc" },
    take,
    select: { id: true, status: true, reason: true, exitCode: true, createdAt: true },
  });
}

/** Every bot's live state, for the status stream (/api/bots/status). */
export async function listBotStatuses(userId: string) {
  const bots = await db.bot.findMany({
    where: userBots(userId),
    select: { id: true, status: true, desiredState: true, statusReason: true, statusChangedAt: true, startedAt: true },
    orderBy: { id: "asc" },
  });
  return bots.map((bot) => ({
    ...bot,
    statusChangedAt: bot.statusChangedAt?.toISOString() ?? null,
    startedAt: bot.startedAt?.toISOString() ?? null,
  }));
}
export type LiveBotStatus = Awaited<ReturnType<typeof listBotStatuses>>[number];

/** What a bot page's header and the Test tab need, without the bot's files. */
export async function getBotHeader(userId: string, botId: string) {
  const bot = await db.bot.findFirst({
    where: owned(userId, botId),
    select: {
      id: true,
      name: true,
      description: true,
      language: true,
      templateId: true,
      status: true,
      desiredState: true,
      connectTo: true,
      testServer: true,
    },
  });
  if (!bot) throw new BotNotFoundError();
  return bot;
}

/** Hosting's auto-restart switch: on restarts the bot after a crash (with backoff), off leaves it stopped. */
export async function setAutoRestart(userId: string, botId: string, enabled: boolean): Promise<void> {
  const { count } = await db.bot.updateMany({
    where: owned(userId, botId),
    data: { restartPolicy: enabled ? "restart" : "stay-stopped" },
  });
  if (count === 0) throw new BotNotFoundError();
}
