/**
 * lib/blueprint-runtime.js, part 1b: when an action fails — why, in the few plain words the next
 * answer says (lib/blueprint/failure-notice.ts, the same in the Python bot), and that answer's text.
 */
import { discordFailureReasons, failureReasons, noticeLines } from "../failure-notice";
import {
  describeSeconds,
  diceLimits,
  dicePattern,
  durationLimits,
  durationPatterns,
  listPatterns,
  unitSeconds,
} from "../vocabulary";
import { jsString } from "./literals";

const reasons = Object.entries(failureReasons)
  .map(([name, text]) => `  ${name}: ${jsString(text)},`)
  .join("\n");
const limits = Object.entries(durationLimits)
  .map(([action, most]) => `  ${action}: [${most}, ${jsString(describeSeconds(most))}],`)
  .join("\n");
const codes = Object.entries(discordFailureReasons)
  .map(([code, text]) => `  ${code}: ${jsString(text)},`)
  .join("\n");

export const runtimeFailures = String.raw`
// -- When an action fails --------------------------------------------------------------------------

/** An action that cannot be done: the message is for the log, "plain" for the answer after it. */
class Failed extends Error {
  constructor(message, plain) {
    super(message);
    this.plain = plain || null;
  }
}

/** Why an action failed, as the answer after it says it. */
const failureReasons = {
${reasons}
};

/** Discord's error codes those answers explain; any other failure is told without a reason. */
const discordFailureReasons = {
${codes}
};

/** Why an action failed in plain words, or null when there are none to say. */
function plainReason(error) {
  if (error instanceof Failed) return error.plain;
  if (error && typeof error.code === "number") return discordFailureReasons[error.code] || null;
  return null;
}

function notANumber(value) {
  return '"' + String(value) + '" is not a number';
}

function noSuchItem(position, count) {
  return "there is no item " + position + " (the list has " + count + ")";
}

function notADuration(value) {
  return '"' + String(value) + '" is not a length of time like 10m or 2 hours';
}

function durationTooLong(value, most) {
  return '"' + String(value) + '" is longer than ' + most;
}

/** Seconds in each unit a duration may be written in. */
const durationUnits = ${JSON.stringify(unitSeconds)};

/**
 * A duration a template gave ("10m", "2 hours", "1h30m") in whole seconds, read as the builder
 * reads one; an action with a value that is not one, or is longer than "most" seconds, fails.
 */
function readDuration(value, most, mostText) {
  const text = String(value).trim().toLowerCase().replace(new RegExp(${jsString(durationPatterns.unitThenNumber)}, "g"), "$1 ");
  let total = 0;
  for (const part of text.split(new RegExp(${jsString(durationPatterns.split)}))) {
    const match = new RegExp(${jsString(durationPatterns.part)}).exec(part.trim());
    const unit = match && Object.hasOwn(durationUnits, match[2]) ? durationUnits[match[2]] : 0;
    if (!unit) throw new Failed(JSON.stringify(String(value)) + " is not a duration", notADuration(value));
    total += Number(match[1]) * unit;
  }
  const seconds = Math.floor(total);
  if (seconds <= 0) throw new Failed(JSON.stringify(String(value)) + " is not a duration", notADuration(value));
  if (seconds > most) throw new Failed(JSON.stringify(String(value)) + " is too long", durationTooLong(value, mostText));
  return seconds;
}

/** The longest each action takes (seconds, and as its refusal says it). */
const durationLimits = {
${limits}
};

/** An action's duration in seconds: as compiled (a number), or as a template gave it (read now). */
function durationSeconds(value, action) {
  if (typeof value === "number") return value;
  const [most, mostText] = durationLimits[action];
  return readDuration(value, most, mostText);
}

function notDice(value) {
  return '"' + String(value) + '" is not dice like 2d6 or 1d20+5';
}

/** Dice a template gave ("2d6", "d20", "1d20+5") read as the builder reads them; anything else fails. */
function readDice(value) {
  const match = new RegExp(${jsString(dicePattern)}).exec(String(value).trim().toLowerCase());
  const count = match ? (match[1] ? Number(match[1]) : 1) : 0;
  const sides = match ? Number(match[2]) : 0;
  const modifier = match && match[4] ? (match[3] === "-" ? -1 : 1) * Number(match[4]) : 0;
  if (!match || count < 1 || count > ${diceLimits.count} || sides < 1 || sides > ${diceLimits.sides} || Math.abs(modifier) > ${diceLimits.modifier}) {
    throw new Failed(JSON.stringify(String(value)) + " is not dice", notDice(value));
  }
  return { count, sides, modifier };
}

/** The items a text lists ("pizza, tacos" or "tea or coffee"), as the builder reads them (lib/blueprint/vocabulary.ts). */
function listItems(value) {
  const trim = (item) => item.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, "");
  const lines = String(value).split("\n").map(trim).filter(Boolean);
  if (lines.length > 1) return lines.slice(0, ${listPatterns.limit});
  const line = lines[0] || "";
  let items = line.split(new RegExp(${jsString(listPatterns.separators)}));
  if (items.length === 1) items = line.split(new RegExp(${jsString(listPatterns.or)}));
  return items.map(trim).filter(Boolean).slice(0, ${listPatterns.limit});
}

function notAUserId(value) {
  return '"' + String(value) + '" is not a user id';
}

/** One failed action: "I couldn't post in #suggestions: there is no such channel." */
function failureLine(what, reason) {
  return "I couldn't " + what + (reason ? ": " + reason : "") + ".";
}

/** What the next answer says instead of its own text: a line per failed action, at most ${noticeLines}. */
function failureNotice(lines) {
  const shown = lines.slice(0, ${noticeLines});
  const more = lines.length - shown.length;
  if (more > 0) shown.push(more + " more " + (more === 1 ? "action" : "actions") + " failed too.");
  return shown.join("\n");
}
`;
