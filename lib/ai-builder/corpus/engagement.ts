/**
 * Independent description corpus: engagement bots (polls, economy, leveling, reminders, tickets).
 * Written from the descriptions alone, as the people who typed them would test their bots.
 *
 * Channels used that the default test world (general, bot-commands, mod-log) lacks:
 *   suggestions, announcements, study-votes, ideas, suggestion-log, events, level-ups,
 *   book-club, raid-night, ticket-logs, transcripts, support
 * Channels the bots themselves are asked to create during a check (not needed beforehand):
 *   ticket-sam, ticket-riley, support-sam, ticket-1, ticket-2
 * Roles used that the default test world (Admin, Moderator, Member) lacks:
 *   Color, VIP, Active, Regular, Recruit, Staff, Support Team, Raiders
 *   (named in descriptions but not checked: Veteran, Soldier)
 *
 * Each case notes its style in a comment.
 */
import {
  act,
  answered,
  anyOf,
  channelCreated,
  channelDeleted,
  chatter,
  check,
  countOf,
  day,
  dm,
  hour,
  literal,
  margin,
  mention,
  named,
  number,
  numberBetween,
  numberOf,
  opt,
  posted,
  postedAnything,
  postedHere,
  privateReply,
  quietly,
  react,
  reaction,
  refused,
  reply,
  restart,
  roleAdded,
  say,
  slash,
  withButtons,
} from "@/lib/ai-builder/cases-support";
import type { DescriptionCase } from "@/lib/ai-builder/types";

const minute = 60;

export const engagementCorpus: DescriptionCase[] = [
  // ── Polls ───────────────────────────────────────────────────────────────────────────────────
  {
    // style: terse
    id: "c-polls-001",
    category: "polls",
    language: "javascript",
    description: "/poll question option1 option2 option3 (option3 optional)",
    checks: [
      check(
        "/poll with two options shows the question and both options",
        act(
          slash("Sam", "poll", [
            opt.text("question", "Best pizza topping?"),
            opt.text("option1", "Pineapple"),
            opt.text("option2", "Mushroom"),
          ]),
          postedHere(
            "bot-commands",
            [literal("Best pizza topping?"), "Pineapple", "Mushroom"],
            "the question and options",
          ),
        ),
      ),
      check(
        "/poll with the optional third option shows it too",
        act(
          slash("Riley", "poll", [
            opt.text("question", "Movie genre?"),
            opt.text("option1", "Horror"),
            opt.text("option2", "Comedy"),
            opt.text("option3", "Sci-fi"),
          ]),
          postedHere(
            "bot-commands",
            [literal("Movie genre?"), "Horror", "Comedy", literal("Sci-fi")],
            "the question and all three options",
          ),
        ),
      ),
    ],
  },
  {
    // style: chatty
    id: "c-polls-002",
    category: "polls",
    language: "javascript",
    description:
      "ok so me and my friends run a small dnd group and we literally NEVER agree on anything lol. can you make a bot with /poll where i put the question and then the choices separated by commas, and it shows them as a numbered list so we can react with 1️⃣ 2️⃣ 3️⃣ etc. nothing fancy, we just want to stop arguing in chat",
    checks: [
      check(
        "/poll lists the comma-separated choices, numbered",
        act(
          slash("Sam", "poll", [
            opt.text("question", "Where should the party go next?"),
            opt.text("choices", "Tavern, Dungeon, Castle"),
          ]),
          postedHere(
            "bot-commands",
            [
              literal("Where should the party go next?"),
              countOf("Tavern", 1),
              countOf("Dungeon", 2),
              countOf("Castle", 3),
            ],
            "the question and the choices numbered 1 to 3",
          ),
        ),
      ),
    ],
  },
  {
    // style: bullets
    id: "c-polls-003",
    category: "polls",
    language: "python",
    description:
      "python bot (discord.py) pls:\n- /yesno <question> → posts the question and reacts with ✅ and ❌\n- people vote by reacting\n- /results → how many ✅ and how many ❌ the latest yes/no poll has (don't count the bot's own reactions)",
    checks: [
      check(
        "/yesno posts the question, /results counts the votes",
        act(
          slash("Sam", "yesno", [opt.text("question", "Movie night on Friday?")]),
          postedHere("bot-commands", literal("Movie night on Friday?"), "the question"),
        ),
        quietly(
          react("Sam", "✅", "bot-commands"),
          react("Riley", "✅", "bot-commands"),
          react("Alex", "❌", "bot-commands"),
        ),
        act(slash("Sam", "results"), reply([countOf("✅", 2), countOf("❌", 1)], "2 ✅ and 1 ❌")),
      ),
    ],
  },
  {
    // style: typos / all lowercase
    id: "c-polls-004",
    category: "polls",
    language: "javascript",
    description:
      "i need a sugestion bot. ppl do /suggest <idea> and the bot posts there idea in #suggestions with a 👍 and 👎 so every1 can vote on it",
    checks: [
      check(
        "/suggest posts the idea in #suggestions",
        act(
          slash("Sam", "suggest", [opt.text("idea", "add a minecraft channel")]),
          posted("suggestions", literal("add a minecraft channel"), "the idea"),
        ),
      ),
    ],
  },
  {
    // style: non-native English
    id: "c-polls-005",
    category: "polls",
    language: "python",
    description:
      "I want bot which is making vote. When admin write /vote with the text, bot is sending this text to #announcements and put reactions ✅ and ❌ on it. Normal members can not use it, only admin.",
    checks: [
      check(
        "an admin's /vote goes to #announcements",
        act(
          slash("You", "vote", [opt.text("text", "Server event on Saturday?")]),
          posted("announcements", literal("Server event on Saturday?"), "the vote text"),
        ),
      ),
      check("a normal member cannot use /vote", act(slash("Sam", "vote", [opt.text("text", "Free nitro?")]), refused)),
    ],
  },
  {
    // style: several features in one sentence
    id: "c-polls-006",
    category: "polls",
    language: "javascript",
    description:
      "a poll bot where /poll makes a poll from a question and answers separated by commas, /quickpoll asks a yes or no question with 👍 and 👎, and only people with the Moderator role can use either one",
    checks: [
      check(
        "a moderator's /quickpoll shows the question",
        act(
          slash("Alex", "quickpoll", [opt.text("question", "Pizza tonight?")]),
          postedHere("bot-commands", literal("Pizza tonight?"), "the question"),
        ),
      ),
      check(
        "a moderator's /poll shows every answer",
        act(
          slash("Alex", "poll", [
            opt.text("question", "Best day for events?"),
            opt.text("answers", "Friday, Saturday, Sunday"),
          ]),
          postedHere(
            "bot-commands",
            [literal("Best day for events?"), "Friday", "Saturday", "Sunday"],
            "the question and the three answers",
          ),
        ),
      ),
      check(
        "a member without the Moderator role is refused",
        act(slash("Sam", "poll", [opt.text("question", "Can I?"), opt.text("answers", "yes, no")]), refused),
        act(slash("Riley", "quickpoll", [opt.text("question", "Me too?")]), refused),
      ),
    ],
  },
  {
    // style: options described in words
    id: "c-polls-007",
    category: "polls",
    language: "javascript",
    description:
      "A /poll command. It takes the question, two choices that are required and a third one that's optional, and the number of minutes the poll stays open. People vote with 1️⃣ 2️⃣ 3️⃣ reactions, and when the time runs out the bot posts the winner in the same channel.",
    checks: [
      check(
        "a 10-minute poll announces the most voted choice when it ends",
        act(
          slash("Sam", "poll", [
            opt.text("question", "What's for lunch?"),
            opt.text("choice1", "Burgers"),
            opt.text("choice2", "Sushi"),
            opt.int("minutes", 10),
          ]),
          postedHere("bot-commands", [literal("What's for lunch?"), "Burgers", "Sushi"], "the question and choices"),
        ),
        quietly(
          react("Sam", "1️⃣", "bot-commands"),
          react("Riley", "1️⃣", "bot-commands"),
          react("Alex", "2️⃣", "bot-commands"),
        ),
        act(
          restart(10 * minute + margin),
          posted("bot-commands", ["Burgers", anyOf("win", "won", "winner", "🏆")], "Burgers as the winner"),
        ),
      ),
    ],
  },
  {
    // style: channels and roles named
    id: "c-polls-008",
    category: "polls",
    language: "javascript",
    description:
      "Anything people post in #suggestions should get a 👍 and a 👎 reaction from the bot so the rest of us can vote on it.",
    checks: [
      check(
        "a message in #suggestions gets both reactions",
        act(say("Sam", "we should do a movie night every month", "suggestions"), reaction("👍"), reaction("👎")),
      ),
    ],
  },
  {
    // style: quoted reply texts
    id: "c-polls-009",
    category: "polls",
    language: "javascript",
    description:
      '/suggest <suggestion> — the bot answers "Thanks! Your suggestion has been sent." (only the person sees that) and posts the suggestion in #suggestions so people can vote',
    checks: [
      check(
        "/suggest thanks the member privately and posts the suggestion",
        act(
          slash("Riley", "suggest", [opt.text("suggestion", "a channel for pet pictures")]),
          privateReply({ whole: literal("Thanks! Your suggestion has been sent.") }, "the thank-you text"),
          posted("suggestions", literal("a channel for pet pictures"), "the suggestion"),
        ),
      ),
    ],
  },
  {
    // style: sub-commands
    id: "c-polls-010",
    category: "polls",
    language: "python",
    description:
      "discord.py poll bot with subcommands: /poll create <question> <options>, /poll show, /poll close. options are comma separated. voting is with buttons, one button per option",
    checks: [
      check(
        "/poll create posts the question with one button per option",
        act(
          slash(
            "Sam",
            "poll",
            [opt.text("question", "Game tonight?"), opt.text("options", "Valorant, Minecraft, Among Us")],
            { subcommand: "create" },
          ),
          withButtons("bot-commands", ["Valorant", "Minecraft", "Among Us"]),
          postedHere("bot-commands", literal("Game tonight?"), "the question"),
        ),
        act(
          slash("Sam", "poll", [], { subcommand: "show" }),
          reply(["Valorant", "Minecraft", literal("Among Us")], "the poll's options"),
        ),
      ),
    ],
  },
  {
    // style: terse
    id: "c-polls-011",
    category: "polls",
    language: "python",
    description: "!poll question | option | option … bot reposts it with 🇦 🇧 🇨 reactions",
    checks: [
      check(
        "!poll shows the question and the options",
        act(
          say("Sam", "!poll Best snack? | Chips | Cookies", "bot-commands"),
          reply([literal("Best snack?"), "Chips", "Cookies"], "the question and both options"),
        ),
      ),
    ],
  },
  {
    // style: chatty
    id: "c-polls-012",
    category: "polls",
    language: "javascript",
    description:
      "We're a study group server with about 40 people and every week we vote on which topic to review next. I'd like the admins to run /topicvote with the topics (comma separated, the option can just be called topics) and it posts a poll in #study-votes, then the next day it posts the results in the same channel. Regular members shouldn't be able to start a vote.",
    checks: [
      check(
        "an admin's /topicvote posts in #study-votes and the results follow a day later",
        act(
          slash("You", "topicvote", [opt.text("topics", "Calculus, Chemistry, History")]),
          posted("study-votes", ["Calculus", "Chemistry", "History"], "the three topics"),
        ),
        act(
          restart(day + margin),
          posted("study-votes", anyOf("result", "won", "winner", "wins", "tie", "vote"), "the results"),
        ),
      ),
      check(
        "a regular member cannot start a vote",
        act(slash("Sam", "topicvote", [opt.text("topics", "Art, Music")]), refused),
      ),
    ],
  },
  {
    // style: typos / all lowercase
    id: "c-polls-013",
    category: "polls",
    language: "python",
    description:
      "make me a python bot for yes/no questions. when some1 types a message starting with 'vote:' anywhere the bot reacts to it with ✅ and ❌",
    checks: [
      check(
        "a message starting with vote: gets ✅ and ❌",
        act(say("Riley", "vote: should we add a memes channel?"), reaction("✅"), reaction("❌")),
      ),
    ],
  },
  {
    // style: non-native English
    id: "c-polls-014",
    category: "polls",
    language: "javascript",
    description:
      "Please make bot for suggestions of our server. Member use /suggest and give idea, bot put it in channel #ideas with number, like Suggestion #1, Suggestion #2. Admin can do /accept number or /deny number, then bot write in #ideas that this suggestion is accepted or denied.",
    checks: [
      check(
        "suggestions are numbered and an admin can accept one",
        act(
          slash("Sam", "suggest", [opt.text("idea", "more emojis")]),
          posted("ideas", [literal("more emojis"), `#${number(1)}`], "the idea as #1"),
        ),
        act(
          slash("Riley", "suggest", [opt.text("idea", "a music bot")]),
          posted("ideas", [literal("a music bot"), `#${number(2)}`], "the idea as #2"),
        ),
        act(
          slash("You", "accept", [opt.int("number", 1)]),
          posted("ideas", [anyOf("accept"), `(?:#\\s*${number(1)}|more emojis)`], "suggestion 1 accepted"),
        ),
        act(
          slash("You", "deny", [opt.int("number", 2)]),
          posted(
            "ideas",
            [anyOf("denied", "deny", "rejected"), `(?:#\\s*${number(2)}|a music bot)`],
            "suggestion 2 denied",
          ),
        ),
      ),
      check("a member cannot deny a suggestion", act(slash("Sam", "deny", [opt.int("number", 1)]), refused)),
    ],
  },
  {
    // style: several features in one sentence
    id: "c-polls-015",
    category: "polls",
    language: "javascript",
    description:
      "suggestions bot: /suggest <text> posts to #suggestions and reacts 👍👎, /suggestions-count says how many suggestions were made so far, and it should keep counting after the bot restarts instead of going back to zero",
    checks: [
      check(
        "the count goes up with each suggestion and survives a restart",
        act(
          slash("Sam", "suggest", [opt.text("text", "weekly trivia")]),
          posted("suggestions", literal("weekly trivia"), "the suggestion"),
        ),
        act(
          slash("Riley", "suggest", [opt.text("text", "art contest")]),
          posted("suggestions", literal("art contest"), "the suggestion"),
        ),
        act(slash("Sam", "suggestions-count"), reply(number(2), "2 suggestions")),
        act(restart()),
        act(
          slash("Alex", "suggest", [opt.text("text", "movie night")]),
          posted("suggestions", literal("movie night"), "the suggestion"),
        ),
        act(slash("Sam", "suggestions-count"), reply(number(3), "3 suggestions")),
      ),
    ],
  },
  {
    // style: options described in words
    id: "c-polls-016",
    category: "polls",
    language: "javascript",
    description:
      "I need a /poll that takes a question and the answers as one comma-separated list. Show the question on top and then each answer on its own line with a letter in front of it (A, B, C, D and so on).",
    checks: [
      check(
        "/poll letters each answer",
        act(
          slash("Sam", "poll", [opt.text("question", "Favourite colour?"), opt.text("answers", "Red, Blue, Green")]),
          postedHere(
            "bot-commands",
            [literal("Favourite colour?"), "(?:A|🇦)\\W{0,6}Red", "(?:B|🇧)\\W{0,6}Blue", "(?:C|🇨)\\W{0,6}Green"],
            "the question and the answers lettered A, B, C",
          ),
        ),
      ),
    ],
  },
  {
    // style: channels and roles named
    id: "c-polls-017",
    category: "polls",
    language: "javascript",
    description:
      "Only @Moderator can run /eventpoll <question>. It posts the question in #events and pings the @Member role so everyone sees it.",
    checks: [
      check(
        "a moderator's /eventpoll goes to #events with the Member role pinged",
        act(
          slash("Alex", "eventpoll", [opt.text("question", "Karaoke night next week?")]),
          posted(
            "events",
            [literal("Karaoke night next week?"), "<@&⟨role:Member⟩>"],
            "the question and the Member ping",
          ),
        ),
      ),
      check(
        "someone without Moderator is refused",
        act(slash("Sam", "eventpoll", [opt.text("question", "Free stuff?")]), refused),
      ),
    ],
  },
  {
    // style: quoted reply texts
    id: "c-polls-018",
    category: "polls",
    language: "javascript",
    description:
      "/rate <thing> starts a 1–5 star poll about the thing in the channel with ⭐ reactions, and tells the person who ran it 'Poll started!' privately",
    checks: [
      check(
        "/rate answers privately and posts the poll",
        act(
          slash("Sam", "rate", [opt.text("thing", "the new server logo")]),
          privateReply({ whole: literal("Poll started!") }, "Poll started!"),
          posted("bot-commands", literal("the new server logo"), "the thing being rated"),
        ),
      ),
    ],
  },
  {
    // style: sub-commands
    id: "c-polls-019",
    category: "polls",
    language: "javascript",
    description:
      "/suggestion submit <text> | /suggestion approve <number> | /suggestion reject <number> <reason>\nsubmitted ones go to #suggestions with a number (1, 2, 3…). approve/reject are mods only and the decision gets posted in #suggestion-log",
    checks: [
      check(
        "a submitted suggestion is numbered and a mod approves it",
        act(
          slash("Sam", "suggestion", [opt.text("text", "weekly game nights")], { subcommand: "submit" }),
          posted("suggestions", [literal("weekly game nights"), number(1)], "the suggestion with number 1"),
        ),
        act(
          slash("Alex", "suggestion", [opt.int("number", 1)], { subcommand: "approve" }),
          posted("suggestion-log", [anyOf("approve"), `(?:${number(1)}|weekly game nights)`], "suggestion 1 approved"),
        ),
      ),
      check(
        "a mod rejects one with a reason",
        act(
          slash("Riley", "suggestion", [opt.text("text", "delete general")], { subcommand: "submit" }),
          posted("suggestions", literal("delete general"), "the suggestion"),
        ),
        act(
          slash("Alex", "suggestion", [opt.int("number", 2), opt.text("reason", "we need that channel")], {
            subcommand: "reject",
          }),
          posted("suggestion-log", [anyOf("reject"), literal("we need that channel")], "the rejection with its reason"),
        ),
      ),
      check(
        "a member cannot approve",
        act(slash("Riley", "suggestion", [opt.int("number", 1)], { subcommand: "approve" }), refused),
      ),
    ],
  },
  {
    // style: bullets
    id: "c-polls-020",
    category: "polls",
    language: "python",
    description:
      "- /poll <question> <options>   (options split by commas, max 10)\n- votes are buttons under the poll\n- show the results live in the poll message\n- /pollend closes the newest poll and posts the final counts",
    checks: [
      check(
        "/poll has a button per option and /pollend gives the counts",
        act(
          slash("Sam", "poll", [opt.text("question", "Team colour?"), opt.text("options", "Red, Green, Blue")]),
          withButtons("bot-commands", ["Red", "Green", "Blue"]),
        ),
        act(
          slash("Sam", "pollend"),
          postedHere(
            "bot-commands",
            `(?:${countOf("Red", 0)}|${anyOf("no votes", "nobody voted", "no one voted")})`,
            "the final counts (no votes yet)",
          ),
        ),
      ),
    ],
  },

  // ── Economy ─────────────────────────────────────────────────────────────────────────────────
  {
    // style: terse
    id: "c-economy-001",
    category: "economy",
    language: "javascript",
    description: "economy bot: /balance, /daily (+250 coins). everyone starts at 0",
    checks: [
      check(
        "/daily adds 250 and /balance shows it",
        act(slash("Sam", "daily"), reply(number(250), "250 coins")),
        act(slash("Sam", "balance"), reply(number(250), "a balance of 250")),
      ),
      check(
        "someone who never claimed has nothing",
        act(
          slash("Riley", "balance"),
          reply(`(?:${number(0)}|${anyOf("no coins", "nothing", "broke", "empty")})`, "a balance of 0"),
        ),
      ),
    ],
  },
  {
    // style: chatty
    id: "c-economy-002",
    category: "economy",
    language: "javascript",
    description:
      "My little brother wants his own economy bot for the server he has with his school friends (they're obsessed with dank memer lol). Can it do /work which pays a random amount between 50 and 150 coins, and /bal to see how much you've got, starting from 0? He also really wants the money saved so it doesn't vanish when the bot restarts.",
    checks: [
      check(
        "/work pays 50–150 and the balance adds up and survives a restart",
        act(slash("Sam", "work"), reply(numberBetween(50, 150), "a payout from 50 to 150")),
        act(slash("Sam", "work"), reply(numberBetween(50, 150), "a payout from 50 to 150")),
        act(slash("Sam", "bal"), reply(numberBetween(100, 300), "a balance from 100 to 300")),
        act(restart()),
        act(slash("Sam", "bal"), reply(numberBetween(100, 300), "the same balance after the restart")),
      ),
    ],
  },
  {
    // style: bullets
    id: "c-economy-003",
    category: "economy",
    language: "python",
    description:
      "python economy bot\n- new people start with 0\n- /balance [user] – your coins or someone else's\n- /daily – 100 coins once per day\n- /pay <user> <amount>\n- you can't pay more than you have",
    checks: [
      check(
        "paying moves coins from one balance to the other",
        act(slash("Sam", "daily"), reply(number(100), "100 coins")),
        act(
          slash("Sam", "pay", [opt.user("user", "Riley"), opt.int("amount", 40)]),
          reply([named("Riley"), number(40)], "40 coins paid to Riley"),
        ),
        act(slash("Sam", "balance"), reply(number(60), "60 coins left")),
        act(slash("Sam", "balance", [opt.user("user", "Riley")]), reply(number(40), "Riley's 40 coins")),
      ),
      check(
        "paying more than you have is refused",
        act(
          slash("Riley", "pay", [opt.user("user", "Sam"), opt.int("amount", 9999)]),
          reply(
            anyOf("enough", "insufficient", "afford", "don't have", "do not have", "only have", "can't", "cannot"),
            "a refusal for not having enough",
          ),
        ),
      ),
    ],
  },
  {
    // style: typos / all lowercase
    id: "c-economy-004",
    category: "economy",
    language: "javascript",
    description:
      "can u make a bot with coins. u start with nothing, /beg gives u like 1 to 20 coins randomly and /bal shows ur coins n stuff",
    checks: [
      check(
        "/beg gives 1–20 and /bal shows it",
        act(slash("Sam", "beg"), reply(numberBetween(1, 20), "1 to 20 coins")),
        act(slash("Sam", "bal"), reply(numberBetween(1, 20), "a balance from 1 to 20")),
      ),
    ],
  },
  {
    // style: non-native English
    id: "c-economy-005",
    category: "economy",
    language: "python",
    description:
      "I want economy system. Every user have wallet, start with 0 money. Command /work give money between 100 and 300, user can use it one time each hour. Command /wallet show money of user.",
    checks: [
      check(
        "/work pays 100–300, only once an hour",
        act(slash("Sam", "work"), reply(numberBetween(100, 300), "100 to 300")),
        act(
          slash("Sam", "work"),
          reply(anyOf("wait", "hour", "cooldown", "again", "already", "minute", "later"), "a cooldown answer"),
        ),
        act(slash("Sam", "wallet"), reply(numberBetween(100, 300), "the wallet from 100 to 300")),
      ),
    ],
  },
  {
    // style: several features in one sentence
    id: "c-economy-006",
    category: "economy",
    language: "javascript",
    description:
      "coins bot (everyone starts at 0) with /daily that gives 500, /rob <user> that steals a random 10-30% of that person's coins, and /richest that lists the top 5",
    checks: [
      check(
        "/rob takes 10–30% of the victim's coins and /richest ranks the robber first",
        act(slash("Sam", "daily"), reply(number(500), "500 coins")),
        act(slash("Riley", "daily"), reply(number(500), "500 coins")),
        act(slash("Sam", "rob", [opt.user("user", "Riley")]), reply(numberBetween(50, 150), "50 to 150 coins stolen")),
        act(slash("Alex", "richest"), reply({ whole: `.*${named("Sam")}.*${named("Riley")}.*` }, "Sam above Riley")),
      ),
    ],
  },
  {
    // style: options described in words
    id: "c-economy-007",
    category: "economy",
    language: "javascript",
    description:
      "Add a /give command: it takes a member and an amount, and moves that many coins from your balance to theirs. Also a /daily giving 200 coins and a /balance that can optionally take a member to look at someone else.",
    checks: [
      check(
        "/give says who got how much",
        act(slash("Sam", "daily"), reply(number(200), "200 coins")),
        act(
          slash("Sam", "give", [opt.user("member", "Riley"), opt.int("amount", 75)]),
          reply([named("Riley"), number(75)], "75 coins to Riley"),
        ),
      ),
      check(
        "/balance can look at another member",
        act(slash("Riley", "balance", [opt.user("member", "Sam")]), reply(named("Sam"), "Sam's balance")),
      ),
    ],
  },
  {
    // style: channels and roles named
    id: "c-economy-008",
    category: "economy",
    language: "javascript",
    description:
      '/shop lists two things you can buy: the "VIP" role for 1000 coins and the "Color" role for 300 coins. /buy <item> takes the coins and gives you the role. /daily gives 400 coins.',
    checks: [
      check(
        "/shop lists both roles with their prices",
        act(
          slash("Sam", "shop"),
          reply(["VIP", "(?<![\\d.,])1[,. ]?000(?![\\d])", "Color", number(300)], "VIP for 1000 and Color for 300"),
        ),
      ),
      check(
        "buying Color gives the role",
        act(slash("Riley", "daily"), reply(number(400), "400 coins")),
        act(slash("Riley", "buy", [opt.text("item", "Color")]), roleAdded("Riley", "Color")),
      ),
    ],
  },
  {
    // style: quoted reply texts
    id: "c-economy-009",
    category: "economy",
    language: "python",
    description:
      'discord.py: /daily gives 100 coins and says "You claimed your daily 100 coins!". If they already claimed it today, say "Come back tomorrow!" instead.',
    checks: [
      check(
        "the first /daily pays, the second is told to come back",
        act(slash("Sam", "daily"), reply({ whole: literal("You claimed your daily 100 coins!") }, "the claim text")),
        act(slash("Sam", "daily"), reply({ whole: literal("Come back tomorrow!") }, "Come back tomorrow!")),
      ),
    ],
  },
  {
    // style: sub-commands
    id: "c-economy-010",
    category: "economy",
    language: "javascript",
    description:
      "one /eco command with subcommands: /eco balance, /eco daily (150 coins), /eco pay <user> <amount>, /eco top. start everyone at 0",
    checks: [
      check(
        "daily, pay, balance and top add up",
        act(slash("Sam", "eco", [], { subcommand: "daily" }), reply(number(150), "150 coins")),
        act(
          slash("Sam", "eco", [opt.user("user", "Riley"), opt.int("amount", 50)], { subcommand: "pay" }),
          reply(number(50), "50 coins paid"),
        ),
        act(slash("Sam", "eco", [], { subcommand: "balance" }), reply(number(100), "100 left")),
        act(slash("Riley", "eco", [], { subcommand: "balance" }), reply(number(50), "Riley's 50")),
        act(
          slash("Riley", "eco", [], { subcommand: "top" }),
          reply({ whole: `.*${named("Sam")}.*${named("Riley")}.*` }, "Sam above Riley"),
        ),
      ),
    ],
  },
  {
    // style: terse
    id: "c-economy-011",
    category: "economy",
    language: "python",
    description: "/bet <amount> <side> (heads or tails): win = double, lose = gone. /bal. everyone starts with 100",
    checks: [
      check(
        "a bet is won or lost and the balance follows",
        act(
          slash("Sam", "bet", [opt.int("amount", 50), opt.text("side", "heads")]),
          reply(anyOf("won", "win", "lost", "lose"), "won or lost"),
        ),
        act(slash("Sam", "bal"), reply(numberOf(50, 150, 200), "50 after a loss, or more after a win")),
      ),
    ],
  },
  {
    // style: chatty
    id: "c-economy-012",
    category: "economy",
    language: "javascript",
    description:
      "I run a roleplay server set in a fantasy kingdom and I want gold instead of coins. Everyone starts broke. Players should be able to /work as a blacksmith and earn 20 to 60 gold, check their purse with /purse, and /give gold to other players (it takes a player and an amount). It's super important that the gold is saved, we had a bot lose everything once and people were furious.",
    checks: [
      check(
        "work, give and purse, saved over a restart",
        act(slash("Sam", "work"), reply([numberBetween(20, 60), anyOf("gold")], "20 to 60 gold")),
        act(
          slash("Sam", "give", [opt.user("player", "Riley"), opt.int("amount", 10)]),
          reply([named("Riley"), number(10)], "10 gold to Riley"),
        ),
        act(restart()),
        act(slash("Riley", "purse"), reply(number(10), "Riley's 10 gold")),
        act(slash("Sam", "purse"), reply(numberBetween(10, 50), "what Sam kept")),
      ),
    ],
  },
  {
    // style: typos / all lowercase
    id: "c-economy-013",
    category: "economy",
    language: "python",
    description:
      "pls make a py bot, economy w/ a shop. items r: fishing rod 50, pickaxe 120, sword 200. /shop shows them, /buy <item> buys it (takes the coins), /inv shows what u bought. /daily is 150 coins, ppl start w 0",
    checks: [
      check(
        "/shop lists the items and prices",
        act(
          slash("Sam", "shop"),
          reply(
            [anyOf("fishing rod"), number(50), anyOf("pickaxe"), number(120), anyOf("sword"), number(200)],
            "the three items with prices",
          ),
        ),
      ),
      check(
        "buying a pickaxe puts it in /inv and the sword is then too expensive",
        act(slash("Riley", "daily"), reply(number(150), "150 coins")),
        act(slash("Riley", "buy", [opt.text("item", "pickaxe")]), reply(anyOf("pickaxe"), "the pickaxe bought")),
        act(slash("Riley", "inv"), reply(anyOf("pickaxe"), "the pickaxe")),
        act(
          slash("Riley", "buy", [opt.text("item", "sword")]),
          reply(anyOf("enough", "afford", "insufficient", "need", "don't have", "can't"), "not enough coins"),
        ),
      ),
    ],
  },
  {
    // style: non-native English
    id: "c-economy-014",
    category: "economy",
    language: "javascript",
    description:
      "Bot need to have money. When people write messages they get 1 coin for each message. /money show how much coins you have. /top show who have most coins.",
    checks: [
      check(
        "each message earns a coin and /top ranks by coins",
        chatter("Sam", 5),
        chatter("Riley", 2),
        act(slash("Sam", "money"), reply(number(5), "5 coins")),
        act(slash("Sam", "top"), reply({ whole: `.*${named("Sam")}.*${named("Riley")}.*` }, "Sam above Riley")),
      ),
    ],
  },
  {
    // style: several features in one sentence
    id: "c-economy-015",
    category: "economy",
    language: "javascript",
    description:
      "I want /daily (300 coins, once a day), /weekly (2000 coins, once a week) and /balance, nobody gets any starting money, and everything has to be saved to a file or database so a restart doesn't wipe it",
    checks: [
      check(
        "daily and weekly add up and the balance survives a restart",
        act(slash("Sam", "daily"), reply(number(300), "300 coins")),
        act(slash("Sam", "weekly"), reply("(?<![\\d.,])2[,. ]?000(?![\\d])", "2000 coins")),
        act(slash("Sam", "balance"), reply("(?<![\\d.,])2[,. ]?300(?![\\d])", "2300 coins")),
        act(restart()),
        act(slash("Sam", "balance"), reply("(?<![\\d.,])2[,. ]?300(?![\\d])", "still 2300 coins")),
      ),
      check(
        "a second /daily the same day is turned down",
        act(slash("Riley", "daily"), reply(number(300), "300 coins")),
        act(
          slash("Riley", "daily"),
          reply(
            anyOf("already", "come back", "wait", "again", "tomorrow", "hour", "cooldown"),
            "a come-back-later answer",
          ),
        ),
      ),
    ],
  },
  {
    // style: options described in words
    id: "c-economy-016",
    category: "economy",
    language: "javascript",
    description:
      "A /gamble command that takes an amount of coins. There's a 40% chance to win, and if you win you get twice your bet back, otherwise you lose the bet. It should refuse if you bet more than you have. Also add /balance and a /daily of 100, new members start with 0.",
    checks: [
      check(
        "a gamble is won or lost and the balance follows",
        act(slash("Sam", "daily"), reply(number(100), "100 coins")),
        act(slash("Sam", "gamble", [opt.int("amount", 50)]), reply(anyOf("won", "win", "lost", "lose"), "won or lost")),
        act(slash("Sam", "balance"), reply(numberOf(50, 150), "50 after a loss or 150 after a win")),
      ),
      check(
        "betting more than you have is refused",
        act(
          slash("Riley", "gamble", [opt.int("amount", 500)]),
          reply(
            anyOf("enough", "insufficient", "afford", "don't have", "do not have", "more than", "can't"),
            "a refusal",
          ),
        ),
      ),
    ],
  },
  {
    // style: bullets
    id: "c-economy-017",
    category: "economy",
    language: "javascript",
    description:
      "Economy:\n• /work → 25-75 coins, 30 min cooldown\n• /crime → 50/50 chance: +100 or -50\n• /balance\n• /leaderboard (top 10)\n• start: 0 coins",
    checks: [
      check(
        "/work pays 25–75 and has a cooldown",
        act(slash("Sam", "work"), reply(numberBetween(25, 75), "25 to 75 coins")),
        act(
          slash("Sam", "work"),
          reply(anyOf("wait", "cooldown", "minute", "again", "later", "min"), "a cooldown answer"),
        ),
      ),
      check(
        "/crime wins 100 or loses 50, and /leaderboard lists players",
        act(slash("Riley", "crime"), reply(numberOf(100, 50), "+100 or -50")),
        act(slash("Riley", "leaderboard"), reply(named("Sam"), "Sam on the leaderboard")),
      ),
    ],
  },
  {
    // style: quoted reply texts
    id: "c-economy-018",
    category: "economy",
    language: "javascript",
    description:
      'When someone runs /balance and has no coins, reply "You\'re broke! Try /work." — otherwise reply "You have X coins." with their amount. /work gives exactly 10 coins every time.',
    checks: [
      check(
        "broke first, then 10 coins after working",
        act(slash("Sam", "balance"), reply({ whole: literal("You're broke! Try /work.") }, "the broke text")),
        act(slash("Sam", "work"), answered),
        act(slash("Sam", "balance"), reply({ whole: literal("You have 10 coins.") }, "You have 10 coins.")),
      ),
    ],
  },
  {
    // style: sub-commands
    id: "c-economy-019",
    category: "economy",
    language: "javascript",
    description:
      "Bot with a wallet and a bank. /work puts 100 coins in your wallet. /bank deposit <amount> moves coins from wallet to bank, /bank withdraw <amount> moves them back, /bank view shows both. You can't move more than you actually have. Everyone starts with 0 in both.",
    checks: [
      check(
        "deposit, view and an over-withdrawal",
        act(slash("Sam", "work"), reply(number(100), "100 coins")),
        act(
          slash("Sam", "bank", [opt.int("amount", 60)], { subcommand: "deposit" }),
          reply(number(60), "60 deposited"),
        ),
        act(
          slash("Sam", "bank", [], { subcommand: "view" }),
          reply([countOf("wallet", 40), countOf("bank", 60)], "40 in the wallet and 60 in the bank"),
        ),
        act(
          slash("Sam", "bank", [opt.int("amount", 100)], { subcommand: "withdraw" }),
          reply(anyOf("enough", "insufficient", "only", "don't have", "do not have", "can't", "cannot"), "a refusal"),
        ),
      ),
    ],
  },
  {
    // style: channels and roles named
    id: "c-economy-020",
    category: "economy",
    language: "javascript",
    description:
      "Only people with the Admin role can use /addmoney <user> <amount> and /removemoney <user> <amount>. Everyone can use /balance. Start balance is zero. Normal people trying the admin commands get an error only they can see.",
    checks: [
      check(
        "an admin adds and removes money",
        act(slash("You", "addmoney", [opt.user("user", "Sam"), opt.int("amount", 500)]), answered),
        act(slash("Sam", "balance"), reply(number(500), "500 coins")),
        act(slash("You", "removemoney", [opt.user("user", "Sam"), opt.int("amount", 200)]), answered),
        act(slash("Sam", "balance"), reply(number(300), "300 coins")),
      ),
      check(
        "a normal member cannot add money",
        act(slash("Riley", "addmoney", [opt.user("user", "Riley"), opt.int("amount", 1000)]), refused),
      ),
    ],
  },
  {
    // style: terse
    id: "c-economy-021",
    category: "economy",
    language: "python",
    description: "/daily 50 coins + /leaderboard of the richest",
    checks: [
      check(
        "the leaderboard shows who claimed",
        act(slash("Sam", "daily"), reply(number(50), "50 coins")),
        act(slash("Riley", "leaderboard"), reply([named("Sam"), number(50)], "Sam with 50")),
      ),
    ],
  },
  {
    // style: chatty
    id: "c-economy-022",
    category: "economy",
    language: "python",
    description:
      "So I'm learning python and I'd like to see what a discord.py economy bot could look like. Basic stuff: everyone starts with 100 coins, a /beg that sometimes gives 5-25 coins and sometimes nothing (like a 70% chance to get something), a /balance, and a /give to send coins to a friend (user and amount). Keep the data in a json file or sqlite so it survives restarts.",
    checks: [
      check(
        "everyone starts with 100, give moves coins, and it is saved",
        act(slash("Riley", "balance"), reply(number(100), "100 coins to start")),
        act(slash("Sam", "give", [opt.user("user", "Riley"), opt.int("amount", 30)]), reply(named("Riley"), "Riley")),
        act(slash("Sam", "balance"), reply(number(70), "70 coins")),
        act(restart()),
        act(slash("Riley", "balance"), reply(number(130), "130 coins after the restart")),
      ),
      check("/beg answers", act(slash("Alex", "beg"), answered)),
    ],
  },
  {
    // style: typos / all lowercase
    id: "c-economy-023",
    category: "economy",
    language: "javascript",
    description:
      "economy bot where u can /fish n get a random fish worth some coins (common fish 5, rare 25, legendary 100), then /sell sells all ur fish for coins, and /balance",
    checks: [
      check(
        "a fish is caught and sold for its worth",
        act(
          slash("Sam", "fish"),
          reply(
            `(?:${anyOf("common", "rare", "legendary")}|${numberOf(5, 25, 100)})`,
            "a common, rare or legendary fish",
          ),
        ),
        act(slash("Sam", "sell"), reply(numberOf(5, 25, 100), "5, 25 or 100 coins")),
        act(slash("Sam", "balance"), answered),
      ),
    ],
  },
  {
    // style: non-native English (with sub-commands)
    id: "c-economy-024",
    category: "economy",
    language: "python",
    description:
      "Need shop where admin can add items. /shop add name price (only admin), /shop list show all item with the price, /shop buy name. Users get money by /daily, it give 200.",
    checks: [
      check(
        "an admin adds an item, a member sees it and buys it",
        act(slash("You", "shop", [opt.text("name", "Cookie"), opt.int("price", 50)], { subcommand: "add" }), answered),
        act(slash("Sam", "shop", [], { subcommand: "list" }), reply(["Cookie", number(50)], "Cookie for 50")),
        act(slash("Sam", "daily"), reply(number(200), "200")),
        act(
          slash("Sam", "shop", [opt.text("name", "Cookie")], { subcommand: "buy" }),
          reply(anyOf("bought", "purchas", "you got", "you now", "enjoy", "success"), "the purchase"),
        ),
      ),
      check(
        "a member cannot add items",
        act(
          slash("Sam", "shop", [opt.text("name", "Free Nitro"), opt.int("price", 1)], { subcommand: "add" }),
          refused,
        ),
      ),
    ],
  },
  {
    // style: several features in one sentence
    id: "c-economy-025",
    category: "economy",
    language: "javascript",
    description:
      "Make /work (random 10–100 coins), /slots where you bet an amount and 3 matching symbols pays 10x, 2 matching pays 2x, otherwise you lose it, and /balance — everyone starts with 100.",
    checks: [
      check(
        "a spin changes the balance by one of the stated payouts",
        act(slash("Sam", "slots", [opt.int("amount", 10)]), reply(anyOf("won", "win", "lost", "lose"), "won or lost")),
        act(slash("Sam", "balance"), reply(numberOf(90, 110, 120, 190, 200), "a balance a stated payout would give")),
      ),
      check("/work pays 10–100", act(slash("Riley", "work"), reply(numberBetween(10, 100), "10 to 100 coins"))),
    ],
  },

  // ── Leveling ────────────────────────────────────────────────────────────────────────────────
  {
    // style: terse
    id: "c-leveling-001",
    category: "leveling",
    language: "javascript",
    description: "leveling: 10 xp per message, level up every 100 xp, announce it",
    checks: [
      check(
        "the tenth message levels up",
        chatter("Sam", 9),
        act(
          say("Sam", "message 10"),
          postedHere("general", [anyOf("level"), numberOf(1, 2)], "a level-up announcement"),
        ),
      ),
    ],
  },
  {
    // style: chatty
    id: "c-leveling-002",
    category: "leveling",
    language: "python",
    description:
      "Hey! I have a small art server and want people to feel rewarded for chatting. Could you build me a discord.py leveling bot? Something like 15 to 25 xp for each message, and /rank shows your level and xp. I don't care about fancy rank card images, plain text is totally fine.",
    checks: [
      check(
        "one message gives 15–25 xp, shown by /rank",
        act(say("Sam", "hi everyone, just finished a new sketch")),
        act(slash("Sam", "rank"), reply([anyOf("level", "lvl"), numberBetween(15, 25)], "a level and 15–25 xp")),
      ),
    ],
  },
  {
    // style: bullets
    id: "c-leveling-003",
    category: "leveling",
    language: "javascript",
    description:
      "- every message = 5 xp\n- level N needs N*50 xp in total (level 1 at 50, level 2 at 100, ...)\n- the level-up message goes to #level-ups and pings the person\n- /rank",
    checks: [
      check(
        "levels 1 and 2 are announced in #level-ups and /rank shows level 2",
        chatter("Sam", 9),
        act(say("Sam", "message 10"), posted("level-ups", [mention("Sam"), number(1)], "Sam pinged for level 1")),
        chatter("Sam", 9),
        act(say("Sam", "message 20"), posted("level-ups", [mention("Sam"), number(2)], "Sam pinged for level 2")),
        act(slash("Sam", "rank"), reply([number(2), number(100)], "level 2 with 100 xp")),
      ),
    ],
  },
  {
    // style: typos / all lowercase
    id: "c-leveling-004",
    category: "leveling",
    language: "javascript",
    description: "lvl bot, ppl get xp for talkin, /rank shows there level and /top shows the top 10 ppl",
    checks: [
      check(
        "the one who talks more is higher on /top",
        chatter("Sam", 3),
        chatter("Riley", 1),
        act(slash("Sam", "rank"), reply(anyOf("level", "lvl"), "a level")),
        act(slash("Riley", "top"), reply({ whole: `.*${named("Sam")}.*${named("Riley")}.*` }, "Sam above Riley")),
      ),
    ],
  },
  {
    // style: non-native English
    id: "c-leveling-005",
    category: "leveling",
    language: "python",
    description:
      "I want the bot give XP when user send message, 20 XP each message. Every level is 100 XP. When user reach level 3 the bot give him role 'Active'.",
    checks: [
      check(
        "the 15th message (300 xp, level 3) gives the Active role",
        chatter("Sam", 14),
        act(say("Sam", "message 15"), roleAdded("Sam", "Active")),
      ),
    ],
  },
  {
    // style: several features in one sentence
    id: "c-leveling-006",
    category: "leveling",
    language: "javascript",
    description:
      "XP system with 10 xp a message and a level every 100, plus /rank, /leaderboard, and admins can /setlevel someone (user + level)",
    checks: [
      check(
        "an admin sets a level, the leaderboard follows",
        act(slash("You", "setlevel", [opt.user("user", "Riley"), opt.int("level", 5)]), answered),
        act(slash("Riley", "rank"), reply(number(5), "level 5")),
        chatter("Sam", 3),
        act(slash("Sam", "leaderboard"), reply({ whole: `.*${named("Riley")}.*${named("Sam")}.*` }, "Riley above Sam")),
      ),
      check(
        "a member cannot set levels",
        act(slash("Sam", "setlevel", [opt.user("user", "Sam"), opt.int("level", 99)]), refused),
      ),
    ],
  },
  {
    // style: options described in words
    id: "c-leveling-007",
    category: "leveling",
    language: "javascript",
    description:
      "A /rank command that shows your level, or another member's level if you give it a member. XP is 1 per message and you level up every 10 messages. Announce level ups in the same channel the person was talking in.",
    checks: [
      check(
        "the tenth message is announced where it was written, and /rank can look at that member",
        chatter("Riley", 9),
        act(
          say("Riley", "message 10"),
          postedHere("general", [anyOf("level"), numberOf(1, 2)], "a level-up announcement"),
        ),
        act(slash("Sam", "rank", [opt.user("member", "Riley")]), reply(numberOf(1, 2), "Riley's level")),
      ),
    ],
  },
  {
    // style: channels and roles named
    id: "c-leveling-008",
    category: "leveling",
    language: "python",
    description:
      "discord.py bot with level rewards: level 5 gets the @Regular role, level 10 gets @Veteran. 50 xp per message, 250 xp per level. Level up messages go in #level-ups.",
    checks: [
      check(
        "the 25th message reaches level 5: announced, and Regular given",
        chatter("Sam", 24),
        act(say("Sam", "message 25"), roleAdded("Sam", "Regular"), posted("level-ups", number(5), "level 5 announced")),
      ),
    ],
  },
  {
    // style: quoted reply texts
    id: "c-leveling-009",
    category: "leveling",
    language: "javascript",
    description:
      "When someone levels up send 'GG {user}, you reached level {level}!' in the channel. 25 xp per message, 100 xp per level.",
    checks: [
      check(
        "the fourth message gets the GG text",
        chatter("Sam", 3),
        act(
          say("Sam", "message 4"),
          postedHere(
            "general",
            { whole: `GG (?:${mention("Sam")}|Sam), you reached level ${numberOf(1, 2)}!` },
            "the GG text with Sam and the level",
          ),
        ),
      ),
    ],
  },
  {
    // style: sub-commands
    id: "c-leveling-010",
    category: "leveling",
    language: "javascript",
    description:
      "/xp give <user> <amount>, /xp remove <user> <amount>, /xp reset <user> — admin only. members earn 10 xp per message. /xp check [user] is for anyone",
    checks: [
      check(
        "an admin gives, then resets xp",
        act(slash("You", "xp", [opt.user("user", "Sam"), opt.int("amount", 200)], { subcommand: "give" }), answered),
        act(slash("Sam", "xp", [], { subcommand: "check" }), reply(number(200), "200 xp")),
        act(slash("You", "xp", [opt.user("user", "Sam")], { subcommand: "reset" }), answered),
        act(
          slash("Sam", "xp", [], { subcommand: "check" }),
          reply(`(?:${number(0)}|${anyOf("no xp", "nothing")})`, "0 xp"),
        ),
      ),
      check(
        "an admin removes some xp",
        act(slash("You", "xp", [opt.user("user", "Riley"), opt.int("amount", 100)], { subcommand: "give" }), answered),
        act(slash("You", "xp", [opt.user("user", "Riley"), opt.int("amount", 30)], { subcommand: "remove" }), answered),
        act(
          slash("Sam", "xp", [opt.user("user", "Riley")], { subcommand: "check" }),
          reply(number(70), "Riley's 70 xp"),
        ),
      ),
      check(
        "a member cannot give xp",
        act(slash("Sam", "xp", [opt.user("user", "Sam"), opt.int("amount", 50)], { subcommand: "give" }), refused),
      ),
    ],
  },
  {
    // style: terse
    id: "c-leveling-011",
    category: "leveling",
    language: "javascript",
    description: "message xp + /rank + /leaderboard, saved across restarts",
    checks: [
      check(
        "xp earned before a restart is still on the leaderboard",
        chatter("Sam", 2),
        act(restart()),
        act(slash("Riley", "leaderboard"), reply(named("Sam"), "Sam on the leaderboard")),
        act(slash("Sam", "rank"), reply(anyOf("level", "lvl", "xp"), "Sam's level")),
      ),
    ],
  },
  {
    // style: chatty
    id: "c-leveling-012",
    category: "leveling",
    language: "javascript",
    description:
      "our server is for a gaming clan and we used to use MEE6 but the premium stuff got annoying. basically we need: members get XP when they chat (idk, 10 per message and 100 per level is fine), level up announcements in #level-ups, and when someone reaches level 2 they get the 'Recruit' role, level 5 'Soldier'.",
    checks: [
      check(
        "the 20th message reaches level 2: announced, and Recruit given",
        chatter("Sam", 19),
        act(say("Sam", "message 20"), roleAdded("Sam", "Recruit"), posted("level-ups", number(2), "level 2 announced")),
      ),
    ],
  },
  {
    // style: typos / all lowercase
    id: "c-leveling-013",
    category: "leveling",
    language: "javascript",
    description: "lvl bot. xp = 5 per msg but ONLY in #general, not other channels. /level shows ur level and xp",
    checks: [
      check(
        "only the messages in #general count",
        chatter("Sam", 2, "general"),
        chatter("Sam", 2, "bot-commands"),
        act(slash("Sam", "level"), reply(number(10), "10 xp")),
      ),
    ],
  },
  {
    // style: non-native English
    id: "c-leveling-014",
    category: "leveling",
    language: "javascript",
    description:
      "Please make level system where bot is sending private message to user when he is level up, saying his new level. 10 xp for one message, 50 xp for level.",
    checks: [
      check(
        "the fifth message brings a DM with the new level",
        chatter("Sam", 4),
        act(say("Sam", "message 5"), dm("Sam", [anyOf("level", "lvl"), numberOf(1, 2)], "the new level")),
      ),
    ],
  },
  {
    // style: bullets
    id: "c-leveling-015",
    category: "leveling",
    language: "python",
    description:
      "Leveling\n- XP: 10 per message\n- 100 XP per level\n- /rank [member]\n- /leaderboard — top 10 by XP\n- admins: /resetxp <member>\n- bots don't get xp",
    checks: [
      check(
        "xp shows on /rank and an admin resets it",
        chatter("Alex", 2),
        act(slash("Alex", "rank"), reply(number(20), "20 xp")),
        act(slash("You", "resetxp", [opt.user("member", "Alex")]), answered),
        act(slash("Alex", "rank"), reply(`(?:${number(0)}|${anyOf("no xp")})`, "0 xp")),
      ),
      check("a member cannot reset xp", act(slash("Sam", "resetxp", [opt.user("member", "Alex")]), refused)),
      check(
        "the leaderboard lists who chatted",
        chatter("Riley", 3),
        act(slash("Sam", "leaderboard"), reply(named("Riley"), "Riley on it")),
      ),
    ],
  },

  // ── Reminders ───────────────────────────────────────────────────────────────────────────────
  {
    // style: terse
    id: "c-reminders-001",
    category: "reminders",
    language: "javascript",
    description: "/remind <minutes> <text> — DMs you the text after that many minutes",
    checks: [
      check(
        "a 10-minute reminder arrives by DM",
        act(slash("Sam", "remind", [opt.int("minutes", 10), opt.text("text", "check the oven")]), answered),
        act(restart(10 * minute + margin), dm("Sam", literal("check the oven"), "the reminder text")),
      ),
    ],
  },
  {
    // style: chatty
    id: "c-reminders-002",
    category: "reminders",
    language: "python",
    description:
      'I\'m super forgetful and my discord is basically where I live lol. I want a discord.py bot where I can just type something like "remind me in 20 minutes to take the pizza out" in any channel, and when the time\'s up it pings me in that same channel with what I asked to be reminded about. Hours should work too, like "remind me in 2 hours to call mom".',
    checks: [
      check(
        "reminded in minutes",
        act(say("Sam", "remind me in 20 minutes to take the pizza out")),
        act(
          restart(20 * minute + margin),
          posted("general", [mention("Sam"), literal("take the pizza out")], "Sam pinged about the pizza"),
        ),
      ),
      check(
        "reminded in hours",
        act(say("Riley", "remind me in 2 hours to call mom")),
        act(
          restart(2 * hour + margin),
          posted("general", [mention("Riley"), literal("call mom")], "Riley pinged to call mom"),
        ),
      ),
    ],
  },
  {
    // style: bullets
    id: "c-reminders-003",
    category: "reminders",
    language: "javascript",
    description:
      "reminder bot:\n- /remindme time:<like 10m, 2h, 1d> about:<text>\n- reply with when it'll go off\n- when it's due, send the reminder in the channel it was set in, mentioning the person\n- reminders must not get lost if the bot restarts",
    checks: [
      check(
        "a 2h reminder",
        act(slash("Sam", "remindme", [opt.text("time", "2h"), opt.text("about", "stand up meeting")]), answered),
        act(
          restart(2 * hour + margin),
          posted("bot-commands", [mention("Sam"), literal("stand up meeting")], "the reminder for Sam"),
        ),
      ),
      check(
        "a 45m reminder",
        act(slash("Riley", "remindme", [opt.text("time", "45m"), opt.text("about", "stretch legs")]), answered),
        act(
          restart(45 * minute + margin),
          posted("bot-commands", [mention("Riley"), literal("stretch legs")], "the reminder for Riley"),
        ),
      ),
      check(
        "a 1d reminder",
        act(slash("Alex", "remindme", [opt.text("time", "1d"), opt.text("about", "renew the domain")]), answered),
        act(
          restart(day + margin),
          posted("bot-commands", [mention("Alex"), literal("renew the domain")], "the reminder for Alex"),
        ),
      ),
    ],
  },
  {
    // style: typos / all lowercase
    id: "c-reminders-004",
    category: "reminders",
    language: "javascript",
    description:
      "remindr bot pls. /remind hours:<number> what:<text> and it dms me when its time. also /reminders to see my pending ones",
    checks: [
      check(
        "a pending reminder is listed, then DMed after 3 hours",
        act(slash("Sam", "remind", [opt.int("hours", 3), opt.text("what", "water the plants")]), answered),
        act(slash("Sam", "reminders"), reply(literal("water the plants"), "the pending reminder")),
        act(restart(3 * hour + margin), dm("Sam", literal("water the plants"), "the reminder")),
      ),
    ],
  },
  {
    // style: non-native English
    id: "c-reminders-005",
    category: "reminders",
    language: "python",
    description:
      "I need bot for remind. User write /remind with minutes and message. After this time bot send the message in DM to user. Also user can delete his reminder with /cancelremind.",
    checks: [
      check(
        "a 30-minute reminder arrives by DM",
        act(slash("Sam", "remind", [opt.int("minutes", 30), opt.text("message", "go to gym")]), answered),
        act(restart(30 * minute + margin), dm("Sam", literal("go to gym"), "the reminder message")),
      ),
    ],
  },
  {
    // style: several features in one sentence
    id: "c-reminders-006",
    category: "reminders",
    language: "javascript",
    description:
      "one bot that does /remind (minutes + message, pings you in the channel), /timer (seconds, says \"Time's up!\" when it's done) and /reminders to list yours",
    checks: [
      check(
        "a 15-minute reminder pings in the channel",
        act(slash("Sam", "remind", [opt.int("minutes", 15), opt.text("message", "stretch")]), answered),
        act(
          restart(15 * minute + margin),
          posted("bot-commands", [mention("Sam"), "stretch"], "Sam pinged to stretch"),
        ),
      ),
      check(
        "a 90-second timer says Time's up!",
        act(slash("Riley", "timer", [opt.int("seconds", 90)]), answered),
        act(restart(90 + margin), posted("bot-commands", literal("Time's up!"), "Time's up!")),
      ),
      check(
        "/reminders lists a pending one",
        act(slash("Alex", "remind", [opt.int("minutes", 60), opt.text("message", "feed the cat")]), answered),
        act(slash("Alex", "reminders"), reply(literal("feed the cat"), "the pending reminder")),
      ),
    ],
  },
  {
    // style: options described in words
    id: "c-reminders-007",
    category: "reminders",
    language: "javascript",
    description:
      "A /remind command that takes a duration (just a number), a unit (minutes, hours or days) and a message. When it's due it DMs the person the message.",
    checks: [
      check(
        "2 hours",
        act(
          slash("Sam", "remind", [
            opt.int("duration", 2),
            opt.text("unit", "hours"),
            opt.text("message", "pick up laundry"),
          ]),
          answered,
        ),
        act(restart(2 * hour + margin), dm("Sam", literal("pick up laundry"), "the message")),
      ),
      check(
        "3 days",
        act(
          slash("Riley", "remind", [opt.int("duration", 3), opt.text("unit", "days"), opt.text("message", "pay rent")]),
          answered,
        ),
        act(restart(3 * day + margin), dm("Riley", literal("pay rent"), "the message")),
      ),
    ],
  },
  {
    // style: channels and roles named
    id: "c-reminders-008",
    category: "reminders",
    language: "javascript",
    description:
      'Every day at 9:00 the bot should post "Good morning everyone! Time to check your to-do lists." in #general.',
    checks: [
      check(
        "posted once a day, day after day",
        act(
          restart(day + margin),
          posted(
            "general",
            { whole: literal("Good morning everyone! Time to check your to-do lists.") },
            "the morning text",
          ),
        ),
        act(
          restart(day + margin),
          posted(
            "general",
            { whole: literal("Good morning everyone! Time to check your to-do lists.") },
            "the morning text",
          ),
        ),
      ),
    ],
  },
  {
    // style: quoted reply texts
    id: "c-reminders-009",
    category: "reminders",
    language: "python",
    description:
      "discord.py reminder bot: /remind in:<minutes> text:<text>. It should reply 'Okay, I'll remind you!' and later DM 'Reminder: <text>'.",
    checks: [
      check(
        "the confirmation and the DM",
        act(
          slash("Sam", "remind", [opt.int("in", 5), opt.text("text", "call the dentist")]),
          reply({ whole: literal("Okay, I'll remind you!") }, "Okay, I'll remind you!"),
        ),
        act(restart(5 * minute + margin), dm("Sam", { whole: literal("Reminder: call the dentist") }, "the reminder")),
      ),
    ],
  },
  {
    // style: sub-commands
    id: "c-reminders-010",
    category: "reminders",
    language: "javascript",
    description:
      "/reminder add <minutes> <note>, /reminder list, /reminder delete <number>. reminders ping you in the channel you set them in",
    checks: [
      check(
        "add two, delete the first, the second still fires",
        act(
          slash("Sam", "reminder", [opt.int("minutes", 30), opt.text("note", "laundry")], { subcommand: "add" }),
          answered,
        ),
        act(
          slash("Sam", "reminder", [opt.int("minutes", 60), opt.text("note", "dishes")], { subcommand: "add" }),
          answered,
        ),
        act(slash("Sam", "reminder", [], { subcommand: "list" }), reply(["laundry", "dishes"], "both reminders")),
        act(slash("Sam", "reminder", [opt.int("number", 1)], { subcommand: "delete" }), answered),
        act(
          slash("Sam", "reminder", [], { subcommand: "list" }),
          reply({ whole: "(?=.*dishes)(?!.*laundry).*" }, "only dishes left"),
        ),
        act(restart(hour + margin), posted("bot-commands", [mention("Sam"), "dishes"], "the dishes reminder")),
      ),
    ],
  },
  {
    // style: terse
    id: "c-reminders-011",
    category: "reminders",
    language: "python",
    description: "water reminder every 2 hours in #general",
    checks: [
      check(
        "a water reminder every two hours",
        act(restart(2 * hour + margin), posted("general", anyOf("water", "drink", "hydrat"), "a water reminder")),
        act(restart(2 * hour + margin), posted("general", anyOf("water", "drink", "hydrat"), "another water reminder")),
      ),
    ],
  },
  {
    // style: chatty
    id: "c-reminders-012",
    category: "reminders",
    language: "javascript",
    description:
      "Our book club meets every Sunday and I'm the one who's supposed to remind everyone the day before, which I always forget. Could the bot post a reminder in #book-club once a week (saturday, any time is fine) saying \"Book club tomorrow! Have you finished the chapter?\"",
    checks: [
      check(
        "the weekly reminder is posted",
        act(
          restart(7 * day + margin),
          posted(
            "book-club",
            { whole: literal("Book club tomorrow! Have you finished the chapter?") },
            "the weekly text",
          ),
        ),
      ),
    ],
  },
  {
    // style: typos / all lowercase (with sub-commands)
    id: "c-reminders-013",
    category: "reminders",
    language: "javascript",
    description:
      "i want a todo list bot. /todo add <task>, /todo list, /todo done <number> (removes it), /todo clear. evry1 has there own list",
    checks: [
      check(
        "add, list and done",
        act(slash("Sam", "todo", [opt.text("task", "buy milk")], { subcommand: "add" }), answered),
        act(slash("Sam", "todo", [opt.text("task", "walk the dog")], { subcommand: "add" }), answered),
        act(slash("Sam", "todo", [], { subcommand: "list" }), reply(["buy milk", "walk the dog"], "both tasks")),
        act(slash("Sam", "todo", [opt.int("number", 1)], { subcommand: "done" }), answered),
        act(
          slash("Sam", "todo", [], { subcommand: "list" }),
          reply({ whole: "(?=.*walk the dog)(?!.*buy milk).*" }, "only walk the dog left"),
        ),
      ),
      check(
        "each member has their own list",
        act(slash("Riley", "todo", [opt.text("task", "homework")], { subcommand: "add" }), answered),
        act(
          slash("Riley", "todo", [], { subcommand: "list" }),
          reply({ whole: "(?=.*homework)(?!.*walk the dog).*" }, "Riley's own task only"),
        ),
      ),
    ],
  },
  {
    // style: non-native English
    id: "c-reminders-014",
    category: "reminders",
    language: "python",
    description:
      "Make me python bot (discord.py) for countdown. Command /countdown with minutes. Bot say how many minutes is left, and when it finish, bot write 'Countdown finished!' in the channel.",
    checks: [
      check(
        "a 10-minute countdown",
        act(slash("Sam", "countdown", [opt.int("minutes", 10)]), reply(number(10), "10 minutes left")),
        act(
          restart(10 * minute + margin),
          posted("bot-commands", literal("Countdown finished!"), "Countdown finished!"),
        ),
      ),
    ],
  },
  {
    // style: bullets (with sub-commands)
    id: "c-reminders-015",
    category: "reminders",
    language: "python",
    description:
      "To-do bot\n- /todo add <item>\n- /todo list → numbered list of my items\n- /todo done <number> → ticks it off (keep it in the list but crossed out)\n- saved, so restarting doesn't lose anything",
    checks: [
      check(
        "a numbered list, one item crossed out, still there after a restart",
        act(slash("Sam", "todo", [opt.text("item", "email teacher")], { subcommand: "add" }), answered),
        act(slash("Sam", "todo", [opt.text("item", "clean room")], { subcommand: "add" }), answered),
        act(
          slash("Sam", "todo", [], { subcommand: "list" }),
          reply([countOf("email teacher", 1), countOf("clean room", 2)], "the items numbered 1 and 2"),
        ),
        act(slash("Sam", "todo", [opt.int("number", 1)], { subcommand: "done" }), answered),
        act(
          slash("Sam", "todo", [], { subcommand: "list" }),
          reply(["~~[^~]*email teacher[^~]*~~", "clean room"], "email teacher crossed out, clean room open"),
        ),
        act(restart()),
        act(slash("Sam", "todo", [], { subcommand: "list" }), reply(["email teacher", "clean room"], "both items")),
      ),
    ],
  },
  {
    // style: several features in one sentence
    id: "c-reminders-016",
    category: "reminders",
    language: "javascript",
    description:
      "remind me stuff with /remind <time> <what> (time like 10m or 1h30m) which pings me in the channel, show my reminders with /myreminders, and cancel one with /unremind <number>",
    checks: [
      check(
        "an hour and a half",
        act(slash("Sam", "remind", [opt.text("time", "1h30m"), opt.text("what", "meeting prep")]), answered),
        act(
          restart(90 * minute + margin),
          posted("bot-commands", [mention("Sam"), literal("meeting prep")], "Sam pinged for meeting prep"),
        ),
      ),
      check(
        "listing and cancelling",
        act(slash("Riley", "remind", [opt.text("time", "10m"), opt.text("what", "tea")]), answered),
        act(slash("Riley", "remind", [opt.text("time", "20m"), opt.text("what", "nap")]), answered),
        act(slash("Riley", "myreminders"), reply(["tea", "nap"], "both reminders")),
        act(slash("Riley", "unremind", [opt.int("number", 1)]), answered),
        act(slash("Riley", "myreminders"), reply({ whole: "(?=.*nap)(?!.*\\btea\\b).*" }, "only nap left")),
      ),
    ],
  },
  {
    // style: channels and roles named
    id: "c-reminders-017",
    category: "reminders",
    language: "javascript",
    description:
      'Every Friday (any time) post "Raid tonight at 8! Be online." in #raid-night and ping the @Raiders role with it.',
    checks: [
      check(
        "the weekly raid reminder pings Raiders",
        act(
          restart(7 * day + margin),
          posted(
            "raid-night",
            [literal("Raid tonight at 8! Be online."), "<@&⟨role:Raiders⟩>"],
            "the raid text and the Raiders ping",
          ),
        ),
      ),
    ],
  },
  {
    // style: quoted reply texts
    id: "c-reminders-018",
    category: "reminders",
    language: "javascript",
    description:
      '/remindall <minutes> <message> (mods only) — after that many minutes, posts "@everyone Reminder: <message>" in #announcements',
    checks: [
      check(
        "a mod's reminder goes to #announcements after an hour",
        act(slash("Alex", "remindall", [opt.int("minutes", 60), opt.text("message", "event starts now")]), answered),
        act(
          restart(hour + margin),
          posted("announcements", { whole: literal("@everyone Reminder: event starts now") }, "the announcement"),
        ),
      ),
      check(
        "a member cannot use it",
        act(slash("Sam", "remindall", [opt.int("minutes", 5), opt.text("message", "spam")]), refused),
      ),
    ],
  },
  {
    // style: options described in words
    id: "c-reminders-019",
    category: "reminders",
    language: "javascript",
    description:
      "A /countdown command that takes a name and a number of days, and /countdowns lists all of them with how many days are left. They're saved across restarts.",
    checks: [
      check(
        "a countdown is listed with its days, also after a restart",
        act(slash("Sam", "countdown", [opt.text("name", "Summer trip"), opt.int("days", 30)]), answered),
        act(slash("Sam", "countdowns"), reply([literal("Summer trip"), numberOf(29, 30)], "Summer trip with 30 days")),
        act(restart()),
        act(slash("Riley", "countdowns"), reply(literal("Summer trip"), "Summer trip still there")),
      ),
    ],
  },
  {
    // style: typos / all lowercase
    id: "c-reminders-020",
    category: "reminders",
    language: "javascript",
    description:
      "i want /every hours:<number> msg:<text> that repeats the msg in the channel evry x hours, and /stop to stop them all",
    checks: [
      check(
        "the message repeats every 3 hours",
        act(slash("Sam", "every", [opt.int("hours", 3), opt.text("msg", "post ur progress")]), answered),
        act(restart(3 * hour + margin), posted("bot-commands", literal("post ur progress"), "the message")),
        act(restart(3 * hour + margin), posted("bot-commands", literal("post ur progress"), "the message again")),
        act(slash("Sam", "stop"), answered),
      ),
    ],
  },

  // ── Tickets ─────────────────────────────────────────────────────────────────────────────────
  {
    // style: terse
    id: "c-tickets-001",
    category: "tickets",
    language: "javascript",
    description: "/ticket makes a private channel ticket-<username>, /close deletes it",
    checks: [
      check(
        "open and close",
        act(slash("Sam", "ticket"), channelCreated("ticket-sam")),
        act(slash("Sam", "close", [], { channel: "ticket-sam" }), channelDeleted("ticket-sam")),
      ),
    ],
  },
  {
    // style: chatty
    id: "c-tickets-002",
    category: "tickets",
    language: "python",
    description:
      "I help run a Minecraft server community (~300 members) and support requests in #general are pure chaos. I want a discord.py ticket system: someone runs /ticket with a short reason, the bot opens a private channel called ticket-<their username> just for them and the staff (we have a 'Staff' role), and posts their reason inside it. Then staff can close it with /close.",
    checks: [
      check(
        "/ticket opens ticket-sam with the reason inside",
        act(
          slash("Sam", "ticket", [opt.text("reason", "can't join the server")]),
          channelCreated("ticket-sam"),
          posted("ticket-sam", literal("can't join the server"), "the reason"),
        ),
      ),
    ],
  },
  {
    // style: bullets
    id: "c-tickets-003",
    category: "tickets",
    language: "javascript",
    description:
      'Ticket system:\n- /ticket-panel (admin only) posts a message with an "Open Ticket" button\n- clicking it creates #ticket-<number> (ticket-1, ticket-2…)\n- inside, a "Close" button deletes the channel\n- only the opener and @Moderator can see the ticket',
    checks: [
      check(
        "an admin posts the panel",
        act(slash("You", "ticket-panel"), withButtons("bot-commands", ["Open Ticket"])),
      ),
      check("a member cannot post the panel", act(slash("Sam", "ticket-panel"), refused)),
    ],
  },
  {
    // style: typos / all lowercase
    id: "c-tickets-004",
    category: "tickets",
    language: "javascript",
    description:
      "ticket bot. /new opens a ticket chanel named ticket-(persons name) and pings them in it with 'support will be with u soon'. /close gets rid of the chanel",
    checks: [
      check(
        "/new opens the ticket and pings, /close removes it",
        act(
          slash("Riley", "new"),
          channelCreated("ticket-riley"),
          posted("ticket-riley", [mention("Riley"), literal("support will be with u soon")], "the ping and the text"),
        ),
        act(slash("Riley", "close", [], { channel: "ticket-riley" }), channelDeleted("ticket-riley")),
      ),
    ],
  },
  {
    // style: non-native English
    id: "c-tickets-005",
    category: "tickets",
    language: "python",
    description:
      "I need ticket bot. When member use /support with text of problem, bot make new channel 'support-username' where only this member and Moderator can write. Bot write the problem in this channel and tag the Moderator role.",
    checks: [
      check(
        "/support opens support-sam with the problem and the Moderator tag",
        act(
          slash("Sam", "support", [opt.text("problem", "my role is missing")]),
          channelCreated("support-sam"),
          posted("support-sam", [literal("my role is missing"), "<@&⟨role:Moderator⟩>"], "the problem and the tag"),
        ),
      ),
    ],
  },
  {
    // style: several features in one sentence
    id: "c-tickets-006",
    category: "tickets",
    language: "javascript",
    description:
      'tickets: /ticket opens ticket-<name>, /add <user> adds someone to the ticket, /remove <user> takes them out again, and /close deletes the channel after saying "Closing this ticket..."',
    checks: [
      check(
        "open, add, remove, close",
        act(slash("Sam", "ticket"), channelCreated("ticket-sam")),
        act(
          slash("Sam", "add", [opt.user("user", "Riley")], { channel: "ticket-sam" }),
          reply(named("Riley"), "Riley added"),
        ),
        act(
          slash("Sam", "remove", [opt.user("user", "Riley")], { channel: "ticket-sam" }),
          reply(named("Riley"), "Riley removed"),
        ),
        act(
          slash("Sam", "close", [], { channel: "ticket-sam" }),
          postedHere("ticket-sam", literal("Closing this ticket..."), "Closing this ticket..."),
          channelDeleted("ticket-sam"),
        ),
      ),
    ],
  },
  {
    // style: options described in words
    id: "c-tickets-007",
    category: "tickets",
    language: "javascript",
    description:
      "An /openticket command that takes a subject (required) and a priority (low, medium or high, optional). It creates a channel named ticket-<username> and posts an embed in there with the subject and the priority.",
    checks: [
      check(
        "the ticket shows its subject and priority",
        act(
          slash("Sam", "openticket", [opt.text("subject", "billing question"), opt.text("priority", "high")]),
          channelCreated("ticket-sam"),
          posted("ticket-sam", [literal("billing question"), anyOf("high")], "the subject and the priority"),
        ),
      ),
    ],
  },
  {
    // style: channels and roles named
    id: "c-tickets-008",
    category: "tickets",
    language: "javascript",
    description:
      "Tickets should be private threads in #support instead of channels. /ticket <topic> posts in #support who opened it and the topic, and starts a private thread from that message.",
    checks: [
      check(
        "/ticket posts the opener and the topic in #support",
        act(
          slash("Sam", "ticket", [opt.text("topic", "printer on fire")]),
          posted("support", [named("Sam"), literal("printer on fire")], "who opened it and the topic"),
        ),
      ),
    ],
  },
  {
    // style: quoted reply texts
    id: "c-tickets-009",
    category: "tickets",
    language: "python",
    description:
      "discord.py ticket bot: /ticket creates a channel 'ticket-<username>' and sends 'Hello! Describe your issue and a staff member will help you.' in it. /close replies 'This ticket will be deleted in 3 seconds.' and then deletes the channel.",
    checks: [
      check(
        "the greeting, the closing text and the deletion",
        act(
          slash("Sam", "ticket"),
          channelCreated("ticket-sam"),
          posted(
            "ticket-sam",
            { whole: literal("Hello! Describe your issue and a staff member will help you.") },
            "the greeting",
          ),
        ),
        act(
          slash("Sam", "close", [], { channel: "ticket-sam" }),
          reply({ whole: literal("This ticket will be deleted in 3 seconds.") }, "the closing text"),
          channelDeleted("ticket-sam"),
        ),
      ),
    ],
  },
  {
    // style: sub-commands
    id: "c-tickets-010",
    category: "tickets",
    language: "javascript",
    description:
      "/ticket open <reason>, /ticket add <member>, /ticket claim (Moderators only), /ticket close. ticket channels are named ticket-<username>",
    checks: [
      check(
        "open, add, claim, close",
        act(
          slash("Sam", "ticket", [opt.text("reason", "lost my items")], { subcommand: "open" }),
          channelCreated("ticket-sam"),
        ),
        act(
          slash("Sam", "ticket", [opt.user("member", "Riley")], { subcommand: "add", channel: "ticket-sam" }),
          reply(named("Riley"), "Riley added"),
        ),
        act(
          slash("Alex", "ticket", [], { subcommand: "claim", channel: "ticket-sam" }),
          postedHere("ticket-sam", named("Alex"), "Alex as the one who claimed it"),
        ),
        act(slash("Sam", "ticket", [], { subcommand: "close", channel: "ticket-sam" }), channelDeleted("ticket-sam")),
      ),
      check(
        "a member cannot claim",
        act(
          slash("Riley", "ticket", [opt.text("reason", "test")], { subcommand: "open" }),
          channelCreated("ticket-riley"),
        ),
        act(slash("Riley", "ticket", [], { subcommand: "claim", channel: "ticket-riley" }), refused),
      ),
    ],
  },
  {
    // style: terse
    id: "c-tickets-011",
    category: "tickets",
    language: "javascript",
    description:
      "ticket bot: /ticket → numbered channel (ticket-1, ticket-2…), /close → delete it + log in #ticket-logs",
    checks: [
      check(
        "numbered tickets, closing logs it",
        act(slash("Sam", "ticket"), channelCreated("ticket-1")),
        act(slash("Riley", "ticket"), channelCreated("ticket-2")),
        act(
          slash("Sam", "close", [], { channel: "ticket-1" }),
          channelDeleted("ticket-1"),
          postedAnything("ticket-logs"),
        ),
      ),
    ],
  },
  {
    // style: chatty
    id: "c-tickets-012",
    category: "tickets",
    language: "javascript",
    description:
      "hi!! i'm making a server for the customers of my etsy shop and i want them to be able to contact me privately. could there be a button somewhere that says \"Contact Support\" and when they press it they get their own private channel? i'd post the button myself with some command like /setup-support. only me (i have the Admin role) should be able to run that command",
    checks: [
      check(
        "the admin posts the Contact Support button",
        act(slash("You", "setup-support"), withButtons("bot-commands", ["Contact Support"])),
      ),
      check("a customer cannot run it", act(slash("Sam", "setup-support"), refused)),
    ],
  },
  {
    // style: typos / all lowercase
    id: "c-tickets-013",
    category: "tickets",
    language: "javascript",
    description:
      "ticket bot w/ transcripts: tickets r made w /ticket and called ticket-<name>. when /close is used in a ticket it copies all the messages as text into #transcripts before deleting the ticket",
    checks: [
      check(
        "the conversation ends up in #transcripts",
        act(slash("Sam", "ticket"), channelCreated("ticket-sam")),
        act(say("Sam", "my order never arrived", "ticket-sam")),
        act(
          slash("Sam", "close", [], { channel: "ticket-sam" }),
          posted("transcripts", literal("my order never arrived"), "the ticket's message"),
          channelDeleted("ticket-sam"),
        ),
      ),
    ],
  },
  {
    // style: non-native English
    id: "c-tickets-014",
    category: "tickets",
    language: "javascript",
    description:
      "Bot must have ticket. Only one open ticket for one person — if he already have open ticket, bot say him he have already one. Command is /ticket, channel name is ticket-name.",
    checks: [
      check(
        "a second ticket is refused",
        act(slash("Riley", "ticket"), channelCreated("ticket-riley")),
        act(slash("Riley", "ticket"), reply(anyOf("already"), "already has a ticket")),
      ),
    ],
  },
  {
    // style: several features in one sentence
    id: "c-tickets-015",
    category: "tickets",
    language: "python",
    description:
      "I want a /ticket command that opens a ticket-<user> channel, a /tickets command for Moderators that lists every open ticket, and a /close command that only the ticket owner or a Moderator can use",
    checks: [
      check(
        "a moderator sees the open ticket and closes it",
        act(slash("Sam", "ticket"), channelCreated("ticket-sam")),
        act(slash("Alex", "tickets"), reply("(?:ticket-sam|<#[^>]+>|Sam)", "the open ticket")),
        act(slash("Alex", "close", [], { channel: "ticket-sam" }), channelDeleted("ticket-sam")),
      ),
      check("a member cannot list tickets", act(slash("Riley", "tickets"), refused)),
    ],
  },
  {
    // style: options described in words
    id: "c-tickets-016",
    category: "tickets",
    language: "javascript",
    description:
      "/ticket opens a ticket and takes an optional reason. /adduser adds someone to the current ticket, it takes the member to add, and says who was added. Ticket channels are called ticket-<username>.",
    checks: [
      check(
        "open without a reason, then add a member",
        act(slash("Sam", "ticket"), channelCreated("ticket-sam")),
        act(
          slash("Sam", "adduser", [opt.user("member", "Riley")], { channel: "ticket-sam" }),
          reply(named("Riley"), "Riley added"),
        ),
      ),
      check(
        "open with a reason",
        act(slash("Riley", "ticket", [opt.text("reason", "bug report")]), channelCreated("ticket-riley")),
      ),
    ],
  },
  {
    // style: channels and roles named
    id: "c-tickets-017",
    category: "tickets",
    language: "javascript",
    description:
      'When someone opens a ticket with /ticket, create ticket-<username> and ping @Support Team in it. Only people with the "Support Team" role (and the person who opened it) can see it. /close is Support Team only.',
    checks: [
      check(
        "the ticket pings Support Team",
        act(
          slash("Sam", "ticket"),
          channelCreated("ticket-sam"),
          posted("ticket-sam", "<@&⟨role:Support Team⟩>", "the Support Team ping"),
        ),
      ),
      check(
        "the opener without Support Team cannot close",
        act(slash("Sam", "close", [], { channel: "ticket-sam" }), refused),
      ),
    ],
  },
  {
    // style: quoted reply texts
    id: "c-tickets-018",
    category: "tickets",
    language: "javascript",
    description:
      '/ticket → reply "Your ticket has been created: #ticket-<name>" (only they see it) and make that channel. /close → delete the channel.',
    checks: [
      check(
        "the private confirmation, then closing",
        act(
          slash("Sam", "ticket"),
          privateReply(
            { whole: `${literal("Your ticket has been created: ")}(?:<#[^>]+>|#ticket-sam)` },
            "the confirmation",
          ),
          channelCreated("ticket-sam"),
        ),
        act(slash("Sam", "close", [], { channel: "ticket-sam" }), channelDeleted("ticket-sam")),
      ),
    ],
  },
  {
    // style: sub-commands
    id: "c-tickets-019",
    category: "tickets",
    language: "python",
    description:
      '/tickets setup <channel> (admins) posts the ticket panel in that channel with a "Create Ticket" button. /tickets close closes the ticket you\'re in. /tickets rename <name> renames it.',
    checks: [
      check(
        "an admin posts the panel in #general",
        act(
          slash("You", "tickets", [opt.channel("channel", "general")], { subcommand: "setup" }),
          withButtons("general", ["Create Ticket"]),
        ),
      ),
      check(
        "a member cannot set it up",
        act(slash("Sam", "tickets", [opt.channel("channel", "general")], { subcommand: "setup" }), refused),
      ),
    ],
  },
  {
    // style: bullets
    id: "c-tickets-020",
    category: "tickets",
    language: "python",
    description:
      'discord.py ticket bot\n* /ticket <reason> → new channel ticket-<username>\n* bot posts the reason in there and mentions the user\n* /close → "Ticket closed by <user>" in #ticket-logs, then deletes the channel\n* nobody can open a 2nd ticket while one is still open',
    checks: [
      check(
        "open, no second one, close with a log",
        act(
          slash("Riley", "ticket", [opt.text("reason", "refund please")]),
          channelCreated("ticket-riley"),
          posted("ticket-riley", [mention("Riley"), literal("refund please")], "the mention and the reason"),
        ),
        act(slash("Riley", "ticket", [opt.text("reason", "again")]), reply(anyOf("already"), "already has one")),
        act(
          slash("Riley", "close", [], { channel: "ticket-riley" }),
          posted("ticket-logs", { whole: `Ticket closed by (?:${mention("Riley")}|Riley)` }, "the closing log"),
          channelDeleted("ticket-riley"),
        ),
      ),
    ],
  },
];
