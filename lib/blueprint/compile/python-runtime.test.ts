/**
 * bot/runtime.py prints, compares and computes as lib/blueprint/README.md says, the same as
 * JavaScript: its helpers run in one Python process (the generated files in a temporary folder)
 * on fixed cases and on fuzzed doubles, checked against JavaScript's own answers.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { hostileNumber } from "@/tests/fuzz/arbitraries";
import { fuzzParameters } from "@/tests/fuzz/settings";
import { typedArithmeticFixed, typedArithmeticFuzzed } from "@/tests/fuzz/typed-arithmetic";

import { exampleBlueprints } from "../examples";
import { evaluateTyped } from "../expression";
import { durationTooLong, notADuration, notDice } from "../failure-notice";
import { describeUptime, listItems, markedList, parseDuration, readDice } from "../vocabulary";
import { failureAnswers } from "./failure-cases";
import { compilePython } from "./python";
import { pythonPattern } from "./python-pattern";
import { checked, python } from "./python-test-support";

let folder: string;

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), "cipher-python-runtime-"));
  for (const file of compilePython(checked(exampleBlueprints.utility))) {
    mkdirSync(dirname(join(folder, file.path)), { recursive: true });
    writeFileSync(join(folder, file.path), file.content);
  }
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * Calls runtime.<name>(*args) for each case in one Python process. Numbers JSON cannot hold
 * (NaN, ±Infinity, -0) travel as Python's own JSON tokens in, and as {"float": repr} out.
 */
function callRuntime(cases: [string, unknown[]][]): unknown[] {
  const program = String.raw`
import json, math, sys
from bot import runtime

def encode(value):
    if isinstance(value, float) and (not math.isfinite(value) or (value == 0 and math.copysign(1, value) < 0)):
        return {"float": repr(value)}
    return value

out = []
for name, args in json.load(sys.stdin):
    if name == "pattern":
        out.append(bool(runtime.pattern(args[0], args[1]).search(args[2])))
    elif name in ("read_duration", "read_dice"):
        try:
            read = getattr(runtime, name)(*args)
            out.append(dict(zip(("count", "sides", "modifier"), read)) if name == "read_dice" else read)
        except runtime.Failed as error:
            out.append({"failed": error.plain})
    else:
        out.append(encode(getattr(runtime, name)(*args)))
print(json.dumps(out))
`;
  const input = JSON.stringify(cases).replace(/"__(NaN|Infinity|-Infinity|-0\.0)__"/g, "$1");
  const output = execFileSync(python, ["-c", program], { cwd: folder, input, encoding: "utf8" });
  const floats: Record<string, number> = { nan: NaN, inf: Infinity, "-inf": -Infinity, "-0.0": -0 };
  return (JSON.parse(output) as unknown[]).map((value) =>
    value && typeof value === "object" && "float" in value ? floats[(value as { float: string }).float] : value,
  );
}

const asJson = (value: number): number | string =>
  Number.isNaN(value)
    ? "__NaN__"
    : !Number.isFinite(value)
      ? `__${value}__`
      : Object.is(value, -0)
        ? "__-0.0__"
        : value;

/** The README's number format, as the JavaScript runtime writes it. */
function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return "NaN";
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  const rounded = Number(value.toPrecision(10));
  // Rounding the largest doubles up overflows: the README still wants their ten digits.
  if (!Number.isFinite(rounded)) return value.toExponential(9).replace(/\.?0+e/, "e");
  const size = Math.abs(rounded);
  return size >= 1e-6 && size < 1e15 ? String(rounded) : rounded.toExponential();
}

describe("bot/runtime.py", () => {
  it("prints numbers as the README (and JavaScript) does", () => {
    const fixed = [
      3,
      -12,
      0.1 + 0.2,
      1 / 3,
      1e21,
      1.5e21,
      2e-7,
      1e15,
      1234567890.5,
      -1234567890.5,
      1e-6,
      -0,
      2 ** 53,
      5e-324,
    ];
    const fuzzed = fc.sample(hostileNumber([0.5, 2.5, 1e-7, 999999999999999.9]), fuzzParameters(300));
    const values = [...fixed, ...fuzzed];
    const printed = callRuntime(values.map((value) => ["format_number", [asJson(value)]]));
    expect(printed).toEqual(values.map(formatNumber));
  });

  it("computes % with the left side's sign, ^ and / as JavaScript, and rounds halves away from zero", () => {
    const pairs = [
      [-7, 3],
      [7, -3],
      [5.5, 2],
      [1, 0],
      [-1, 0],
      [0, 0],
      [2, 10],
      [-8, 1 / 3],
      [0, -1],
      [1, Infinity],
      [10, 400],
      [-10, 401],
      ...fc.sample(fc.tuple(hostileNumber(), hostileNumber()), fuzzParameters(100)),
    ];
    const cases: [string, unknown[]][] = pairs.flatMap(([a, b]) => [
      ["remainder", [asJson(a!), asJson(b!)]],
      ["power", [asJson(a!), asJson(b!)]],
      ["divide", [asJson(a!), asJson(b!)]],
    ]);
    const results = callRuntime(cases);
    const expected = pairs.flatMap(([a, b]) => [a! % b!, a! ** b!, a! / b!]);
    const wrong = results.flatMap((result, index) =>
      Object.is(result, expected[index])
        ? []
        : [
            `${cases[index]![0]}(${pairs[Math.floor(index / 3)]!.join(", ")}) = ${String(result)}, not ${expected[index]}`,
          ],
    );
    expect(wrong).toEqual([]);
    const rounded = callRuntime(
      [2.5, -2.5, 0.49999999999999994, 1.5, -0.4].map((value) => ["round_half_away", [value]]),
    );
    expect(rounded).toEqual([3, -3, 0, 2, -0]);
  });

  it("compares numbers as numbers and text case-insensitively", () => {
    const cases: [string, string, string, boolean][] = [
      ["10", "<", "9", false],
      [" 10 ", "==", "10.0", true],
      ["abc", "<", "ABD", true],
      ["Hello World", "contains", "WORLD", true],
      ["Hello", "startsWith", "he", true],
      ["inf", "==", "INF", true],
      ["", "==", "0", false],
      ["0x10", ">", "2", false],
      // Digits of other scripts are text, as in JavaScript (Python's \d alone would read them).
      ["\u0661\u0662", "==", "12", false],
      // Discord ids: neighbours beyond 2^53 are still told apart, and ordered.
      ["123456789012345678", "==", "123456789012345679", false],
      ["123456789012345678", "<", "123456789012345679", true],
    ];
    const results = callRuntime(cases.map(([left, op, right]) => ["compare", [left, op, right]]));
    expect(results).toEqual(cases.map((item) => item[3]));
  });

  it("reads a duration a template gave as the builder does, and refuses one that is not one or too long", () => {
    const fixed = ["10m", "1 hour", "1h30m", "1h 30m", "2 hours and 15 minutes", "1.5h", "90s", "7d", "2w"];
    const refused = ["10", "", "abc", "0m", "-5m", "5 parsecs", "1e3s", "３m", "٣m", "10m!", "53w", "1000000000d"];
    const pieces = fc.constantFrom(
      "1",
      "10",
      "0",
      "2.5",
      "999999",
      "m",
      "min",
      "h",
      "hours",
      "d",
      "w",
      " ",
      ",",
      " and ",
      "x",
      "M",
      "\t",
    );
    const fuzzed = fc.sample(
      fc.array(pieces, { maxLength: 6 }).map((parts) => parts.join("")),
      { seed: 34, numRuns: 200 },
    );
    const texts = [...fixed, ...refused, ...fuzzed];
    const most = 365 * 86_400;
    const expected = texts.map((text) => {
      const seconds = parseDuration(text);
      if (seconds === null) return { failed: notADuration(text) };
      if (seconds > most) return { failed: durationTooLong(text, "365 days") };
      return seconds;
    });
    expect(expected.slice(0, fixed.length).every((value) => typeof value === "number")).toBe(true);
    expect(
      expected.slice(fixed.length, fixed.length + refused.length).every((value) => typeof value === "object"),
    ).toBe(true);
    expect(callRuntime(texts.map((text) => ["read_duration", [text, most, "365 days"]]))).toEqual(expected);
  });

  it("reads dice as the builder and the JavaScript bot do, fixed and fuzzed", () => {
    const fixed = ["2d6", "d20", " 1D20+5 ", "3d8 - 2", "100d1000", "1d1"];
    const refused = ["101d6", "2d0", "0d6", "2d6+100001", "abc", "", "2x6", "d", "2d"];
    const pieces = fc.constantFrom("1", "2", "0", "12", "d", "D", "+", "-", " ", "5", "x", "1000");
    const fuzzed = fc.sample(
      fc.array(pieces, { maxLength: 6 }).map((parts) => parts.join("")),
      { seed: 35, numRuns: 200 },
    );
    const texts = [...fixed, ...refused, ...fuzzed];
    const expected = texts.map((text) => readDice(text) ?? { failed: notDice(text) });
    expect(expected.slice(0, fixed.length).every((value) => !("failed" in value))).toBe(true);
    expect(expected.slice(fixed.length, fixed.length + refused.length).every((value) => "failed" in value)).toBe(true);
    expect(callRuntime(texts.map((text) => ["read_dice", [text]]))).toEqual(expected);
  });

  it("splits lists as the builder and the JavaScript bot do, fixed and fuzzed", () => {
    const fixed = ["pizza, tacos, sushi", "tea or coffee", "  a ;b|c\nd ", "Orange OR lemon", ",,,", "", "single"];
    const pieces = fc.constantFrom(
      ",",
      ";",
      "|",
      "\n",
      " or ",
      " OR ",
      "\t",
      " ",
      "a",
      "é",
      "\u00a0",
      "\r",
      "or",
      "\u2028",
    );
    const fuzzed = fc.sample(
      fc.array(pieces, { maxLength: 8 }).map((parts) => parts.join("")),
      { seed: 36, numRuns: 200 },
    );
    const texts = [...fixed, ...fuzzed];
    expect(callRuntime(texts.map((text) => ["list_items", [text]]))).toEqual(texts.map(listItems));
  });

  it("reads arithmetic a member typed as the builder and the JavaScript bot do, fixed and fuzzed", () => {
    const texts = [...typedArithmeticFixed, ...typedArithmeticFuzzed(37)];
    const expected = texts.map((text) => formatNumber(evaluateTyped(text)));
    expect(expected.slice(0, 3)).toEqual(["14", "12.25", "2.5"]);
    const read = callRuntime(texts.map((text) => ["evaluate_text", [text]])) as number[];
    expect(read.map(formatNumber)).toEqual(expected);
  });

  it("changes a text and shows what it lists as the JavaScript bot does", () => {
    const texts = ["Hello World", "straße", "ΟΔΟΣ", "👍🏽 ok", "e\u0301", "a, b or c", "tea or coffee", "", "İstanbul"];
    const details = ["upper", "lower", "reversed", "length", "count", "numbered", "lettered"] as const;
    const expected = (text: string, detail: (typeof details)[number]): string => {
      const items = listItems(text);
      const marked = (kind: "numbered" | "lettered") => markedList(items, kind);
      if (detail === "upper") return text.toUpperCase();
      if (detail === "lower") return text.toLowerCase();
      if (detail === "reversed") return Array.from(text).reverse().join("");
      if (detail === "length") return String(Array.from(text).length);
      if (detail === "count") return String(items.length);
      return marked(detail);
    };
    const calls = texts.flatMap((text) =>
      details.map((detail) => ["text_detail", [text, detail]] as [string, unknown[]]),
    );
    const wanted = texts.flatMap((text) => details.map((detail) => expected(text, detail)));
    expect(callRuntime(calls)).toEqual(wanted);
  });

  it("says how long the bot has been online as the JavaScript bot does", () => {
    const seconds = [0, 0.9, 42, 60, 303, 3600, 7500, 86_400, 273_600, 90_061, 31_536_000];
    expect(callRuntime(seconds.map((value) => ["describe_uptime", [value]]))).toEqual(seconds.map(describeUptime));
  });

  it("matches patterns as JavaScript reads them", () => {
    const cases: [string, string][] = [
      ["\\d+", "٣"],
      ["^a.c$", "a\rc"],
      ["end$", "the end\n"],
      ["\\bword\\b", "éword"],
      ["x{,2}", "x{,2}"],
      ["[\\s]", "\u00a0"],
      ["(free|cheap) nitro", "FREE NITRO"],
    ];
    const results = callRuntime(cases.map(([pattern, text]) => ["pattern", [pythonPattern(pattern), true, text]]));
    expect(results).toEqual(cases.map(([pattern, text]) => new RegExp(pattern, "i").test(text)));
  });
});

describe("bot/runtime.py's stored data (in data/db.json when not on Cipher)", () => {
  it("keeps values under the README's keys, with initial values, lists and ordered listings", () => {
    const program = String.raw`
import asyncio, json
from types import SimpleNamespace
from bot import runtime
from bot.db import db

runtime.setup(None, {
    "coins": {"kind": "number", "scope": "member", "keyed": False, "initial": "5"},
    "tags": {"kind": "list", "scope": "user", "keyed": False, "initial": None},
    "notes": {"kind": "text", "scope": "server", "keyed": True, "initial": None},
}, {}, {})

async def main():
    run = runtime.Run("/test", SimpleNamespace(id=1), None, SimpleNamespace(id=2))
    run.options["sam"] = SimpleNamespace(id=3)
    out = [await run.data("coins")]
    out.append(await run.increment_data("coins", "10"))
    out.append(await run.decrement_data("coins", 1, member="option.sam"))
    try:
        await run.set_data("coins", "lots")
    except runtime.Failed as error:
        out.append(str(error))
    out.append(await run.append_data("tags", "b"))
    out.append(await run.append_data("tags", "a"))
    out.append(await run.remove_data("tags", "b"))
    await run.append_data("tags", "c")
    out.append(await run.remove_data_at("tags", "2"))
    for position in ["3", "0", "1.5", "two"]:
        try:
            await run.remove_data_at("tags", position)
        except runtime.Failed as error:
            out.append(error.plain)
    for key, value in [("zeta", "1"), ("Alpha", "30"), ("beta", "2")]:
        await run.set_data("notes", value, key=key)
    out.append(await run.list_data("notes"))
    out.append(await run.list_data("notes", order="highest", limit=2))
    out.append(await run.list_data("tags"))
    out.append(sorted(entry["key"] for entry in await db.list("data:")))
    print(json.dumps(out))

asyncio.run(main())
`;
    const output = execFileSync(python, ["-c", program], { cwd: folder, encoding: "utf8" });
    expect(JSON.parse(output)).toEqual([
      "5",
      15,
      4,
      "'lots' is not a number",
      1,
      2,
      1,
      "c",
      "there is no item 3 (the list has 1)",
      "there is no item 0 (the list has 1)",
      "there is no item 1.5 (the list has 1)",
      "there is no item two (the list has 1)",
      "Alpha: 30\nbeta: 2\nzeta: 1",
      "Alpha: 30\nbeta: 2",
      "a",
      [
        "data:coins:g1:u2",
        "data:coins:g1:u3",
        "data:notes:g1:Alpha",
        "data:notes:g1:beta",
        "data:notes:g1:zeta",
        "data:tags:u2",
      ],
    ]);
  });
});

describe("bot/runtime.py's schedules across restarts", () => {
  it("keeps their next runs under schedules.events.<index>, runs a missed one once, waits at most an interval", () => {
    // On a virtual clock: it stands still while anything can run, and when every task waits it
    // jumps to the next timer. So each run happens exactly when it is due, however busy the
    // machine; the runs are recorded in seconds since the bot was ready.
    const program = String.raw`
import asyncio, json, time
from types import SimpleNamespace

class VirtualClockLoop(asyncio.SelectorEventLoop):
    def __init__(self):
        super().__init__()
        self.virtual = 0.0
        select = self._selector.select
        def jump(timeout=None):
            # Nothing can run before the next timer (or, with None, ever): move the clock there.
            if timeout is not None and timeout > 0:
                self.virtual += timeout
            return select(0)
        self._selector.select = jump
    def time(self):
        return self.virtual

loop = VirtualClockLoop()
asyncio.set_event_loop(loop)
time.time = lambda: 1_700_000_000 + loop.time()

from bot import runtime
from bot.db import db

guild = SimpleNamespace(id=1, name="Server", system_channel=SimpleNamespace(id=3), text_channels=[])
runtime.setup(SimpleNamespace(guilds=[guild]), {}, {}, {})
runs = {}

def recorder(name):
    async def record(run):
        runs.setdefault(name, []).append(time.time() - start)
    return record

async def main():
    global start
    start = time.time()
    # Down for ten intervals of events.1; events.3 stored by a version with a far longer interval.
    await db.set("schedules", {"events.1": int((start - 10) * 1000), "events.3": int((start + 3600) * 1000), "events.7": 5})
    for name, seconds in [("events.1", 1), ("events.2", 0.8), ("events.3", 0.55)]:
        runtime.schedule(name, seconds, recorder(name))
    await asyncio.sleep(0.2)
    stored = {name: at / 1000 - start for name, at in (await db.get("schedules")).items() if name != "events.7"}
    await asyncio.sleep(1.15)
    print(json.dumps({"stored": stored, "kept": (await db.get("schedules"))["events.7"], "runs": runs}))

loop.run_until_complete(main())
`;
    const output = execFileSync(python, ["-c", program], { cwd: folder, encoding: "utf8" });
    const { stored, kept, runs } = JSON.parse(output) as {
      stored: Record<string, number>;
      kept: number;
      runs: Record<string, number[]>;
    };
    // To the millisecond (the store keeps whole ones): each run an interval after the one before.
    const near = (actual: number[] | undefined, expected: number[]) => {
      expect(actual, JSON.stringify(actual)).toHaveLength(expected.length);
      expected.forEach((at, index) => expect(actual![index]!, JSON.stringify(actual)).toBeCloseTo(at, 2));
    };
    // events.1 ran once at once (no catching up on the other nine), its next run stored an interval on.
    near([stored["events.1"]!], [1]);
    near(runs["events.1"], [0, 1]);
    // A first start: one interval from then; a stored run further than one interval: one interval.
    near([stored["events.2"]!, stored["events.3"]!], [0.8, 0.55]);
    near(runs["events.2"], [0.8]);
    near(runs["events.3"], [0.55, 1.1]);
    expect(kept).toBe(5);
  });
});

describe("after an action fails", () => {
  it("the next answer says what could not be done instead of its own text, once, as in JavaScript", async () => {
    const program = String.raw`
import asyncio, json
from bot import runtime

class Message:
    def __init__(self):
        self.sent = []
    async def reply(self, **message):
        self.sent.append(message)

async def main():
    message = Message()
    run = runtime.Run("!go", None, message=message)
    async with run.attempt("send", "post in #suggestions"):
        await run.send(run.channel_named("#suggestions"), content="Idea")
    async with run.attempt("toggleRole", "toggle the Gamer role for you"):
        await run.toggle_role(None, run.role_named("Gamer"))
    async with run.attempt("reply"):
        await run.reply(content="Posted in #suggestions and toggled Gamer!", embed=None)
    async with run.attempt("reply"):
        await run.reply(content="Thanks!")
    async with run.attempt("store", "update coins"):
        raise runtime.Failed("'lots' is not a number", runtime.not_a_number("lots"))
    async with run.attempt("reply"):
        await run.reply(content="Saved.")
    for n in range(1, 8):
        async with run.attempt("test", f"do {n}"):
            raise ValueError("no")
    async with run.attempt("reply"):
        await run.reply(content="All done.")
    print(json.dumps([sorted(sent) for sent in message.sent] + [sent["content"] for sent in message.sent]))

asyncio.run(main())
`;
    const output = execFileSync(python, ["-c", program], { cwd: folder, encoding: "utf8" });
    const printed = JSON.parse(output.trim().split("\n").at(-1)!) as unknown[];
    expect(printed.slice(4)).toEqual(failureAnswers);
    // The answer that says what failed is that text alone (no embed).
    expect(printed[0]).toEqual(["content"]);
  });
});
