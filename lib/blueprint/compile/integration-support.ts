/**
 * Runs compiled blueprints in the real runner sandbox against the real simulator, for the
 * compilers' integration tests: one runner, one simulator and one world per file, whose bots are
 * compiled to the world's language.
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

import { compileBlueprint, type TargetLanguage } from "./index";

export interface TestWorld {
  /** What runBlueprint compiles to. */
  language: TargetLanguage;
  userId: string;
  simulator: TestSimulator;
  events: Awaited<ReturnType<typeof openEventText>>;
  ids: Awaited<ReturnType<typeof worldIds>>;
  runner: Runner;
  close(): Promise<void>;
}

export async function startWorld(label: string, language: TargetLanguage = "javascript"): Promise<TestWorld> {
  const data = tempDataDir();
  const userId = await createUser(label);
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
    language,
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

/** Compiles the blueprint to the world's language, stores it as a bot and waits until it runs. */
export async function runBlueprint(world: TestWorld, label: string, input: BlueprintInput): Promise<string> {
  const parsed = checkBlueprint(input);
  if (!parsed.ok) throw new Error(`${label}: ${JSON.stringify(parsed.problems)}`);
  const files = compileBlueprint(parsed.blueprint, world.language);
  const botId = await createBot(world.userId, files, { name: label, language: world.language });
  await world.runner.reconcile();
  await waitForStatus(botId, "running", 40_000).catch(async (error: unknown) => {
    throw new Error(`${label} did not run: ${(error as Error).message}\n${await logText(botId)}`);
  });
  return botId;
}

export async function setDesired(world: TestWorld, botId: string, state: "running" | "stopped") {
  await db.bot.update({ where: { id: botId }, data: { desiredState: state } });
  await world.runner.reconcile();
  await waitForStatus(botId, state, 40_000);
}

/** A member says something in #general (or `channelId`); returns the event index to wait from. */
export async function say(
  world: TestWorld,
  content: string,
  authorId = world.ids.owner,
  channelId = world.ids.general,
) {
  const from = world.events.count;
  await world.simulator.call("POST", `/worlds/${world.userId}/messages`, { channelId, authorId, content });
  return from;
}

/** Runs a slash command (in #general unless told), retrying while the bot has not registered it yet (404). */
export async function slash(
  world: TestWorld,
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

/** A member acts on a bot's message: clicks a button, or chooses in a menu (`values`). */
export async function click(
  world: TestWorld,
  message: { id: string; channel_id: string },
  customId: string,
  authorId: string,
  values?: string[],
) {
  const from = world.events.count;
  const path = `/worlds/${world.userId}/channels/${message.channel_id}/messages/${message.id}`;
  await world.simulator.call("POST", `${path}/${values ? "select" : "click"}`, { authorId, customId, values });
  return from;
}

/** A member reacts to a message with an emoji (a unicode one, or "name:id"). */
export async function react(
  world: TestWorld,
  message: { id: string; channel_id: string },
  emoji: string,
  memberId: string,
) {
  const from = world.events.count;
  const path = `/worlds/${world.userId}/channels/${message.channel_id}/messages/${message.id}/reactions`;
  await world.simulator.call("PUT", `${path}/${encodeURIComponent(emoji)}/${memberId}`);
  return from;
}

/** A member submits the modal a bot opened for them. */
export async function submitModal(world: TestWorld, modalId: string, values: Record<string, string>) {
  const from = world.events.count;
  await world.simulator.call("POST", `/worlds/${world.userId}/modals/${modalId}`, { values });
  return from;
}

/** The first simulator event (as JSON text) from `from` on that matches; on failure, the bot's log. */
export async function expectEvent(world: TestWorld, botId: string, pattern: RegExp, from: number): Promise<string> {
  try {
    return await world.events.waitFor(pattern, from, 20_000);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- bot log ---\n${await logText(botId)}`);
  }
}

/** Creates a text channel in the world through the REST API, as a bot of the same world would. */
export async function createChannel(world: TestWorld, name: string): Promise<string> {
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

interface WorldView {
  guilds: {
    channels: { id: string; name: string }[];
    roles: { id: string; name: string }[];
    members: { user: { id: string; username: string }; roles: string[] }[];
  }[];
}

/** The default world's guild as the control API shows it now. */
export async function guildView(world: TestWorld) {
  return (await world.simulator.call<WorldView>("GET", `/worlds/${world.userId}`)).guilds[0]!;
}

/** A member of the default world by name ("Riley"). */
export async function memberId(world: TestWorld, username: string): Promise<string> {
  return (await guildView(world)).members.find((item) => item.user.username === username)!.user.id;
}

/** `"content":"<text>"` with the text matched literally (as JSON writes it). */
export function content(text: string): RegExp {
  const json = JSON.stringify(text).slice(1, -1);
  return new RegExp(`"content":"${json.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"`);
}

export const ephemeral = /"flags":64/;

/** The `data` of a simulator event (JSON text). */
export function eventData<T>(event: string): T {
  return (JSON.parse(event) as { data: T }).data;
}

export { logText };
