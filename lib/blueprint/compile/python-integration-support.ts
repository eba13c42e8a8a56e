/**
 * Runs compiled Python blueprints in the real runner sandbox against the real simulator, for
 * python.integration.test.ts: one runner, one simulator and one world for the whole file.
 */
import { checkBlueprint } from "@/lib/blueprint";
import type { BlueprintInput } from "@/lib/blueprint/schema";
import { db } from "@/lib/db";
import type { Runner } from "@/runtime/runner/runner";
import {
  openEventText,
  simulatorKey,
  startTestSimulator,
  worldIds,
  type TestSimulator,
} from "@/runtime/runner/simulator-support";
import { createBot, createUser, logText, tempDataDir, testRunner, waitForStatus } from "@/runtime/runner/test-support";

import { compilePython } from "./python";

export interface PythonWorld {
  userId: string;
  simulator: TestSimulator;
  events: Awaited<ReturnType<typeof openEventText>>;
  ids: Awaited<ReturnType<typeof worldIds>>;
  runner: Runner;
  close(): Promise<void>;
}

export async function startPythonWorld(): Promise<PythonWorld> {
  const data = tempDataDir();
  const userId = await createUser("python-blueprints");
  const simulator = await startTestSimulator();
  const ids = await worldIds(simulator, userId);
  const events = await openEventText(simulator, userId);
  const runner = await testRunner({
    dataDir: data.dir,
    simulatorUrl: simulator.url,
    controlKey: simulatorKey,
    timing: { readyTimeoutMs: 30_000 },
  });
  return {
    userId,
    simulator,
    events,
    ids,
    runner,
    async close() {
      await runner.stop();
      events.close();
      await simulator.close();
      await db.user.deleteMany({ where: { id: userId } });
      data.remove();
    },
  };
}

/** Compiles the blueprint, stores it as a Python bot and waits until the runner has it running. */
export async function runBlueprint(world: PythonWorld, label: string, input: BlueprintInput): Promise<string> {
  const parsed = checkBlueprint(input);
  if (!parsed.ok) throw new Error(`${label}: ${JSON.stringify(parsed.problems)}`);
  const files = compilePython(parsed.blueprint);
  const botId = await createBot(world.userId, files, { name: label, language: "python" });
  await world.runner.reconcile();
  await waitForStatus(botId, "running", 40_000).catch(async (error: unknown) => {
    throw new Error(`${label} did not run: ${(error as Error).message}\n${await logText(botId)}`);
  });
  return botId;
}

export async function setDesired(world: PythonWorld, botId: string, state: "running" | "stopped") {
  await db.bot.update({ where: { id: botId }, data: { desiredState: state } });
  await world.runner.reconcile();
  await waitForStatus(botId, state, 40_000);
}

/** A member says something in #general (or `channelId`); returns the event index to wait from. */
export async function say(
  world: PythonWorld,
  content: string,
  authorId = world.ids.owner,
  channelId = world.ids.general,
) {
  const from = world.events.count;
  await world.simulator.call("POST", `/worlds/${world.userId}/messages`, { channelId, authorId, content });
  return from;
}

/** Runs a slash command, retrying while the bot has not registered it yet (404). */
export async function slash(
  world: PythonWorld,
  botId: string,
  name: string,
  options?: unknown[],
  authorId?: string,
  channelId?: string,
) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const from = world.events.count;
    try {
      await world.simulator.call("POST", `/worlds/${world.userId}/interactions`, {
        botId,
        channelId: channelId ?? world.ids.general,
        authorId: authorId ?? world.ids.owner,
        name,
        options,
      });
      return from;
    } catch (error) {
      if (!/: 404 /.test((error as Error).message) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** The first simulator event (as JSON text) from `from` on that matches; on failure, the bot's log. */
export async function expectEvent(world: PythonWorld, botId: string, pattern: RegExp, from: number): Promise<string> {
  try {
    return await world.events.waitFor(pattern, from, 20_000);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- bot log ---\n${await logText(botId)}`);
  }
}

/** Creates a text channel in the world through the REST API, as a bot of the same world would. */
export async function createChannel(world: PythonWorld, name: string): Promise<string> {
  const helper = await createBot(world.userId, [], { name: "channel helper", desiredState: "stopped" });
  const credentials = await world.simulator.call<{ token: string; apiBase: string }>(
    "POST",
    `/bots/${helper}/credentials`,
  );
  const response = await fetch(`${credentials.apiBase}/v10/guilds/${world.ids.guildId}/channels`, {
    method: "POST",
    headers: { authorization: `Bot ${credentials.token}`, "content-type": "application/json" },
    body: JSON.stringify({ name, type: 0 }),
  });
  if (!response.ok) throw new Error(`creating #${name}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** A member of the default world by name ("Riley"). */
export async function memberId(world: PythonWorld, username: string): Promise<string> {
  const snapshot = await world.simulator.call<{ guilds: { members: { user: { id: string; username: string } }[] }[] }>(
    "GET",
    `/worlds/${world.userId}`,
  );
  return snapshot.guilds[0]!.members.find((item) => item.user.username === username)!.user.id;
}

/** The `data` of a simulator event (JSON text). */
export function eventData<T>(event: string): T {
  return (JSON.parse(event) as { data: T }).data;
}

export { logText };
