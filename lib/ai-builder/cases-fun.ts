/** Description cases: fun commands and games, and calculators. */
import {
  act,
  anyOf,
  check,
  deleted,
  mention,
  number,
  numberBetween,
  opt,
  reaction,
  reply,
  restart,
  say,
  slash,
} from "./cases-support";
import type { DescriptionCase } from "./types";

export const funCases: DescriptionCase[] = [
  {
    id: "fun-roll",
    category: "fun",
    language: "javascript",
    description: "a roll command with an optional number of sides, default 6",
    checks: [
      check(
        "/roll with no sides rolls 1 to 6",
        act(slash("Sam", "roll"), reply([numberBetween(1, 6)], "a number from 1 to 6")),
      ),
      check(
        "/roll with 20 sides rolls 1 to 20",
        act(slash("Sam", "roll", [opt.int("sides", 20)]), reply([numberBetween(1, 20)], "a number from 1 to 20")),
      ),
    ],
  },
  {
    id: "fun-8ball",
    category: "fun",
    language: "python",
    description: "!8ball <question> → answers randomly with one of: Yes, No, Maybe, Ask again later, Definitely not",
    checks: [
      check(
        "!8ball answers with one of the listed answers",
        act(
          say("Riley", "!8ball will it snow tomorrow?"),
          reply(["Yes|No|Maybe|Ask again later|Definitely not"], "one of the five answers"),
        ),
      ),
    ],
  },
  {
    id: "fun-coinflip",
    category: "fun",
    language: "javascript",
    description: "/coinflip -> heads or tails",
    checks: [
      check(
        "/coinflip says heads or tails",
        act(slash("Sam", "coinflip"), reply([anyOf("heads", "tails")], "heads or tails")),
      ),
    ],
  },
  {
    id: "fun-rps",
    category: "fun",
    language: "javascript",
    description:
      "rock paper scissors: /rps <choice> where choice is rock, paper or scissors. bot picks one at random, says what it picked and if you won, lost or it's a tie",
    checks: [
      check(
        "/rps rock says what the bot picked and who won",
        act(
          slash("Sam", "rps", [opt.text("choice", "rock")]),
          reply(
            [anyOf("rock", "paper", "scissors"), anyOf("win", "won", "lose", "lost", "tie", "draw")],
            "the bot's pick and the outcome",
          ),
        ),
      ),
    ],
  },
  {
    id: "fun-hug",
    category: "fun",
    language: "javascript",
    description: "/hug @user → the bot says something like '<you> hugs <them>! 🤗' mentioning both of you",
    checks: [
      check(
        "/hug Riley mentions Sam and Riley",
        act(
          slash("Sam", "hug", [opt.user("user", "Riley")]),
          reply([mention("Sam"), mention("Riley")], "both mentions"),
        ),
      ),
    ],
  },
  {
    id: "fun-jokes",
    category: "fun",
    language: "javascript",
    description: `when someone types !joke tell one of these at random:
- Why do programmers prefer dark mode? Because light attracts bugs.
- I told my computer I needed a break, and it said: no problem, I'll go to sleep.
- Why did the scarecrow win an award? He was outstanding in his field.`,
    checks: [
      check(
        "!joke tells one of the three jokes",
        act(
          say("Sam", "!joke"),
          reply(["light attracts bugs|go to sleep|outstanding in his field"], "one of the jokes"),
        ),
      ),
    ],
  },
  {
    id: "fun-counting",
    category: "fun",
    language: "javascript",
    description:
      "counting game in #counting: people count up 1, 2, 3... The bot reacts ✅ to the right next number and deletes wrong ones. Remember the current number even if the bot restarts.",
    checks: [
      check(
        "Right numbers get ✅, also after a restart; a wrong one is deleted",
        act(say("Sam", "1", "counting"), reaction("✅")),
        act(say("Riley", "2", "counting"), reaction("✅")),
        act(restart()),
        act(say("Sam", "3", "counting"), reaction("✅")),
        act(say("Riley", "7", "counting"), deleted),
      ),
    ],
  },
];

export const calculatorCases: DescriptionCase[] = [
  {
    id: "calculators-add-multiply",
    category: "calculators",
    language: "javascript",
    description: "/add a b and /multiply a b, numbers can have decimals",
    checks: [
      check(
        "/add 2.5 and 4 is 6.5",
        act(slash("Sam", "add", [opt.num("a", 2.5), opt.num("b", 4)]), reply([number(6.5)], "6.5")),
      ),
      check(
        "/multiply 4 by 2.5 is 10",
        act(slash("Sam", "multiply", [opt.num("a", 4), opt.num("b", 2.5)]), reply([number(10)], "10")),
      ),
    ],
  },
  {
    id: "calculators-tip",
    category: "calculators",
    language: "python",
    description: "tip calculator: /tip bill [percent] — percent is optional, default 15. show the tip and the total",
    checks: [
      check(
        "/tip on 80 with the default 15% is 12, total 92",
        act(slash("Sam", "tip", [opt.num("bill", 80)]), reply([number(12), number(92)], "12 and 92")),
      ),
      check(
        "/tip on 50 at 20% is 10, total 60",
        act(
          slash("Sam", "tip", [opt.num("bill", 50), opt.int("percent", 20)]),
          reply([number(10), number(60)], "10 and 60"),
        ),
      ),
    ],
  },
  {
    id: "calculators-temperature",
    category: "calculators",
    language: "javascript",
    description: "/ctof <celsius> converts to fahrenheit and /ftoc <fahrenheit> does the opposite",
    checks: [
      check("/ctof 100 is 212", act(slash("Sam", "ctof", [opt.num("celsius", 100)]), reply([number(212)], "212"))),
      check("/ctof -40 is -40", act(slash("Sam", "ctof", [opt.num("celsius", -40)]), reply([number(-40)], "-40"))),
      check("/ftoc 212 is 100", act(slash("Riley", "ftoc", [opt.num("fahrenheit", 212)]), reply([number(100)], "100"))),
    ],
  },
  {
    id: "calculators-bmi",
    category: "calculators",
    language: "javascript",
    description: "/bmi weight height - weight in kg, height in cm, reply with the BMI rounded to 1 decimal",
    checks: [
      check(
        "/bmi 70 kg, 175 cm is 22.9",
        act(slash("Sam", "bmi", [opt.num("weight", 70), opt.num("height", 175)]), reply([number(22.9)], "22.9")),
      ),
    ],
  },
  {
    id: "calculators-percent",
    category: "calculators",
    language: "javascript",
    description: "!percent <x> <y> → what is x% of y, e.g. !percent 25 200 says 50",
    checks: [
      check("!percent 25 200 says 50", act(say("Sam", "!percent 25 200"), reply([number(50)], "50"))),
      check("!percent 10 45 says 4.5", act(say("Sam", "!percent 10 45"), reply([number(4.5)], "4.5"))),
    ],
  },
  {
    id: "calculators-split",
    category: "calculators",
    language: "javascript",
    description: "Split the bill: /split total people → how much each person pays, rounded to 2 decimals",
    checks: [
      check(
        "/split 100 between 3 is 33.33 each",
        act(slash("Sam", "split", [opt.num("total", 100), opt.int("people", 3)]), reply([number(33.33)], "33.33")),
      ),
      check(
        "/split 90 between 4 is 22.5 each",
        act(slash("Riley", "split", [opt.num("total", 90), opt.int("people", 4)]), reply([number(22.5)], "22.5")),
      ),
    ],
  },
];
