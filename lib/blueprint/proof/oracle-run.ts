/**
 * One run of a command or event as the oracle follows it: what happened (who, where, options,
 * the message), what earlier actions saved, and every way it may still go. Where the outcome
 * cannot be known in advance (a condition on a random pick), the run forks: each outcome goes on
 * with its own copy of the world and its own expectations, and the step merges them at the end.
 */
import { listProperties, parseTemplate, referenceIn, type Placeholder } from "../placeholders";
import type { Blueprint } from "../schema";
import { listItems, markedList } from "../vocabulary";
import { ownerOf, readData, storedText } from "./oracle-store";
import {
  concat,
  emptyText,
  lit,
  makeUnknown,
  nonEmpty,
  numText,
  plain,
  resolve,
  tokenText,
  unknownDigits,
  unknownLink,
  unknownText,
  type Text,
} from "./oracle-text";
import { findChannel, findMember, findRole, guildName, type Value, type World } from "./oracle-world";
import type { CheckTarget, Expectation } from "./types";

export interface Ctx {
  kind: string;
  /** How the bot's log lines and refusals name it: "/warn", "!coin", "button verify". */
  where: string;
  target: CheckTarget;
  user: string | null;
  channel: string | null;
  interaction: boolean;
  messageSeq: number | null;
  messageText: Text | null;
  options: Record<string, Value>;
  results: Record<string, Value>;
  fields: Record<string, string>;
  selected: string[];
  emoji: string;
  /** The interaction's "thinking…" answer, and (public) where its message sits among the channel's. */
  deferred: "public" | "ephemeral" | null;
  deferredSeq: number | null;
  answered: boolean;
  messageDeleted: boolean;
  /** Whether later replies arrive differs between the languages (noted once). */
  repliesUncertain: boolean;
  /** Failed actions since the last answer, as the next one says them (oracle-failures.ts). */
  failures: Text[];
  /** An action since the last answer may have failed: the next answer's text is not known. */
  failuresUncertain: boolean;
}

export interface Note {
  target: CheckTarget;
  reason: string;
}

export interface Exec {
  world: World;
  ctx: Ctx;
  expect: Expectation[];
  bindings: Record<number, Text>;
  stopped: boolean;
  notes: Note[];
  /** Why it forked, in words (the oneOf's description). */
  why: string[];
  /** Members a kick or ban removed: their memberLeave events run after this run. */
  left: string[];
}

export interface Env {
  blueprint: Blueprint;
}

/** More outcomes than this and the step says so plainly instead of listing them. */
export const maxOutcomes = 24;

export class TooUncertain extends Error {}

/** A step that cannot happen as planned (a member who cannot act, a message that is not there). */
export class PlanError extends Error {}

export function note(exec: Exec, reason: string): void {
  if (!exec.notes.some((item) => item.reason === reason)) exec.notes.push({ target: exec.ctx.target, reason });
}

export function fork(exec: Exec): Exec {
  return structuredClone(exec);
}

// ── Placeholders ──────────────────────────────────────────────────────────────────────────────

export const mention = (name: string) => concat(lit("<@"), tokenText(`member:${name}`), lit(">"));

/** A channel's mention and id: known by token for the server's channels, not for ones the bot made. */
function channelProperty(world: World, name: string, property: string | undefined): Text {
  const found = findChannel(world, name);
  if (property === "name") return lit(found?.name ?? name);
  if (found?.created || !found) {
    return property === "id"
      ? unknownDigits(`#${name}'s id`)
      : unknownText(makeUnknown({ pattern: "<#\\d+>", describe: `#${name}'s mention`, nonEmpty: true }));
  }
  return property === "id"
    ? tokenText(`channel:${found.name}`)
    : concat(lit("<#"), tokenText(`channel:${found.name}`), lit(">"));
}

/** The id a mention names ("<@id>", "<#id>", "<@&id>", or a bare id), as text's `.id` reads it. */
function mentionedId(text: Text): Text | null {
  const pieces = text.pieces;
  const token = pieces.find((piece) => "token" in piece);
  if (!token) return null;
  const rest = concat(...pieces.filter((piece) => piece !== token).map((piece) => ({ pieces: [piece] })));
  const around = plain(rest);
  if (pieces.length === 1) return { pieces: [token] };
  if (pieces.length === 3 && pieces[1] === token && around !== null && /^\s*<(?:@[!&]?|#)>\s*$/.test(around)) {
    return { pieces: [token] };
  }
  return null;
}

/** A value as a template shows it, or one of its properties (.mention, .name, .id). */
export function valueText(world: World, value: Value | undefined, property?: string): Text {
  if (!value) return emptyText;
  switch (value.t) {
    case "text": {
      if (property && (listProperties as readonly string[]).includes(property)) {
        // The list as the bots split it; of a text the proof does not know, not known either.
        const written = plain(value.text);
        if (written === null)
          return unknownText(
            makeUnknown({ pattern: "[\\s\\S]*", describe: `the items listed (${property})`, nonEmpty: false }),
          );
        if (property === "upper") return lit(written.toUpperCase());
        if (property === "lower") return lit(written.toLowerCase());
        if (property === "reversed") return lit(Array.from(written).reverse().join(""));
        if (property === "length") return numText(Array.from(written).length);
        const items = listItems(written);
        return property === "count"
          ? numText(items.length)
          : lit(markedList(items, property as "numbered" | "lettered"));
      }
      return property === "id" ? (mentionedId(value.text) ?? value.text) : value.text;
    }
    case "member":
      if (property === "name") return lit(value.name);
      if (property === "avatar")
        return unknownText(makeUnknown({ pattern: "\\S+", describe: "the member's avatar address", nonEmpty: true }));
      if (property === "roles") return rolesText(world, value.name);
      if (property === "toprole") return topRoleText(world, value.name);
      return property === "id" ? tokenText(`member:${value.name}`) : mention(value.name);
    case "channel":
      return channelProperty(world, value.name, property);
    case "role":
      if (property === "name") return lit(findRole(world, value.name)?.name ?? value.name);
      return property === "id"
        ? tokenText(`role:${value.name}`)
        : concat(lit("<@&"), tokenText(`role:${value.name}`), lit(">"));
    case "message":
      return property === "id" ? unknownDigits("the message's id") : unknownLink("a link to the message");
  }
}

/** The roles a member in the server holds, or null when they are not in it. */
function heldRoles(world: World, name: string) {
  const found = findMember(world, name);
  if (!found?.present) return null;
  return found.roles.map((role) => findRole(world, role)).filter((role) => role !== undefined);
}

/**
 * A member's roles as both bots show them: names, highest first, or "no roles"; roles at the same
 * position are ordered by id, which the proof does not know, so then only "some roles" is expected.
 */
function rolesText(world: World, name: string): Text {
  const held = heldRoles(world, name);
  if (!held) return emptyText;
  if (!held.length) return lit("no roles");
  const positions = new Set(held.map((role) => role.position));
  if (positions.size < held.length)
    return unknownText(makeUnknown({ pattern: "[^\\n]+", describe: `${name}'s roles`, nonEmpty: true }));
  return lit(
    [...held]
      .sort((a, b) => b.position - a.position)
      .map((role) => role.name)
      .join(", "),
  );
}

/** A member's highest role as both bots show it, or "no role"; unknown when two share the top position. */
function topRoleText(world: World, name: string): Text {
  const held = heldRoles(world, name);
  if (!held) return emptyText;
  if (!held.length) return lit("no role");
  const top = Math.max(...held.map((role) => role.position));
  const highest = held.filter((role) => role.position === top);
  if (highest.length > 1)
    return unknownText(makeUnknown({ pattern: "[^\\n]+", describe: `${name}'s highest role`, nonEmpty: true }));
  return lit(highest[0]!.name);
}

export function placeholderText(env: Env, exec: Exec, placeholder: Placeholder): Text {
  const { ctx, world } = exec;
  switch (placeholder.root) {
    case "user":
      if (!ctx.user) return emptyText;
      return valueText(world, { t: "member", name: ctx.user }, placeholder.property);
    case "bot":
      // Measured by the running bot (its latency, how long it has been up) or named by its account.
      if (placeholder.property === "ping") return unknownDigits("the bot's latency in ms");
      if (placeholder.property === "uptime")
        return unknownText(
          makeUnknown({
            pattern: "\\d+[dhms](?: \\d+[dhms])?",
            describe: "how long the bot has been online",
            nonEmpty: true,
          }),
        );
      return unknownText(makeUnknown({ pattern: "[\\s\\S]+", describe: "the bot's name", nonEmpty: true }));
    case "server":
      if (placeholder.property === "name") return lit(guildName);
      if (placeholder.property === "id") return tokenText("server");
      return unknownDigits("the member count");
    case "channel":
      return ctx.channel ? channelProperty(world, ctx.channel, placeholder.property) : emptyText;
    case "option":
      return valueText(world, ctx.options[placeholder.name!], placeholder.property);
    case "result":
      return valueText(world, ctx.results[placeholder.name!], placeholder.property);
    case "data": {
      const entry = env.blueprint.data.find((item) => item.name === placeholder.name);
      const owner = entry && ownerOf(entry, ctx.user);
      const value = entry && owner ? readData(world, entry, owner) : undefined;
      if (value === undefined) return emptyText;
      return value === null
        ? unknownText(
            makeUnknown({ pattern: "[\\s\\S]*", describe: `the stored ${placeholder.name}`, nonEmpty: false }),
          )
        : storedText(value);
    }
    case "message":
      if (placeholder.property === "content") {
        // discord.py falls back to the link for a message without text: only text is predicted.
        const content = ctx.messageText;
        return content && nonEmpty(content) === true
          ? content
          : unknownText(makeUnknown({ pattern: "[\\s\\S]*", describe: "the message's text", nonEmpty: false }));
      }
      return placeholder.property === "id" ? unknownDigits("the message's id") : unknownLink("a link to the message");
    case "reaction":
      return lit(ctx.emoji);
    case "field":
      return lit(ctx.fields[placeholder.name!] ?? "");
    case "select":
      return lit(ctx.selected.join(", "));
    default:
      return emptyText;
  }
}

/** A template as the bot renders it for this run. */
export function render(env: Env, exec: Exec, template: string): Text {
  const parsed = parseTemplate(template);
  if (!parsed.ok) return lit(template);
  const text = concat(
    ...parsed.parts.map((part) => ("text" in part ? lit(part.text) : placeholderText(env, exec, part.placeholder))),
  );
  return resolve(text, exec.bindings);
}

// ── References: who, where, which role ────────────────────────────────────────────────────────

function referenced(exec: Exec, reference: string): Value | undefined | "user" | "channel" | "none" {
  const found = referenceIn(reference);
  if (!found) return "none";
  if (found.root === "user") return "user";
  if (found.root === "channel") return "channel";
  return found.root === "option" ? exec.ctx.options[found.name!] : exec.ctx.results[found.name!];
}

function tokenOf(value: Value | undefined, kind: string): string | null {
  if (value?.t !== "text") return null;
  const id = mentionedId(value.text);
  const piece = id?.pieces[0];
  return piece && "token" in piece && piece.token.startsWith(`${kind}:`) ? piece.token.slice(kind.length + 1) : null;
}

/** The member a reference names ("{user}", "{option.member}"), in the server or not; null if none. */
export function memberOf(exec: Exec, reference: string): string | null {
  const value = referenced(exec, reference);
  if (value === "user" || value === "none") return exec.ctx.user;
  if (value === "channel") return null;
  if (value?.t === "member") return value.name;
  return tokenOf(value, "member");
}

/** The channel a reference names: a name, or why there is none. */
export function channelOf(exec: Exec, reference: string): { name: string } | { missing: string } | null {
  const trimmed = reference.trim();
  const value = trimmed === "here" ? "channel" : referenced(exec, trimmed);
  if (value === "channel") return exec.ctx.channel ? { name: exec.ctx.channel } : null;
  if (value === "none") {
    const found = findChannel(exec.world, trimmed);
    return found ? { name: found.name } : { missing: trimmed.replace(/^#/, "") };
  }
  if (value === "user") return null;
  if (value?.t === "channel") return findChannel(exec.world, value.name) ? { name: value.name } : null;
  const token = tokenOf(value, "channel");
  return token ? { name: token } : null;
}

/** The role a reference names (by name), or why there is none. */
export function roleOf(exec: Exec, reference: string): { name: string } | { missing: string } | null {
  const value = referenced(exec, reference);
  if (value === "none") {
    const found = findRole(exec.world, reference);
    return found ? { name: found.name } : { missing: reference.trim() };
  }
  if (typeof value === "object" && value.t === "role") return { name: value.name };
  const token = tokenOf(typeof value === "object" ? value : undefined, "role");
  return token ? { name: token } : null;
}
