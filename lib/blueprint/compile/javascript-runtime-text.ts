/**
 * lib/blueprint-runtime.js, part 1: text and numbers — how values print, how text reads as a
 * number, compare, names of channels, mentions. Plain JavaScript kept as text (String.raw, with
 * no backtick or "${" in it), so it is copied into every generated bot unchanged.
 */
import { functionArity, typedArithmetic } from "../expression";
import { listMarkers, numberListSeparator, permissionLabels } from "../vocabulary";
import { jsString } from "./literals";

const typedFunctions = `{ ${Object.entries(functionArity)
  .map(([name, [least, most]]) => `${name}: [${least}, ${most}]`)
  .join(", ")} }`;

const labels = Object.entries(permissionLabels)
  .map(([name, label]) => `  ${name}: ${jsString(label)},`)
  .join("\n");

export const runtimeIntro = String.raw`// The helpers every command and event of this bot shares. The files in commands/ and events/
// say what the bot does, in the blueprint's order; this file says how: how a template reads
// ({user.name}, {option.amount}), how numbers print, how members, channels and roles are found,
// and how each action talks to Discord. An action that fails is logged as
//   [blueprint] <where>: <action> failed: <reason>
// and the run goes on with the next action.
"use strict";

const { randomUUID } = require("node:crypto");

const { ChannelType, GuildMember, MessageFlags, OverwriteType, PermissionFlagsBits } = require("discord.js");
`;

export const runtimeText = String.raw`
// -- Text and numbers ------------------------------------------------------------------------------

/** How each permission reads in a refusal: "You need the **Kick Members** permission...". */
const permissionLabels = {
${labels}
};

const numberPattern = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
// Whole numbers are compared exactly: Discord ids are larger than a double holds.
const integerPattern = /^[+-]?\d+$/;

/**
 * Numbers print alike in every Cipher bot, JavaScript or Python: whole numbers below 1e15 as
 * they are ("3", "-12"); others rounded to 10 significant digits, in plain notation from 1e-6 to
 * 1e15 and as "1.5e+21" / "2e-7" outside; anything not finite (a division by zero) as "NaN".
 */
function formatNumber(value) {
  if (!Number.isFinite(value)) return "NaN";
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  const rounded = Number(value.toPrecision(10));
  // Rounding the largest numbers up can overflow (1.7976931348623157e308): their digits as written.
  if (!Number.isFinite(rounded)) return value.toPrecision(10).replace(/\.?0+e/, "e");
  const size = Math.abs(rounded);
  return size >= 1e-6 && size < 1e15 ? String(rounded) : rounded.toExponential();
}

/** The number a value reads as ("42", " -1.5 ", "2e3"), or null. Hex, "Infinity" and "" do not. */
function readNumber(value) {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  const text = String(value ?? "").trim();
  if (!numberPattern.test(text)) return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/** A value as a template shows it: numbers formatted, lists joined, channels as mentions... */
function textOf(value) {
  if (value === undefined || value === null) return "";
  if (typeof value === "number") return formatNumber(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (Array.isArray(value)) return value.map(textOf).join(", ");
  if (typeof value === "object") return textOf(value.text);
  return String(value);
}

/**
 * One property of a value: "mention", "name" or "id" of a member, channel, role or message.
 * Text has them too: its id is the id it mentions (after a wait, results are text).
 */
function propertyText(value, property) {
  if (!property) return textOf(value);
  if (property === "count") return formatNumber(listItems(textOf(value)).length);
  if (property === "upper") return textOf(value).toUpperCase();
  if (property === "lower") return textOf(value).toLowerCase();
  if (property === "reversed") return Array.from(textOf(value)).reverse().join("");
  if (property === "length") return formatNumber(Array.from(textOf(value)).length);
  if (property === "numbered" || property === "lettered") return markedList(listItems(textOf(value)), property);
  if (value && typeof value === "object" && !Array.isArray(value)) return textOf(value[property]);
  const text = textOf(value);
  if (property !== "id") return text;
  const id = /^\s*<(?:@[!&]?|#)(\d{1,25})>\s*$/.exec(text);
  return id ? id[1] : text;
}

/**
 * The compare condition: when both sides read as numbers they compare as numbers; otherwise as
 * lowercased text. "contains" and "startsWith" always look at the text.
 */
function compare(left, operator, right) {
  const a = readNumber(left);
  const b = readNumber(right);
  const asText = a === null || b === null || operator === "contains" || operator === "startsWith";
  let x = asText ? String(left).toLowerCase() : a;
  let y = asText ? String(right).toLowerCase() : b;
  const wholeLeft = String(left).trim();
  const wholeRight = String(right).trim();
  if (!asText && integerPattern.test(wholeLeft) && integerPattern.test(wholeRight)) {
    x = BigInt(wholeLeft);
    y = BigInt(wholeRight);
  }
  switch (operator) {
    case "==":
      return x === y;
    case "!=":
      return x !== y;
    case "<":
      return x < y;
    case "<=":
      return x <= y;
    case ">":
      return x > y;
    case ">=":
      return x >= y;
    case "contains":
      return x.includes(y);
    case "startsWith":
      return x.startsWith(y);
    default:
      return false;
  }
}

/** A list's items one a line after keycap digits or regional-indicator letters (then "11."), as the builder shows them. */
function markedList(items, kind) {
  const markers = kind === "numbered" ? ${`[${listMarkers.numbered.map(jsString).join(", ")}]`} : ${`[${listMarkers.lettered.map(jsString).join(", ")}]`};
  return items.map((item, index) => (markers[index] || index + 1 + ".") + " " + item).join("\n");
}

/** sum() in calculations: added left to right, as Python's bot adds them. */
function sumOf(values) {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/** average() in calculations; of no number, 0. */
function averageOf(values) {
  return values.length ? sumOf(values) / values.length : 0;
}

/** The functions typed arithmetic may use, with how many values each takes (lib/blueprint/expression.ts). */
const typedFunctions = ${typedFunctions};

/**
 * evaluate() in calculations: the arithmetic a member typed ("2+3*4", "(1.5 + 2) ^ 2", "10 / 4"),
 * read by the builder's rules (numbers, + - * / % ^, parentheses, the functions above), or NaN
 * when it is not arithmetic. Nothing in it is ever run as code.
 */
function evaluateText(value) {
  const typed = String(value ?? "");
  if (typed.length > ${typedArithmetic.limit} || !new RegExp(${jsString(typedArithmetic.allowed)}).test(typed)) return NaN;
  const text = typed
    .replace(/\*\*/g, "^")
    .replace(new RegExp(${jsString(typedArithmetic.times)}, "g"), "*")
    .replace(/\u00f7/g, "/")
    .replace(new RegExp(${jsString(typedArithmetic.trailing)}), "");
  const tokens = [];
  for (let index = 0; index < text.length; ) {
    const rest = text.slice(index);
    const space = /^[ \t\r\n]+/.exec(rest);
    const number = /^(?:\d+(?:\.\d*)?|\.\d+)/.exec(rest);
    const name = /^[a-zA-Z]+/.exec(rest);
    if (space) index += space[0].length;
    else if (number) {
      tokens.push({ number: Number(number[0]) });
      index += number[0].length;
    } else if (name) {
      const lower = name[0].toLowerCase();
      if (!Object.prototype.hasOwnProperty.call(typedFunctions, lower)) return NaN;
      tokens.push({ name: lower });
      index += name[0].length;
    } else if ("+-*/%^(),".includes(rest[0])) {
      tokens.push({ mark: rest[0] });
      index++;
    } else return NaN;
  }
  if (!tokens.length) return NaN;
  const precedence = { "+": 1, "-": 1, "*": 2, "/": 2, "%": 2, "^": 3 };
  let position = 0;
  const fail = () => {
    throw new RangeError("not arithmetic");
  };
  const isMark = (token, mark) => token !== undefined && token.mark === mark;
  const primary = (depth) => {
    if (depth > 32) fail();
    const token = tokens[position++];
    if (!token) fail();
    if (token.number !== undefined) return token.number;
    if (isMark(token, "-")) return -binary(3, depth + 1);
    if (isMark(token, "+")) return binary(3, depth + 1);
    if (isMark(token, "(")) {
      const inner = binary(1, depth + 1);
      if (!isMark(tokens[position++], ")")) fail();
      return inner;
    }
    if (token.name !== undefined) {
      if (!isMark(tokens[position++], "(")) fail();
      const args = [];
      if (!isMark(tokens[position], ")")) {
        for (;;) {
          args.push(binary(1, depth + 1));
          if (isMark(tokens[position], ",")) position++;
          else break;
        }
      }
      if (!isMark(tokens[position++], ")")) fail();
      const [least, most] = typedFunctions[token.name];
      if (args.length < least || args.length > most || token.name === "evaluate") fail();
      switch (token.name) {
        case "sum":
          return sumOf(args);
        case "average":
          return sumOf(args) / args.length;
        case "round":
          return roundHalfAway(args[0]);
        case "min":
          return Math.min(...args);
        case "max":
          return Math.max(...args);
        default:
          return Math[token.name](args[0]);
      }
    }
    return fail();
  };
  const binary = (minimum, depth) => {
    let left = primary(depth);
    for (;;) {
      const token = tokens[position];
      const operator = token && token.mark;
      if (!operator || !(operator in precedence) || precedence[operator] < minimum) return left;
      position++;
      const right = binary(operator === "^" ? 3 : precedence[operator] + 1, depth + 1);
      if (operator === "+") left = left + right;
      else if (operator === "-") left = left - right;
      else if (operator === "*") left = left * right;
      else if (operator === "/") left = left / right;
      else if (operator === "%") left = left % right;
      else left = Math.pow(left, right);
    }
  };
  try {
    const result = binary(1, 0);
    return position < tokens.length ? NaN : result;
  } catch (error) {
    if (error instanceof RangeError) return NaN;
    throw error;
  }
}

/** The numbers a text lists ("3 4 5", "3, 4, 5"), for sum() and average(); what is not a number is skipped. */
function numbersIn(text) {
  return String(text)
    .split(new RegExp(${jsString(numberListSeparator)}))
    .map((piece) => readNumber(piece))
    .filter((value) => value !== null);
}

/** round() in calculations: halves away from zero (Math.round would take -2.5 to -2). */
function roundHalfAway(value) {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** A Discord channel name: lowercase, spaces to "-", only letters, digits, "-" and "_", 100 at most. */
function channelName(text) {
  const name = String(text)
    .trim()
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/[^\p{L}\p{N}_-]/gu, "");
  return Array.from(name).slice(0, 100).join("") || "channel";
}

/** {bot.uptime}: the two largest units, "2h 5m" (lib/blueprint/vocabulary.ts describeUptime). */
function describeUptime(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  const parts = [
    [Math.floor(whole / 86400), "d"],
    [Math.floor((whole % 86400) / 3600), "h"],
    [Math.floor((whole % 3600) / 60), "m"],
    [whole % 60, "s"],
  ];
  const first = parts.findIndex(([value]) => value > 0);
  if (first < 0) return "0s";
  return parts
    .slice(first, first + 2)
    .filter(([value]) => value > 0)
    .map(([value, unit]) => value + unit)
    .join(" ");
}

/** How long a cooldown has left, rounded up: "42s", over 90 seconds "5m", over 90 minutes "3h". */
function describeWait(milliseconds) {
  const seconds = Math.ceil(milliseconds / 1000);
  if (seconds <= 90) return seconds + "s";
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 90) return minutes + "m";
  return Math.ceil(minutes / 60) + "h";
}

const mentionPatterns = {
  user: /^(?:<@!?(\d{1,25})>|(\d{1,25}))$/,
  channel: /^(?:<#(\d{1,25})>|(\d{1,25}))$/,
  role: /^(?:<@&(\d{1,25})>|(\d{1,25}))$/,
};

/** The id in a mention or a bare id: "<@123>" for a user, "<#123>" a channel, "<@&123>" a role. */
function idIn(text, kind) {
  const match = mentionPatterns[kind].exec(String(text ?? "").trim());
  return match ? match[1] || match[2] : null;
}

/** An audit-log reason: Discord keeps 512 characters; an empty one is none. */
function auditReason(text) {
  const reason = Array.from(String(text ?? "")).slice(0, 512).join("");
  return reason || undefined;
}

/** Why something failed, on one line. */
function reasonOf(error) {
  const text = error && error.message ? error.message : String(error);
  return text.replace(/\s+/g, " ").trim();
}

/** A custom emoji as "<:name:id>", a standard one as itself. */
function emojiText(emoji) {
  if (!emoji) return "";
  if (emoji.id) return "<" + (emoji.animated ? "a" : "") + ":" + emoji.name + ":" + emoji.id + ">";
  return emoji.name || "";
}

/** Whether a reaction's emoji is the one an event waits for ("<:name:id>", a standard emoji, ":name:" or an id). */
function emojiMatches(emoji, wanted) {
  const plain = (text) => String(text).replace(/\uFE0F/g, "").trim();
  const target = plain(wanted);
  const forms = [emojiText(emoji), emoji.name, emoji.id, emoji.name ? ":" + emoji.name + ":" : null];
  return forms.some((form) => form && plain(form) === target);
}

/** The messageContains trigger, case-insensitive: "any" word, "all" of them, or the "whole" message. */
function containsWords(content, words, match) {
  const text = String(content).toLowerCase();
  const wanted = words.map((word) => word.toLowerCase());
  if (match === "whole") return wanted.includes(text.trim());
  if (match === "all") return wanted.every((word) => text.includes(word));
  return wanted.some((word) => text.includes(word));
}

/** A member's name as people see it: server nickname, else global name, else username. */
function displayName(member, user) {
  const who = user || (member && member.user);
  return (member && member.nickname) || (who && (who.globalName || who.username)) || "";
}

/** A member (or a user who is not one) as templates show it: mention, name, id, avatar and roles. */
function describeMember(id, user, member) {
  const mention = "<@" + id + ">";
  const avatar = user ? user.displayAvatarURL() : "";
  return { kind: "member", id, text: mention, mention, name: displayName(member, user), avatar, roles: roleNames(member), toprole: topRole(member), user, member };
}

/** A member's roles, highest first (without @everyone); null when the member is not known. */
function rolesOf(member) {
  if (!member || !member.roles || !member.roles.cache || !member.guild) return null;
  return [...member.roles.cache.values()].filter((role) => role.id !== member.guild.id).sort(byPosition).reverse();
}

/** A member's roles as templates show them: their names, highest first, or "no roles". */
function roleNames(member) {
  const roles = rolesOf(member);
  if (!roles) return "";
  return roles.length ? roles.map((role) => role.name).join(", ") : "no roles";
}

/** A member's highest role's name, or "no role". */
function topRole(member) {
  const roles = rolesOf(member);
  if (!roles) return "";
  return roles.length ? roles[0].name : "no role";
}

function describeChannel(channel) {
  const mention = "<#" + channel.id + ">";
  return { kind: "channel", id: channel.id, text: mention, mention, name: channel.name || "", channel };
}

function describeRole(role) {
  const mention = "<@&" + role.id + ">";
  return { kind: "role", id: role.id, text: mention, mention, name: role.name, role };
}

/** A sent message reads as its link (and .id). */
function describeMessage(message) {
  const link = message.url;
  return { kind: "message", id: message.id, channelId: message.channelId, text: link, mention: link, name: link };
}

/** An option as a wait keeps it: a member, channel or role by id ({ member: id }), anything else as it is. */
function storedOption(value) {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  if (value.kind === "member" || value.kind === "channel" || value.kind === "role") return { [value.kind]: value.id };
  return textOf(value);
}

/** An option kept by a wait, looked up again; one that is gone keeps its id and mention. */
async function restoredOption(client, guild, value) {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  if (value.member) {
    const member = guild ? await guild.members.fetch(value.member).catch(() => null) : null;
    const user = member ? member.user : await client.users.fetch(value.member).catch(() => null);
    return describeMember(value.member, user, member);
  }
  if (value.channel) {
    const channel = guild ? await guild.channels.fetch(value.channel).catch(() => null) : null;
    return channel ? describeChannel(channel) : { kind: "channel", id: value.channel, text: "<#" + value.channel + ">", mention: "<#" + value.channel + ">", name: "" };
  }
  if (value.role) {
    const role = guild ? await guild.roles.fetch(value.role).catch(() => null) : null;
    return role ? describeRole(role) : { kind: "role", id: value.role, text: "<@&" + value.role + ">", mention: "<@&" + value.role + ">", name: "" };
  }
  return value;
}

/** Channels and roles of a server in the order Discord lists them. */
function byPosition(a, b) {
  return a.rawPosition - b.rawPosition || (BigInt(a.id) < BigInt(b.id) ? -1 : 1);
}

/** The server's first text channel of that name ("#mod-log" or "mod-log", any case), or by id. */
function textChannelNamed(guild, name) {
  const wanted = String(name).trim().replace(/^#/, "").toLowerCase();
  const id = idIn(wanted, "channel");
  const found = [...guild.channels.cache.values()]
    .filter((channel) => channel.type === ChannelType.GuildText || channel.type === ChannelType.GuildAnnouncement)
    .filter((channel) => channel.id === id || channel.name.toLowerCase() === wanted)
    .sort(byPosition);
  return found[0] || null;
}

/** Whether a channel is the one an event names ("#suggestions", "suggestions" or an id). */
function channelMatches(channel, wanted) {
  const name = String(wanted).trim().replace(/^#/, "").toLowerCase();
  return Boolean(channel) && (channel.id === idIn(name, "channel") || (channel.name || "").toLowerCase() === name);
}

/** Whether a member has a permission; Administrator has them all. */
function hasPermission(member, permission) {
  return Boolean(member && member.permissions) && member.permissions.has(PermissionFlagsBits[permission]);
}

/** Whether a member has a role of that name (any case), that id or that mention. */
function hasRole(member, role) {
  if (!member || !member.roles) return false;
  const wanted = String(role).trim();
  const id = idIn(wanted, "role");
  return member.roles.cache.some((item) => item.id === id || item.name.toLowerCase() === wanted.toLowerCase());
}

/** Mentions in the bot's messages ping members and roles, never @everyone or @here. */
const allowedMentions = { parse: ["users", "roles"] };

function messageBody(payload) {
  return { allowedMentions, ...payload };
}
`;
