/**
 * The generated lib/blueprint-runtime.js itself, loaded as a compiled bot loads it (with the real
 * discord.js, and the generated lib/db.js in memory): numbers print, text compares, data is kept
 * under the README's keys, prefix arguments read and commands refuse as lib/blueprint/README.md says.
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import { runInThisContext } from "node:vm";

import { PermissionFlagsBits, PermissionsBitField } from "discord.js";
import { describe, expect, it, vi } from "vitest";

import { typedArithmeticFixed, typedArithmeticFuzzed } from "@/tests/fuzz/typed-arithmetic";

import { evaluateTyped } from "../expression";
import { durationTooLong, noSuchItem, notADuration, notDice } from "../failure-notice";
import { describeUptime, listItems, parseDuration, readDice } from "../vocabulary";
import { failureAnswers } from "./failure-cases";
import { blueprintRuntimeText } from "./javascript";
import { dbFileText } from "./javascript-db";

const requireFromRepo = createRequire(join(process.cwd(), "package.json"));

/** Evaluates a generated CommonJS file and gives back its exports. */
function load(source: string): Record<string, unknown> {
  const wrapper = runInThisContext(`(function (exports, require, module) {${source}\n})`) as (
    exports: object,
    require: NodeJS.Require,
    module: { exports: object },
  ) => void;
  const loaded = { exports: {} };
  wrapper(loaded.exports, requireFromRepo, loaded);
  return loaded.exports as Record<string, unknown>;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the runtime is plain JavaScript; its values are untyped. */
const runtime = load(blueprintRuntimeText) as any;
const { createJsonDb } = load(dbFileText) as any;

function newRun(scene: Record<string, unknown> = {}) {
  const db = createJsonDb(null);
  const run = new runtime.Run(
    "/test",
    { db },
    { client: {}, guild: { id: "100", name: "Server", memberCount: 4 }, userId: "200", ...scene },
  );
  return { run, db };
}

const coins = { name: "coins", kind: "number", scope: "member", keyed: false, initial: 0 };

describe("numbers and text in a compiled bot", () => {
  it("prints numbers as the README says", () => {
    const cases: [number, string][] = [
      [3, "3"],
      [-12, "-12"],
      [0, "0"],
      [-0, "0"],
      [0.1 + 0.2, "0.3"],
      [1 / 3, "0.3333333333"],
      [-2 / 3, "-0.6666666667"],
      [123456789.123456, "123456789.1"],
      [999_999_999_999_999, "999999999999999"],
      [1e15, "1e+15"],
      [1.5e21, "1.5e+21"],
      [2e-7, "2e-7"],
      [0.000001, "0.000001"],
      [1.23456789012e-5, "0.0000123456789"],
      [2 ** 0.5, "1.414213562"],
      // Rounding up to 10 digits would overflow to Infinity; the number is finite, so it prints.
      [Number.MAX_VALUE, "1.797693135e+308"],
      [-1e308, "-1e+308"],
      [5e-324, "5e-324"],
      [Infinity, "NaN"],
      [-Infinity, "NaN"],
      [NaN, "NaN"],
    ];
    for (const [value, text] of cases) expect(runtime.formatNumber(value), String(value)).toBe(text);
  });

  it("reads a duration a template gave as the builder does, and refuses one that is not one or too long", () => {
    const texts = ["10m", "1h30m", "2 hours and 15 minutes", "1.5h", "10", "", "abc", "0m", "３m", "53w", " 7D "];
    const most = 365 * 86_400;
    for (const text of texts) {
      const seconds = parseDuration(text);
      const read = () => runtime.readDuration(text, most, "365 days");
      if (seconds !== null && seconds <= most) expect(read(), text).toBe(seconds);
      else {
        let plain: unknown = null;
        try {
          read();
        } catch (error) {
          plain = (error as { plain?: string }).plain;
        }
        expect(plain, text).toBe(seconds === null ? notADuration(text) : durationTooLong(text, "365 days"));
      }
    }
  });

  it("reads dice as the builder does, and refuses what is not dice", () => {
    const texts = [
      "2d6",
      "d20",
      " 1D20+5 ",
      "3d8 - 2",
      "100d1000",
      "101d6",
      "2d0",
      "0d6",
      "2d6+100001",
      "abc",
      "",
      "2x6",
    ];
    for (const text of texts) {
      const dice = readDice(text);
      let read: unknown;
      try {
        read = runtime.readDice(text);
      } catch (error) {
        read = { failed: (error as { plain?: string }).plain };
      }
      expect(read, text).toEqual(dice ?? { failed: notDice(text) });
    }
  });

  it("reads arithmetic a member typed as the builder does, never as code", () => {
    const texts = [...typedArithmeticFixed, ...typedArithmeticFuzzed(38)];
    for (const text of texts)
      expect(runtime.formatNumber(runtime.evaluateText(text)), text).toBe(runtime.formatNumber(evaluateTyped(text)));
    expect(runtime.evaluateText("2+3*4")).toBe(14);
    expect(runtime.evaluateText("process.exit()")).toBeNaN();
  });

  it("splits a list as the builder does: at commas, semicolons, | and new lines, else at ' or '", () => {
    const texts = [
      "pizza, tacos, sushi",
      "tea or coffee",
      "  a ;b|c\nd ",
      "one, or two",
      "Orange OR lemon",
      ",,,",
      "",
      "single",
      "x\u00a0or\u00a0y",
      "a,".repeat(150),
    ];
    for (const text of texts) expect(runtime.listItems(text), text).toEqual(listItems(text));
    expect(listItems("tea or coffee")).toEqual(["tea", "coffee"]);
    expect(listItems("a,".repeat(150))).toHaveLength(100);
  });

  it("says how long the bot has been online as the README does", () => {
    for (const seconds of [0, 0.9, 42, 60, 303, 3600, 7500, 86_400, 273_600, 90_061, 31_536_000])
      expect(runtime.describeUptime(seconds), String(seconds)).toBe(describeUptime(seconds));
    expect(describeUptime(7500)).toBe("2h 5m");
    expect(describeUptime(90_061)).toBe("1d 1h");
  });

  it("reads decimal numbers only, trimmed", () => {
    for (const [text, value] of [
      ["42", 42],
      [" -1.5 ", -1.5],
      ["2e3", 2000],
      [".5", 0.5],
      ["5.", 5],
      ["+7", 7],
    ] as const)
      expect(runtime.readNumber(text), text).toBe(value);
    for (const text of ["", " ", "0x10", "Infinity", "NaN", "1_000", "1e999", "1,5", "twelve"])
      expect(runtime.readNumber(text), text).toBeNull();
  });

  it("compares numbers as numbers and anything else as lowercased text", () => {
    expect(runtime.compare("10", ">", "9")).toBe(true);
    // Discord ids: neighbours beyond 2^53 are still told apart, and ordered.
    expect(runtime.compare("123456789012345678", "==", "123456789012345679")).toBe(false);
    expect(runtime.compare("123456789012345678", "<", "123456789012345679")).toBe(true);
    expect(runtime.compare(" 2 ", "==", "2.0")).toBe(true);
    expect(runtime.compare("10", ">", "9a")).toBe(false);
    expect(runtime.compare("Apple", "==", "apple")).toBe(true);
    expect(runtime.compare("apple", "<", "Banana")).toBe(true);
    expect(runtime.compare("Hello World", "contains", "WORLD")).toBe(true);
    expect(runtime.compare("12", "contains", "1")).toBe(true);
    expect(runtime.compare("Hello", "startsWith", "he")).toBe(true);
    expect(runtime.compare("", "!=", "x")).toBe(true);
  });

  it("rounds halves away from zero, and keeps JavaScript's remainder sign", () => {
    expect([2.5, -2.5, 0.49999999999999994, -0.4].map(runtime.roundHalfAway)).toEqual([3, -3, 0, -0]);
    expect(-7 % 3).toBe(-1); // the generated calculate writes `%` as is
  });

  it("makes channel names Discord takes", () => {
    expect(runtime.channelName("Ticket  John Doe!")).toBe("ticket-john-doe");
    expect(runtime.channelName("ticket-Émile_2")).toBe("ticket-émile_2");
    expect(runtime.channelName("!!!")).toBe("channel");
    expect(Array.from(runtime.channelName("é".repeat(150)) as string)).toHaveLength(100);
  });

  it("writes a cooldown's time left rounded up, in seconds, minutes or hours", () => {
    expect([1, 41_200, 90_000, 90_001, 5_400_000, 5_400_001, 86_400_000].map(runtime.describeWait)).toEqual([
      "1s",
      "42s",
      "90s",
      "2m",
      "90m",
      "2h",
      "24h",
    ]);
  });

  it("matches messageContains words any / all / whole, case-insensitively", () => {
    expect(runtime.containsWords("So FREE stuff", ["free", "nitro"], "any")).toBe(true);
    expect(runtime.containsWords("So FREE stuff", ["free", "nitro"], "all")).toBe(false);
    expect(runtime.containsWords("  Hello ", ["hello"], "whole")).toBe(true);
    expect(runtime.containsWords("hello there", ["hello"], "whole")).toBe(false);
  });
});

describe("a run's placeholders and data", () => {
  it("reads options and results, numbers formatted, mentions and ids", () => {
    const { run } = newRun({
      options: new Map<string, unknown>([
        ["amount", 2.5],
        ["flag", false],
        ["who", { kind: "member", id: "300", text: "<@300>", mention: "<@300>", name: "Sam" }],
      ]),
    });
    run.save("total", 1 / 3);
    run.save("ticket", "<#400>");
    expect(run.text("option.amount")).toBe("2.5");
    expect(run.text("option.flag")).toBe("false");
    expect(run.text("option.who")).toBe("<@300>");
    expect(run.text("option.who.name")).toBe("Sam");
    expect(run.text("option.missing")).toBe("");
    expect(run.text("result.total")).toBe("0.3333333333");
    expect(run.text("result.ticket.id")).toBe("400");
    expect(run.text("user.mention")).toBe("<@200>");
    expect(run.text("server.members")).toBe("4");
    expect(run.number("option.who")).toBe(0);
    expect(run.number("result.total")).toBe(1 / 3);
  });

  it("keeps data under data:<name>:<scope>[:<key>], reading the initial value until set", async () => {
    const { run, db } = newRun({ options: new Map([["member", { kind: "member", id: "300" }]]) });
    expect(await run.dataText(coins)).toBe("0");
    expect(await run.incrementData(coins, "100")).toBe(100);
    expect(await run.decrementData(coins, " 30 ", { member: "user" })).toBe(70);
    expect(await run.incrementData(coins, 5, { member: "option.member" })).toBe(5);
    const purse = { ...coins, name: "purse", scope: "user", initial: 50 };
    expect(await run.incrementData(purse, 1)).toBe(51);
    await run.setData({ name: "motd", kind: "text", scope: "server", keyed: false, initial: "" }, "hi");
    await run.setData({ name: "tags", kind: "text", scope: "global", keyed: true, initial: "" }, "x", { key: "a:b" });
    expect((await db.list("")).map((entry: { key: string; value: unknown }) => [entry.key, entry.value])).toEqual([
      ["data:coins:g100:u200", 70],
      ["data:coins:g100:u300", 5],
      ["data:motd:g100", "hi"],
      ["data:purse:u200", 51],
      ["data:tags:global:a:b", "x"],
    ]);
  });

  it("refuses a number data value that does not read as one, storing nothing", async () => {
    const { run, db } = newRun();
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await run.setData(coins, "lots")).toBeUndefined();
    expect(await run.incrementData(coins, "a few")).toBeUndefined();
    expect(log.mock.calls.map((call) => call[0])).toEqual([
      '[blueprint] /test: store failed: "lots" is not a number, so nothing was stored',
      '[blueprint] /test: store failed: "a few" is not a number',
    ]);
    log.mockRestore();
    expect(await db.list("")).toEqual([]);
  });

  it("lists keyed data and lists in the order asked, at most the limit, (none) when empty", async () => {
    const { run } = newRun();
    const scores = { name: "scores", kind: "number", scope: "server", keyed: true, initial: 0 };
    expect(await run.listData(scores)).toBe("(none)");
    for (const [key, value] of [
      ["bob", 5],
      ["amy", 12],
      ["cat", 7],
    ] as const)
      await run.setData(scores, String(value), { key });
    expect(await run.listData(scores)).toBe("amy: 12\nbob: 5\ncat: 7");
    expect(await run.listData(scores, { order: "highest", limit: 2 })).toBe("amy: 12\ncat: 7");
    expect(await run.listData(scores, { order: "lowest" })).toBe("bob: 5\ncat: 7\namy: 12");
    const queue = { name: "queue", kind: "list", scope: "server", keyed: false, initial: [] };
    expect(await run.appendData(queue, "b")).toBe(1);
    expect(await run.appendData(queue, "a")).toBe(2);
    expect(await run.appendData(queue, "b")).toBe(3);
    expect(await run.removeData(queue, "b")).toBe(2);
    expect(await run.listData(queue)).toBe("a\nb");
    expect(await run.listData(queue, { order: "lowest" })).toBe("a\nb");
    expect(await run.dataText(queue)).toBe("a, b");
    // removeAt: by position, 1 the first; a position the list does not have fails in plain words.
    await run.appendData(queue, "c");
    expect(await run.removeDataAt(queue, "2")).toBe("b");
    expect(await run.listData(queue)).toBe("a\nc");
    for (const position of ["3", "0", "1.5", "two"]) {
      expect(await run.trying("update queue").removeDataAt(queue, position)).toBeUndefined();
      expect(run.failures.at(-1)).toContain(noSuchItem(position, 2));
    }
    expect(await run.listData(queue)).toBe("a\nc");
  });
});

describe("before a command runs", () => {
  function interactionRun(permissions: bigint[]) {
    const replies: { content: string; flags?: number }[] = [];
    const interaction = {
      memberPermissions: new PermissionsBitField(permissions),
      reply: async (payload: { content: string; flags?: number }) => void replies.push(payload),
    };
    return { ...newRun({ interaction }), replies };
  }

  it("refuses, privately, a member without the permissions, naming the missing ones", async () => {
    const { run, replies } = interactionRun([PermissionFlagsBits.KickMembers]);
    expect(await run.permitted(["KickMembers", "BanMembers", "ModerateMembers"])).toBe(false);
    expect(replies).toEqual([
      expect.objectContaining({
        content: "You need the **Ban Members** and **Moderate Members** permission to use /test.",
        flags: 64,
      }),
    ]);
    expect(await interactionRun([PermissionFlagsBits.Administrator]).run.permitted(["BanMembers"])).toBe(true);
  });

  it("refuses during a cooldown with its time left, or the cooldown's own message", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      const first = interactionRun([]);
      expect(await first.run.cooledDown({ seconds: 300, per: "user" })).toBe(true);
      vi.advanceTimersByTime(60_000);
      const second = interactionRun([]);
      expect(await second.run.cooledDown({ seconds: 300, per: "user" })).toBe(false);
      expect(second.replies[0]!.content).toBe("Slow down! You can use /test again in 4m.");
      const custom = interactionRun([]);
      const message = async () => "Not yet.";
      expect(await custom.run.cooledDown({ seconds: 300, per: "user", message })).toBe(false);
      expect(custom.replies[0]!.content).toBe("Not yet.");
    } finally {
      vi.useRealTimers();
    }
  });

  it("reads prefix arguments in order; the last text option takes the rest", async () => {
    const { run } = newRun();
    const specs = [
      { name: "count", type: "integer", required: true, min: 1, max: 10 },
      { name: "loud", type: "boolean", required: false, default: false },
      { name: "reason", type: "string", required: false, default: "none given" },
    ];
    const read = async (text: string) => {
      const values = await runtime.prefixOptions(run, text, specs);
      return values && Object.fromEntries(values);
    };
    expect(await read(" 3 yes  be  nice\nplease ")).toEqual({ count: 3, loud: true, reason: "be  nice\nplease" });
    expect(await read("3")).toEqual({ count: 3, loud: false, reason: "none given" });
    expect(await read("")).toBeNull();
    expect(await read("11")).toBeNull();
    expect(await read("2.5")).toBeNull();
    expect(await read("2 maybe")).toBeNull();
  });
});

describe("schedules across restarts", () => {
  const hour = 3_600_000;
  const start = 1_000_000_000;

  /** One server with a system channel; each run of the schedule is recorded by the time it ran. */
  function scheduledBot(db: unknown) {
    const runs: number[] = [];
    const guild = { id: "100", name: "Server", systemChannel: { id: "300" }, channels: { cache: new Map() } };
    const client = { guilds: { cache: new Map([["100", guild]]) } };
    const ready = () =>
      runtime.startSchedule(client, { db }, { id: "events.2", every: 3600 }, async () => void runs.push(Date.now()));
    return { runs, ready };
  }

  async function withClock(test: () => Promise<void>) {
    vi.useFakeTimers({ now: start });
    try {
      await test();
    } finally {
      vi.clearAllTimers();
      vi.useRealTimers();
    }
  }

  /** The bot stops (its timers with it) and is ready again `downMs` later. */
  async function restart(bot: { ready: () => Promise<void> }, downMs: number) {
    const now = Date.now();
    vi.clearAllTimers(); // (which also sets the clock back to its start)
    vi.setSystemTime(now + downMs);
    await bot.ready();
  }

  it("keeps its next run under schedules.events.<index>; a restart does not start the interval over", () =>
    withClock(async () => {
      const db = createJsonDb(null);
      const bot = scheduledBot(db);
      await bot.ready();
      expect(await db.get("schedules")).toEqual({ "events.2": start + hour });
      await vi.advanceTimersByTimeAsync(hour - 1_000);
      expect(bot.runs).toEqual([]);
      // Restarted a second before the hour: it still runs at the hour, not an hour after the restart.
      await restart(bot, 0);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(bot.runs).toEqual([start + hour]);
      expect(await db.get("schedules")).toEqual({ "events.2": start + 2 * hour });
      await vi.advanceTimersByTimeAsync(hour);
      expect(bot.runs).toEqual([start + hour, start + 2 * hour]);
    }));

  it("runs a run missed while the bot was down once, when it is ready, then an interval later", () =>
    withClock(async () => {
      const db = createJsonDb(null);
      const bot = scheduledBot(db);
      await bot.ready();
      // Down for three intervals and a half: one run at once, no catching up on the others.
      await restart(bot, 3.5 * hour);
      await vi.advanceTimersByTimeAsync(0);
      const back = start + 3.5 * hour;
      expect(bot.runs).toEqual([back]);
      expect(await db.get("schedules")).toEqual({ "events.2": back + hour });
      await vi.advanceTimersByTimeAsync(hour - 1);
      expect(bot.runs).toEqual([back]);
      await vi.advanceTimersByTimeAsync(1);
      expect(bot.runs).toEqual([back, back + hour]);
    }));

  it("waits at most one interval, and leaves the other schedules' next runs alone", () =>
    withClock(async () => {
      const db = createJsonDb(null);
      // Stored by an older version whose interval was a week; another schedule's entry is kept.
      await db.set("schedules", { "events.2": start + 168 * hour, "events.5": start + 5 });
      const bot = scheduledBot(db);
      await bot.ready();
      expect(await db.get("schedules")).toEqual({ "events.2": start + hour, "events.5": start + 5 });
      await vi.advanceTimersByTimeAsync(hour);
      expect(bot.runs).toEqual([start + hour]);
    }));
});

describe("after an action fails", () => {
  it("the next answer says what could not be done instead of its own text, once", async () => {
    const replies: { content?: string }[] = [];
    const guild = {
      id: "100",
      name: "Server",
      memberCount: 4,
      channels: { cache: new Map() },
      roles: { cache: new Map() },
    };
    const message = { reply: async (payload: { content?: string }) => void replies.push(payload) };
    const { run } = newRun({ guild, message, member: undefined });
    const member = { roles: { cache: new Map() } };
    await run.trying("post in #suggestions").send(await run.findChannelNamed("suggestions"), { content: "Idea" });
    await run.trying("toggle the Gamer role for you").toggleRole(member, await run.findRoleNamed("Gamer"));
    await run.reply({ content: "Posted in #suggestions and toggled Gamer!", embeds: [{ title: "Done" }] });
    await run.reply({ content: "Thanks!" });
    await run.trying("update coins").setData(coins, "lots");
    await run.reply({ content: "Saved." });
    for (const n of [1, 2, 3, 4, 5, 6, 7])
      await run.trying(`do ${n}`).attempt("test", async () => Promise.reject(new Error("no")));
    await run.reply({ content: "All done." });
    expect(replies.map((reply) => reply.content)).toEqual(failureAnswers);
    expect(replies[0]).toEqual(expect.not.objectContaining({ embeds: expect.anything() }));
  });
});
