/**
 * bot/runtime.py: when an action fails — why, in the few plain words the next answer says
 * (lib/blueprint/failure-notice.ts, the same in the JavaScript bot), and that answer's text.
 * Static Python but for those words, joined into bot/runtime.py by python-runtime.ts.
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
import { pyString } from "./literals";

const limits = Object.entries(durationLimits)
  .map(([action, most]) => `    ${pyString(action)}: (${most}, ${pyString(describeSeconds(most))}),`)
  .join("\n");
const units = Object.entries(unitSeconds)
  .map(([name, seconds]) => `    ${pyString(name)}: ${seconds},`)
  .join("\n");

const reasons = Object.entries(failureReasons)
  .map(([name, text]) => `    ${pyString(name)}: ${pyString(text)},`)
  .join("\n");
const codes = Object.entries(discordFailureReasons)
  .map(([code, text]) => `    ${code}: ${pyString(text)},`)
  .join("\n");

export const runtimeFailures = String.raw`# -- When an action fails --------------------------------------------------------------------------

# Why an action failed, as the answer after it says it.
FAILURE_REASONS = {
${reasons}
}

# Discord's error codes those answers explain; any other failure is told without a reason.
DISCORD_FAILURE_REASONS = {
${codes}
}


class Failed(Exception):
    """An action that cannot be done (nothing of that name, not a number…): logged, run goes on.
    'plain': why, in the words the answer after it says (FAILURE_REASONS)."""

    def __init__(self, reason, plain=None):
        super().__init__(reason)
        self.plain = plain


def plain_reason(error):
    """Why an action failed in plain words, or None when there are none to say."""
    if isinstance(error, Failed):
        return error.plain
    if isinstance(error, discord.HTTPException):
        return DISCORD_FAILURE_REASONS.get(error.code)
    return None


def not_a_number(value):
    return '"' + str(value) + '" is not a number'


def no_such_item(position, count):
    return "there is no item " + str(position) + " (the list has " + str(count) + ")"


def not_a_duration(value):
    return '"' + str(value) + '" is not a length of time like 10m or 2 hours'


def duration_too_long(value, most):
    return '"' + str(value) + '" is longer than ' + most


# Seconds in each unit a duration may be written in.
DURATION_UNITS = {
${units}
}


def read_duration(value, most, most_text):
    """A duration a template gave ("10m", "2 hours", "1h30m") in whole seconds, read as the
    builder reads one; a value that is not one, or is longer than 'most' seconds, fails."""
    text = re.sub(${pyString(durationPatterns.unitThenNumber)}, r"\1 ", str(value).strip().lower())
    total = 0.0
    for part in re.split(${pyString(durationPatterns.split)}, text):
        match = re.match(${pyString(durationPatterns.part)}, part.strip())
        unit = DURATION_UNITS.get(match.group(2), 0) if match else 0
        if not unit:
            raise Failed('"' + str(value) + '" is not a duration', not_a_duration(value))
        total += float(match.group(1)) * unit
    seconds = math.floor(total)
    if seconds <= 0:
        raise Failed('"' + str(value) + '" is not a duration', not_a_duration(value))
    if seconds > most:
        raise Failed('"' + str(value) + '" is too long', duration_too_long(value, most_text))
    return seconds


# The longest each action takes (seconds, and as its refusal says it).
DURATION_LIMITS = {
${limits}
}


def duration_seconds(value, action):
    """An action's duration in seconds: as compiled (a number), or as a template gave it (read now)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    most, most_text = DURATION_LIMITS[action]
    return read_duration(value, most, most_text)


def not_dice(value):
    return '"' + str(value) + '" is not dice like 2d6 or 1d20+5'


def read_dice(value):
    """Dice a template gave ("2d6", "d20", "1d20+5") read as the builder reads them; anything else fails."""
    match = re.match(${pyString(dicePattern)}, str(value).strip().lower())
    count = (int(match.group(1)) if match.group(1) else 1) if match else 0
    sides = int(match.group(2)) if match else 0
    modifier = ((-1 if match.group(3) == "-" else 1) * int(match.group(4))) if match and match.group(4) else 0
    if not match or count < 1 or count > ${diceLimits.count} or sides < 1 or sides > ${diceLimits.sides} or abs(modifier) > ${diceLimits.modifier}:
        raise Failed('"' + str(value) + '" is not dice', not_dice(value))
    return count, sides, modifier


def list_items(value):
    """The items a text lists ("pizza, tacos" or "tea or coffee"), as the builder reads them (lib/blueprint/vocabulary.ts)."""
    lines = [kept for kept in (line.strip(" \t\r\n") for line in str(value).split("\n")) if kept]
    if len(lines) > 1:
        return lines[:${listPatterns.limit}]
    line = lines[0] if lines else ""
    items = re.split(${pyString(listPatterns.separators)}, line)
    if len(items) == 1:
        items = re.split(${pyString(listPatterns.or)}, line)
    return [kept for kept in (item.strip(" \t\r\n") for item in items) if kept][:${listPatterns.limit}]


def not_a_user_id(value):
    return '"' + str(value) + '" is not a user id'


def failure_line(what, reason):
    """One failed action: "I couldn't post in #suggestions: there is no such channel." """
    return "I couldn't " + what + (": " + reason if reason else "") + "."


def failure_notice(lines):
    """What the next answer says instead of its own text: a line per failed action, at most ${noticeLines}."""
    shown = lines[:${noticeLines}]
    more = len(lines) - len(shown)
    if more > 0:
        shown.append(str(more) + " more " + ("action" if more == 1 else "actions") + " failed too.")
    return "\n".join(shown)
`;
