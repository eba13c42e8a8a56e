/**
 * A build with a language model, wired end to end (no network: the AI SDK's test model replays
 * recorded answers): the model's blueprint is proven in a scratch world by the real runner, an
 * answer the blueprint's schema refuses goes back for repair, and the tokens and their cost are
 * recorded on the build.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { ConfiguredModel } from "@/lib/ai-builder/llm";
import { replayModel, type RecordedResponse } from "@/lib/ai-builder/llm/test-support";
import { creditStatus } from "@/lib/billing/credits";
import { startWorld, type TestWorld } from "@/lib/blueprint/compile/integration-support";
import { proofDeps } from "@/lib/blueprint/proof/proof-support";
import { db } from "@/lib/db";
import { createUser } from "@/runtime/runner/test-support";

import { runBuild } from "./run";
import { getBuildView, queueBuild } from "./service";

let world: TestWorld;
/** On the trial: its $5 of credits pay for the model. */
let trialUser: string;

beforeAll(async () => {
  world = await startWorld("ai-build-model", "javascript");
  trialUser = await createUser("ai-build-model", "trial");
}, 60_000);

afterAll(async () => {
  await db.user.deleteMany({ where: { id: trialUser } });
  await world?.close();
});

const ping = (text: string) => ({
  mode: "blueprint",
  plan: [`/ping: replies "${text}"`],
  notUnderstood: [],
  blueprint: {
    version: 1,
    name: "Ping Bot",
    commands: [
      { name: "ping", description: "Check that the bot answers", actions: [{ do: "reply", message: { text } }] },
    ],
  },
});

function configured(responses: RecordedResponse[]): ConfiguredModel {
  return {
    model: replayModel(responses),
    provider: "openai-compatible",
    modelId: "recorded-model",
    prices: { inputPerMTok: 3, outputPerMTok: 15 },
  };
}

describe("a build with a language model", () => {
  it("is refused before the model is called when the credits are used up, and charges a build once", async () => {
    const owner = await createUser("ai-build-credits", "trial");
    try {
      // The trial's $5: a first build spends 4 cents, once, however often its job runs.
      const first = await queueBuild(owner, { description: "A bot with /ping", language: "javascript" });
      const model = configured([{ reply: ping("Pong!"), usage: { input: 9000, output: 300 } }]);
      expect(await runBuild(first.id, { proof: proofDeps(world), model })).toBe("succeeded");
      expect(await runBuild(first.id, { proof: proofDeps(world), model })).toBe("succeeded");
      expect((await creditStatus(owner)).spentCents).toBe(4);
      expect((await creditStatus(owner)).remainingCents).toBe(496);

      // Spent down to 20 cents: at $15 per million tokens that buys under 20,000 tokens.
      await db.botBuild.update({ where: { id: first.id }, data: { costCents: 480 } });
      const second = await queueBuild(owner, { description: "A bot with /ping", language: "javascript" });
      const unused = configured([{ reply: ping("Pong!"), usage: { input: 1, output: 1 } }]);
      expect(await runBuild(second.id, { proof: proofDeps(world), model: unused })).toBe("refused");
      expect((unused.model as unknown as { doGenerateCalls: unknown[] }).doGenerateCalls).toHaveLength(0);
      expect((await getBuildView(owner, second.id))!.message).toMatch(
        /^Your AI credits for the trial are used up \(\$4\.80 of \$5\.00 spent\)/,
      );
      expect((await creditStatus(owner)).spentCents).toBe(480);
    } finally {
      await db.user.deleteMany({ where: { id: owner } });
    }
  }, 120_000);

  it("proves the model's blueprint in the simulator and records the tokens and their cost", async () => {
    const { id } = await queueBuild(trialUser, {
      description: "A bot with /ping that replies Pong!",
      language: "javascript",
    });
    const status = await runBuild(id, {
      proof: proofDeps(world),
      model: configured([{ reply: ping("Pong!"), usage: { input: 9000, output: 300 } }]),
    });
    const view = (await getBuildView(trialUser, id))!;
    expect(status, JSON.stringify(view, null, 1)).toBe("succeeded");
    expect(view.engine).toBe("openai-compatible");
    expect(view.plan?.lines).toEqual(['/ping: replies "Pong!"']);
    expect(view.proof?.status).toBe("passed");
    const row = await db.botBuild.findUniqueOrThrow({ where: { id } });
    expect([row.inputTokens, row.outputTokens]).toEqual([9000, 300]);
    // 9,000 × $3/M + 300 × $15/M = $0.0315 → 4 cents, rounded up.
    expect(row.costCents).toBe(4);
  }, 120_000);

  it("sends an answer that fails the blueprint's validation back for repair, then proves the repaired one", async () => {
    // The first answer's reply text is a number: the schema refuses it, and the repair's answer is
    // proven by the real bot.
    const broken = ping("Pong!");
    (broken.blueprint.commands[0]!.actions[0] as { message: unknown }).message = { text: 42 };
    const { id } = await queueBuild(trialUser, {
      description: "A bot with /ping that replies Pong!",
      language: "javascript",
    });
    const status = await runBuild(id, {
      proof: proofDeps(world),
      model: configured([
        { reply: broken, usage: { input: 8000, output: 250 } },
        { reply: ping("Pong!"), usage: { input: 9500, output: 260 } },
      ]),
    });
    expect(status).toBe("succeeded");
    const row = await db.botBuild.findUniqueOrThrow({ where: { id } });
    expect([row.inputTokens, row.outputTokens]).toEqual([17_500, 510]);
  }, 120_000);

  it("sends the bot's own log back with a failed check, and the repaired code is proven", async () => {
    const index = (
      answer: string,
      logged: string,
    ) => `const { Client, GatewayIntentBits, Events } = require("discord.js");
const client = new Client({ intents: [GatewayIntentBits.Guilds] });
client.on(Events.InteractionCreate, async (interaction) => {
  if (!interaction.isChatInputCommand() || interaction.commandName !== "ping") return;
  ${logged ? `console.error(${JSON.stringify(logged)});` : ""}
  await interaction.reply(${JSON.stringify(answer)});
});
client.login(process.env.DISCORD_TOKEN);
`;
    const deploy = `const { REST, Routes } = require("discord.js");
const rest = new REST().setToken(process.env.DISCORD_TOKEN);
rest.put(Routes.applicationCommands(process.env.DISCORD_CLIENT_ID), { body: [{ name: "ping", description: "Ping" }] });
`;
    const code = (answer: string, logged: string) => ({
      mode: "code",
      plan: ['/ping: replies "Pong!"'],
      notUnderstood: [],
      files: [
        { path: "index.js", content: index(answer, logged) },
        { path: "deploy-commands.js", content: deploy },
      ],
      checks: [
        {
          title: "/ping replies Pong!",
          steps: [
            {
              step: { kind: "slash", command: "ping", options: [], member: "Sam", channel: "general" },
              expect: [{ kind: "message", place: { to: "reply" }, text: { exact: "Pong!" } }],
            },
          ],
        },
      ],
    });
    const { id } = await queueBuild(trialUser, {
      description: "A bot with /ping that replies Pong!",
      language: "javascript",
    });
    const model = configured([
      { reply: code("Pang!", "lookup failed: cipher-log-marker-7f3"), usage: { input: 5000, output: 300 } },
      { reply: code("Pong!", ""), usage: { input: 6000, output: 300 } },
    ]);
    const status = await runBuild(id, { proof: proofDeps(world), model });
    const view = (await getBuildView(trialUser, id))!;
    expect(status, JSON.stringify(view, null, 1)).toBe("succeeded");
    const calls = (model.model as unknown as { doGenerateCalls: { prompt: unknown }[] }).doGenerateCalls;
    expect(calls).toHaveLength(2);
    // The repair request carries the failed check and what the bot itself logged while it ran.
    const repair = JSON.stringify(calls[1]!.prompt);
    expect(repair).toContain("/ping replies Pong!");
    expect(repair).toContain("The bot's log:");
    expect(repair).toContain("lookup failed: cipher-log-marker-7f3");
    expect(JSON.stringify(calls[0]!.prompt)).not.toContain("cipher-log-marker-7f3");
    // The run that made the bot is its saved proof: every check with its transcript, on the build's page.
    expect(view.proof?.status).toBe("passed");
    expect(view.proof!.versionNumber).toBe(1);
    expect(view.proof!.checks.map((check) => [check.title, check.result.status])).toEqual([
      ["/ping replies Pong!", "passed"],
    ]);
    expect(view.proof!.checks[0]!.result.transcript.length).toBeGreaterThan(0);
  }, 180_000);

  it("changes a hand-written code bot with words: a diff of the model's files, the user's other files kept", async () => {
    const index = (coin: boolean) => `const { Client, GatewayIntentBits, Events } = require("discord.js");
const client = new Client({ intents: [GatewayIntentBits.Guilds] });
client.on(Events.InteractionCreate, async (interaction) => {
  if (!interaction.isChatInputCommand()) return;
  if (interaction.commandName === "ping") await interaction.reply("Pong!");${
    coin
      ? `
  if (interaction.commandName === "coin") await interaction.reply(Math.random() < 0.5 ? "Heads" : "Tails");`
      : ""
  }
});
client.login(process.env.DISCORD_TOKEN);
`;
    const deploy = (names: string[]) => `const { REST, Routes } = require("discord.js");
const rest = new REST().setToken(process.env.DISCORD_TOKEN);
const commands = ${JSON.stringify(names.map((name) => ({ name, description: `The ${name} command` })))};
rest.put(Routes.applicationCommands(process.env.DISCORD_CLIENT_ID), { body: commands }).then(() => console.log("registered"));
`;
    const bot = await db.bot.create({
      data: {
        userId: trialUser,
        name: "Handmade",
        language: "javascript",
        files: {
          create: [
            { path: "index.js", content: index(false) },
            { path: "deploy-commands.js", content: deploy(["ping"]) },
            { path: "NOTES.md", content: "My own notes, written by hand.\n" },
          ],
        },
        versions: { create: { number: 1, message: "Created", files: [] } },
      },
    });
    const reply = {
      mode: "code",
      plan: ['/ping: replies "Pong!"', "/coin: flips a coin"],
      notUnderstood: [],
      files: [
        { path: "index.js", content: index(true) },
        { path: "deploy-commands.js", content: deploy(["ping", "coin"]) },
      ],
      checks: [
        {
          title: "/coin answers heads or tails",
          steps: [
            {
              step: { kind: "slash", command: "coin", options: [], member: "Sam", channel: "general" },
              expect: [
                {
                  kind: "message",
                  place: { to: "reply" },
                  text: { pattern: "^(Heads|Tails)$", describe: "heads or tails" },
                },
              ],
            },
          ],
        },
      ],
    };
    const { id } = await queueBuild(trialUser, {
      description: "also add a /coin command",
      language: "javascript",
      botId: bot.id,
    });
    const status = await runBuild(id, {
      proof: proofDeps(world),
      model: configured([{ reply, usage: { input: 5000, output: 400 } }]),
    });
    const view = (await getBuildView(trialUser, id))!;
    expect(status, JSON.stringify(view, null, 1)).toBe("review");
    expect(view.message).toBeNull();
    expect(view.proposal!.changed.map((file) => file.path).sort()).toEqual(["deploy-commands.js", "index.js"]);
    const { acceptChange } = await import("./change");
    await acceptChange(trialUser, id);
    const files = await db.botFile.findMany({ where: { botId: bot.id }, orderBy: { path: "asc" } });
    expect(files.map((file) => file.path)).toEqual(["NOTES.md", "deploy-commands.js", "index.js"]);
    expect(files[0]!.content).toBe("My own notes, written by hand.\n");
    expect(files[2]!.content).toMatch(/commandName === "coin"/);
  }, 120_000);
});
