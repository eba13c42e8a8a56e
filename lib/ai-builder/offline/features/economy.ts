/**
 * Stored numbers per member: an economy (balance, daily, work, pay, leaderboard), XP ranks and
 * counters. Everything kept in `data`, which the bot keeps across restarts. When a leaderboard
 * is asked for, the numbers are kept under each member's mention in one keyed entry per server,
 * so they can be listed highest first.
 */
import type { Action } from "@/lib/blueprint/schema";
import { describeSeconds } from "@/lib/blueprint/vocabulary";

import {
  addData,
  command,
  equals,
  ifThen,
  reply,
  type CommandFeature,
  type CommandPart,
  type Draft,
  type Facts,
} from "../parts";
import type { Reader } from "../read";

export interface Counter {
  data: string;
  keyed: boolean;
}

/** The stored number, declared once in the draft. */
export function counter(draft: Draft, facts: Facts, name: string): Counter {
  const keyed = facts.leaderboard;
  const initial = name === facts.currency && facts.startingAmount !== undefined ? String(facts.startingAmount) : "0";
  addData(
    draft,
    keyed
      ? { name, kind: "number", scope: facts.scope === "user" ? "global" : "server", keyed: true, initial }
      : { name, kind: "number", scope: facts.scope, initial },
  );
  return { data: name, keyed };
}

/** get / increment / decrement / set on a counter, for the member (default: who used it). */
export function counterOp(
  c: Counter,
  op: "get" | "increment" | "decrement" | "set",
  options: { value?: string; saveAs?: string; member?: string } = {},
): Action {
  const who = options.member ?? "{user}";
  const whom = c.keyed
    ? { key: who === "{user}" ? "{user.mention}" : who.replace(/\}$/, ".mention}") }
    : who === "{user}"
      ? {}
      : { member: who };
  return {
    do: "store",
    data: c.data,
    op,
    ...whom,
    ...(options.value !== undefined ? { value: options.value } : {}),
    ...(options.saveAs ? { saveAs: options.saveAs } : {}),
  };
}

function onceText(seconds: number): string {
  return seconds === 86_400 ? "once a day" : `once every ${describeSeconds(seconds)}`;
}

/** Seconds as a blueprint duration: "24h", "90m", "45s". */
function durationText(seconds: number): string {
  if (seconds % 86_400 === 0) return `${seconds / 86_400}d`;
  if (seconds % 3_600 === 0) return `${seconds / 3_600}h`;
  if (seconds % 60 === 0) return `${seconds / 60}m`;
  return `${seconds}s`;
}

function part(
  draft: ReturnType<typeof command>,
  summary: string,
  feature: string,
  category: CommandPart["category"] = "economy",
): CommandPart {
  return { command: draft, summary, category, strength: 3, clause: null, feature };
}

const currencyWords = [
  "coin",
  "money",
  "currency",
  "cash",
  "credit",
  "gem",
  "point",
  "balance",
  "wallet",
  "dollar",
  "buck",
  "cookie",
];

/** "100 coins", "50 gems": the number said before the currency. */
function amountIn(reader: Reader, facts: Facts): number | undefined {
  for (const token of reader.tokens) {
    if (token.number === undefined || reader.isClaimed(token)) continue;
    const next = reader.next(token);
    if (next && (currencyWords.includes(next.base) || next.lower === facts.currency)) {
      reader.claim(token, next);
      return token.number;
    }
  }
  return undefined;
}

export const balanceFeature: CommandFeature = {
  id: "balance",
  category: "economy",
  names: ["balance", "bal", "wallet", "coins", "money", "cash", "bank", "credits", "points", "gems"],
  defaultName: "balance",
  cue: (reader) =>
    reader.has("balance", "wallet") || (reader.has("check see show view") && reader.has("coin money gem credit cash")),
  implicit: true,
  build({ reader, name, type, facts, draft }) {
    reader.claimWords("balance wallet check see show view how many much have their your", ...currencyWords);
    const coins = counter(draft, facts, facts.currency);
    const others =
      reader.has("else other another anyone any") ||
      reader.tokens.some((t) => t.kind === "arg" && ["user", "member", "someone"].includes(t.arg!.name));
    const draft_ = command(name, type, `Your ${facts.currency}`, []);
    if (others) {
      reader.claimWords("else other another anyone any member user someone people");
      draft_.options.push({
        name: "member",
        description: "Whose balance (default: yours)",
        type: "user",
        required: false,
      });
      draft_.actions.push(
        ifThen(
          { test: "isSet", value: "{option.member}" },
          [
            counterOp(coins, "get", { member: "{option.member}", saveAs: "balance" }),
            reply(`{option.member.name} has {result.balance} ${facts.currency}.`),
          ],
          [
            counterOp(coins, "get", { saveAs: "balance" }),
            reply(`{user.mention}, you have {result.balance} ${facts.currency}.`),
          ],
        ),
      );
      return [part(draft_, `shows a member's ${facts.currency} (yours if no member is given)`, "balance")];
    }
    draft_.actions.push(
      counterOp(coins, "get", { saveAs: "balance" }),
      reply(`{user.mention}, you have {result.balance} ${facts.currency}.`),
    );
    return [part(draft_, `shows your ${facts.currency}`, "balance")];
  },
};

export const dailyFeature: CommandFeature = {
  id: "daily",
  category: "economy",
  names: ["daily", "claim", "reward", "beg", "bonus", "collect", "weekly", "monthly", "hourly"],
  defaultName: "daily",
  cue: (reader) =>
    (reader.has("daily") && reader.has("coin money gem credit cash reward point collect claim")) || givesYou(reader),
  implicit: true,
  build({ reader, name, type, facts, draft }) {
    // "/weekly (2000 coins, once a week)": how often, from the name when the words do not say.
    const byName: Record<string, number> = { daily: 86_400, weekly: 604_800, monthly: 2_592_000, hourly: 3_600 };
    const daily = name in byName || reader.has("daily");
    reader.claimWords(
      "daily weekly monthly hourly collect claim get reward give gives you once bonus cooldown with every a week month hour day",
      ...currencyWords,
    );
    const amount = amountIn(reader, facts) ?? 100;
    const every = reader.duration();
    if (every) reader.claim(...every.tokens);
    const seconds = every && every.seconds >= 60 ? every.seconds : (byName[name] ?? 86_400);
    if (!daily && !every) {
      // "!beg gives you 5 coins": as often as they like.
      const coins = counter(draft, facts, facts.currency);
      const free = command(name, type, `Get ${amount} ${facts.currency}`, [
        counterOp(coins, "increment", { value: String(amount), saveAs: "total" }),
        reply(`+${amount} ${facts.currency}! You now have {result.total}.`),
      ]);
      return [part(free, `gives you ${amount} ${facts.currency}`, "daily")];
    }
    const coins = counter(draft, facts, facts.currency);
    const pay = [
      counterOp(coins, "increment", { value: String(amount), saveAs: "total" }),
      reply(`+${amount} ${facts.currency}! You now have {result.total}.`),
    ];
    if (seconds < 3_600) {
      const draft_ = command(name, type, `Collect ${amount} ${facts.currency}`, pay);
      draft_.cooldown = {
        seconds,
        per: "user",
        message: `You already collected. Come back in ${describeSeconds(seconds)}.`,
      };
      return [part(draft_, `gives you ${amount} ${facts.currency}`, "daily")];
    }
    // "Once a day" must hold across restarts: a cooldown is kept in memory, so the claim is stored
    // and a stored timer (which survives restarts) frees it again.
    const flag = `${name.replace(/[^a-z0-9_]/g, "_")}_claimed`.slice(0, 32);
    addData(draft, { name: flag, kind: "number", scope: facts.scope, initial: "0" });
    const draft_ = command(name, type, `Collect ${amount} ${facts.currency}`, [
      { do: "store", data: flag, op: "get", saveAs: "claimed" },
      ifThen(equals("{result.claimed}", "1"), [
        reply(`You already collected. You can collect once every ${describeSeconds(seconds)}.`, type === "slash"),
        { do: "stop" },
      ]),
      { do: "store", data: flag, op: "set", value: "1" },
      ...pay,
      { do: "wait", duration: durationText(seconds), then: [{ do: "store", data: flag, op: "set", value: "0" }] },
    ]);
    return [
      { ...part(draft_, `gives you ${amount} ${facts.currency}, ${onceText(seconds)}`, "daily"), storedLimit: true },
    ];
  },
};

export const workFeature: CommandFeature = {
  id: "work",
  category: "economy",
  names: ["work", "job", "earn", "mine", "fish"],
  defaultName: "work",
  cue: (reader) => reader.has("work", "job") && reader.has("coin money gem credit cash earn point"),
  implicit: true,
  build({ reader, name, type, facts, draft }) {
    const cooldownSaid = reader.has("cooldown once every per wait limit");
    reader.claimWords(
      "work job earn get pay pays random amount between and to of cooldown with once every",
      ...currencyWords,
    );
    const range = reader.tokens.find((t) => /^\d{1,7}\s?[-–]\s?\d{1,7}$/.test(t.text));
    const numbers = range
      ? range.text.split(/[-–]/).map((n) => ({ ...range, number: Number(n.trim()) }))
      : reader.tokens.filter((t) => t.number !== undefined && !reader.isClaimed(t) && !isDurationNumber(reader, t));
    if (range) reader.claim(range);
    const every = reader.duration();
    if (every) reader.claim(...every.tokens);
    const seconds = every && every.seconds >= 10 ? every.seconds : 3_600;
    const coins = counter(draft, facts, facts.currency);
    let min = 10;
    let max = 50;
    if (numbers.length >= 2)
      [min, max] = [numbers[0]!.number!, numbers[1]!.number!].sort((a, b) => a - b) as [number, number];
    else if (numbers.length === 1) min = max = numbers[0]!.number!;
    reader.claim(...numbers.slice(0, 2));
    min = Math.floor(min);
    max = Math.floor(max);
    const draft_ = command(name, type, `Work for ${facts.currency}`, [
      { do: "random", min, max, saveAs: "pay" },
      counterOp(coins, "increment", { value: "{result.pay}", saveAs: "total" }),
      reply(`You worked and earned {result.pay} ${facts.currency}. You now have {result.total}.`),
    ]);
    // A pause between shifts only when the words ask for one ("once an hour", "a 30 minute cooldown").
    if (every || cooldownSaid) draft_.cooldown = { seconds, per: "user", message: "You are tired. Work again later." };
    const earned = min === max ? `${min}` : `${min}–${max}`;
    return [part(draft_, `earns you ${earned} ${facts.currency}${min === max ? "" : " at random"}`, "work")];
  },
};

/** "gives you 5 coins": coins for whoever uses it, not a payment to someone else. */
function givesYou(reader: Reader): boolean {
  return reader.tokens.some(
    (t, i) => t.base === "give" && reader.tokens[i + 1]?.lower === "you" && reader.tokens[i + 2]?.number !== undefined,
  );
}

/** "Everyone starts with 500 coins": the currency's first value. */
export function readStartingAmount(reader: Reader, draft: Draft, facts: Facts): void {
  const start = reader.tokens.find((t) => ["start", "starts", "starting", "begin", "begins"].includes(t.lower));
  const amount =
    start &&
    reader
      .after(start)
      .slice(0, 4)
      .find((t) => t.number !== undefined);
  const unit = amount && reader.next(amount);
  // "start everyone at 0", "everyone starts at 500": the amount alone, in a bot about a currency.
  const bare =
    amount !== undefined &&
    ["at", "from", "with"].includes(reader.next(amount, -1)?.lower ?? "") &&
    (unit === undefined || unit.kind === "punct" || unit.stop) &&
    draft.data.some((d) => d.name === facts.currency);
  if (!start || !amount || (!bare && (!unit || !(currencyWords.includes(unit.base) || unit.lower === facts.currency))))
    return;
  facts.startingAmount = Math.floor(amount.number!);
  reader.claim(
    start,
    amount,
    ...(bare ? [reader.next(amount, -1)] : [unit]),
    ...reader.tokens.filter((t) =>
      ["with", "everyone", "new", "players", "player", "users", "members", "off"].includes(t.lower),
    ),
  );
  const entry = draft.data.find((d) => d.name === facts.currency);
  if (entry) entry.initial = String(facts.startingAmount);
}

function isDurationNumber(reader: Reader, token: { index: number }): boolean {
  return reader.durations().some((d) => d.tokens.some((t) => t.index === token.index));
}

export const payFeature: CommandFeature = {
  id: "pay",
  category: "economy",
  names: ["pay", "give", "transfer", "donate", "send"],
  defaultName: "pay",
  cue: (reader) =>
    reader.has("pay transfer donate") ||
    (reader.has("give", "send") && reader.has("coin money gem credit cash") && !givesYou(reader)),
  implicit: true,
  build({ reader, name, type, facts, draft }) {
    reader.claimWords(
      "pay transfer donate give send other another member user someone people amount",
      ...currencyWords,
    );
    const coins = counter(draft, facts, facts.currency);
    const draft_ = command(name, type, `Give ${facts.currency} to a member`, [
      counterOp(coins, "get", { saveAs: "balance" }),
      ifThen({ test: "compare", left: "{result.balance}", op: "<", right: "{option.amount}" }, [
        reply(`You only have {result.balance} ${facts.currency}.`, true),
        { do: "stop" },
      ]),
      counterOp(coins, "decrement", { value: "{option.amount}" }),
      counterOp(coins, "increment", { value: "{option.amount}", member: "{option.member}" }),
      reply(`{user.mention} paid {option.member.mention} {option.amount} ${facts.currency}.`),
    ]);
    draft_.options.push(
      { name: "member", description: "Who to pay", type: "user", required: true },
      { name: "amount", description: "How many", type: "integer", required: true, min: 1 },
    );
    return [part(draft_, `gives some of your ${facts.currency} to another member`, "pay")];
  },
};

/** "/bet <amount> — 50% chance you win the amount, 50% you lose it; you can't bet more than you have." */
export const betFeature: CommandFeature = {
  id: "bet",
  category: "economy",
  names: ["bet", "gamble", "coinbet", "wager"],
  defaultName: "bet",
  cue: (reader) => reader.has("bet gamble wager") && reader.has("win lose chance"),
  implicit: false,
  build({ reader, name, type, facts, draft }) {
    // "a 40% chance to win": the odds said, else even.
    const percent = reader.tokens.find(
      (t, i) =>
        t.number !== undefined &&
        t.number > 0 &&
        t.number < 100 &&
        (reader.tokens[i + 1]?.text === "%" || /%$/.test(t.text)) &&
        reader.tokens.slice(i + 1, i + 5).some((n) => ["chance", "odds", "probability"].includes(n.lower)),
    );
    const chance = percent ? Math.round(percent.number!) : 50;
    if (percent) reader.claim(percent);
    // "if you win you get twice your bet back, otherwise you lose the bet": double or nothing.
    reader.claimWords("get twice double back your otherwise refuse refused takes take bet bets if to");
    reader.claimWords(
      "bet gamble gambling wager amount 50 % chance you win the lose it can't cannot more than have of",
      ...currencyWords,
    );
    const coins = counter(draft, facts, facts.currency);
    const draft_ = command(name, type, `Bet ${facts.currency}: double or nothing`, [
      counterOp(coins, "get", { saveAs: "balance" }),
      ifThen({ test: "compare", left: "{result.balance}", op: "<", right: "{option.amount}" }, [
        reply(`You only have {result.balance} ${facts.currency}.`, type === "slash"),
        { do: "stop" },
      ]),
      ...(chance === 50
        ? [{ do: "random" as const, min: "1", max: "2", saveAs: "flip" }]
        : [{ do: "random" as const, min: 1, max: 100, saveAs: "flip" }]),
      ifThen(
        chance === 50
          ? equals("{result.flip}", "1")
          : { test: "compare", left: "{result.flip}", op: "<=", right: `${chance}` },
        [
          counterOp(coins, "increment", { value: "{option.amount}", saveAs: "total" }),
          reply(`You won {option.amount} ${facts.currency}! You now have {result.total}.`),
        ],
        [
          counterOp(coins, "decrement", { value: "{option.amount}", saveAs: "total" }),
          reply(`You lost {option.amount} ${facts.currency}. You now have {result.total}.`),
        ],
      ),
    ]);
    draft_.options.push({ name: "amount", description: "How many to bet", type: "integer", required: true, min: 1 });
    return [
      part(
        draft_,
        chance === 50
          ? `bets some of your ${facts.currency}: half the time you win that much, half the time you lose it`
          : `bets some of your ${facts.currency}: a ${chance}% chance to win that much, else you lose it`,
        "bet",
      ),
    ];
  },
};

export const leaderboardFeature: CommandFeature = {
  id: "leaderboard",
  category: "economy",
  names: ["leaderboard", "lb", "top", "rich", "richest", "baltop", "levels"],
  defaultName: "leaderboard",
  cue: (reader) =>
    reader.has("leaderboard", "richest") ||
    (reader.has("top") && reader.has("member user player people ppl person everyone")),
  implicit: true,
  build({ reader, name, type, facts, draft }) {
    const xp =
      (reader.has("xp level experience rank") && !reader.has("coin money balance")) ||
      (!facts.economy && ["xp", "level", "leveling", "levelling"].some((w) => facts.words.has(w)));
    reader.claimWords(
      "leaderboard richest top rich most show list member user player highest xp level experience",
      ...currencyWords,
    );
    const size = reader.tokens.find(
      (t) => t.number !== undefined && t.number >= 3 && t.number <= 25 && !reader.isClaimed(t),
    );
    if (size) reader.claim(size);
    const limit = size?.number ?? 10;
    const what = xp ? "xp" : facts.currency;
    const entry = counter(draft, facts, what);
    const title = xp ? "XP leaderboard" : "Leaderboard";
    const draft_ = command(name, type, `The top ${limit} by ${what}`, [
      { do: "store", data: entry.data, op: "list", order: "highest", limit, saveAs: "top" },
      {
        do: "reply",
        message: { embed: { title, description: "{result.top}", fields: [] }, buttons: [] },
        ephemeral: false,
      },
    ]);
    return [part(draft_, `lists the top ${limit} members by ${what}`, "leaderboard", xp ? "leveling" : "economy")];
  },
};

export const rankFeature: CommandFeature = {
  id: "rank",
  category: "leveling",
  names: ["rank", "level", "xp", "lvl", "stats"],
  defaultName: "rank",
  cue: (reader) => reader.has("xp level experience") && reader.has("check see show view their your"),
  implicit: true,
  build({ reader, name, type, facts, draft }) {
    reader.claimWords("rank level xp experience check see show view their your current how much many");
    const xp = counter(draft, facts, "xp");
    const per = levelSize(facts);
    // "/rank <user> shows their level", "anyone's rank": a member's, yours when none is given.
    const arg = reader.tokens.find(
      (t) => t.kind === "arg" && /^(user|member|someone|target|person|who)$/.test(t.arg?.name ?? ""),
    );
    const others = arg !== undefined || reader.has("else other another anyone someone's anyone's");
    const of = (member: string | undefined, who: string) => [
      counterOp(xp, "get", { saveAs: "xp", ...(member ? { member } : {}) }),
      { do: "calculate" as const, expression: `floor({result.xp} / ${per})`, saveAs: "level" },
      reply(`${who}: level {result.level}, {result.xp} XP.`),
    ];
    if (others) {
      const option = arg?.arg?.name ?? "member";
      reader.claim(arg);
      reader.claimWords("else other another anyone someone's anyone's member user someone");
      const draft_ = command(name, type, "A member's XP and level", [
        ifThen(
          { test: "isSet", value: `{option.${option}}` },
          of(`{option.${option}}`, `{option.${option}.name}`),
          of(undefined, "{user.mention}"),
        ),
      ]);
      draft_.options.push({ name: option, description: "Whose (default: yours)", type: "user", required: false });
      return [part(draft_, "shows a member's XP and level (yours if no member is given)", "rank", "leveling")];
    }
    const draft_ = command(name, type, "Your XP and level", of(undefined, "{user.mention}"));
    return [part(draft_, "shows your XP and level", "rank", "leveling")];
  },
};

/** XP per level: "every 100 xp", "100 xp per level"; 100 unless said. */
export function levelSize(facts: Facts): number {
  return facts.levelSize ?? 100;
}

export const counterFeature: CommandFeature = {
  id: "counter",
  category: "utility",
  names: ["count", "counter", "increment", "tally", "click", "plusone"],
  defaultName: "count",
  cue: (reader) => reader.has("counter", "tally"),
  implicit: true,
  build({ reader, name, type, draft }) {
    const own = reader.has("own each per their your");
    reader.claimWords(
      "counter count tally up one increase add go goes by shared server own each per their your member user number show current",
    );
    addData(draft, { name: "count", kind: "number", scope: own ? "member" : "server", initial: "0" });
    const draft_ = command(name, type, "Add one to the counter", [
      { do: "store", data: "count", op: "increment", saveAs: "total" },
      reply(own ? "Your count is {result.total}." : "The counter is at {result.total}."),
    ]);
    return [
      part(draft_, own ? "adds one to your own counter" : "adds one to the server's counter", "counter", "utility"),
    ];
  },
};

export const resetCounterFeature: CommandFeature = {
  id: "resetcounter",
  category: "utility",
  names: ["reset", "resetcount", "resetcounter"],
  defaultName: "resetcount",
  cue: (reader) => reader.has("reset") && reader.has("counter", "count"),
  implicit: true,
  build({ reader, name, type, draft }) {
    reader.claimWords("reset counter count zero back to set");
    addData(draft, { name: "count", kind: "number", scope: "server", initial: "0" });
    const draft_ = command(name, type, "Set the counter back to zero", [
      { do: "store", data: "count", op: "set", value: "0" },
      reply("Counter reset.", true),
    ]);
    return [part(draft_, "sets the counter back to zero", "resetcounter", "utility")];
  },
};
