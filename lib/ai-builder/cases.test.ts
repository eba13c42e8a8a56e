/**
 * The description suite is one an engine can be held to: enough cases, every category, both
 * languages, checks that run (steps, expectations, patterns that compile, members who exist) and
 * checks that only lean on what their description says (command, option, channel and role names).
 */
import { describe, expect, it } from "vitest";

import type { CheckStep, Expectation, Step, TextExpectation } from "@/lib/blueprint/proof/types";

import { descriptionCases } from "./cases";
import { contains, countOf, mention, named, number, numberBetween, privateReply, reply } from "./cases-support";
import { caseCategories, type CaseCheck, type DescriptionCase } from "./types";

const defaultMembers = ["You", "Alex", "Sam", "Riley"];
const defaultChannels = ["general", "bot-commands", "mod-log"];
const defaultRoles = ["Admin", "Moderator", "Member"];
const memberToken = /⟨member:([^⟩]*)⟩/g;

/** The pattern as the runner compiles it, with the id tokens as ids. */
function compiled(pattern: string): RegExp {
  const withIds = pattern.replace(/⟨(member|channel|role|server|bot)(?::[^⟩]*)?⟩/g, "123456789012345678");
  return new RegExp(`^(?:${withIds})$`, "su");
}

/** Every expectation, those inside "one of" included. */
function flatten(expectations: Expectation[]): Expectation[] {
  return expectations.flatMap((item) => (item.kind === "oneOf" ? [item, ...flatten(item.options.flat())] : [item]));
}

function texts(expectation: Expectation): TextExpectation[] {
  if (expectation.kind === "message")
    return [expectation.text, expectation.embed?.title, expectation.embed?.description].filter(
      (text): text is TextExpectation => Boolean(text),
    );
  if (expectation.kind === "channelCreated" || expectation.kind === "channelDeleted") return [expectation.name];
  return [];
}

function patternsOf(check: CaseCheck): string[] {
  return check.steps.flatMap(({ expect }) =>
    flatten(expect)
      .flatMap(texts)
      .flatMap((text) => ("pattern" in text ? [text.pattern] : [])),
  );
}

function stepMembers(step: Step): string[] {
  const options = step.kind === "slash" ? step.options.filter((option) => option.type === "user") : [];
  const actor = "member" in step ? [step.member] : [];
  return [...actor, ...options.map((option) => String(option.value))];
}

function expectationMembers(expectations: Expectation[]): string[] {
  return flatten(expectations).flatMap((item) => {
    const tokens = texts(item).flatMap((text) =>
      [...("pattern" in text ? text.pattern : text.exact).matchAll(memberToken)].map((match) => match[1]!),
    );
    if (item.kind === "message") return item.place.to === "dm" ? [item.place.member, ...tokens] : tokens;
    return "member" in item ? [item.member] : [];
  });
}

/** A name as a word of the description: "/roll", "!8ball", "#mod-log", "<sides>" all count. */
function mentions(description: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![a-z0-9_-])${escaped}(?![a-z0-9_-])`, "i").test(description);
}

const everyCheck = descriptionCases.flatMap((item) => item.checks.map((check) => ({ item, check })));
const checkName = ({ item, check }: { item: DescriptionCase; check: CaseCheck }) => `${item.id}: ${check.title}`;

describe("the description suite", () => {
  it("has at least 60 cases with unique ids named after their category", () => {
    expect(descriptionCases.length).toBeGreaterThanOrEqual(60);
    const ids = descriptionCases.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const item of descriptionCases)
      expect(item.id).toMatch(new RegExp(`^${item.category}-[a-z0-9]+(?:-[a-z0-9]+)*$`));
  });

  it("covers every category, at least four cases each", () => {
    for (const category of caseCategories) {
      expect(descriptionCases.filter((item) => item.category === category).length, category).toBeGreaterThanOrEqual(4);
    }
  });

  it("asks for Python in at least 8 cases, and JavaScript in most", () => {
    const python = descriptionCases.filter((item) => item.language === "python").length;
    expect(python).toBeGreaterThanOrEqual(8);
    expect(descriptionCases.length - python).toBeGreaterThan(python);
  });

  it("has descriptions of 20 to 1,500 characters", () => {
    for (const item of descriptionCases) {
      expect(item.description.length, item.id).toBeGreaterThanOrEqual(20);
      expect(item.description.length, item.id).toBeLessThanOrEqual(1_500);
    }
  });

  it("gives every case 1 to 4 checks with unique titles", () => {
    for (const item of descriptionCases) {
      expect(item.checks.length, item.id).toBeGreaterThanOrEqual(1);
      expect(item.checks.length, item.id).toBeLessThanOrEqual(4);
      expect(new Set(item.checks.map((check) => check.title)).size, item.id).toBe(item.checks.length);
    }
  });

  it.each(everyCheck.map((entry) => [checkName(entry), entry] as const))(
    "%s: has steps and expects something",
    (_, { check }) => {
      expect(check.steps.length).toBeGreaterThanOrEqual(1);
      expect(check.steps.some((step: CheckStep) => step.expect.length > 0)).toBe(true);
    },
  );

  it("has patterns that compile as the runner compiles them", () => {
    for (const entry of everyCheck) {
      for (const pattern of patternsOf(entry.check)) {
        expect(() => compiled(pattern), `${checkName(entry)}: ${pattern}`).not.toThrow();
      }
    }
  });

  it("only uses default members and members the same check added earlier, each added once per case", () => {
    for (const item of descriptionCases) {
      const joinedInCase = new Set<string>();
      for (const check of item.checks) {
        const known = new Set(defaultMembers);
        for (const { step, expect: expectations } of check.steps) {
          if (step.kind === "join") {
            expect(joinedInCase.has(step.username), `${item.id}: ${step.username} joins twice`).toBe(false);
            joinedInCase.add(step.username);
            known.add(step.username);
          }
          for (const member of [...stepMembers(step), ...expectationMembers(expectations)]) {
            expect(known.has(member), `${item.id} / ${check.title}: unknown member ${member}`).toBe(true);
          }
        }
      }
    }
  });

  it("names commands, subcommands and options only as the description names them", () => {
    for (const { item, check } of everyCheck) {
      for (const { step } of check.steps) {
        if (step.kind === "slash") {
          const names = [step.command, step.subcommand, ...step.options.map((option) => option.name)];
          for (const name of names.filter((value): value is string => Boolean(value))) {
            expect(mentions(item.description, name), `${item.id}: "${name}" is not in the description`).toBe(true);
          }
        }
        if (step.kind === "say" && /^[!?]\S/.test(step.content)) {
          const command = step.content.split(/\s/)[0]!;
          expect(mentions(item.description, command), `${item.id}: ${command}`).toBe(true);
        }
      }
    }
  });

  it("uses only default channels, channels the description names and channels the check saw created", () => {
    for (const { item, check } of everyCheck) {
      const created = new Set<string>();
      const allowed = (channel: string) =>
        defaultChannels.includes(channel) || created.has(channel) || mentions(item.description, channel);
      for (const { step, expect: expectations } of check.steps) {
        const used = [
          ...(step.kind === "slash" || step.kind === "say" ? [step.channel] : []),
          ...(step.kind === "react" && step.on.channel ? [step.on.channel] : []),
          ...(step.kind === "slash" ? step.options.filter((option) => option.type === "channel") : []).map((option) =>
            String(option.value),
          ),
        ];
        for (const channel of used) expect(allowed(channel), `${item.id}: #${channel}`).toBe(true);
        for (const expectation of flatten(expectations)) {
          if (expectation.kind === "channelCreated" && "exact" in expectation.name) created.add(expectation.name.exact);
          const place = expectation.kind === "message" && expectation.place.to === "channel" ? expectation.place : null;
          const channel =
            place?.channel ??
            (expectation.kind === "purged" || expectation.kind === "slowmode" ? expectation.channel : null);
          if (channel) expect(allowed(channel), `${item.id}: #${channel}`).toBe(true);
        }
      }
    }
  });

  it("uses only default roles and roles, buttons and forms the description names", () => {
    for (const { item, check } of everyCheck) {
      for (const { step, expect: expectations } of check.steps) {
        const roles = step.kind === "slash" ? step.options.filter((option) => option.type === "role") : [];
        for (const role of roles.map((option) => String(option.value))) {
          expect(defaultRoles.includes(role) || mentions(item.description, role), `${item.id}: ${role}`).toBe(true);
        }
        for (const expectation of flatten(expectations)) {
          if (expectation.kind === "roleAdded" || expectation.kind === "roleRemoved") {
            const known = defaultRoles.includes(expectation.role) || mentions(item.description, expectation.role);
            expect(known, `${item.id}: role ${expectation.role}`).toBe(true);
          }
          if (expectation.kind === "message")
            for (const label of expectation.buttons ?? []) expect(item.description, item.id).toContain(label);
          if (expectation.kind === "modal") expect(item.description, item.id).toContain(expectation.title);
        }
      }
    }
  });
});

describe("the patterns the checks are written with", () => {
  const matches = (pattern: string, text: string) => compiled(pattern).test(text);

  it("finds a number on its own, with trailing zeros, but not inside another number or an id", () => {
    expect(matches(contains(number(12)), "Tip: $12.00, total $92")).toBe(true);
    expect(matches(contains(number(22.5)), "Each pays 22.50")).toBe(true);
    expect(matches(contains(number(12)), "Tip: 120")).toBe(false);
    expect(matches(contains(number(12)), "Tip: 1.12")).toBe(false);
    expect(matches(contains(number(100)), "<@123410056> has 200 coins")).toBe(false);
    expect(matches(contains(number(-40)), "-40°C is -40°F")).toBe(true);
  });

  it("finds a roll in range and a mention or name", () => {
    expect(matches(contains(numberBetween(1, 6)), "🎲 You rolled a 4")).toBe(true);
    expect(matches(contains(numberBetween(1, 6)), "🎲 You rolled a 14")).toBe(false);
    expect(compiled(contains(mention("Sam"))).test("Hi <@123456789012345678>!")).toBe(true);
    expect(compiled(contains(named("Case Member 1"))).test("Case Member 1 left the server")).toBe(true);
  });

  it("reads counts next to their labels either way round, on several lines", () => {
    expect(matches(contains(countOf("pizza", 2)), "Results:\nPizza: 2\nTacos: 1")).toBe(true);
    expect(matches(contains(countOf("pizza", 2)), "2 votes for pizza")).toBe(true);
    expect(matches(contains(countOf("pizza", 2)), "pizza: 12")).toBe(false);
  });

  /** A bot message as the runner's message check sees it (lib/blueprint/proof/expectations.ts). */
  type Seen = { content?: string; title?: string; description?: string; ephemeral?: boolean };
  function accepts(expectation: Expectation, seen: Seen): boolean {
    if (expectation.kind === "oneOf")
      return expectation.options.some((option) => option.every((inner) => accepts(inner, seen)));
    if (expectation.kind !== "message") return false;
    const fits = (text: TextExpectation | undefined, actual: string | undefined) =>
      !text ||
      (actual !== undefined && ("exact" in text ? text.exact === actual : compiled(text.pattern).test(actual)));
    if (expectation.ephemeral !== undefined && expectation.ephemeral !== Boolean(seen.ephemeral)) return false;
    if (expectation.text && !fits(expectation.text, seen.content ?? "")) return false;
    if (expectation.embed) {
      if (seen.title === undefined && seen.description === undefined) return false;
      if (!fits(expectation.embed.title, seen.title) || !fits(expectation.embed.description, seen.description))
        return false;
    }
    return true;
  }

  it("accepts what is wanted as text, or shared between an embed's title and description", () => {
    const serverInfo = reply(["Cipher Test Server", "\\d+"], "the name and a count");
    expect(accepts(serverInfo, { content: "Cipher Test Server has 5 members" })).toBe(true);
    expect(accepts(serverInfo, { title: "Cipher Test Server", description: "Members: 5" })).toBe(true);
    expect(accepts(serverInfo, { description: "5 members on Cipher Test Server" })).toBe(true);
    expect(accepts(serverInfo, { title: "Server info", description: "Members: 5" })).toBe(false);
    expect(accepts(serverInfo, { content: "Cipher Test Server" })).toBe(false);
  });

  it("takes a whole-text pattern as it is, and a private reply only when it is private", () => {
    const notARule = reply({ whole: "(?!.*Be kind).+" }, "no rule");
    expect(accepts(notARule, { content: "There is no rule 9." })).toBe(true);
    expect(accepts(notARule, { content: "Rule 1: Be kind" })).toBe(false);
    const thanks = privateReply(["Thanks"], "the thanks");
    expect(accepts(thanks, { content: "Thanks!", ephemeral: true })).toBe(true);
    expect(accepts(thanks, { content: "Thanks!" })).toBe(false);
  });
});
