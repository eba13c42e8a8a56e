/**
 * Holds a built bot to what its description states outright (./claims.ts): after the proof's
 * conversations have run, each claim is checked against the blueprint the bot was compiled from
 * and against what the bot actually said in those conversations. A claim fails when the bot
 * contradicts the words (no /poll where the user wrote /poll, a reply that is not the quoted
 * text, a 10-minute timeout where the words say 1 hour); a quoted reply the bot has but that no
 * conversation of the proof reached is "unseen", said as a gap, never counted as proven.
 */
import type { WordsJudge } from "@/lib/blueprint/proof/run";
import type { CheckResult, TranscriptLine, WordCheck } from "@/lib/blueprint/proof/types";
import type { Action, Blueprint, BlueprintCommand, BlueprintOption, Condition } from "@/lib/blueprint/schema";
import { describeSeconds, parseDuration } from "@/lib/blueprint/vocabulary";

import { claimsOf, type Claim } from "./claims";

export type ClaimStatus = "passed" | "failed" | "unseen";

export interface ClaimResult extends WordCheck {
  claim: Claim;
  status: ClaimStatus;
}

/** What the words claim, checked; none when the description states nothing checkable. */
export function checkWords(
  description: string,
  blueprint: Blueprint,
  transcripts: TranscriptLine[][],
  botName: string,
  superseded?: Superseded,
): ClaimResult[] {
  const said = transcripts.flatMap((lines) => lines.filter((line) => line.who === botName).map((line) => line.text));
  return claimsOf(description)
    .filter((claim) => !superseded || !replacedBy(claim, superseded))
    .map((claim) => verify(claim, blueprint, said));
}

/**
 * What the user changed on the plan before it was built (lib/ai-builder/build/plan-review.ts):
 * the option renamed, the reply rewritten, the channel picked. Their later words win over the
 * description's, so the claims they replaced are not held against the bot.
 */
export interface Superseded {
  options: { command: string; name: string }[];
  replies: string[];
  channels: string[];
}

/** "Hello, {user.name}!" and "Hello, <their name>!" alike: the words without placeholders or punctuation. */
function bareText(text: string): string {
  return text
    .toLowerCase()
    .replace(/\{[^}]*\}|<[^>]*>|\[[^\]]*\]/g, " ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

function replacedBy(claim: Claim, superseded: Superseded): boolean {
  switch (claim.kind) {
    case "option":
      return superseded.options.some((option) => option.command === claim.command && option.name === claim.name);
    case "channel":
      return superseded.channels.includes(claim.name);
    case "reply": {
      // The same words (placeholders and punctuation aside): a fix of "hi" does not drop "this is our server".
      const quoted = bareText(claim.text);
      return quoted.length > 0 && superseded.replies.some((reply) => bareText(reply) === quoted);
    }
    default:
      return false;
  }
}

/** The proof's judge for a description (lib/blueprint/proof/run.ts): its claims, as the report keeps them. */
export function wordsJudge(description: string, superseded?: Superseded): WordsJudge {
  return ({ blueprint, results, botName }) =>
    checkWords(description, blueprint, transcriptsOf(results), botName, superseded).map(
      ({ claim: _claim, ...check }) => check,
    );
}

function transcriptsOf(results: CheckResult[]): TranscriptLine[][] {
  return results.map((result) => result.transcript);
}

/** A proof holds against the words when no claim failed (unseen ones are gaps). */
export function wordsHold(results: ClaimResult[] | undefined): boolean {
  return !(results ?? []).some((result) => result.status === "failed");
}

function commandLabel(claim: { command: string; subcommand?: string }): string {
  return `/${claim.command}${claim.subcommand ? ` ${claim.subcommand}` : ""}`;
}

export function claimTitle(claim: Claim): string {
  switch (claim.kind) {
    case "command":
      return `${claim.type === "slash" ? "/" : "!"}${claim.name} is a ${claim.type === "slash" ? "slash" : "prefix"} command`;
    case "subcommand":
      return `/${claim.command} ${claim.name} is a subcommand`;
    case "option":
      return `${commandLabel(claim)} has the option “${claim.name}”${claim.type === "user" ? " (a member)" : ""}`;
    case "reply":
      return `The bot says “${claim.text}”`;
    case "channel":
      return `The bot uses #${claim.name}`;
    case "role":
      return `The bot uses the ${claim.name} role`;
    case "duration":
      return claim.action === "cooldown"
        ? `A cooldown of ${describeSeconds(claim.seconds)}`
        : `A ${claim.action} lasts ${describeSeconds(claim.seconds)}`;
    case "restricted":
      return `Only some members can use /${claim.command}`;
  }
}

function verify(claim: Claim, blueprint: Blueprint, said: string[]): ClaimResult {
  const title = claimTitle(claim);
  const words = claim.words;
  const fail = (problem: string): ClaimResult => ({ claim, title, words, status: "failed", problem });
  const pass: ClaimResult = { claim, title, words, status: "passed" };
  const named = (name: string) => blueprint.commands.filter((command) => sameName(command.name, name));
  const others = () =>
    blueprint.commands.length
      ? ` (it has ${blueprint.commands.map((command) => `${command.type === "slash" ? "/" : "!"}${command.name}`).join(", ")})`
      : "";
  switch (claim.kind) {
    case "command": {
      const found = named(claim.name);
      if (found.some((command) => command.type === claim.type)) return pass;
      if (claim.type === "prefix" && answersMessage(blueprint, `!${claim.name}`)) return pass;
      const other = found[0];
      if (other)
        return fail(
          `Your words say ${claim.words}; the bot has ${other.type === "slash" ? "/" : "!"}${other.name}, a ${other.type} command, instead.`,
        );
      return fail(`Your words name ${claim.words}; the bot has no such command${others()}.`);
    }
    case "subcommand": {
      const command = named(claim.command).find((item) => item.type === "slash");
      if (!command) return fail(`Your words name /${claim.command} ${claim.name}; the bot has no /${claim.command}.`);
      if (command.subcommands.some((sub) => sameName(sub.name, claim.name))) return pass;
      const subs = command.subcommands.map((sub) => sub.name);
      return fail(
        `Your words name /${claim.command} ${claim.name}; /${claim.command} has ${subs.length ? `the subcommands ${subs.join(", ")}` : "no subcommands"}.`,
      );
    }
    case "option": {
      const command = named(claim.command)[0];
      if (!command) return fail(`Your words name ${commandLabel(claim)}; the bot has no /${claim.command}.`);
      const lists = optionLists(command, claim.subcommand);
      const option = lists.flat().find((item) => sameOption(item.name, claim.name));
      if (!option) {
        const names = [...new Set(lists.flat().map((item) => item.name))];
        return fail(
          `Your words give ${commandLabel(claim)} the option “${claim.name}”; its options are ${names.length ? names.map((name) => `“${name}”`).join(", ") : "none"}.`,
        );
      }
      if (claim.type === "user" && option.type !== "user")
        return fail(`Your words make “${claim.name}” a member; the bot's option is a ${option.type}.`);
      return pass;
    }
    case "reply": {
      const { pattern, placeholders } = quotePattern(claim.text);
      // "Hey <their name>!" answered with the words "<their name>" is a placeholder left in, not the reply.
      const literal = (text: string) => placeholders.find((placeholder) => normal(text).includes(placeholder));
      const fits = (text: string) => pattern.test(normal(text)) && !literal(text);
      if (said.some(fits)) return pass;
      const leftIn = [...said, ...messageTexts(blueprint)].map(literal).find(Boolean);
      if (leftIn)
        return fail(`Your words quote “${claim.text}”; the bot says “${leftIn}” as it is, not what it stands for.`);
      if (messageTexts(blueprint).some(fits))
        return {
          claim,
          title,
          words,
          status: "unseen",
          problem: "The bot has this text, but none of the proof's conversations reached it.",
        };
      return fail(`Your words quote “${claim.text}”; the bot never says it.`);
    }
    case "channel": {
      const leaves = stringsOf(blueprint);
      const name = claim.name.toLowerCase();
      if (leaves.some((leaf) => leaf === name || leaf === `#${name}` || leaf.includes(`#${name}`))) return pass;
      return fail(`Your words name #${claim.name}; the bot never uses it.`);
    }
    case "role": {
      const name = claim.name.toLowerCase();
      if (stringsOf(blueprint).some((leaf) => leaf === name || leaf === `@${name}`)) return pass;
      // "only mods (the Moderator role)": a command kept to members with a permission does what was asked.
      if (claim.restricts && blueprint.commands.some(restricted)) return pass;
      return fail(`Your words name the ${claim.name} role; the bot never uses it.`);
    }
    case "duration": {
      if (claim.action === "cooldown") {
        const cooldowns = allCommands(blueprint).flatMap((command) =>
          command.cooldown ? [command.cooldown.seconds] : [],
        );
        if (cooldowns.includes(claim.seconds)) return pass;
        return fail(
          `Your words say ${claim.words}; ${cooldowns.length ? `the bot's cooldowns are ${cooldowns.map(describeSeconds).join(", ")}` : "the bot has no cooldown"}.`,
        );
      }
      const durations = actionsOf(blueprint)
        .filter((action) => action.do === claim.action)
        .map((action) => ("duration" in action && action.duration ? parseDuration(action.duration) : null));
      if (durations.includes(claim.seconds)) return pass;
      const known = durations.filter((seconds): seconds is number => seconds !== null);
      return fail(
        `Your words say ${claim.words} for a ${claim.action}; ${known.length ? `the bot's last ${known.map(describeSeconds).join(", ")}` : `the bot has no ${claim.action} of a set length`}.`,
      );
    }
    case "restricted": {
      const commands = named(claim.command);
      if (!commands.length) return fail(`Your words name /${claim.command}; the bot has no such command.`);
      if (commands.some(restricted)) return pass;
      return fail(`Your words say only some members may use /${claim.command}; the bot lets everyone use it.`);
    }
  }
}

/** "sides" and "Sides", "how_many" and "how-many", "option" and "options" are the same name. */
function sameOption(a: string, b: string): boolean {
  const plain = (name: string) => name.toLowerCase().replace(/[-_\s]/g, "");
  const x = plain(a);
  const y = plain(b);
  return x === y || x === `${y}s` || y === `${x}s`;
}

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function optionLists(command: BlueprintCommand, subcommand?: string): BlueprintOption[][] {
  if (subcommand) {
    const sub = command.subcommands.find((item) => sameName(item.name, subcommand));
    return sub ? [sub.options] : [];
  }
  return [command.options, ...command.subcommands.map((sub) => sub.options)];
}

/** A prefix command written as "!joke" may be built as a message trigger: it still answers "!joke". */
function answersMessage(blueprint: Blueprint, content: string): boolean {
  return blueprint.events.some((event) => {
    if (event.on === "messageContains") return event.words.some((word) => word.toLowerCase() === content);
    if (event.on === "messageMatches") {
      try {
        return new RegExp(event.pattern, event.ignoreCase ? "i" : "").test(content);
      } catch {
        return false;
      }
    }
    return false;
  });
}

function allCommands(blueprint: Blueprint) {
  return blueprint.commands.flatMap((command) => [command, ...command.subcommands]);
}

function flatten(actions: Action[]): Action[] {
  return actions.flatMap((action) =>
    action.do === "if"
      ? [action, ...flatten(action.then), ...flatten(action.else)]
      : action.do === "wait"
        ? [action, ...flatten(action.then)]
        : [action],
  );
}

function actionsOf(blueprint: Blueprint): Action[] {
  return [
    ...allCommands(blueprint).flatMap((command) => flatten(command.actions)),
    ...blueprint.events.flatMap((event) => flatten(event.actions)),
  ];
}

function conditionRestricts(condition: Condition): boolean {
  switch (condition.test) {
    case "hasPermission":
    case "hasRole":
      return true;
    case "all":
    case "any":
      return condition.conditions.some(conditionRestricts);
    case "not":
      return conditionRestricts(condition.condition);
    default:
      return false;
  }
}

function restricted(command: BlueprintCommand): boolean {
  return [command, ...command.subcommands].some(
    (item) =>
      item.permissions.length > 0 ||
      item.actions.some((action) => action.do === "if" && conditionRestricts(action.when)),
  );
}

/** Every text the bot may send: replies, posts, DMs, fallbacks, the choices it picks from, the tables' values. */
function messageTexts(blueprint: Blueprint): string[] {
  const texts: string[] = [];
  for (const action of actionsOf(blueprint)) {
    if ("message" in action && action.message && typeof action.message === "object") {
      const { text, embed } = action.message;
      if (text) texts.push(text);
      if (embed?.title) texts.push(embed.title);
      if (embed?.description) texts.push(embed.description);
      for (const field of embed?.fields ?? []) texts.push(field.value);
    }
    if (action.do === "lookup" && action.fallback) texts.push(action.fallback);
    if (action.do === "random" && action.choices) texts.push(...action.choices);
  }
  for (const command of allCommands(blueprint)) if (command.cooldown?.message) texts.push(command.cooldown.message);
  for (const table of blueprint.tables) texts.push(...Object.values(table.rows));
  return texts;
}

/** Where a blueprint only says things (messages, reasons, labels): a channel or role named there is not used. */
const saidKeys = new Set([
  "message",
  "text",
  "title",
  "description",
  "footer",
  "reason",
  "label",
  "placeholder",
  "fallback",
  "topic",
  "fields",
]);

/** Every text of the blueprint that names something it works with (not what it says), lowercased. */
function stringsOf(blueprint: Blueprint): string[] {
  const leaves: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string") leaves.push(value.toLowerCase().trim());
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object")
      for (const [key, item] of Object.entries(value)) if (!saidKeys.has(key)) walk(item);
  };
  walk(blueprint.commands);
  walk(blueprint.events);
  walk(blueprint.tables);
  walk(blueprint.data);
  return leaves;
}

function normal(text: string): string {
  return text.replace(/\s+/g, " ").trim().toLowerCase();
}

/**
 * The quoted text as a pattern: its placeholders ({user}, <name>, [reason], @user, a lone X or N)
 * match anything; the rest is literal, case and spacing aside, a final full stop optional.
 */
function quotePattern(quoted: string): { pattern: RegExp; placeholders: string[] } {
  const wildcard =
    /\{[^{}]{1,40}\}|<[^<>]{1,40}>|\[[^[\]]{1,40}\]|@(?:[Uu]ser|[Mm]ember|[Ss]omeone|[Tt]hem|[Nn]ame|[Mm]ention|[Pp]erson|[Tt]arget)\b|(?<![\p{L}\p{N}])[XNY](?![\p{L}\p{N}])/gu;
  const parts: string[] = [];
  const placeholders: string[] = [];
  let last = 0;
  const text = quoted.replace(/\s+/g, " ").trim().replace(/[.!]$/, "");
  for (const match of text.matchAll(wildcard)) {
    parts.push(escape(text.slice(last, match.index!).toLowerCase()), ".+?");
    // Bracketed ones only: a lone "X" or "@user" may be what the bot says.
    if (/^[{<[]/.test(match[0])) placeholders.push(match[0].toLowerCase());
    last = match.index! + match[0].length;
  }
  parts.push(escape(text.slice(last).toLowerCase()));
  return { pattern: new RegExp(`^.*${parts.join("")}[.!]?.*$`, "su"), placeholders };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
