import { describe, expect, it } from "vitest";

import { exampleBlueprints } from "./examples";
import { parseExpression } from "./expression";
import { checkBlueprint, parseBlueprint } from "./index";
import { parseTemplate } from "./placeholders";
import type { BlueprintInput } from "./schema";
import { parseDuration } from "./vocabulary";

/** One slash command with these actions (and options), for the refusal table. */
function withCommand(
  actions: unknown[],
  extra: Record<string, unknown> = {},
  top: Record<string, unknown> = {},
): unknown {
  return { version: 1, name: "Test", commands: [{ name: "test", description: "Test", actions, ...extra }], ...top };
}

function problems(value: unknown) {
  const result = checkBlueprint(value);
  return result.ok ? [] : result.problems;
}

describe("the blueprint schema", () => {
  it.each(Object.entries(exampleBlueprints))("accepts the %s example", (_, blueprint: BlueprintInput) => {
    expect(problems(blueprint)).toEqual([]);
  });

  it("fills the defaults a user leaves out", () => {
    const result = checkBlueprint(withCommand([{ do: "reply", message: { text: "hi" } }]));
    expect(result.ok && result.blueprint).toMatchObject({
      prefix: "!",
      events: [],
      data: [],
      commands: [{ type: "slash", permissions: [], options: [], actions: [{ do: "reply", ephemeral: false }] }],
    });
  });

  const refusals: [string, unknown, string, RegExp][] = [
    ["another version", { version: 2, name: "x" }, "version", /version 1/],
    [
      "a command name Discord refuses",
      withCommand([{ do: "stop" }], { name: "Ping Me" }),
      "commands.0.name",
      /lowercase/,
    ],
    [
      "an undefined option",
      withCommand([{ do: "reply", message: { text: "{option.nope}" } }]),
      "commands.0.actions.0.message.text",
      /no option "nope"/,
    ],
    [
      ".mention on a text option",
      withCommand([{ do: "reply", message: { text: "{option.reason.mention}" } }], {
        options: [{ name: "reason", description: "Why", type: "string" }],
      }),
      "commands.0.actions.0.message.text",
      /only members, channels and roles/,
    ],
    [
      "a result saved by nothing",
      withCommand([{ do: "reply", message: { text: "{result.count}" } }]),
      "commands.0.actions.0.message.text",
      /no earlier action saves "count"/,
    ],
    [
      "a result used before it is saved",
      withCommand([
        { do: "reply", message: { text: "{result.roll}" } },
        { do: "random", min: 1, max: 6, saveAs: "roll" },
      ]),
      "commands.0.actions.0.message.text",
      /no earlier action saves "roll"/,
    ],
    [
      "a condition on an unknown counter",
      withCommand([
        { do: "if", when: { test: "compare", left: "{data.strikes}", op: ">", right: "2" }, then: [{ do: "stop" }] },
      ]),
      "commands.0.actions.0.when.left",
      /no data "strikes"/,
    ],
    [
      "an unknown placeholder root",
      withCommand([{ do: "reply", message: { text: "{member.name}" } }]),
      "commands.0.actions.0.message.text",
      /there is no "member"/,
    ],
    [
      "a brace left open",
      withCommand([{ do: "reply", message: { text: "Hi {user.mention" } }]),
      "commands.0.actions.0.message.text",
      /without its "}"/,
    ],
    [
      "a channel where a member joins",
      {
        version: 1,
        name: "x",
        events: [
          { on: "memberJoin", actions: [{ do: "send", channel: "#welcome", message: { text: "{channel.mention}" } }] },
        ],
      },
      "events.0.actions.0.message.text",
      /no channel/,
    ],
    [
      "a reply to nobody (a member joined)",
      { version: 1, name: "x", events: [{ on: "memberJoin", actions: [{ do: "reply", message: { text: "hi" } }] }] },
      "events.0.actions.0.do",
      /nobody to reply to/,
    ],
    [
      "a member that is a channel option",
      withCommand([{ do: "kick", member: "{option.where}" }], {
        options: [{ name: "where", description: "W", type: "channel" }],
      }),
      "commands.0.actions.0.member",
      /channel option, not a member/,
    ],
    [
      "a button nobody shows",
      { version: 1, name: "x", events: [{ on: "button", button: "open_ticket", actions: [{ do: "stop" }] }] },
      "events.0.button",
      /No message shows a button "open_ticket"/,
    ],
    [
      "a form that is not the first answer",
      withCommand([
        { do: "reply", message: { text: "one moment" } },
        { do: "showModal", modal: { id: "f", title: "F", fields: [{ id: "a", label: "A" }] } },
      ]),
      "commands.0.actions.1.do",
      /first thing/,
    ],
    [
      "increment on text",
      withCommand(
        [{ do: "store", data: "note", op: "increment" }],
        {},
        { data: [{ name: "note", kind: "text", scope: "user" }] },
      ),
      "commands.0.actions.0.op",
      /only numbers/,
    ],
    [
      "keyed data without a key",
      withCommand(
        [{ do: "store", data: "cc", op: "get", saveAs: "x" }],
        {},
        { data: [{ name: "cc", kind: "text", scope: "server", keyed: true }] },
      ),
      "commands.0.actions.0.key",
      /say which key/,
    ],
    [
      "an unknown table",
      withCommand([{ do: "lookup", table: "nope", key: "a", saveAs: "x" }]),
      "commands.0.actions.0.table",
      /no table "nope"/,
    ],
    [
      "code in an expression",
      withCommand([{ do: "calculate", expression: "process.exit(1)", saveAs: "x" }]),
      "commands.0.actions.0.expression",
      /not allowed|not a function/,
    ],
    [
      "a required option after an optional one",
      withCommand([{ do: "stop" }], {
        options: [
          { name: "a", description: "A", type: "string", required: false },
          { name: "b", description: "B", type: "string" },
        ],
      }),
      "commands.0.options.1.required",
      /required options first/,
    ],
    [
      "a timeout over 28 days",
      withCommand([{ do: "timeout", member: "{user}", duration: "30d" }]),
      "commands.0.actions.0.duration",
      /at most 28 days/,
    ],
    [
      "a duration that is not one",
      withCommand([{ do: "timeout", member: "{user}", duration: "soon" }]),
      "commands.0.actions.0.duration",
      /should read like/,
    ],
    [
      "a look-behind pattern",
      {
        version: 1,
        name: "x",
        events: [{ on: "messageMatches", pattern: "(?<=a)b", actions: [{ do: "deleteMessage" }] }],
      },
      "events.0.pattern",
      /Look-behind/,
    ],
    [
      "an ephemeral answer to a prefix command",
      withCommand([{ do: "reply", message: { text: "hi" }, ephemeral: true }], { type: "prefix" }),
      "commands.0.actions.0.ephemeral",
      /visible to one member/,
    ],
    [
      "a NUL in text",
      withCommand([{ do: "reply", message: { text: "a\u0000b" } }]),
      "commands.0.actions.0.message.text",
      /NUL/,
    ],
    [
      "an empty message",
      withCommand([{ do: "reply", message: {} }]),
      "commands.0.actions.0.message",
      /text or an embed/,
    ],
    [
      "two commands of the same name",
      {
        version: 1,
        name: "x",
        commands: [
          { name: "a", description: "A", actions: [{ do: "stop" }] },
          { name: "a", description: "A", actions: [{ do: "stop" }] },
        ],
      },
      "commands.1.name",
      /two \/a/,
    ],
    ["a command that does nothing", withCommand([]), "commands.0.actions", /does nothing yet/],
    [
      "a reply after a wait",
      withCommand([{ do: "wait", duration: "1h", then: [{ do: "reply", message: { text: "late" } }] }]),
      "commands.0.actions.0.then.0.do",
      /After a wait/,
    ],
    [
      "a member in a schedule",
      {
        version: 1,
        name: "x",
        events: [{ on: "schedule", every: "1h", channel: "#general", actions: [{ do: "kick", member: "{user}" }] }],
      },
      "events.0.actions.0.member",
      /nobody in particular/,
    ],
  ];

  it.each(refusals)("refuses %s, pointing at the field", (_, value, path, message) => {
    const found = problems(value);
    expect(found.length, JSON.stringify(found)).toBeGreaterThan(0);
    expect(found).toContainEqual({ path, message: expect.stringMatching(message) });
  });

  it("refuses what is not JSON, what is too big and what nests too deep, with a reason", () => {
    expect(parseBlueprint("{")).toMatchObject({
      ok: false,
      problems: [{ message: expect.stringMatching(/not valid JSON/) }],
    });
    expect(parseBlueprint(JSON.stringify({ version: 1, name: "x".repeat(300_000) }))).toMatchObject({
      ok: false,
      problems: [{ message: expect.stringMatching(/at most 256 KB/) }],
    });
    let deep: unknown = { do: "stop" };
    for (let i = 0; i < 100; i++) deep = { do: "if", when: { test: "isSet", value: "{user.id}" }, then: [deep] };
    expect(checkBlueprint(withCommand([deep]))).toMatchObject({
      ok: false,
      problems: [{ message: expect.stringMatching(/nests too deeply/) }],
    });
    let nested: unknown = { do: "stop" };
    for (let i = 0; i < 8; i++) nested = { do: "if", when: { test: "isSet", value: "{user.id}" }, then: [nested] };
    expect(problems(withCommand([nested]))).toContainEqual({
      path: expect.stringMatching(/then/),
      message: expect.stringMatching(/nest at most 6/),
    });
  });
});

describe("patterns", () => {
  it("reads escapes one by one: an escaped backslash before x is fine, \\x and look-behind are not", async () => {
    const { patternProblem } = await import("./references");
    expect(patternProblem("a\\\\x")).toBeNull();
    expect(patternProblem("\\d+ (free|cheap) nitro")).toBeNull();
    expect(patternProblem("(?:ab)+")).toBeNull();
    expect(patternProblem("\\x41")).toMatch(/only/);
    expect(patternProblem("\\1")).toMatch(/only/);
    expect(patternProblem("(?<=a)b")).toMatch(/Look-behind/);
    expect(patternProblem("(?<name>a)")).toMatch(/Named groups/);
    expect(patternProblem("(?i)a")).toMatch(/only|does not read/);
    expect(patternProblem("(")).toMatch(/does not read/);
  });
});

describe("templates", () => {
  it("splits text and placeholders, with {{ and }} for braces", () => {
    expect(parseTemplate("Hi {user.mention}, {{literal}} {option.member.name}")).toEqual({
      ok: true,
      parts: [
        { text: "Hi " },
        { placeholder: { root: "user", property: "mention", source: "user.mention" } },
        { text: ", {literal} " },
        { placeholder: { root: "option", name: "member", property: "name", source: "option.member.name" } },
      ],
    });
  });
});

describe("durations and expressions", () => {
  it("reads durations the way people write them", () => {
    expect(parseDuration("10m")).toBe(600);
    expect(parseDuration("1 hour")).toBe(3_600);
    expect(parseDuration("24h")).toBe(86_400);
    expect(parseDuration("1h 30m")).toBe(5_400);
    expect(parseDuration("7 days")).toBe(604_800);
    expect(parseDuration("soon")).toBeNull();
    expect(parseDuration("0m")).toBeNull();
  });

  it("parses arithmetic with precedence, right-binding powers and placeholders", () => {
    const parsed = parseExpression("1 + 2 * {option.a} ^ 2 ^ 3");
    expect(parsed).toMatchObject({
      ok: true,
      expression: {
        kind: "binary",
        operator: "+",
        right: { operator: "*", right: { operator: "^", right: { operator: "^" } } },
      },
    });
    expect(parseExpression("-2 ^ 2")).toMatchObject({
      ok: true,
      expression: { kind: "negate", operand: { operator: "^" } },
    });
    expect(parseExpression("max(1, 2, {result.x})")).toMatchObject({
      ok: true,
      expression: { kind: "call", name: "max" },
    });
    expect(parseExpression("(1 + 2")).toMatchObject({ ok: false });
    expect(parseExpression("eval(1)")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/"eval" is not allowed/),
    });
    expect(parseExpression("1 + 'a'")).toMatchObject({ ok: false });
    expect(parseExpression("(".repeat(100) + "1" + ")".repeat(100))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/deeply/),
    });
  });
});
