import { describe, expect, it } from "vitest";

import { checkBlueprint } from "@/lib/blueprint";
import type { BlueprintInput } from "@/lib/blueprint/schema";

import { checkWords, wordsHold } from "./verify";

function blueprintOf(input: Omit<BlueprintInput, "version" | "name">) {
  const parsed = checkBlueprint({ version: 1, name: "Bot", ...input });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.blueprint;
}

const ping = (text: string, type: "slash" | "prefix" = "slash") =>
  blueprintOf({
    commands: [{ type, name: "ping", description: "Ping", actions: [{ do: "reply", message: { text } }] }],
  });

const botSaid = (text: string) => [[{ who: "Bot", what: "answers", text, atMs: 1 }]];

describe("checkWords: the bot held to the user's words", () => {
  it("passes a quoted reply the bot said in the proof's conversations", () => {
    const results = checkWords("/ping replies 'Pong!'", ping("Pong!"), botSaid("Pong!"), "Bot");
    expect(results.map((result) => result.status)).toEqual(["passed", "passed"]);
    expect(wordsHold(results)).toBe(true);
  });

  it("fails a plan that changed the quote, even though the bot does what the plan says", () => {
    const results = checkWords("/ping replies 'Pong!'", ping("Pang!"), botSaid("Pang!"), "Bot");
    const reply = results.find((result) => result.claim.kind === "reply")!;
    expect(reply.status).toBe("failed");
    expect(reply.problem).toBe("Your words quote “Pong!”; the bot never says it.");
    expect(wordsHold(results)).toBe(false);
  });

  it("matches placeholders in a quote to anything, and case and a final full stop loosely", () => {
    const results = checkWords(
      "/hello should reply 'Hey <name>, welcome back.'",
      ping("Hey {user.name}, welcome back!"),
      botSaid("hey Sam, Welcome back!"),
      "Bot",
    );
    expect(results.find((result) => result.claim.kind === "reply")?.status).toBe("passed");
  });

  it("fails a placeholder the bot says as it is", () => {
    const results = checkWords(
      "/hello should reply 'Hey <their name>!'",
      ping("Hey <their name>!"),
      botSaid("Hey <their name>!"),
      "Bot",
    );
    expect(results.find((result) => result.claim.kind === "reply")).toMatchObject({
      status: "failed",
      problem: "Your words quote “Hey <their name>!”; the bot says “<their name>” as it is, not what it stands for.",
    });
  });

  it("a quote the bot has but no conversation reached is unseen: a gap, not a failure", () => {
    const results = checkWords("/ping replies 'Pong!'", ping("Pong!"), [], "Bot");
    expect(results.find((result) => result.claim.kind === "reply")?.status).toBe("unseen");
    expect(wordsHold(results)).toBe(true);
  });

  it("fails a command built as a prefix command where the words wrote /name, and a missing one", () => {
    expect(checkWords("a /ping command", ping("Pong!", "prefix"), [], "Bot")[0]).toMatchObject({
      status: "failed",
      problem: "Your words say /ping; the bot has !ping, a prefix command, instead.",
    });
    expect(checkWords("a /pong command", ping("x"), [], "Bot")[0]).toMatchObject({
      status: "failed",
      problem: "Your words name /pong; the bot has no such command (it has /ping).",
    });
  });

  it("holds options to the names the user gave", () => {
    const blueprint = blueprintOf({
      commands: [
        {
          name: "remind",
          description: "Remind",
          options: [
            { name: "in", description: "When", type: "string" },
            { name: "text", description: "What", type: "string" },
          ],
          actions: [{ do: "reply", message: { text: "ok" } }],
        },
      ],
    });
    const results = checkWords("/remind <minutes> <text>", blueprint, [], "Bot");
    expect(results.map((result) => [result.title, result.status])).toEqual([
      ["/remind is a slash command", "passed"],
      ["/remind has the option “minutes”", "failed"],
      ["/remind has the option “text”", "passed"],
    ]);
  });

  it("holds durations, channels, roles and restrictions to the words", () => {
    const blueprint = blueprintOf({
      commands: [
        {
          name: "mute",
          description: "Mute",
          permissions: ["ModerateMembers"],
          options: [{ name: "user", description: "Who", type: "user" }],
          actions: [
            { do: "timeout", member: "{option.user}", duration: "10m" },
            { do: "send", channel: "#mod-log", message: { text: "muted" } },
          ],
        },
      ],
    });
    const statuses = (text: string) => checkWords(text, blueprint, [], "Bot").map((r) => [r.claim.kind, r.status]);
    expect(statuses("/mute times them out for 1 hour")).toEqual([
      ["command", "passed"],
      ["duration", "failed"],
    ]);
    expect(statuses("/mute times them out for 10 minutes and logs it to #mod-log, mods only")).toEqual([
      ["command", "passed"],
      ["restricted", "passed"],
      ["duration", "passed"],
      ["channel", "passed"],
    ]);
    expect(statuses("/mute posts in #alerts and gives the Muted role")).toEqual([
      ["command", "passed"],
      ["channel", "failed"],
      ["role", "failed"],
    ]);
  });
});
