/**
 * The proof's derived checks: each command and event of a blueprint is run with the edge values
 * and refusals the compiled bot has, and every expectation is exactly what the runtimes answer
 * (lib/blueprint/compile/*-runtime*.ts) — or, where it cannot be known in advance, a oneOf or a
 * pattern; what cannot be checked is a gap in plain words.
 */
import { describe, expect, it } from "vitest";

import { exampleBlueprints } from "../examples";
import { checkBlueprint } from "../index";
import type { BlueprintInput } from "../schema";
import { templateBlueprintInputs } from "../templates";
import { deriveProof } from "./derive";
import type { CheckTarget, DerivedProof, Expectation, Step, TextExpectation } from "./types";

function derive(input: BlueprintInput): DerivedProof {
  const parsed = checkBlueprint(input);
  if (!parsed.ok) throw new Error(parsed.problems.map((problem) => `${problem.path}: ${problem.message}`).join("; "));
  return deriveProof(parsed.blueprint);
}

const reply = (exact: string, ephemeral: boolean): Expectation => ({
  kind: "message",
  place: { to: "reply" },
  ephemeral,
  text: { exact },
});

const slash = (command: string, member: string, options: [string, string, string | number][] = []): Step => ({
  kind: "slash",
  command,
  options: options.map(([name, type, value]) => ({ name, type: type as "string", value })),
  member,
  channel: "general",
});

const warnOf = (member: string) =>
  slash("warn", "You", [
    ["member", "user", member],
    ["reason", "string", "sample reason"],
  ]);

describe("deriveProof on hand-written blueprints", () => {
  it("climbs a warn ladder on one fresh member (DM, timeout, kick) and refuses a member without the permission", () => {
    const proof = derive({
      version: 1,
      name: "Ladder",
      data: [{ name: "strikes", kind: "number", scope: "member" }],
      commands: [
        {
          name: "warn",
          description: "Warn a member",
          permissions: ["KickMembers"],
          options: [
            { name: "member", description: "Who", type: "user" },
            { name: "reason", description: "Why", type: "string" },
          ],
          actions: [
            { do: "store", data: "strikes", op: "increment", member: "{option.member}", saveAs: "count" },
            {
              do: "if",
              when: { test: "compare", left: "{result.count}", op: "==", right: "1" },
              then: [{ do: "dm", member: "{option.member}", message: { text: "First warning: {option.reason}" } }],
              else: [
                {
                  do: "if",
                  when: { test: "compare", left: "{result.count}", op: "==", right: "2" },
                  then: [{ do: "timeout", member: "{option.member}", duration: "10m" }],
                  else: [{ do: "kick", member: "{option.member}" }],
                },
              ],
            },
            {
              do: "reply",
              message: { text: "{option.member.mention} has {result.count} strike(s)." },
              ephemeral: true,
            },
          ],
        },
      ],
    });
    const target: CheckTarget = { kind: "command", index: 0, name: "warn" };
    const strikes = (member: string, count: number) => reply(`<@⟨member:${member}⟩> has ${count} strike(s).`, true);
    expect(proof.checks).toEqual([
      {
        id: "command-0-0",
        title: "/warn 3 times on Proof Member 1: each time climbs the stored count",
        target,
        steps: [
          { step: { kind: "join", username: "Proof Member 1" }, expect: [] },
          {
            step: warnOf("Proof Member 1"),
            expect: [
              {
                kind: "message",
                place: { to: "dm", member: "Proof Member 1" },
                text: { exact: "First warning: sample reason" },
              },
              strikes("Proof Member 1", 1),
            ],
          },
          {
            step: warnOf("Proof Member 1"),
            expect: [{ kind: "timeout", member: "Proof Member 1", seconds: 600 }, strikes("Proof Member 1", 2)],
          },
          // Kicked at 3: a fourth warning has no one to warn.
          {
            step: warnOf("Proof Member 1"),
            expect: [{ kind: "kick", member: "Proof Member 1" }, strikes("Proof Member 1", 3)],
          },
        ],
      },
      {
        id: "command-0-1",
        title: "A member without Kick Members is refused /warn",
        target,
        steps: [
          {
            step: slash("warn", "Sam", [
              ["member", "user", "Riley"],
              ["reason", "string", "sample reason"],
            ]),
            expect: [reply("You need the **Kick Members** permission to use /warn.", true)],
          },
        ],
      },
      {
        id: "command-0-2",
        title: "What it stores in strikes is still there after a restart",
        target,
        steps: [
          { step: { kind: "join", username: "Proof Member 2" }, expect: [] },
          {
            step: warnOf("Proof Member 2"),
            expect: [
              {
                kind: "message",
                place: { to: "dm", member: "Proof Member 2" },
                text: { exact: "First warning: sample reason" },
              },
              strikes("Proof Member 2", 1),
            ],
          },
          { step: { kind: "restart" }, expect: [] },
          {
            step: warnOf("Proof Member 2"),
            expect: [{ kind: "timeout", member: "Proof Member 2", seconds: 600 }, strikes("Proof Member 2", 2)],
          },
        ],
      },
    ]);
    expect(proof.gaps).toEqual([]);
  });

  it("runs a command with a cooldown twice: the second is refused with the time left, as the runtimes write it", () => {
    const proof = derive({
      version: 1,
      name: "Cooldown",
      data: [{ name: "coins", kind: "number", scope: "member" }],
      commands: [
        {
          name: "daily",
          description: "Coins",
          cooldown: { seconds: 3600 },
          actions: [
            { do: "store", data: "coins", op: "increment", value: "10", saveAs: "total" },
            { do: "reply", message: { text: "You have {result.total} coins." } },
          ],
        },
        {
          name: "bonus",
          description: "Bonus",
          cooldown: { seconds: 30, message: "Wait a bit, {user.name}." },
          actions: [{ do: "reply", message: { text: "Bonus!" } }],
        },
      ],
    });
    const [daily, bonus, restarted] = proof.checks;
    expect(daily).toMatchObject({
      title: "/daily twice: the second time is refused (cooldown)",
      steps: [
        { step: slash("daily", "Sam"), expect: [reply("You have 10 coins.", false)] },
        // 3600 s less the few seconds between two steps, rounded up: 60 minutes.
        { step: slash("daily", "Sam"), expect: [reply("Slow down! You can use /daily again in 60m.", true)] },
      ],
    });
    expect(bonus?.steps.map((step) => step.expect)).toEqual([
      [reply("Bonus!", false)],
      [reply("Wait a bit, Sam.", true)],
    ]);
    // Sam is still on the cooldown, so what /daily stored is written and read back by Riley.
    expect(restarted?.steps).toEqual([
      { step: slash("daily", "Riley"), expect: [reply("You have 10 coins.", false)] },
      { step: { kind: "restart" }, expect: [] },
      { step: slash("daily", "Riley"), expect: [reply("You have 20 coins.", false)] },
    ]);
  });

  it("gives a random pick as a pattern, and a condition on it as oneOf its outcomes", () => {
    const proof = derive({
      version: 1,
      name: "Random",
      commands: [
        {
          name: "flip",
          description: "Flip",
          actions: [
            { do: "random", choices: ["Heads", "Tails"], saveAs: "side" },
            { do: "reply", message: { text: "{result.side}!" } },
          ],
        },
        {
          name: "roll",
          description: "Roll",
          actions: [
            { do: "random", min: 1, max: 20, saveAs: "roll" },
            { do: "reply", message: { text: "{user.mention} rolled {result.roll}." } },
          ],
        },
        {
          name: "guess",
          description: "Guess",
          options: [{ name: "number", description: "1 to 3", type: "integer", min: 1, max: 3 }],
          actions: [
            { do: "random", min: 1, max: 3, saveAs: "secret" },
            {
              do: "if",
              when: { test: "compare", left: "{option.number}", op: "==", right: "{result.secret}" },
              then: [{ do: "reply", message: { text: "Right!" } }],
              else: [{ do: "reply", message: { text: "No, it was {result.secret}." } }],
            },
          ],
        },
      ],
    });
    const text = (index: number) => (proof.checks[index]!.steps[0]!.expect[0] as { text: TextExpectation }).text;
    expect(text(0)).toEqual({ pattern: "(?:Heads|Tails)!", describe: '<one of "Heads", "Tails">!' });
    expect(text(1)).toMatchObject({ describe: "<@⟨member:Sam⟩> rolled <a whole number from 1 to 20>." });
    expect(
      new RegExp(`^(?:${(text(1) as { pattern: string }).pattern.replace("⟨member:Sam⟩", "42")})$`).test(
        "<@42> rolled 17.",
      ),
    ).toBe(true);
    const guesses = proof.checks.slice(2);
    // The sample (2, between the bounds), then the minimum and the maximum.
    expect(guesses.map((check) => check.title)).toEqual([
      "/guess",
      "/guess with number at its minimum (1)",
      "/guess with number at its maximum (3)",
    ]);
    expect(guesses[0]!.steps[0]!.expect).toEqual([
      {
        kind: "oneOf",
        options: [[reply("No, it was 1.", false)], [reply("Right!", false)], [reply("No, it was 3.", false)]],
        describe: "One of these, depending on whether {option.number} == {result.secret}.",
      },
    ]);
  });

  const panelAndForm: BlueprintInput = {
    version: 1,
    name: "Panel",
    commands: [
      {
        name: "panel",
        description: "Post the panel",
        permissions: ["ManageRoles"],
        actions: [
          {
            do: "send",
            channel: "here",
            message: { text: "Roles:", buttons: [{ id: "member_role", label: "Member" }] },
          },
          { do: "reply", message: { text: "Posted." }, ephemeral: true },
        ],
      },
      {
        name: "apply",
        description: "Apply",
        actions: [
          { do: "showModal", modal: { id: "application", title: "Apply", fields: [{ id: "why", label: "Why?" }] } },
        ],
      },
    ],
    events: [
      {
        on: "button",
        button: "member_role",
        actions: [
          { do: "toggleRole", member: "{user}", role: "Member" },
          { do: "reply", message: { text: "Toggled." }, ephemeral: true },
        ],
      },
      {
        on: "modalSubmit",
        modal: "application",
        actions: [{ do: "reply", message: { text: "Thanks, {user.name}: {field.why}" }, ephemeral: true }],
      },
    ],
  };

  it("clicks a button on the message its command posted, and submits a form its command opened", () => {
    const proof = derive(panelAndForm);
    expect(proof.checks.map((check) => [check.id, check.title])).toEqual([
      ["command-0-0", "/panel"],
      ["command-1-0", "/apply"],
      ["event-0-0", 'Clicking "Member": Sam loses Member and a private answer'],
      ["event-1-0", 'Filling in the form "Apply": a private answer'],
      ["command-0-1", "A member without Manage Roles is refused /panel"],
    ]);
    expect(proof.checks[0]!.steps[0]!.expect).toEqual([
      { kind: "message", place: { to: "channel", channel: "general" }, text: { exact: "Roles:" }, buttons: ["Member"] },
      reply("Posted.", true),
    ]);
    expect(proof.checks[1]!.steps).toEqual([
      { step: slash("apply", "Sam"), expect: [{ kind: "modal", title: "Apply" }] },
    ]);
    // The panel is still the bot's newest message in #general (its answer was private and came first).
    expect(proof.checks[2]!.steps).toEqual([
      {
        step: { kind: "click", customId: "member_role", member: "Sam", on: { from: "bot", channel: "general" } },
        expect: [{ kind: "roleRemoved", member: "Sam", role: "Member" }, reply("Toggled.", true)],
      },
    ]);
    // Sam's form from /apply is still open.
    expect(proof.checks[3]!.steps).toEqual([
      {
        step: { kind: "submitModal", modal: "application", values: { why: "sample why" }, member: "Sam" },
        expect: [reply("Thanks, Sam: sample why", true)],
      },
    ]);
  });

  it("shows the panel again when a private answer became the newest message there", () => {
    const proof = derive({
      ...panelAndForm,
      events: [panelAndForm.events![0]!, { ...panelAndForm.events![0]!, button: "other_role" } as never],
      commands: [
        {
          ...panelAndForm.commands![0]!,
          actions: [
            {
              do: "send",
              channel: "here",
              message: {
                text: "Roles:",
                buttons: [
                  { id: "member_role", label: "Member" },
                  { id: "other_role", label: "Other" },
                ],
              },
            },
            { do: "reply", message: { text: "Posted." }, ephemeral: true },
          ],
        },
      ],
    });
    const second = proof.checks.find((check) => check.id === "event-1-0")!;
    expect(second.steps.map((step) => step.step.kind)).toEqual(["slash", "click"]);
    // Sam had the role back by then: toggling gives it.
    expect(second.steps[1]!.expect[0]).toEqual({ kind: "roleAdded", member: "Sam", role: "Member" });
  });

  it("ends a wait with a restart that passes its time, and expects what comes after it", () => {
    const proof = derive({
      version: 1,
      name: "Later",
      commands: [
        {
          name: "remind",
          description: "Remind me",
          actions: [
            { do: "reply", message: { text: "In 2 hours." }, ephemeral: true },
            {
              do: "wait",
              duration: "2h",
              then: [{ do: "dm", member: "{user}", message: { text: "Time's up, {user.name}." } }],
            },
          ],
        },
        {
          name: "soon",
          description: "Soon",
          actions: [
            { do: "reply", message: { text: "In a minute." } },
            { do: "wait", duration: "1m", then: [{ do: "dm", member: "{user}", message: { text: "Now." } }] },
          ],
        },
      ],
    });
    expect(proof.checks[0]).toEqual({
      id: "command-0-0",
      title: "/remind, then the bot restarts 2 hours later (the wait is over)",
      target: { kind: "command", index: 0, name: "remind" },
      steps: [
        { step: slash("remind", "Sam"), expect: [reply("In 2 hours.", true)] },
        {
          step: { kind: "restart", passSeconds: 7200 },
          expect: [{ kind: "message", place: { to: "dm", member: "Sam" }, text: { exact: "Time's up, Sam." } }],
        },
      ],
    });
    // A minute may pass while the proof is still running: its answer is checked, what follows is a gap.
    expect(proof.checks[1]!.steps).toEqual([{ step: slash("soon", "Sam"), expect: [reply("In a minute.", false)] }]);
    expect(proof.gaps).toEqual([
      {
        target: { kind: "command", index: 1, name: "soon" },
        reason:
          "It waits only 1 minute, which may pass while the proof is still running, so what it does afterwards is not checked.",
      },
    ]);
  });

  it("restarts the bot as late as a schedule's stored next run: it runs once, when the bot is ready", () => {
    const later = (name: string, duration: string) => ({
      name,
      description: "Later",
      actions: [
        { do: "reply" as const, message: { text: "Later, then." } },
        {
          do: "wait" as const,
          duration,
          then: [{ do: "send" as const, channel: "here", message: { text: "Later." } }],
        },
      ],
    });
    const daily = {
      on: "schedule" as const,
      every: "1 day",
      channel: "#announcements",
      actions: [{ do: "send" as const, channel: "here", message: { text: "Daily in {channel.name}" } }],
    };
    const proof = derive({
      version: 1,
      name: "Daily",
      commands: [later("soon", "2h"), later("late", "2d")],
      events: [daily],
    });
    const dailyMessage: Expectation = {
      kind: "message",
      place: { to: "channel", channel: "announcements" },
      text: { exact: "Daily in announcements" },
    };
    const laterMessage: Expectation = {
      kind: "message",
      place: { to: "channel", channel: "general" },
      text: { exact: "Later." },
    };
    expect(proof.gaps).toEqual([]);
    expect(proof.checks.map((check) => [check.title, check.steps.map(({ step, expect }) => [step, expect])])).toEqual([
      [
        "/soon, then the bot restarts 2 hours later (the wait is over)",
        [
          [slash("soon", "Sam"), [reply("Later, then.", false)]],
          [{ kind: "restart", passSeconds: 7_200 }, [laterMessage]],
        ],
      ],
      [
        // Two days: the schedule's next run (22 hours away) is over too; it runs once, not twice.
        "/late, then the bot restarts 2 days later (the wait is over)",
        [
          [slash("late", "Sam"), [reply("Later, then.", false)]],
          [{ kind: "restart", passSeconds: 172_800 }, [laterMessage, dailyMessage]],
        ],
      ],
      [
        // Its next run is one interval after it ran, as the bot stored it.
        "Every 1 day: after a restart 1 day later, a message in #announcements",
        [[{ kind: "restart", passSeconds: 86_400 }, [dailyMessage]]],
      ],
    ]);
    // Only the first restart passed: it counts from there.
    const alone = derive({ version: 1, name: "Daily", commands: [later("soon", "2h")], events: [daily] });
    expect(alone.checks[1]!.title).toBe("Every 1 day: after a restart 22 hours later, a message in #announcements");
    expect(alone.checks[1]!.steps).toEqual([
      { step: { kind: "restart", passSeconds: 79_200 }, expect: [dailyMessage] },
    ]);
  });

  it("does not predict a schedule a restart brought within the proof's time", () => {
    const proof = derive({
      version: 1,
      name: "Almost",
      commands: [
        {
          name: "nearly",
          description: "Nearly a day",
          actions: [
            { do: "reply", message: { text: "See you." } },
            { do: "wait", duration: "23h 58m", then: [{ do: "send", channel: "here", message: { text: "Back." } }] },
          ],
        },
      ],
      events: [
        {
          on: "schedule",
          every: "24h",
          channel: "#general",
          actions: [{ do: "send", channel: "#general", message: { text: "Daily" } }],
        },
      ],
    });
    expect(proof.checks.map((check) => check.title)).toEqual([
      "/nearly, then the bot restarts 23 hours 58 minutes later (the wait is over)",
    ]);
    expect(proof.gaps).toEqual([
      {
        target: { kind: "event", index: 0, on: "schedule" },
        reason:
          "Runs every 1 day, and after the proof's earlier restarts it may run at any moment, so it is not checked.",
      },
    ]);
  });

  it("reads keyed data back after a restart, and looks up a table with its fallback", () => {
    const proof = derive({
      version: 1,
      name: "Tags",
      data: [{ name: "tags", kind: "text", scope: "server", keyed: true }],
      tables: [{ name: "colors", rows: { red: "#ff0000", Blue: "#0000ff" } }],
      commands: [
        {
          name: "tag",
          description: "Tags",
          subcommands: [
            {
              name: "set",
              description: "Set one",
              options: [
                { name: "name", description: "Name", type: "string" },
                { name: "text", description: "Text", type: "string" },
              ],
              actions: [
                { do: "store", data: "tags", op: "set", key: "{option.name}", value: "{option.text}" },
                { do: "reply", message: { text: "Saved {option.name}." } },
              ],
            },
            {
              name: "get",
              description: "Show one",
              options: [{ name: "name", description: "Name", type: "string" }],
              actions: [
                { do: "store", data: "tags", op: "get", key: "{option.name}", saveAs: "text" },
                {
                  do: "if",
                  when: { test: "isSet", value: "{result.text}" },
                  then: [{ do: "reply", message: { text: "{result.text}" } }],
                  else: [{ do: "reply", message: { text: "No tag {option.name}." } }],
                },
              ],
            },
          ],
        },
        {
          name: "color",
          description: "A color's code",
          options: [{ name: "name", description: "Which", type: "string" }],
          actions: [
            { do: "lookup", table: "colors", key: "{option.name}", fallback: "no {option.name}", saveAs: "code" },
            { do: "reply", message: { text: "Code: {result.code}" } },
          ],
        },
        {
          name: "shade",
          description: "A listed color's code",
          options: [{ name: "name", description: "Which", type: "string", choices: [{ name: "Blue", value: "blue" }] }],
          actions: [
            { do: "lookup", table: "colors", key: "{option.name}", saveAs: "code" },
            { do: "reply", message: { text: "Code: {result.code}" } },
          ],
        },
      ],
    });
    const set = slash("tag", "Sam", [
      ["name", "string", "sample name"],
      ["text", "string", "sample text"],
    ]);
    const get = slash("tag", "Sam", [["name", "string", "sample name"]]);
    Object.assign(set, { subcommand: "set" });
    Object.assign(get, { subcommand: "get" });
    expect(proof.checks.map((check) => check.title)).toEqual([
      "/tag set",
      "/tag get",
      "/color",
      '/shade with name "blue"',
      "What it stores in tags is still there after a restart",
    ]);
    expect(proof.checks[2]!.steps[0]!.expect).toEqual([reply("Code: no sample name", false)]);
    // The key matches a row in any case.
    expect(proof.checks[3]!.steps[0]!.expect).toEqual([reply("Code: #0000ff", false)]);
    expect(proof.checks[4]).toMatchObject({
      target: { kind: "command", index: 0, name: "tag", subcommand: "get" },
      steps: [
        { step: set, expect: [reply("Saved sample name.", false)] },
        { step: { kind: "restart" }, expect: [] },
        { step: get, expect: [reply("sample text", false)] },
      ],
    });
  });

  it("sets the scratch server up with the channels and roles the blueprint names, and expects what happens there", () => {
    const proof = derive(exampleBlueprints.welcome!);
    const welcome = (member: string): Expectation[] => [
      { kind: "roleAdded", member, role: "Member" },
      {
        kind: "message",
        place: { to: "channel", channel: "welcome" },
        embed: {
          title: { exact: "Welcome!" },
          description: {
            pattern: `Say hi to <@⟨member:${member}⟩>, member #(?:\\d+)\\.`,
            describe: `Say hi to <@⟨member:${member}⟩>, member #<the member count>.`,
          },
        },
      },
    ];
    expect(proof.checks).toEqual([
      {
        id: "event-0-0",
        title: "Someone joins the server: Proof Member 1 gets Member and a message in #welcome",
        target: { kind: "event", index: 0, on: "memberJoin" },
        steps: [{ step: { kind: "join", username: "Proof Member 1" }, expect: welcome("Proof Member 1") }],
      },
      {
        id: "event-1-0",
        title: "Someone leaves the server: a message in #welcome",
        target: { kind: "event", index: 1, on: "memberLeave" },
        steps: [
          { step: { kind: "join", username: "Proof Member 2" }, expect: welcome("Proof Member 2") },
          {
            step: { kind: "leave", member: "Proof Member 2" },
            expect: [
              {
                kind: "message",
                place: { to: "channel", channel: "welcome" },
                text: { exact: "Proof Member 2 left." },
              },
            ],
          },
        ],
      },
    ]);
    expect(proof.gaps).toEqual([]);
  });

  it("says plainly what it cannot check", () => {
    const proof = derive({
      version: 1,
      name: "Gaps",
      commands: [
        {
          name: "hug",
          type: "prefix",
          description: "Hug someone",
          options: [{ name: "member", description: "Who", type: "user" }],
          actions: [{ do: "reply", message: { text: "Hug for {option.member}!" } }],
        },
      ],
      events: [
        { on: "reactionAdd", emoji: "<:party:123456789012345678>", actions: [{ do: "react", emoji: "🎉" }] },
        { on: "messageMatches", pattern: "^$", actions: [{ do: "reply", message: { text: "Empty?" } }] },
        {
          on: "schedule",
          every: "5m",
          channel: "#general",
          actions: [{ do: "send", channel: "#general", message: { text: "Now and then" } }],
        },
      ],
    });
    expect(proof.checks).toEqual([]);
    expect(proof.gaps).toEqual([
      {
        target: { kind: "command", index: 0, name: "hug" },
        reason:
          "The proof cannot write a member, channel or role into a prefix command yet (they are given by id), so it is not checked.",
      },
      {
        target: { kind: "event", index: 0, on: "reactionAdd" },
        reason: "The scratch server cannot react with a custom emoji yet, so this is not checked.",
      },
      {
        target: { kind: "event", index: 1, on: "messageMatches" },
        reason: "The proof cannot make up a message that surely matches ^$, so it is not checked.",
      },
      {
        target: { kind: "event", index: 2, on: "schedule" },
        reason:
          "Runs every 5 minutes, so it may run at any moment of the proof: what it does is not checked, and what it changes is not predicted.",
      },
    ]);
  });
});

// ── Every example and template ──────────────────────────────────────────────────────────────

function texts(expectation: Expectation): TextExpectation[] {
  switch (expectation.kind) {
    case "message":
      return [expectation.text, expectation.embed?.title, expectation.embed?.description].filter(
        (text): text is TextExpectation => text !== undefined,
      );
    case "channelCreated":
    case "channelDeleted":
      return [expectation.name];
    case "oneOf":
      return expectation.options.flat().flatMap(texts);
    default:
      return [];
  }
}

const everyBlueprint = Object.entries({ ...exampleBlueprints, ...templateBlueprintInputs });

describe.each(everyBlueprint)("deriveProof(%s)", (_name, input) => {
  const parsed = checkBlueprint(input);
  if (!parsed.ok) throw new Error("invalid example");
  const blueprint = parsed.blueprint;
  const proof = deriveProof(blueprint);

  it("has a check or a gap for every command, subcommand and event", () => {
    const covered = (target: CheckTarget) =>
      [...proof.checks, ...proof.gaps].some(
        (item) =>
          item.target.kind === target.kind &&
          item.target.index === target.index &&
          (item.target.kind !== "command" || target.kind !== "command" || item.target.subcommand === target.subcommand),
      );
    blueprint.commands.forEach((command, index) => {
      const subs = command.subcommands.length ? command.subcommands.map((sub) => sub.name) : [undefined];
      for (const subcommand of subs)
        expect(
          covered({ kind: "command", index, name: command.name, subcommand }),
          `/${command.name} ${subcommand ?? ""}`,
        ).toBe(true);
    });
    blueprint.events.forEach((event, index) =>
      expect(covered({ kind: "event", index, on: event.on }), event.on).toBe(true),
    );
  });

  it("gives each check a unique id, a title, and steps that expect something", () => {
    const ids = proof.checks.map((check) => check.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const check of proof.checks) {
      expect(check.title).not.toBe("");
      expect(check.steps.some((step) => step.expect.length > 0)).toBe(true);
    }
    expect(proof.checks.reduce((total, check) => total + check.steps.length, 0)).toBeLessThan(40);
  });

  it("writes patterns that compile once the id tokens are ids", () => {
    for (const check of proof.checks)
      for (const step of check.steps)
        for (const expectation of step.expect)
          for (const text of texts(expectation)) {
            if (!("pattern" in text)) continue;
            const source = text.pattern.replace(/⟨[^⟩]*⟩/g, "123456789012345678");
            expect(() => new RegExp(`^(?:${source})$`, "su"), text.pattern).not.toThrow();
            expect(text.describe).not.toBe("");
          }
  });
});

describe("deriveProof after an action fails", () => {
  it("predicts the answer that says what could not be done, and the next answer's own text", () => {
    const proof = derive({
      version: 1,
      name: "Failing",
      commands: [
        {
          name: "suggest",
          description: "Suggest",
          actions: [
            // A channel no server can have, and a role above the bot's: both fail.
            { do: "send", channel: "#two words", message: { text: "An idea" } },
            { do: "toggleRole", member: "{user}", role: "Moderator" },
            { do: "reply", message: { text: "Posted and toggled!" } },
            { do: "reply", message: { text: "Thanks!" } },
          ],
        },
      ],
    });
    const expected = proof.checks.flatMap((check) => check.steps.flatMap((step) => step.expect));
    expect(expected).toContainEqual({
      kind: "message",
      place: { to: "reply" },
      ephemeral: false,
      text: {
        exact:
          "I couldn't post in #two words: there is no such channel.\nI couldn't toggle the Moderator role for you: I don't have permission.",
      },
    });
    expect(expected).toContainEqual(reply("Thanks!", false));
    expect(JSON.stringify(expected)).not.toContain("Posted and toggled!");
  });

  it("says which value did not read as a number", () => {
    const proof = derive({
      version: 1,
      name: "Maybe",
      commands: [
        {
          name: "roll",
          description: "Roll",
          options: [{ name: "sides", description: "Sides", type: "string" }],
          actions: [
            { do: "random", min: 1, max: "{option.sides}", saveAs: "roll" },
            { do: "reply", message: { text: "You rolled {result.roll}." } },
          ],
        },
      ],
    });
    const replies = proof.checks
      .flatMap((check) => check.steps.flatMap((step) => step.expect))
      .filter((item) => item.kind === "message");
    // A text option: the proof's sample text is not a number, and the reply then says so.
    expect(replies).toContainEqual(reply('I couldn\'t pick a random number: "sample sides" is not a number.', false));
  });
});
