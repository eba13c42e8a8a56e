/**
 * What a bot says when an action failed (lib/blueprint/README.md, "Running a command or an
 * event"): the next answer of the run says what could not be done instead of its own text, so a
 * bot never answers "Posted in #suggestions!" after the post failed.
 *
 * One source for both compilers and the proof's oracle: the description of each action ("post in
 * #suggestions", "give you the Gamer role") is a template, rendered by the bot when the action
 * runs, and the reasons are the same few plain words in every language.
 */
import { referenceIn } from "./placeholders";
import type { Action } from "./schema";

/** Why an action failed, as the notice says it (the same text in JavaScript and Python). */
export const failureReasons = {
  channel: "there is no such channel",
  role: "there is no such role",
  member: "the member is not in this server",
  user: "there is no such user",
  message: "there is no message here",
  permission: "I don't have permission",
  directMessages: "they don't accept direct messages",
  list: "there was nothing to pick from",
} as const;

/** Discord's error codes the notice explains; any other failure is told without a reason. */
export const discordFailureReasons: Record<number, string> = {
  10003: failureReasons.channel,
  10007: failureReasons.member,
  10011: failureReasons.role,
  10013: failureReasons.user,
  50001: failureReasons.permission,
  50007: failureReasons.directMessages,
  50013: failureReasons.permission,
};

/** A value that had to read as a number: `"abc" is not a number`. */
export function notANumber(text: string): string {
  return `"${text}" is not a number`;
}

/** A value that had to read as a duration: `"abc" is not a length of time like 10m or 2 hours`. */
export function notADuration(text: string): string {
  return `"${text}" is not a length of time like 10m or 2 hours`;
}

/** A duration longer than the action allows: `"60d" is longer than 28 days`. */
export function durationTooLong(text: string, most: string): string {
  return `"${text}" is longer than ${most}`;
}

/** A value that had to be dice: `"abc" is not dice like 2d6 or 1d20+5`. */
export function notDice(text: string): string {
  return `"${text}" is not dice like 2d6 or 1d20+5`;
}

/** store removeAt: a position the list does not have: `there is no item 7 (the list has 3)`. */
export function noSuchItem(position: string, count: number): string {
  return `there is no item ${position} (the list has ${count})`;
}

/** A value that had to name a user: `"abc" is not a user id`. */
export function notAUserId(text: string): string {
  return `"${text}" is not a user id`;
}

/** Failures a notice lists one by one; more are counted on one last line. */
export const noticeLines = 5;

/** One failure: "I couldn't post in #suggestions: there is no such channel." */
export function failureLine(what: string, reason: string | null): string {
  return `I couldn't ${what}${reason ? `: ${reason}` : ""}.`;
}

/** The text that replaces the next answer: one line per failure, at most `noticeLines` of them. */
export function failureNotice(lines: string[]): string {
  const shown = lines.slice(0, noticeLines);
  const more = lines.length - shown.length;
  return [...shown, ...(more > 0 ? [`${more} more ${more === 1 ? "action" : "actions"} failed too.`] : [])].join("\n");
}

/** Literal text inside a template (a name with a brace in it stays text). */
function literal(text: string): string {
  return text.replace(/[{}]/g, (brace) => brace + brace);
}

/** Who an action is about: "you" for whoever set the run off, else the member's name. */
function who(reference: string | undefined): string {
  const found = referenceIn(reference ?? "{user}");
  if (!found || found.root === "user") return "you";
  if (found.root === "option" || found.root === "result") return `{${found.root}.${found.name}.name}`;
  return "them";
}

/** A role as the notice names it: its name as written, or the option's role by name. */
function role(reference: string): string {
  const found = referenceIn(reference);
  if (!found) return literal(reference.trim());
  if (found.root === "option" || found.root === "result") return `{${found.root}.${found.name}.name}`;
  return "that";
}

/** Whether a channel reference is where the run happens ("here", "{channel}"). */
export function isHere(reference: string): boolean {
  const trimmed = reference.trim();
  return trimmed === "here" || referenceIn(trimmed)?.root === "channel";
}

/** A channel as the notice names it: "#name" as written, or the option's channel (its mention). */
function channel(reference: string): string {
  const trimmed = reference.trim();
  const found = referenceIn(trimmed);
  if (!found) return literal(`#${trimmed.replace(/^#/, "")}`);
  if (found.root === "option" || found.root === "result") return `{${found.root}.${found.name}}`;
  return "that channel";
}

/**
 * What an action does, as the notice says it after "I couldn't …" — a template of the blueprint
 * (member and role options by name, channel options as mentions). Null for the answers
 * themselves (reply, showModal), for what runs no action (if, stop) and for what cannot fail
 * (picking one of the choices, lookup, calculate): their failures are not told.
 */
export function failureWhat(action: Action): string | null {
  switch (action.do) {
    case "reply":
    case "showModal":
    case "if":
    case "stop":
      return null;
    case "send":
      return isHere(action.channel) ? "post here" : `post in ${channel(action.channel)}`;
    case "dm":
      return `send ${who(action.member)} a direct message`;
    case "react":
      return "react to the message";
    case "deleteMessage":
      return "delete the message";
    case "purge":
      return "delete messages here";
    case "timeout":
      return `time out ${who(action.member)}`;
    case "removeTimeout":
      return `take the timeout off ${who(action.member)}`;
    case "kick":
      return `kick ${who(action.member)}`;
    case "ban":
      return `ban ${who(action.member)}`;
    case "unban":
      return "unban that user";
    case "addRole":
      return `give ${who(action.member)} the ${role(action.role)} role`;
    case "removeRole":
      return `take the ${role(action.role)} role from ${who(action.member)}`;
    case "toggleRole":
      return `toggle the ${role(action.role)} role for ${who(action.member)}`;
    case "createChannel":
      return "create the channel";
    case "deleteChannel":
      return isHere(action.channel) ? "delete this channel" : `delete ${channel(action.channel)}`;
    case "slowmode":
      return isHere(action.channel) ? "set slowmode here" : `set slowmode in ${channel(action.channel)}`;
    case "lockChannel":
      return isHere(action.channel) ? "lock this channel" : `lock ${channel(action.channel)}`;
    case "unlockChannel":
      return isHere(action.channel) ? "unlock this channel" : `unlock ${channel(action.channel)}`;
    case "addToChannel":
      return `add ${who(action.member)} to ${isHere(action.channel) ? "this channel" : channel(action.channel)}`;
    case "removeFromChannel":
      return `remove ${who(action.member)} from ${isHere(action.channel) ? "this channel" : channel(action.channel)}`;
    case "store":
      return action.op === "get" || action.op === "list" ? `read ${action.data}` : `update ${action.data}`;
    case "random":
      return action.choices
        ? null
        : action.from !== undefined
          ? "pick one"
          : action.dice !== undefined
            ? "roll the dice"
            : "pick a random number";
    case "lookup":
    case "calculate":
      return null;
    case "wait":
      return "schedule what comes next";
  }
}
