/**
 * Proof against the user's words, end to end (real runner sandbox, simulator, PostgreSQL): a bot
 * built from a description that quotes its reply is proven against the quote, and a plan that
 * changed the quote fails its proof although the bot does exactly what that plan says.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { understand } from "@/lib/ai-builder/offline";
import { startWorld, type TestWorld } from "@/lib/blueprint/compile/integration-support";
import { blueprintBot, describeFailures, proveBot } from "@/lib/blueprint/proof/proof-support";

import { wordsJudge } from "./verify";

const description = "A bot with a /ping command that replies 'Pong! I am awake.'";

describe.each(["javascript", "python"] as const)("the proof holds the bot to the user's words, %s", (language) => {
  let world: TestWorld;

  beforeAll(async () => {
    world = await startWorld(`words-${language}`, language);
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it("a quoted reply is proven against the quote", async () => {
    const { blueprint } = understand(description);
    const botId = await blueprintBot(world, "Pinger", blueprint);
    const view = await proveBot(world, botId, undefined, wordsJudge(description));
    expect(view.status, describeFailures(view)).toBe("passed");
    expect(view.words).toContainEqual(
      expect.objectContaining({ title: "The bot says “Pong! I am awake.”", status: "passed" }),
    );
  }, 120_000);

  it("a plan that changed the quote fails the proof, though its own checks pass", async () => {
    const { blueprint } = understand(description);
    const changed = structuredClone(blueprint);
    const reply = changed.commands[0]!.actions.find((action) => action.do === "reply")!;
    if (reply.do !== "reply") throw new Error("no reply");
    reply.message.text = "Pong!";
    const botId = await blueprintBot(world, "Changed", changed);
    const view = await proveBot(world, botId, undefined, wordsJudge(description));
    // The plan's checks expect "Pong!" and get it; the words expected more.
    expect(
      view.checks.every((check) => check.result.status === "passed"),
      describeFailures(view),
    ).toBe(true);
    expect(view.status).toBe("failed");
    expect(view.words).toContainEqual(
      expect.objectContaining({
        title: "The bot says “Pong! I am awake.”",
        status: "failed",
        problem: "Your words quote “Pong! I am awake.”; the bot never says it.",
      }),
    );
  }, 120_000);
});
