import { describe, expect, it } from "vitest";

import { understand } from "@/lib/ai-builder/offline";
import type { Action } from "@/lib/blueprint/schema";

import { checkWords } from "../words/verify";
import { applyCorrections, markWords, PlanCorrectionError, planNeedsUser, reviewPlan } from "./plan-review";

function planned(description: string) {
  const understanding = understand(description);
  return { understanding, review: reviewPlan(understanding, description) };
}

function replyText(actions: Action[]): string | undefined {
  for (const action of actions) if (action.do === "reply") return action.message.text;
  return undefined;
}

const welcomeAndRules =
  "Welcome new members and give them the Member role. A /rules command that shows our rules. A /roll command that rolls a die with an optional number of sides, default 6.";

describe("the plan before the code", () => {
  it("asks what a named command should show and where welcomes go when the words do not say", () => {
    const { understanding, review } = planned(welcomeAndRules);
    expect(review.questions.map((q) => q.question)).toEqual([
      "Which channel should welcomes go to?",
      "What should /rules show?",
    ]);
    const rules = review.questions.find((q) => q.kind === "text")!;
    expect(rules.from).toBe("A /rules command that shows our rules.");
    // The welcome question suggests the channel guessed, among the test server's channels.
    const channel = review.questions.find((q) => q.kind === "channel")!;
    expect(channel.value).toBe("#welcome");
    expect(channel.choices).toEqual(expect.arrayContaining(["#general", "#welcome"]));
    expect(planNeedsUser(review, understanding.notUnderstood)).toBe(true);
  });

  it("links each line to the sentence it came from, and offers the parts that can be fixed", () => {
    const { review } = planned(welcomeAndRules);
    const roll = review.items.find((item) => item.line.startsWith("/roll"))!;
    expect(roll.from).toBe("A /roll command that rolls a die with an optional number of sides, default 6.");
    expect(roll.fields.map((f) => [f.kind, f.value])).toContainEqual(["option", "sides"]);
    const join = review.items.find((item) => item.line.startsWith("When a member joins"))!;
    expect(join.from).toBe("Welcome new members and give them the Member role.");
    expect(join.line).not.toContain("no channel was named");
    expect(join.fields.map((f) => f.kind)).toEqual(["channel", "text"]);
  });

  it("puts the answers and fixes into the blueprint: the command answered, the option renamed everywhere, the channel picked", () => {
    const { understanding, review } = planned(welcomeAndRules);
    const sides = review.items[0]!.fields.find((f) => f.kind === "option")!;
    const question = (kind: string) => review.questions.find((q) => q.kind === kind)!.id;
    const corrected = applyCorrections(understanding.blueprint, understanding, review, {
      fields: { [sides.id]: "Faces" },
      answers: { [question("text")]: "1. Be kind\n2. No spam", [question("channel")]: "lobby" },
    });
    const roll = corrected.blueprint.commands.find((c) => c.name === "roll")!;
    expect(roll.options.map((o) => o.name)).toEqual(["faces"]);
    expect(JSON.stringify(roll.actions)).not.toContain("{option.sides");
    expect(JSON.stringify(roll.actions)).toContain("{option.faces}");
    const rules = corrected.blueprint.commands.find((c) => c.name === "rules")!;
    expect(rules.type).toBe("slash");
    expect(replyText(rules.actions)).toBe("1. Be kind\n2. No spam");
    const join = corrected.blueprint.events[0]!;
    expect(join.actions[0]).toMatchObject({ do: "send", channel: "#lobby" });
    expect(corrected.plan).toContain('/rules: replies "1. Be kind\n2. No spam"');
    expect(corrected.plan.some((line) => line.includes("(faces: optional, default 6)"))).toBe(true);
    expect(corrected.plan.some((line) => line.includes("in #lobby"))).toBe(true);
    // The parts the answer covered are no longer "not understood".
    expect(corrected.notUnderstood).toEqual([]);
    expect(corrected.superseded.options).toEqual([{ command: "roll", name: "sides" }]);
    expect(corrected.superseded.channels).toEqual(["welcome"]);
  });

  it("keeps a reply rewritten on the same line as a renamed option, and says a bad channel answer on its question", () => {
    const { understanding, review } = planned(welcomeAndRules);
    const roll = review.items[0]!;
    const sides = roll.fields.find((f) => f.kind === "option")!;
    const reply = roll.fields.find((f) => f.kind === "text")!;
    const corrected = applyCorrections(understanding.blueprint, understanding, review, {
      fields: { [sides.id]: "faces", [reply.id]: "You got {result.roll} of {option.sides}" },
    });
    expect(replyText(corrected.blueprint.commands[0]!.actions)).toBe("You got {result.roll} of {option.faces}");
    const channel = review.questions.find((q) => q.kind === "channel")!;
    try {
      applyCorrections(understanding.blueprint, understanding, review, { answers: { [channel.id]: "@mods" } });
      expect.unreachable();
    } catch (error) {
      expect((error as PlanCorrectionError).field).toBe(channel.id);
    }
  });

  it("changes a quoted reply, and the proof no longer holds the bot to the words it replaced", () => {
    const description = 'A /hello command that replies "Hi there!"';
    const { understanding, review } = planned(description);
    expect(planNeedsUser(review, understanding.notUnderstood)).toBe(false);
    const reply = review.items[0]!.fields.find((f) => f.kind === "text")!;
    expect(reply.value).toBe("Hi there!");
    const corrected = applyCorrections(understanding.blueprint, understanding, review, {
      fields: { [reply.id]: "Hello, friend!" },
    });
    expect(replyText(corrected.blueprint.commands[0]!.actions)).toBe("Hello, friend!");
    expect(corrected.plan[0]).toBe('/hello: replies "Hello, friend!"');
    const said = [[{ who: "Bot", what: "reply", text: "Hello, friend!" }]] as never;
    const held = checkWords(description, corrected.blueprint, said, "Bot");
    expect(held.find((check) => check.claim.kind === "reply")?.status).toBe("failed");
    const superseded = checkWords(description, corrected.blueprint, said, "Bot", corrected.superseded);
    expect(superseded.some((check) => check.claim.kind === "reply")).toBe(false);
    expect(superseded.find((check) => check.claim.kind === "command")?.status).toBe("passed");
  });

  it("refuses a value that cannot be, naming the field, and changes nothing", () => {
    const { understanding, review } = planned(welcomeAndRules);
    const sides = review.items[0]!.fields.find((f) => f.kind === "option")!;
    const channel = review.items[1]!.fields.find((f) => f.kind === "channel")!;
    const attempt = (fields: Record<string, string>) => () =>
      applyCorrections(understanding.blueprint, understanding, review, { fields });
    expect(attempt({ [sides.id]: "no way!" })).toThrow(PlanCorrectionError);
    expect(attempt({ [sides.id]: "no way!" })).toThrow(/lowercase letters/);
    expect(attempt({ [channel.id]: "@#" })).toThrow(/#name/);
    expect(attempt({ "c9.s0o0": "x" })).toThrow(/no longer there/);
    try {
      attempt({ [sides.id]: "no way!" })();
    } catch (error) {
      expect((error as PlanCorrectionError).field).toBe(sides.id);
    }
    expect(understanding.blueprint.commands[0]!.options[0]!.name).toBe("sides");
  });

  it("writes a channel as people do: with or without #, spaces as dashes", () => {
    const { understanding, review } = planned(welcomeAndRules);
    const channel = review.items[1]!.fields.find((f) => f.kind === "channel")!;
    const corrected = applyCorrections(understanding.blueprint, understanding, review, {
      fields: { [channel.id]: " New Members " },
    });
    expect(corrected.blueprint.events[0]!.actions[0]).toMatchObject({ channel: "#new-members" });
  });

  it("does not wait when everything was understood", () => {
    const description =
      "A /roll command that rolls a die with an optional number of sides, default 6, and a /coinflip command that flips a coin.";
    const { understanding, review } = planned(description);
    expect(review.questions).toEqual([]);
    expect(planNeedsUser(review, understanding.notUnderstood)).toBe(false);
    // Nothing changed: the same blueprint.
    const corrected = applyCorrections(understanding.blueprint, understanding, review, {});
    expect(corrected.blueprint).toEqual(understanding.blueprint);
  });

  it("marks the words not understood in the description", () => {
    expect(markWords("Say hi. Also play music in voice.", ["play music in voice"])).toEqual([
      { text: "Say hi. Also ", marked: false },
      { text: "play music in voice", marked: true },
      { text: ".", marked: false },
    ]);
    expect(markWords("nothing here", ["absent"])).toEqual([{ text: "nothing here", marked: false }]);
  });
});
