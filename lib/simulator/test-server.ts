/**
 * Moving a bot between its own simulated test server and the shared one (Bot.testServer), for the
 * Test tab's picker and the REST API alike.
 */
import { getBotRuntime, restartBot } from "@/lib/bots/hosting";
import { setBotTestServer } from "@/lib/bots/service";

import { ensureBotInWorld, SimulatorError } from "./client";
import type { TestServer } from "./schemas";

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
    placed = await ensureBotInWorld(botId);
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
