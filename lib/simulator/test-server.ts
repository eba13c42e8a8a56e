/**
 * Moving a bot between its own simulated test server and the shared one (Bot.testServer), for the
 * Test tab's picker and the REST API alike.
 */
import { namedPlacesOf } from "@/lib/blueprint/named-places";
import { blueprintFileName } from "@/lib/blueprint/schema";
import { getBotRuntime, restartBot } from "@/lib/bots/hosting";
import { userBots } from "@/lib/bots/scope";
import { setBotTestServer } from "@/lib/bots/service";
import { db } from "@/lib/db";

import { ensureBotInWorld, SimulatorError } from "./client";
import type { BotPlaces } from "./places";
import type { TestServer } from "./schemas";

/**
 * The channels and roles the user's bot's blueprint names (#suggestions, a "Gamer" role), which
 * its own test server gets when it is placed there; none for a code bot.
 */
export async function blueprintPlacesOf(userId: string, botId: string): Promise<BotPlaces> {
  const file = await db.botFile.findFirst({
    where: { path: blueprintFileName, bot: userBots(userId, botId) },
    select: { content: true },
  });
  return namedPlacesOf(file?.content);
}

/**
 * Saves the choice, then moves the bot in the simulator (its sessions reconnect). A running bot
 * restarts, so GUILD_ID and the commands it registers for it name the new server. With the
 * simulator unreachable the choice stays saved (`applied: false`) and applies at the bot's next
 * start or Test tab visit; other simulator refusals are thrown.
 */
export async function moveToTestServer(
  userId: string,
  botId: string,
  testServer: TestServer,
): Promise<{ applied: boolean; ownServer: boolean }> {
  await setBotTestServer(userId, botId, testServer);
  let placed;
  try {
    placed = await ensureBotInWorld(botId, await blueprintPlacesOf(userId, botId));
  } catch (error) {
    if (error instanceof SimulatorError && error.status >= 500) return { applied: false, ownServer: false };
    throw error;
  }
  const runtime = await getBotRuntime(userId, botId);
  if (placed.moved && runtime.desiredState === "running" && runtime.connectTo === "simulator") {
    await restartBot(userId, botId);
  }
  return { applied: true, ownServer: placed.ownServer };
}
