/**
 * bot/runtime.py, first part: imports, the failure log line, numbers and text as the README prints and compares them, permissions and cooldowns.
 * Static Python (no blueprint text), joined into bot/runtime.py by python-runtime.ts.
 */
import { functionArity, typedArithmetic } from "../expression";
import { listProperties } from "../placeholders";
import { listMarkers, numberListSeparator } from "../vocabulary";
import { pyString } from "./literals";

const typedFunctions = Object.entries(functionArity)
  .map(([name, [least, most]]) => `${pyString(name)}: (${least}, ${most})`)
  .join(", ");

export const runtimeNumbers = String.raw`"""What every compiled blueprint shares: numbers and text printed the same way in every language,
the run of a command or event (placeholders, replies, members, channels, roles), stored data and
timers that survive a restart. The generated bot/commands.py and bot/events.py call into this."""
import asyncio
import datetime
import math
import random
import re
import sys
import time
import uuid
from decimal import ROUND_HALF_UP, Decimal

import discord

from bot.db import db


def log_failure(where, action, error):
    """One line per failed action; the run goes on with the next one."""
    reason = str(error) or type(error).__name__
    print(f"[blueprint] {where}: {action} failed: {reason}", flush=True)


# -- Numbers ---------------------------------------------------------------------------------------

# ASCII digits only, as in JavaScript: Python's \d would also read "١٢" as 12.
_INTEGER = re.compile(r"[+-]?\d+", re.ASCII)
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?", re.ASCII)


def read_number(text):
    """The number a text reads as (after trimming), or None: decimal notation only, so "inf",
    "nan" and "1_000" (which float() accepts) are text here, as in every compiled bot."""
    if isinstance(text, bool):
        return None
    if isinstance(text, (int, float)):
        return float(text) if math.isfinite(text) else None
    trimmed = str(text).strip()
    if not _NUMBER.fullmatch(trimmed):
        return None
    number = float(trimmed)
    return number if math.isfinite(number) else None


def format_number(value):
    """Whole numbers below 1e15 without decimals; others rounded to 10 significant digits
    (halves away from zero, as JavaScript's toPrecision), then written with the fewest digits
    that read back as that number: plain from 1e-6 to 1e15, else 1.5e+21 / 2e-7."""
    value = float(value)
    if not math.isfinite(value):
        return "NaN"
    if value == int(value) and abs(value) < 1e15:
        return str(int(value))
    exact = Decimal(value)
    digits = exact.quantize(Decimal(1).scaleb(exact.adjusted() - 9), rounding=ROUND_HALF_UP)
    rounded = float(digits)
    # Near the largest double, rounding up can overflow: then the ten digits themselves.
    shortest = Decimal(repr(rounded)) if math.isfinite(rounded) else digits
    if Decimal("1e-6") <= abs(shortest) < Decimal("1e15"):
        text = format(shortest, "f")
        return text.rstrip("0").rstrip(".") if "." in text else text
    mantissa, exponent = format(shortest, "e").split("e")
    if "." in mantissa:
        mantissa = mantissa.rstrip("0").rstrip(".")
    power = int(exponent)
    return f"{mantissa}e{'+' if power >= 0 else '-'}{abs(power)}"


def divide(left, right):
    """left / right, where dividing by zero gives infinity or NaN instead of an exception."""
    if right == 0:
        if left == 0 or math.isnan(left):
            return math.nan
        return math.copysign(math.inf, left) * math.copysign(1.0, right)
    return left / right


def remainder(left, right):
    """The remainder with the sign of the left side (Python's % takes the right side's)."""
    try:
        return math.fmod(left, right)
    except ValueError:
        return math.nan


def power(base, exponent):
    """base ^ exponent, with JavaScript's answers where Python raises or differs."""
    if math.isnan(exponent) or (abs(base) == 1 and math.isinf(exponent)):
        return math.nan
    try:
        return math.pow(base, exponent)
    except OverflowError:
        odd = float(exponent).is_integer() and exponent % 2 == 1
        return -math.inf if base < 0 and odd else math.inf
    except ValueError:
        if base == 0:
            odd = float(exponent).is_integer() and exponent % 2 == 1
            return math.copysign(math.inf, base) if odd else math.inf
        return math.nan


def round_half_away(value):
    """round(): halves away from zero (2.5 -> 3, -2.5 -> -3); Python's round() goes to even."""
    if not math.isfinite(value):
        return value
    whole = math.floor(abs(value))
    if abs(value) - whole >= 0.5:
        whole += 1
    return math.copysign(float(whole), value)


def floor(value):
    return float(math.floor(value)) if math.isfinite(value) else value


def ceil(value):
    return float(math.ceil(value)) if math.isfinite(value) else value


def sqrt(value):
    return math.sqrt(value) if value >= 0 or math.isnan(value) else math.nan


LIST_MARKERS = {
    "numbered": [${listMarkers.numbered.map(pyString).join(", ")}],
    "lettered": [${listMarkers.lettered.map(pyString).join(", ")}],
}


TEXT_DETAILS = (${listProperties.map(pyString).join(", ")})


def text_detail(text, detail):
    """{option.x.upper} and the rest: the text changed, or what it lists, as the JavaScript bot shows it."""
    if detail == "count":
        return format_number(len(list_items(text)))
    if detail == "upper":
        return text.upper()
    if detail == "lower":
        return text.lower()
    if detail == "reversed":
        return text[::-1]
    if detail == "length":
        return format_number(len(text))
    return marked_list(list_items(text), detail)


def marked_list(items, kind):
    """A list's items one a line after keycap digits or regional-indicator letters (then "11."), as the builder shows them."""
    markers = LIST_MARKERS[kind]
    return "\n".join(f"{markers[index] if index < len(markers) else str(index + 1) + '.'} {item}" for index, item in enumerate(items))


STARTED_AT = time.monotonic()


def describe_uptime(seconds):
    """{bot.uptime}: the two largest units, "2h 5m" (lib/blueprint/vocabulary.ts describeUptime)."""
    whole = max(0, math.floor(seconds))
    parts = [(whole // 86400, "d"), ((whole % 86400) // 3600, "h"), ((whole % 3600) // 60, "m"), (whole % 60, "s")]
    first = next((index for index, (value, _) in enumerate(parts) if value > 0), None)
    if first is None:
        return "0s"
    return " ".join(f"{value}{unit}" for value, unit in parts[first : first + 2] if value > 0)


def sum_of(values):
    """sum() in calculations: added left to right, as the JavaScript bot adds them (not math.fsum)."""
    total = 0.0
    for value in values:
        total += value
    return total


def average_of(values):
    """average() in calculations; of no number, 0."""
    return sum_of(values) / len(values) if values else 0.0


def numbers_in(text):
    """The numbers a text lists ("3 4 5", "3, 4, 5"), for sum() and average(); what is not a number is skipped."""
    return [number for number in (read_number(piece) for piece in re.split(${pyString(numberListSeparator)}, str(text))) if number is not None]


TYPED_FUNCTIONS = {${typedFunctions}}


class _NotArithmetic(Exception):
    pass


def evaluate_text(value):
    """evaluate() in calculations: the arithmetic a member typed ("2+3*4", "(1.5 + 2) ^ 2",
    "10 ÷ 4"), read by the builder's rules, or NaN when it is not arithmetic. Never run as code."""
    typed = str(value if value is not None else "")
    if len(typed) > ${typedArithmetic.limit} or not re.search(${pyString(typedArithmetic.allowed)}, typed):
        return math.nan
    text = typed.replace("**", "^")
    text = re.sub(${pyString(typedArithmetic.times)}, "*", text)
    text = text.replace("÷", "/")
    text = re.sub(${pyString(typedArithmetic.trailing)}, "", text, count=1)
    tokens = []
    index = 0
    while index < len(text):
        rest = text[index:]
        space = re.match(r"[ \t\r\n]+", rest)
        number = re.match(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)", rest)
        name = re.match(r"[a-zA-Z]+", rest)
        if space:
            index += len(space.group(0))
        elif number:
            tokens.append(("number", float(number.group(0))))
            index += len(number.group(0))
        elif name:
            lower = name.group(0).lower()
            if lower not in TYPED_FUNCTIONS:
                return math.nan
            tokens.append(("name", lower))
            index += len(name.group(0))
        elif rest[0] in "+-*/%^(),":
            tokens.append(("mark", rest[0]))
            index += 1
        else:
            return math.nan
    if not tokens:
        return math.nan
    precedence = {"+": 1, "-": 1, "*": 2, "/": 2, "%": 2, "^": 3}
    position = 0

    def is_mark(at, mark):
        return at < len(tokens) and tokens[at] == ("mark", mark)

    def primary(depth):
        nonlocal position
        if depth > 32 or position >= len(tokens):
            raise _NotArithmetic()
        kind, token = tokens[position]
        position += 1
        if kind == "number":
            return token
        if kind == "mark" and token == "-":
            return -binary(3, depth + 1)
        if kind == "mark" and token == "+":
            return binary(3, depth + 1)
        if kind == "mark" and token == "(":
            inner = binary(1, depth + 1)
            if not is_mark(position, ")"):
                raise _NotArithmetic()
            position += 1
            return inner
        if kind == "name":
            if not is_mark(position, "("):
                raise _NotArithmetic()
            position += 1
            args = []
            if not is_mark(position, ")"):
                while True:
                    args.append(binary(1, depth + 1))
                    if is_mark(position, ","):
                        position += 1
                    else:
                        break
            if not is_mark(position, ")"):
                raise _NotArithmetic()
            position += 1
            least, most = TYPED_FUNCTIONS[token]
            if len(args) < least or len(args) > most or token == "evaluate":
                raise _NotArithmetic()
            if token == "sum":
                return sum_of(args)
            if token == "average":
                return sum_of(args) / len(args)
            calls = {"round": round_half_away, "floor": floor, "ceil": ceil, "sqrt": sqrt, "abs": abs}
            if token == "min":
                return minimum(*args)
            if token == "max":
                return maximum(*args)
            return calls[token](args[0])
        raise _NotArithmetic()

    def binary(least, depth):
        nonlocal position
        left = primary(depth)
        while True:
            if position >= len(tokens):
                return left
            kind, operator = tokens[position]
            if kind != "mark" or operator not in precedence or precedence[operator] < least:
                return left
            position += 1
            right = binary(3 if operator == "^" else precedence[operator] + 1, depth + 1)
            if operator == "+":
                left = left + right
            elif operator == "-":
                left = left - right
            elif operator == "*":
                left = left * right
            elif operator == "/":
                left = divide(left, right)
            elif operator == "%":
                left = remainder(left, right)
            else:
                left = power(left, right)

    try:
        result = binary(1, 0)
    except _NotArithmetic:
        return math.nan
    return math.nan if position < len(tokens) else result


def minimum(*values):
    return math.nan if any(math.isnan(value) for value in values) else min(values)


def maximum(*values):
    return math.nan if any(math.isnan(value) for value in values) else max(values)


# -- Text ------------------------------------------------------------------------------------------


def _utf16(text):
    # JavaScript orders text by UTF-16 code units; this key orders Python text the same way.
    return text.encode("utf-16-be", "surrogatepass")


def compare(left, operator, right):
    """Both as numbers when both read as one, otherwise as text, case-insensitively."""
    if operator in ("contains", "startsWith"):
        left, right = left.lower(), right.lower()
        return right in left if operator == "contains" else left.startswith(right)
    a, b = read_number(left), read_number(right)
    if a is None or b is None:
        a, b = _utf16(left.lower()), _utf16(right.lower())
    elif _INTEGER.fullmatch(str(left).strip()) and _INTEGER.fullmatch(str(right).strip()):
        # Whole numbers exactly: Discord ids are larger than a float holds.
        a, b = int(str(left).strip()), int(str(right).strip())
    return {
        "==": a == b,
        "!=": a != b,
        "<": a < b,
        "<=": a <= b,
        ">": a > b,
        ">=": a >= b,
    }[operator]


def channel_name(text):
    """A Discord channel name: lowercase, spaces to -, only letters, digits, - and _."""
    name = re.sub(r"\s+", "-", text.strip().lower())
    name = "".join(char for char in name if char.isalnum() or char in "-_")
    return name[:100] or "channel"


def snowflake_in(text):
    """The id in "<@123>", "<#123>", "<@&123>" or "123", or None."""
    match = re.fullmatch(r"\s*(?:<(?:@[!&]?|#))?(\d{15,21})>?\s*", str(text), re.ASCII)
    return int(match.group(1)) if match else None


def display_name(member):
    """Server nickname, else global name, else username."""
    return getattr(member, "nick", None) or getattr(member, "global_name", None) or member.name


def roles_of(member):
    """A member's roles, highest first (without @everyone); None when it is not a member."""
    if not isinstance(member, discord.Member):
        return None
    return [role for role in reversed(member.roles) if not role.is_default()]


def role_names(member):
    """A member's roles as templates show them: their names, highest first, or "no roles"."""
    roles = roles_of(member)
    if roles is None:
        return ""
    return ", ".join(role.name for role in roles) or "no roles"


def top_role(member):
    """A member's highest role's name, or "no role"."""
    roles = roles_of(member)
    if roles is None:
        return ""
    return roles[0].name if roles else "no role"


def describe(value, detail=""):
    """A placeholder's text: {option.x}, {result.x} and their .mention / .name / .id."""
    if value is None:
        return ""
    if detail in TEXT_DETAILS:
        return text_detail(describe(value), detail)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return format_number(value)
    if isinstance(value, str):
        if detail == "id":
            found = snowflake_in(value)
            return str(found) if found else value
        return value
    if isinstance(value, list):
        return ", ".join(describe(item) for item in value)
    if isinstance(value, discord.Message):
        return str(value.id) if detail == "id" else value.jump_url
    if isinstance(value, (discord.Member, discord.User)):
        if detail == "avatar":
            return value.display_avatar.url
        if detail == "roles":
            return role_names(value)
        if detail == "toprole":
            return top_role(value)
        return {"name": display_name(value), "id": str(value.id)}.get(detail, value.mention)
    if isinstance(value, (discord.Role, discord.abc.GuildChannel, discord.Thread)):
        return {"name": value.name, "id": str(value.id)}.get(detail, value.mention)
    return str(value)


# -- Permissions and cooldowns ---------------------------------------------------------------------

PERMISSIONS = __PERMISSIONS__


def has_permissions(member, names):
    """The permissions of 'names' the member lacks (Administrator passes everything)."""
    granted = member.guild_permissions
    if granted.administrator:
        return []
    return [name for name in names if not getattr(granted, PERMISSIONS[name][0])]


def permission_refusal(missing, where):
    labels = " and ".join(f"**{PERMISSIONS[name][1]}**" for name in missing)
    return f"You need the {labels} permission to use {where}."


_cooldowns = {}


def cooldown_left(where, seconds, per, run):
    """Seconds until 'where' may run again for this user (or server); starts the cooldown if 0."""
    owner = run.guild.id if per == "server" else run.user.id
    now = time.monotonic()
    until = _cooldowns.get((where, owner), 0)
    if until > now:
        return until - now
    _cooldowns[(where, owner)] = now + seconds
    return 0


def cooldown_refusal(where, left):
    seconds = math.ceil(left)
    if seconds > 90 * 60:
        wait = f"{math.ceil(seconds / 3600)}h"
    elif seconds > 90:
        wait = f"{math.ceil(seconds / 60)}m"
    else:
        wait = f"{seconds}s"
    return f"Slow down! You can use {where} again in {wait}."
`;
