/**
 * lib/blueprint-runtime.js, part 1b: when an action fails — why, in the few plain words the next
 * answer says (lib/blueprint/failure-notice.ts, the same in the Python bot), and that answer's text.
 */
import { discordFailureReasons, failureReasons, noticeLines } from "../failure-notice";
import { jsString } from "./literals";

const reasons = Object.entries(failureReasons)
  .map(([name, text]) => `  ${name}: ${jsString(text)},`)
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
