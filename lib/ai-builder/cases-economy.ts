/**
 * Description cases: economy (coins, daily rewards, payments, bets) and leveling (xp, message
 * counts, reputation). Every player is a member who just joined, so balances start where the
 * description says; what must survive a restart is read back after one.
 */
import {
  act,
  answered,
  anyCase,
  anyOf,
  chatter,
  check,
  join,
  mention,
  named,
  number,
  numberBetween,
  numberOf,
  opt,
  posted,
  quietly,
  reply,
  restart,
  roleAdded,
  say,
  slash,
} from "./cases-support";
import type { DescriptionCase } from "./types";

const balanceIs = (coins: number) => reply([number(coins)], `${coins} coins`);
/** "level 1", "Level: 1", "lvl 1" (a bare number could be the one in "Case Member 1"). */
const level = (value: number) => `${anyOf("level", "lvl")}\\D{0,15}${number(value)}`;

export const economyCases: DescriptionCase[] = [
  {
    id: "economy-daily",
    category: "economy",
    language: "javascript",
    description:
      "Economy: /daily gives you 100 coins, but only once every 24 hours. /balance shows how many coins you have. Save coins so restarts don't reset them.",
    checks: [
      check(
        "/daily pays 100 once; the balance survives a restart",
        act(join("Case Member 1")),
        act(slash("Case Member 1", "daily"), answered),
        act(slash("Case Member 1", "daily"), answered),
        act(slash("Case Member 1", "balance"), balanceIs(100)),
        act(restart()),
        act(slash("Case Member 1", "balance"), balanceIs(100)),
      ),
      check(
        "A restart does not make /daily claimable again before 24 hours",
        act(join("Case Member 2")),
        act(slash("Case Member 2", "daily"), answered),
        act(restart()),
        act(slash("Case Member 2", "daily"), answered),
        act(slash("Case Member 2", "balance"), balanceIs(100)),
      ),
    ],
  },
  {
    id: "economy-pay",
    category: "economy",
    language: "python",
    description:
      "ok so our server has a little economy going on. everyone starts with 500 coins. i want /balance [user] to show " +
      "coins (yours if you dont pick a user), and /pay <user> <amount> to send coins to someone else, but you obviously " +
      "cant send more than you have (it should tell you that). it has to keep everyones coins saved, we restart the bot " +
      "a lot when we update stuff and the last bot we had lost everything every time lol",
    checks: [
      check(
        "Paying 200 moves 200",
        quietly(join("Case Member 1"), join("Case Member 2")),
        act(slash("Case Member 1", "pay", [opt.user("user", "Case Member 2"), opt.int("amount", 200)]), answered),
        act(slash("Case Member 1", "balance"), balanceIs(300)),
        act(slash("Case Member 2", "balance"), balanceIs(700)),
        act(slash("Case Member 1", "balance", [opt.user("user", "Case Member 2")]), balanceIs(700)),
      ),
      check(
        "Paying more than you have moves nothing",
        quietly(join("Case Member 3"), join("Case Member 4")),
        act(slash("Case Member 3", "pay", [opt.user("user", "Case Member 4"), opt.int("amount", 1000)]), answered),
        act(slash("Case Member 3", "balance"), balanceIs(500)),
        act(slash("Case Member 4", "balance"), balanceIs(500)),
      ),
      check(
        "Balances survive a restart",
        quietly(join("Case Member 5"), join("Case Member 6")),
        act(slash("Case Member 5", "pay", [opt.user("user", "Case Member 6"), opt.int("amount", 50)]), answered),
        act(restart()),
        act(slash("Case Member 5", "balance"), balanceIs(450)),
      ),
    ],
  },
  {
    id: "economy-work",
    category: "economy",
    language: "javascript",
    description: "/work gives a random amount between 10 and 50 coins, once an hour. /wallet shows your coins.",
    checks: [
      check(
        "/work pays 10 to 50, kept across a restart",
        act(join("Case Member 1")),
        act(slash("Case Member 1", "work"), answered),
        act(slash("Case Member 1", "wallet"), reply([numberBetween(10, 50)], "10 to 50 coins")),
        act(restart()),
        act(slash("Case Member 1", "wallet"), reply([numberBetween(10, 50)], "10 to 50 coins")),
      ),
    ],
  },
  {
    id: "economy-bet",
    category: "economy",
    language: "javascript",
    description:
      "gambling: /bet <amount> — 50% chance you win the amount, 50% you lose it. you can't bet more than you have. new players start with 100 coins, /coins shows your balance",
    checks: [
      check(
        "Betting all 100 ends with 0 or 200",
        act(join("Case Member 1")),
        act(slash("Case Member 1", "bet", [opt.int("amount", 100)]), answered),
        act(slash("Case Member 1", "coins"), reply([numberOf(0, 200)], "0 or 200 coins")),
      ),
      check(
        "A bet above the balance changes nothing",
        act(join("Case Member 2")),
        act(slash("Case Member 2", "bet", [opt.int("amount", 500)]), answered),
        act(slash("Case Member 2", "coins"), balanceIs(100)),
      ),
    ],
  },
  {
    id: "economy-beg-leaderboard",
    category: "economy",
    language: "javascript",
    description: "!beg gives you 5 coins. !rich shows the top 10 richest people with how many coins they have.",
    checks: [
      check(
        "Three !beg make 15 coins, shown by !rich",
        act(join("Case Member 1")),
        quietly(say("Case Member 1", "!beg"), say("Case Member 1", "!beg"), say("Case Member 1", "!beg")),
        act(say("Case Member 1", "!rich"), reply([named("Case Member 1"), number(15)], "them with 15")),
      ),
    ],
  },
];

export const levelingCases: DescriptionCase[] = [
  {
    id: "leveling-xp",
    category: "leveling",
    language: "javascript",
    description:
      'leveling system!! every message = 10 xp. every 100 xp is a new level and the bot says "GG <mention>, you reached level <level>!" ' +
      "in #level-ups. /rank shows your xp and level. Dont lose it when the bot restarts.",
    checks: [
      check(
        "Ten messages reach level 1, announced in #level-ups; /rank shows 100 xp",
        act(join("Case Member 1")),
        chatter("Case Member 1", 9),
        act(
          say("Case Member 1", "message 10"),
          posted("level-ups", [`GG ${mention("Case Member 1")}, you reached level 1!`], "the GG"),
        ),
        act(slash("Case Member 1", "rank"), reply([number(100), level(1)], "100 xp and level 1")),
      ),
      check(
        "XP survives a restart",
        act(join("Case Member 2")),
        chatter("Case Member 2", 3),
        act(slash("Case Member 2", "rank"), reply([number(30)], "30 xp")),
        act(restart()),
        act(slash("Case Member 2", "rank"), reply([number(30)], "30 xp")),
      ),
    ],
  },
  {
    id: "leveling-message-count",
    category: "leveling",
    language: "javascript",
    description:
      "count how many messages each person sends and make !messages show your count. it should survive restarts",
    checks: [
      check(
        "Three messages count 3 (4 with the command), and the count survives a restart",
        act(join("Case Member 1")),
        quietly(say("Case Member 1", "hello"), say("Case Member 1", "how is everyone"), say("Case Member 1", "nice")),
        act(say("Case Member 1", "!messages"), reply([numberOf(3, 4)], "3 (or 4, counting the command)")),
        act(restart()),
        act(say("Case Member 1", "!messages"), reply([numberOf(3, 5)], "3 (or 5, counting both commands)")),
      ),
    ],
  },
  {
    id: "leveling-chatter-role",
    category: "leveling",
    language: "javascript",
    description: "after somone sends 5 messages give them teh 'Chatter' role and congradulate them",
    checks: [
      check(
        "The fifth message brings the Chatter role",
        act(join("Case Member 1")),
        chatter("Case Member 1", 4),
        act(say("Case Member 1", "message 5"), roleAdded("Case Member 1", "Chatter")),
      ),
    ],
  },
  {
    id: "leveling-reputation",
    category: "leveling",
    language: "javascript",
    description:
      "/rep <user> gives someone +1 reputation (you can't rep yourself). /reps [user] shows how many rep points someone has, your own if you leave it empty. saved across restarts.",
    checks: [
      check(
        "Two reps make 2, also after a restart",
        act(join("Case Member 1")),
        act(slash("Sam", "rep", [opt.user("user", "Case Member 1")]), answered),
        act(slash("Riley", "rep", [opt.user("user", "Case Member 1")]), answered),
        act(slash("Sam", "reps", [opt.user("user", "Case Member 1")]), reply([number(2)], "2")),
        act(restart()),
        act(slash("Riley", "reps", [opt.user("user", "Case Member 1")]), reply([number(2)], "2")),
      ),
      check(
        "Repping yourself gives nothing",
        act(join("Case Member 2")),
        act(slash("Case Member 2", "rep", [opt.user("user", "Case Member 2")]), answered),
        act(
          slash("Case Member 2", "reps"),
          reply([`${number(0)}|\\b${anyCase("no")}\\b|${anyCase("none")}`], "0 (or none)"),
        ),
      ),
    ],
  },
  {
    id: "leveling-levels",
    category: "leveling",
    language: "javascript",
    description:
      "Levels like MEE6 but simple: each message gives 20 xp, level = xp / 100 rounded down. /level shows your level and xp. when you level up post it in the same channel",
    checks: [
      check(
        "The fifth message levels up to 1 in the channel; /level shows level 1, 100 xp",
        act(join("Case Member 1")),
        chatter("Case Member 1", 4),
        act(say("Case Member 1", "message 5"), reply([level(1)], "level 1")),
        act(slash("Case Member 1", "level"), reply([number(100), level(1)], "level 1 and 100 xp")),
      ),
    ],
  },
];
