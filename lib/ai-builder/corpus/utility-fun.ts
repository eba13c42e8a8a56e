/**
 * Independent description corpus: utility, fun, calculators and lookups (100 cases), written from
 * the descriptions alone as their authors would test their bots in a test server.
 *
 * Channels these checks use that the default test world (general, bot-commands, mod-log) lacks:
 *   #announcements (c-utility-009), #suggestions (c-utility-015), #fun-facts (c-fun-017),
 *   #counting (c-fun-023).
 * Roles used that the world lacks: none (only Admin, Moderator, Member).
 *
 * Each case carries a `style:` note (how the description is written), for counting.
 */
import {
  act,
  answered,
  anyCase,
  anyOf,
  chatter,
  check,
  dm,
  literal,
  mention,
  modal,
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
  reaction,
  refused,
  reply,
  restart,
  say,
  slash,
} from "@/lib/ai-builder/cases-support";
import type { DescriptionCase } from "@/lib/ai-builder/types";
import type { Expectation } from "@/lib/blueprint/proof/types";

const re = String.raw;

// ── Patterns composed of the support's words ─────────────────────────────────────────────────

/** The member by mention or by name (a reply "with their name" may do either). */
const who = (member: string) => `(?:${mention(member)}|${named(member)})`;

/** A role by name or as its mention. */
const roleNamed = (role: string) => `(?:${literal(role)}|<@&⟨role:${role}⟩>)`;

/** The id of a member or channel on its own (the runner puts the real id in place of the token). */
const idOf = (token: string) => re`(?<!\d)⟨${token}⟩(?!\d)`;

/** "I don't know that", in the usual words, when the description leaves the wording open. */
const notKnown = anyOf(
  "not found",
  "doesn't exist",
  "does not exist",
  "doesnt exist",
  "no such",
  "unknown",
  "couldn't find",
  "could not find",
  "can't find",
  "cannot find",
  "don't know",
  "don't have",
  "no rule",
  "no item",
  "no element",
  "invalid",
  "not a valid",
  "isn't",
  "not in",
  "sorry",
);

/** One of the words, and not both of a pair (a coin that says "heads or tails?" has not flipped). */
function onlyOne(first: string, second: string): { whole: string } {
  const a = anyCase(first);
  const b = anyCase(second);
  return { whole: `(?!.*${a}.*${b})(?!.*${b}.*${a}).*(?:${a}|${b}).*` };
}

/**
 * A die result from 1 to `max` (a single digit), and no larger number anywhere in the text (ids in
 * mentions and timestamps aside).
 */
function dieUpTo(max: number): { whole: string } {
  if (max >= 9) throw new Error("dieUpTo: single-digit sides only");
  const larger = re`(?:[${max + 1}-9]|[1-9]\d+)`;
  return { whole: re`(?!.*(?<![\d.@!&:])${larger}(?!\d)).*${numberBetween(1, max)}.*` };
}

/** A word on its own (not inside another word), in any case. */
const word = (text: string) => re`(?<![a-zA-Z])${anyCase(text)}(?![a-zA-Z])`;

/** A capital letter grade on its own. */
const grade = (letter: string) => re`(?<![A-Za-z])${letter}(?![A-Za-z])`;

/** A time of day, either clock. */
const clock = (hour12: number, half: "am" | "pm") => {
  const hour24 = half === "pm" && hour12 !== 12 ? hour12 + 12 : hour12;
  return re`(?<!\d)(?:${hour12}(?::00)?\s*(?:${half}|${half.toUpperCase()}|${half[0]}\.m\.)|${String(hour24).padStart(2, "0")}:00)`;
};

/** A private reply or a DM holding the pattern (the description says only "nobody else can see"). */
function privately(member: string, wanted: string, describe: string): Expectation {
  return {
    kind: "oneOf",
    describe: `a private reply or a DM with ${describe}`,
    options: [[privateReply(wanted, describe)], [dm(member, wanted, describe)]],
  };
}

const thisYear = new Date().getFullYear();

const daysToChristmas = (() => {
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  let christmas = Date.UTC(now.getUTCFullYear(), 11, 25);
  if (christmas < today) christmas = Date.UTC(now.getUTCFullYear() + 1, 11, 25);
  return Math.round((christmas - today) / 86_400_000);
})();

const uptime = re`\d+\s*(?:s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?)(?![a-zA-Z])|\d+:\d\d|<t:\d+|[sS]econds?|[mM]inutes?`;

// ── Utility ───────────────────────────────────────────────────────────────────────────────────

const utility: DescriptionCase[] = [
  {
    // style: terse
    id: "c-utility-001",
    category: "utility",
    language: "javascript",
    description: "/ping that replies Pong!",
    checks: [check("/ping answers Pong!", act(slash("Sam", "ping"), reply({ whole: literal("Pong!") }, "Pong!")))],
  },
  {
    // style: chatty
    id: "c-utility-002",
    category: "utility",
    language: "python",
    description:
      "me and my buddies run a tiny server for our dnd campaign and half the time the old bot just died without anyone noticing. so first thing: a /ping command that shows the bot's latency in ms so we can see its alive. nothing fancy",
    checks: [
      check(
        "/ping shows the latency in ms",
        act(slash("Riley", "ping"), reply(re`(?<![\d.])-?\d+(?:\.\d+)?\s*ms`, "a latency in ms")),
      ),
    ],
  },
  {
    // style: typos
    id: "c-utility-003",
    category: "utility",
    language: "javascript",
    description: "need a uptime comand, /uptime, tells how long the bot has ben online for",
    checks: [
      check("/uptime says how long it has been online", act(slash("Sam", "uptime"), reply(uptime, "a duration"))),
    ],
  },
  {
    // style: subcommands
    id: "c-utility-004",
    category: "utility",
    language: "python",
    description:
      "discord.py bot with /info server (shows the server name, who owns it and how many members there are) and /info user <member> (their name and the date they joined)",
    checks: [
      check(
        "/info server shows the name, the owner and the member count",
        act(
          slash("Sam", "info", [], { subcommand: "server" }),
          reply([literal("Cipher Test Server"), who("You"), numberOf(4, 5)], "the server's name, owner and members"),
        ),
      ),
      check(
        "/info user shows the member's name and when they joined",
        act(
          slash("Sam", "info", [opt.user("member", "Riley")], { subcommand: "user" }),
          reply([who("Riley"), re`20\d\d|<t:\d+`], "Riley and a join date"),
        ),
      ),
    ],
  },
  {
    // style: options-in-words
    id: "c-utility-005",
    category: "utility",
    language: "javascript",
    description:
      "Add a /userinfo command. It has one option, user, which is optional — when nobody is picked it should show info about whoever ran it. Show the person's username and which roles they have.",
    checks: [
      check(
        "/userinfo with a user shows that user and their roles",
        act(
          slash("Sam", "userinfo", [opt.user("user", "Alex")]),
          reply([who("Alex"), roleNamed("Moderator")], "Alex and the Moderator role"),
        ),
      ),
      check(
        "/userinfo without a user shows whoever ran it",
        act(slash("You", "userinfo"), reply([who("You"), roleNamed("Admin")], "You and the Admin role")),
      ),
    ],
  },
  {
    // style: one-sentence
    id: "c-utility-006",
    category: "utility",
    language: "javascript",
    description:
      "i want /avatar to show someone's profile picture, /whois to show their name and /id to give me their user id, all three take a user option called target",
    checks: [
      check("/avatar answers for the target", act(slash("Sam", "avatar", [opt.user("target", "Riley")]), answered)),
      check(
        "/whois names the target",
        act(slash("Sam", "whois", [opt.user("target", "Riley")]), reply(who("Riley"), "Riley's name")),
      ),
      check(
        "/id gives the target's user id",
        act(slash("Sam", "id", [opt.user("target", "Riley")]), reply(idOf("member:Riley"), "Riley's id")),
      ),
    ],
  },
  {
    // style: named-places (role)
    id: "c-utility-007",
    category: "utility",
    language: "javascript",
    description:
      "/say <message> — the bot repeats the message in the channel. Only people with the @Moderator role are allowed, everyone else gets told no",
    checks: [
      check(
        "a Moderator's /say is repeated in the channel",
        act(
          slash("Alex", "say", [opt.text("message", "meeting at 8 tonight")]),
          postedHere("bot-commands", { whole: literal("meeting at 8 tonight") }, "the message"),
        ),
      ),
      check("a member without the role is refused", act(slash("Sam", "say", [opt.text("message", "hi all")]), refused)),
    ],
  },
  {
    // style: typos
    id: "c-utility-008",
    category: "utility",
    language: "python",
    description: "!echo command pls. whatever u write after !echo the bot sends it back, like '!echo hi' -> 'hi'",
    checks: [
      check(
        "!echo sends the words back",
        act(
          say("Sam", "!echo pineapple pizza is good"),
          reply({ whole: literal("pineapple pizza is good") }, "the words after !echo"),
        ),
      ),
    ],
  },
  {
    // style: named-places (channel)
    id: "c-utility-009",
    category: "utility",
    language: "javascript",
    description:
      "Admins need /announce <text> which posts the text in #announcements. Non-admins shouldn't be able to use it.",
    checks: [
      check(
        "an admin's announcement goes to #announcements",
        act(
          slash("You", "announce", [opt.text("text", "Server maintenance on Sunday")]),
          posted("announcements", literal("Server maintenance on Sunday"), "the announcement"),
        ),
      ),
      check("a non-admin is refused", act(slash("Sam", "announce", [opt.text("text", "free nitro lol")]), refused)),
    ],
  },
  {
    // style: subcommands
    id: "c-utility-010",
    category: "utility",
    language: "python",
    description:
      "Could you make me a tag system in Python? /tag add <name> <content> saves a tag, /tag show <name> posts its content, /tag delete <name> removes it. Tags must survive the bot restarting. If a tag doesn't exist say 'No such tag.'",
    checks: [
      check(
        "a saved tag is shown after a restart",
        quietly(
          slash("You", "tag", [opt.text("name", "rules"), opt.text("content", "Be nice and no spam")], {
            subcommand: "add",
          }),
          restart(),
        ),
        act(
          slash("Sam", "tag", [opt.text("name", "rules")], { subcommand: "show" }),
          reply(literal("Be nice and no spam"), "the tag's content"),
        ),
      ),
      check(
        "an unknown tag",
        act(
          slash("Sam", "tag", [opt.text("name", "nothing-here")], { subcommand: "show" }),
          reply({ whole: literal("No such tag.") }, "No such tag."),
        ),
      ),
      check(
        "a deleted tag is gone",
        quietly(
          slash("You", "tag", [opt.text("name", "temp"), opt.text("content", "just testing")], { subcommand: "add" }),
          slash("You", "tag", [opt.text("name", "temp")], { subcommand: "delete" }),
        ),
        act(
          slash("Sam", "tag", [opt.text("name", "temp")], { subcommand: "show" }),
          reply({ whole: literal("No such tag.") }, "No such tag."),
        ),
      ),
    ],
  },
  {
    // style: bullets
    id: "c-utility-011",
    category: "utility",
    language: "javascript",
    description:
      "Personal notes:\n- /note add <text>\n- /note list — shows only YOUR notes\n- /note clear — wipes your notes",
    checks: [
      check(
        "a note shows up in its author's list",
        quietly(slash("Sam", "note", [opt.text("text", "buy milk")], { subcommand: "add" })),
        act(slash("Sam", "note", [], { subcommand: "list" }), reply(literal("buy milk"), "Sam's note")),
      ),
      check(
        "someone else does not see it",
        act(
          slash("Riley", "note", [], { subcommand: "list" }),
          reply({ whole: "(?!.*buy milk).*" }, "a list without Sam's note"),
        ),
      ),
      check(
        "clear wipes the notes",
        quietly(slash("Sam", "note", [], { subcommand: "clear" })),
        act(
          slash("Sam", "note", [], { subcommand: "list" }),
          reply({ whole: "(?!.*buy milk).*" }, "a list without the cleared note"),
        ),
      ),
    ],
  },
  {
    // style: terse
    id: "c-utility-012",
    category: "utility",
    language: "javascript",
    description: "/membercount - how many people are in the server",
    checks: [
      check("/membercount gives the count", act(slash("Riley", "membercount"), reply(numberOf(4, 5), "4 or 5"))),
    ],
  },
  {
    // style: non-native
    id: "c-utility-013",
    category: "utility",
    language: "javascript",
    description: "I want command /roleinfo where you give role and bot is telling how many members have this role.",
    checks: [
      check(
        "/roleinfo counts the members with the role",
        act(slash("Sam", "roleinfo", [opt.role("role", "Member")]), reply(number(2), "2 (Sam and Riley)")),
      ),
      check(
        "another role",
        act(slash("Sam", "roleinfo", [opt.role("role", "Moderator")]), reply(number(1), "1 (Alex)")),
      ),
    ],
  },
  {
    // style: one-sentence
    id: "c-utility-014",
    category: "utility",
    language: "javascript",
    description:
      "simple bot: /ping answers pong, /roll rolls a six sided die and /help lists every command the bot has",
    checks: [
      check(
        "/help lists the commands",
        act(slash("Sam", "help"), reply([anyCase("ping"), anyCase("roll")], "ping and roll")),
      ),
      check("/ping answers pong", act(slash("Sam", "ping"), reply(anyCase("pong"), "pong"))),
      check("/roll gives 1 to 6", act(slash("Sam", "roll"), reply(dieUpTo(6), "a number from 1 to 6"))),
    ],
  },
  {
    // style: chatty
    id: "c-utility-015",
    category: "utility",
    language: "python",
    description:
      "our community keeps dropping ideas in random channels and they get lost. I'd love a /suggest command where people type their idea (option called idea) and the bot posts it into #suggestions along with who suggested it, then tells the person thanks privately",
    checks: [
      check(
        "the idea goes to #suggestions with its author, and a private thanks",
        act(
          slash("Sam", "suggest", [opt.text("idea", "movie night on fridays")]),
          posted("suggestions", [literal("movie night on fridays"), who("Sam")], "the idea and Sam"),
          privateReply(anyOf("thank", "thx"), "a thank-you"),
        ),
      ),
    ],
  },
  {
    // style: quoted
    id: "c-utility-016",
    category: "utility",
    language: "javascript",
    description:
      "/report <message>: sends the message to #mod-log as 'Report from <user>: <message>' and replies to the reporter 'Thanks, the mods have been told.'",
    checks: [
      check(
        "a report reaches #mod-log and the reporter is thanked",
        act(
          slash("Sam", "report", [opt.text("message", "someone is spamming in general")]),
          posted(
            "mod-log",
            { whole: `Report from ${who("Sam")}: someone is spamming in general` },
            "Report from Sam: …",
          ),
          reply({ whole: literal("Thanks, the mods have been told.") }, "Thanks, the mods have been told."),
        ),
      ),
    ],
  },
  {
    // style: terse
    id: "c-utility-017",
    category: "utility",
    language: "javascript",
    description: "/time -> current UTC time",
    checks: [
      check("/time shows a time of day", act(slash("Sam", "time"), reply(re`(?<!\d)\d{1,2}:\d\d|<t:\d+`, "a time"))),
    ],
  },
  {
    // style: options-in-words
    id: "c-utility-018",
    category: "utility",
    language: "python",
    description:
      "In Python please: a /random command with two whole-number options, min and max, and it answers with a random number from min to max (both included).",
    checks: [
      check(
        "/random stays between min and max",
        ...[1, 2, 3].map(() =>
          act(
            slash("Sam", "random", [opt.int("min", 10), opt.int("max", 12)]),
            reply(numberBetween(10, 12), "10, 11 or 12"),
          ),
        ),
      ),
      check(
        "min equal to max",
        act(slash("Sam", "random", [opt.int("min", 7), opt.int("max", 7)]), reply(number(7), "7")),
      ),
    ],
  },
  {
    // style: non-native
    id: "c-utility-019",
    category: "utility",
    language: "javascript",
    description:
      "please make command /password, user gives length, bot is generating random password with this length and send only to him (nobody else can see)",
    checks: [
      check(
        "a private password of the asked length",
        act(
          slash("Sam", "password", [opt.int("length", 16)]),
          privately("Sam", "(?:^|[\\s`|*])[^\\s`]{16}(?=$|[\\s`|*])", "16 characters"),
        ),
      ),
    ],
  },
  {
    // style: named-places (role)
    id: "c-utility-020",
    category: "utility",
    language: "javascript",
    description: "/dm <user> <message> sends that user a DM from the bot. admins only!!",
    checks: [
      check(
        "an admin's message reaches the user by DM",
        act(
          slash("You", "dm", [opt.user("user", "Riley"), opt.text("message", "please check the rules channel")]),
          dm("Riley", literal("please check the rules channel"), "the message"),
        ),
      ),
      check(
        "a member is refused",
        act(slash("Sam", "dm", [opt.user("user", "Riley"), opt.text("message", "hey")]), refused),
      ),
    ],
  },
  {
    // style: bullets
    id: "c-utility-021",
    category: "utility",
    language: "javascript",
    description:
      "to-do list for our mod team\n• /todo add <task>\n• /todo list (numbered)\n• /todo done <number> removes that one\nshould keep the list when the bot restarts",
    checks: [
      check(
        "tasks are listed with numbers, after a restart too",
        quietly(
          slash("Alex", "todo", [opt.text("task", "fix the rules channel")], { subcommand: "add" }),
          slash("Alex", "todo", [opt.text("task", "order new emotes")], { subcommand: "add" }),
          restart(),
        ),
        act(
          slash("Alex", "todo", [], { subcommand: "list" }),
          reply(
            [re`(?<!\d)1\D{1,6}fix the rules channel`, re`(?<!\d)2\D{1,6}order new emotes`],
            "1 fix the rules channel, 2 order new emotes",
          ),
        ),
      ),
      check(
        "done removes the task by its number",
        quietly(slash("Alex", "todo", [opt.int("number", 1)], { subcommand: "done" })),
        act(
          slash("Alex", "todo", [], { subcommand: "list" }),
          reply({ whole: "(?!.*fix the rules channel).*order new emotes.*" }, "only the task left"),
        ),
      ),
    ],
  },
  {
    // style: quoted
    id: "c-utility-022",
    category: "utility",
    language: "javascript",
    description: '/hello should reply "Hey <their name>, welcome back!"',
    checks: [
      check(
        "/hello greets by name",
        act(slash("Sam", "hello"), reply({ whole: `Hey ${who("Sam")}, welcome back!` }, "Hey Sam, welcome back!")),
      ),
    ],
  },
  {
    // style: typos
    id: "c-utility-023",
    category: "utility",
    language: "javascript",
    description: "/channelid #channel gives u the id of that chanel",
    checks: [
      check(
        "/channelid gives the channel's id",
        act(
          slash("Sam", "channelid", [opt.channel("channel", "general")]),
          reply(idOf("channel:general"), "the id of #general"),
        ),
      ),
    ],
  },
  {
    // style: terse
    id: "c-utility-024",
    category: "utility",
    language: "python",
    description: "!whoami -> bot says ur name and ur highest role",
    checks: [
      check(
        "!whoami names the member and their role",
        act(say("Alex", "!whoami"), reply([who("Alex"), roleNamed("Moderator")], "Alex and Moderator")),
      ),
    ],
  },
  {
    // style: chatty
    id: "c-utility-025",
    category: "utility",
    language: "javascript",
    description:
      "Kind of a silly request but my friends want to know who talks the most. Could the bot keep count of how many messages each person sends, and /messages shows you your own count? Would be nice if it didn't reset when the bot restarts.",
    checks: [
      check(
        "/messages counts the member's messages",
        chatter("Sam", 3),
        act(slash("Sam", "messages"), reply(number(3), "3")),
      ),
      check(
        "the count survives a restart",
        chatter("Riley", 2),
        quietly(restart()),
        act(slash("Riley", "messages"), reply(number(2), "2")),
      ),
    ],
  },
  {
    // style: quoted
    id: "c-utility-026",
    category: "utility",
    language: "javascript",
    description: '/feedback opens a form called "Send feedback" where people can write what they think',
    checks: [check("/feedback opens the form", act(slash("Riley", "feedback"), modal("Send feedback")))],
  },
  {
    // style: one-sentence
    id: "c-utility-027",
    category: "utility",
    language: "python",
    description:
      "py bot with prefix ! : !ping says pong, !server says the server name and !members says how many members we have",
    checks: [
      check("!ping", act(say("Sam", "!ping"), reply(anyCase("pong"), "pong"))),
      check("!server", act(say("Sam", "!server"), reply(literal("Cipher Test Server"), "the server's name"))),
      check("!members", act(say("Sam", "!members"), reply(numberOf(4, 5), "4 or 5"))),
    ],
  },
  {
    // style: terse
    id: "c-utility-028",
    category: "utility",
    language: "python",
    description: "/roles — list all roles on the server",
    checks: [
      check(
        "/roles lists the roles",
        act(
          slash("Sam", "roles"),
          reply([roleNamed("Admin"), roleNamed("Moderator"), roleNamed("Member")], "Admin, Moderator, Member"),
        ),
      ),
    ],
  },
  {
    // style: options-in-words
    id: "c-utility-029",
    category: "utility",
    language: "javascript",
    description: "an /embed command with a title and a text option that posts those as a nice embed in the channel",
    checks: [
      check(
        "/embed posts the title and text",
        act(
          slash("Alex", "embed", [opt.text("title", "Game night"), opt.text("text", "Saturday 9pm in voice")]),
          postedHere("bot-commands", [literal("Game night"), literal("Saturday 9pm in voice")], "the title and text"),
        ),
      ),
    ],
  },
  {
    // style: non-native
    id: "c-utility-030",
    category: "utility",
    language: "javascript",
    description:
      "When somebody write /afk with reason, bot remember it. When this person write any message again in chat, bot say welcome back to him and afk is removed.",
    checks: [
      check(
        "the next message of an afk member is welcomed back",
        quietly(slash("Sam", "afk", [opt.text("reason", "eating")])),
        act(say("Sam", "ok i am back"), reply(anyCase("welcome back"), "welcome back")),
      ),
    ],
  },
];

// ── Fun ───────────────────────────────────────────────────────────────────────────────────────

const fun: DescriptionCase[] = [
  {
    // style: terse
    id: "c-fun-001",
    category: "fun",
    language: "javascript",
    description: "/d20 rolls a twenty sided die",
    checks: [
      check(
        "/d20 gives 1 to 20",
        act(slash("Sam", "d20"), reply(numberBetween(1, 20), "1–20")),
        act(slash("Sam", "d20"), reply(numberBetween(1, 20), "1–20")),
      ),
    ],
  },
  {
    // style: options-in-words
    id: "c-fun-002",
    category: "fun",
    language: "javascript",
    description:
      "Make a /roll command. It should have an optional whole-number option called sides; if it's left out use 6. The result is a random number between 1 and the number of sides.",
    checks: [
      check("/roll without sides rolls 1–6", act(slash("Sam", "roll"), reply(dieUpTo(6), "1 to 6"))),
      check(
        "/roll with 3 sides stays within 1–3",
        act(slash("Sam", "roll", [opt.int("sides", 3)]), reply(dieUpTo(3), "1 to 3")),
        act(slash("Sam", "roll", [opt.int("sides", 3)]), reply(dieUpTo(3), "1 to 3")),
      ),
      check(
        "/roll with 100 sides",
        act(slash("Sam", "roll", [opt.int("sides", 100)]), reply(numberBetween(1, 100), "1 to 100")),
      ),
    ],
  },
  {
    // style: one-sentence (dice notation)
    id: "c-fun-003",
    category: "fun",
    language: "python",
    description:
      "python bot, !roll takes dice notation like 2d6 or 1d20+5 (the +N gets added to the total) and says the total",
    checks: [
      check(
        "a modifier is added to the total",
        act(say("Sam", "!roll 1d6+20"), reply(numberBetween(21, 26), "a total from 21 to 26")),
      ),
      check("several dice", act(say("Sam", "!roll 3d6"), reply(numberBetween(3, 18), "a total from 3 to 18"))),
    ],
  },
  {
    // style: typos
    id: "c-fun-004",
    category: "fun",
    language: "javascript",
    description: "coin flip comand /flip that say heads or tails",
    checks: [
      check("/flip lands on one side", act(slash("Riley", "flip"), reply(onlyOne("heads", "tails"), "heads or tails"))),
    ],
  },
  {
    // style: quoted
    id: "c-fun-005",
    category: "fun",
    language: "python",
    description:
      '/8ball <question> answers with one of: "It is certain.", "Ask again later.", "Don\'t count on it.", "Yes, definitely.", "My sources say no."',
    checks: [
      check(
        "/8ball answers from the list",
        act(
          slash("Sam", "8ball", [opt.text("question", "will it rain tomorrow")]),
          reply(
            anyOf("It is certain.", "Ask again later.", "Don't count on it.", "Yes, definitely.", "My sources say no."),
            "one of the five answers",
          ),
        ),
      ),
    ],
  },
  {
    // style: terse
    id: "c-fun-006",
    category: "fun",
    language: "python",
    description: "discord.py magic 8 ball: /eightball question:<text>, answers randomly with yes, no or maybe",
    checks: [
      check(
        "/eightball says yes, no or maybe",
        act(
          slash("Riley", "eightball", [opt.text("question", "am I getting pizza tonight")]),
          reply(`(?:${word("yes")}|${word("no")}|${word("maybe")})`, "yes, no or maybe"),
        ),
      ),
    ],
  },
  {
    // style: options-in-words
    id: "c-fun-007",
    category: "fun",
    language: "javascript",
    description:
      "rock paper scissors vs the bot: /rps with a choice option (rock, paper or scissors). the bot picks one too and says what it picked and whether you won, lost or tied",
    checks: [
      check(
        "/rps says the bot's pick and the outcome",
        act(
          slash("Sam", "rps", [opt.text("choice", "rock")]),
          reply(
            [anyOf("rock", "paper", "scissors"), anyOf("win", "won", "lose", "lost", "tie", "tied", "draw")],
            "a pick and who won",
          ),
        ),
      ),
    ],
  },
  {
    // style: chatty
    id: "c-fun-008",
    category: "fun",
    language: "javascript",
    description:
      "my little brother wants the bot to tell jokes lol. when someone types !joke it should say one of these:\nWhy did the scarecrow win an award? Because he was outstanding in his field.\nWhat do you call fake spaghetti? An impasta.\nI'm reading a book about anti-gravity. It's impossible to put down.",
    checks: [
      check(
        "!joke tells one of the jokes",
        act(
          say("Riley", "!joke"),
          reply(anyOf("scarecrow", "fake spaghetti", "anti-gravity"), "one of the three jokes"),
        ),
      ),
    ],
  },
  {
    // style: subcommands
    id: "c-fun-009",
    category: "fun",
    language: "javascript",
    description: "quote book: /quote add <text> saves a quote, /quote random shows a random saved one. keep them saved",
    checks: [
      check(
        "a saved quote comes back after a restart",
        quietly(slash("Sam", "quote", [opt.text("text", "Never trust a duck")], { subcommand: "add" }), restart()),
        act(slash("Riley", "quote", [], { subcommand: "random" }), reply(literal("Never trust a duck"), "the quote")),
      ),
    ],
  },
  {
    // style: bullets
    id: "c-fun-010",
    category: "fun",
    language: "javascript",
    description:
      "/wyr — posts a random would you rather from this list:\n- fight 1 horse-sized duck or 100 duck-sized horses\n- never use the internet again or never watch TV again\n- be always 10 min late or always 20 min early",
    checks: [
      check(
        "/wyr posts one from the list",
        act(
          slash("Sam", "wyr"),
          postedHere(
            "bot-commands",
            anyOf("horse-sized duck", "never use the internet", "10 min late"),
            "one of the three questions",
          ),
        ),
      ),
    ],
  },
  {
    // style: quoted (trivia)
    id: "c-fun-011",
    category: "fun",
    language: "python",
    description:
      "trivia bot. /trivia asks the next question (in this order), /answer <answer> checks it. questions:\n1. What is the capital of Australia? - Canberra\n2. How many legs does a spider have? - 8\n3. What planet is known as the red planet? - Mars\nright answer -> 'Correct!', wrong -> 'Nope, it was <answer>'",
    checks: [
      check(
        "questions in order, right and wrong answers",
        act(
          slash("Sam", "trivia"),
          postedHere("bot-commands", literal("What is the capital of Australia?"), "question 1"),
        ),
        act(
          slash("Sam", "answer", [opt.text("answer", "Canberra")]),
          reply({ whole: literal("Correct!") }, "Correct!"),
        ),
        act(
          slash("Sam", "trivia"),
          postedHere("bot-commands", literal("How many legs does a spider have?"), "question 2"),
        ),
        act(slash("Sam", "answer", [opt.text("answer", "6")]), reply(literal("Nope, it was 8"), "Nope, it was 8")),
      ),
    ],
  },
  {
    // style: typos
    id: "c-fun-012",
    category: "fun",
    language: "javascript",
    description:
      "/choose lets u give a bunch of options seperated by commas (option name: options) and it picks one at random",
    checks: [
      check(
        "/choose picks one of the options",
        act(
          slash("Sam", "choose", [opt.text("options", "pizza, tacos, sushi")]),
          reply(anyOf("pizza", "tacos", "sushi"), "pizza, tacos or sushi"),
        ),
      ),
      check(
        "a single option is the only pick",
        act(slash("Sam", "choose", [opt.text("options", "bowling")]), reply(anyCase("bowling"), "bowling")),
      ),
    ],
  },
  {
    // style: named-places (channel)
    id: "c-fun-013",
    category: "fun",
    language: "javascript",
    description: "whenever someone writes good bot in #general, react with ❤️",
    checks: [check("good bot gets a heart", act(say("Sam", "good bot"), reaction("❤️")))],
  },
  {
    // style: quoted (placeholders)
    id: "c-fun-014",
    category: "fun",
    language: "javascript",
    description: '/hug <user> → bot says "<your name> hugs <their name>! 🤗"',
    checks: [
      check(
        "/hug names both",
        act(
          slash("Sam", "hug", [opt.user("user", "Riley")]),
          reply({ whole: `${who("Sam")} hugs ${who("Riley")}! 🤗` }, "Sam hugs Riley! 🤗"),
        ),
      ),
    ],
  },
  {
    // style: non-native
    id: "c-fun-015",
    category: "fun",
    language: "javascript",
    description:
      "I want the /ship command, you choose two persons (user1 and user2) and bot say how much percent they love, random from 0 to 100%",
    checks: [
      check(
        "/ship gives a percentage",
        act(
          slash("Sam", "ship", [opt.user("user1", "Riley"), opt.user("user2", "Alex")]),
          reply(re`${numberBetween(0, 100)}\s*%`, "0–100%"),
        ),
      ),
    ],
  },
  {
    // style: one-sentence
    id: "c-fun-016",
    category: "fun",
    language: "javascript",
    description:
      "/compliment @user and /roast @user, each picks a random line from a list you make up yourself and mentions the person",
    checks: [
      check(
        "/compliment mentions the person",
        act(slash("Sam", "compliment", [opt.user("user", "Riley")]), reply(mention("Riley"), "Riley's mention")),
      ),
      check(
        "/roast mentions the person",
        act(slash("Sam", "roast", [opt.user("user", "Alex")]), reply(mention("Alex"), "Alex's mention")),
      ),
    ],
  },
  {
    // style: named-places (channel)
    id: "c-fun-017",
    category: "fun",
    language: "javascript",
    description:
      "every time someone uses /fact the bot posts a random fun fact in #fun-facts (make up like 10 facts about animals)",
    checks: [check("/fact posts in #fun-facts", act(slash("Sam", "fact"), postedAnything("fun-facts")))],
  },
  {
    // style: quoted
    id: "c-fun-018",
    category: "fun",
    language: "javascript",
    description:
      "/guess <guess> (a whole number): the bot secretly picks a number from 1 to 10 and each guess gets 'higher', 'lower' or 'correct!' — after a correct guess it picks a new number",
    checks: [
      check(
        "guessing 1 is never too high",
        act(slash("Sam", "guess", [opt.int("guess", 1)]), reply(anyOf("higher", "correct!"), "higher or correct!")),
      ),
      check(
        "guessing 10 is never too low",
        act(slash("Sam", "guess", [opt.int("guess", 10)]), reply(anyOf("lower", "correct!"), "lower or correct!")),
      ),
    ],
  },
  {
    // style: terse
    id: "c-fun-019",
    category: "fun",
    language: "python",
    description: "py: /reverse <text> flips the text backwards",
    checks: [
      check(
        "/reverse",
        act(slash("Sam", "reverse", [opt.text("text", "hello world")]), reply(literal("dlrow olleh"), "dlrow olleh")),
      ),
    ],
  },
  {
    // style: quoted (example)
    id: "c-fun-020",
    category: "fun",
    language: "javascript",
    description: "/clap <text> puts a 👏 between every word, e.g. 'this is fine' becomes 'this 👏 is 👏 fine'",
    checks: [
      check(
        "/clap",
        act(
          slash("Riley", "clap", [opt.text("text", "we love this server")]),
          reply(literal("we 👏 love 👏 this 👏 server"), "we 👏 love 👏 this 👏 server"),
        ),
      ),
    ],
  },
  {
    // style: options-in-words
    id: "c-fun-021",
    category: "fun",
    language: "javascript",
    description:
      "/rate takes a thing (text option named thing) and gives it a random score out of 10, like 'I rate pineapple pizza 7/10'",
    checks: [
      check(
        "/rate scores the thing out of 10",
        act(
          slash("Sam", "rate", [opt.text("thing", "cold coffee")]),
          reply([literal("cold coffee"), re`${numberBetween(0, 10)}\s*/\s*10(?!\d)`], "cold coffee n/10"),
        ),
      ),
    ],
  },
  {
    // style: chatty + named-places (role)
    id: "c-fun-022",
    category: "fun",
    language: "javascript",
    description:
      "We do small giveaways in our art server and right now I literally pull names out of a hat. Could you add /pickwinner that picks one random member from the server (not bots!) and announces them? Only @Admin should be able to run it so nobody spams it.",
    checks: [
      check(
        "/pickwinner announces a member",
        act(
          slash("You", "pickwinner"),
          postedHere(
            "bot-commands",
            `(?:${who("You")}|${who("Alex")}|${who("Sam")}|${who("Riley")})`,
            "one of the members",
          ),
        ),
      ),
      check("a non-admin is refused", act(slash("Alex", "pickwinner"), refused)),
    ],
  },
  {
    // style: named-places (channel)
    id: "c-fun-023",
    category: "fun",
    language: "python",
    description:
      "counting game in #counting: people count 1, 2, 3... if someone posts the wrong next number the bot reacts with ❌ and the count starts over at 1. correct numbers get a ✅ reaction",
    checks: [
      check(
        "right numbers, a wrong one, and the restart at 1",
        act(say("Sam", "1", "counting"), reaction("✅")),
        act(say("Riley", "2", "counting"), reaction("✅")),
        act(say("Sam", "5", "counting"), reaction("❌")),
        act(say("Riley", "1", "counting"), reaction("✅")),
      ),
    ],
  },
  {
    // style: quoted
    id: "c-fun-024",
    category: "fun",
    language: "javascript",
    description:
      "/slots spins three random fruits from 🍒 🍋 🍇 and if all three match say 'JACKPOT!' otherwise 'Better luck next time'",
    checks: [
      check(
        "/slots shows fruits and the outcome",
        act(
          slash("Sam", "slots"),
          reply(["(?:🍒|🍋|🍇)", "(?:JACKPOT!|Better luck next time)"], "fruits and JACKPOT! or Better luck next time"),
        ),
      ),
    ],
  },
  {
    // style: one-sentence
    id: "c-fun-025",
    category: "fun",
    language: "python",
    description:
      "a fun python bot with /coinflip (heads/tails), /dice (1-6) and /8ball that gives a random yes/no style answer",
    checks: [
      check("/coinflip", act(slash("Sam", "coinflip"), reply(onlyOne("heads", "tails"), "heads or tails"))),
      check("/dice", act(slash("Sam", "dice"), reply(dieUpTo(6), "1 to 6"))),
    ],
  },
  {
    // style: bullets
    id: "c-fun-026",
    category: "fun",
    language: "javascript",
    description:
      "truth or dare\n- /truth gives a random truth from: 'What's your biggest fear?', 'Who was your first crush?', 'What's the last lie you told?'\n- /dare gives a random dare from: 'Send your last emoji', 'Change your nickname to potato for an hour', 'Type with your elbows for 1 message'",
    checks: [
      check(
        "/truth",
        act(slash("Sam", "truth"), reply(anyOf("biggest fear", "first crush", "last lie"), "one of the truths")),
      ),
      check("/dare", act(slash("Sam", "dare"), reply(anyOf("last emoji", "potato", "elbows"), "one of the dares"))),
    ],
  },
  {
    // style: non-native
    id: "c-fun-027",
    category: "fun",
    language: "python",
    description:
      "/pirate <text> is change words to pirate: hello → ahoy, my → me, friend → matey, yes → aye. other words stay same",
    checks: [
      check(
        "/pirate swaps the words",
        act(
          slash("Sam", "pirate", [opt.text("text", "hello my friend")]),
          reply(literal("ahoy me matey"), "ahoy me matey"),
        ),
      ),
      check(
        "other words stay",
        act(slash("Sam", "pirate", [opt.text("text", "yes we can")]), reply(literal("aye we can"), "aye we can")),
      ),
    ],
  },
  {
    // style: named-places (channel), quoted
    id: "c-fun-028",
    category: "fun",
    language: "javascript",
    description: "if anyone sends just the letter F in #general, the bot answers 'F to pay respects 🫡'",
    checks: [
      check("F", act(say("Riley", "F"), reply({ whole: literal("F to pay respects 🫡") }, "F to pay respects 🫡"))),
    ],
  },
  {
    // style: non-native
    id: "c-fun-029",
    category: "fun",
    language: "javascript",
    description:
      "Bot need /ask command with question. If question is not finish with '?' bot say 'That is not a question!'. Otherwise bot answer random 'Yes', 'No' or 'Maybe'.",
    checks: [
      check(
        "without a question mark",
        act(
          slash("Sam", "ask", [opt.text("question", "am i cool")]),
          reply({ whole: literal("That is not a question!") }, "That is not a question!"),
        ),
      ),
      check(
        "with a question mark",
        act(
          slash("Sam", "ask", [opt.text("question", "am i cool?")]),
          reply(`(?:${word("yes")}|${word("no")}|${word("maybe")})`, "Yes, No or Maybe"),
        ),
      ),
    ],
  },
  {
    // style: terse
    id: "c-fun-030",
    category: "fun",
    language: "javascript",
    description: "/color random hex color",
    checks: [
      check(
        "/color gives a hex color",
        act(slash("Sam", "color"), reply(re`(?<![0-9a-zA-Z])#?[0-9a-fA-F]{6}(?![0-9a-fA-F])`, "a hex color")),
      ),
    ],
  },
];

// ── Calculators ───────────────────────────────────────────────────────────────────────────────

const calculators: DescriptionCase[] = [
  {
    // style: terse
    id: "c-calculators-001",
    category: "calculators",
    language: "javascript",
    description: "/ctof <celsius> celsius to fahrenheit (decimals ok)",
    checks: [
      check("100 °C", act(slash("Sam", "ctof", [opt.num("celsius", 100)]), reply(number(212), "212"))),
      check("-40 °C", act(slash("Sam", "ctof", [opt.num("celsius", -40)]), reply(number(-40), "-40"))),
    ],
  },
  {
    // style: subcommands
    id: "c-calculators-002",
    category: "calculators",
    language: "javascript",
    description:
      "/temp to-celsius <degrees> and /temp to-fahrenheit <degrees>. decimals allowed, round the answer to 1 decimal",
    checks: [
      check(
        "to-celsius",
        act(slash("Sam", "temp", [opt.num("degrees", 98.6)], { subcommand: "to-celsius" }), reply(number(37), "37")),
      ),
      check(
        "to-fahrenheit",
        act(
          slash("Sam", "temp", [opt.num("degrees", 36.6)], { subcommand: "to-fahrenheit" }),
          reply(number("97.9"), "97.9"),
        ),
      ),
    ],
  },
  {
    // style: options-in-words
    id: "c-calculators-003",
    category: "calculators",
    language: "python",
    description:
      "km to miles converter: /km with an option called distance (a number, decimals ok), answer in miles rounded to 2 decimal places. also /miles for the other way",
    checks: [
      check("10 km", act(slash("Sam", "km", [opt.num("distance", 10)]), reply(number("6.21"), "6.21"))),
      check("5 miles", act(slash("Sam", "miles", [opt.num("distance", 5)]), reply(number("8.05"), "8.05"))),
    ],
  },
  {
    // style: quoted (format)
    id: "c-calculators-004",
    category: "calculators",
    language: "javascript",
    description: "/tip bill:<amount> percent:<whole number> → replies 'Tip: $X, total: $Y'",
    checks: [
      check(
        "15% of 80",
        act(
          slash("Sam", "tip", [opt.num("bill", 80), opt.int("percent", 15)]),
          reply({ whole: re`Tip: \$${number(12)}, total: \$${number(92)}` }, "Tip: $12, total: $92"),
        ),
      ),
    ],
  },
  {
    // style: non-native
    id: "c-calculators-005",
    category: "calculators",
    language: "javascript",
    description:
      "I need command for percent. /percent with value and total (they can be with decimal), bot tell what percent is value from total. Example 30 and 150 gives 20%.",
    checks: [
      check(
        "45 of 180",
        act(
          slash("Sam", "percent", [opt.num("value", 45), opt.num("total", 180)]),
          reply(re`${number(25)}\s*%`, "25%"),
        ),
      ),
    ],
  },
  {
    // style: options-in-words (expression)
    id: "c-calculators-006",
    category: "calculators",
    language: "python",
    description:
      "Write it in Python: /calc takes a math expression as text (option 'expression') like 2+3*4 or (10-4)/3 and replies with the result, respecting operator precedence. If it's not valid math, reply 'Invalid expression'",
    checks: [
      check("precedence", act(slash("Sam", "calc", [opt.text("expression", "2+3*4")]), reply(number(14), "14"))),
      check("brackets", act(slash("Sam", "calc", [opt.text("expression", "(10-4)/3")]), reply(number(2), "2"))),
      check(
        "not math",
        act(
          slash("Sam", "calc", [opt.text("expression", "hello")]),
          reply(literal("Invalid expression"), "Invalid expression"),
        ),
      ),
    ],
  },
  {
    // style: typos
    id: "c-calculators-007",
    category: "calculators",
    language: "javascript",
    description: "!math <expression> calculater, like !math 7/2 should give 3.5",
    checks: [
      check("!math 7/2", act(say("Sam", "!math 7/2"), reply(number(3.5), "3.5"))),
      check("!math with brackets", act(say("Sam", "!math 12*(3+1)"), reply(number(48), "48"))),
    ],
  },
  {
    // style: options-in-words
    id: "c-calculators-008",
    category: "calculators",
    language: "python",
    description:
      "a discord.py bmi calculator: /bmi with weight in kg and height in cm (options weight and height, both numbers). reply with the BMI to one decimal and whether that's underweight, normal or overweight",
    checks: [
      check(
        "80 kg, 200 cm",
        act(
          slash("Sam", "bmi", [opt.num("weight", 80), opt.num("height", 200)]),
          reply([number(20), anyCase("normal")], "20.0, normal"),
        ),
      ),
      check(
        "50 kg, 180 cm",
        act(
          slash("Sam", "bmi", [opt.num("weight", 50), opt.num("height", 180)]),
          reply([number("15.4"), anyCase("underweight")], "15.4, underweight"),
        ),
      ),
    ],
  },
  {
    // style: chatty
    id: "c-calculators-009",
    category: "calculators",
    language: "javascript",
    description:
      "my nephew keeps asking the bot how old people are lol. can we have /age where you put the year you were born (birthyear) and it says how old you turn this year",
    checks: [
      check(
        "born in 2000",
        act(slash("Sam", "age", [opt.int("birthyear", 2000)]), reply(number(thisYear - 2000), `${thisYear - 2000}`)),
      ),
    ],
  },
  {
    // style: terse
    id: "c-calculators-010",
    category: "calculators",
    language: "javascript",
    description: "!christmas — days left until christmas",
    checks: [
      check(
        "!christmas counts the days",
        act(
          say("Sam", "!christmas"),
          reply(numberOf(daysToChristmas - 1, daysToChristmas, daysToChristmas + 1), `about ${daysToChristmas} days`),
        ),
      ),
    ],
  },
  {
    // style: terse
    id: "c-calculators-011",
    category: "calculators",
    language: "python",
    description: "/split total:<amount> people:<how many> tells each person's share",
    checks: [
      check(
        "100 for 4",
        act(slash("Sam", "split", [opt.num("total", 100), opt.int("people", 4)]), reply(number(25), "25")),
      ),
      check(
        "100 for 3",
        act(
          slash("Sam", "split", [opt.num("total", 100), opt.int("people", 3)]),
          reply(re`(?<![\d.])33\.3\d*`, "33.33"),
        ),
      ),
    ],
  },
  {
    // style: bullets
    id: "c-calculators-012",
    category: "calculators",
    language: "javascript",
    description:
      "/convert value from to (value is a number, can be decimal)\nsupported units:\n- cm <-> in\n- kg <-> lb\n- km <-> mi\nsay 'I can't convert that' if the units don't go together",
    checks: [
      check(
        "254 cm to in",
        act(
          slash("Sam", "convert", [opt.num("value", 254), opt.text("from", "cm"), opt.text("to", "in")]),
          reply(number(100), "100"),
        ),
      ),
      check(
        "10 kg to lb",
        act(
          slash("Sam", "convert", [opt.num("value", 10), opt.text("from", "kg"), opt.text("to", "lb")]),
          reply(re`(?<![\d.])22(?:\.0\d*)?(?![\d.])`, "about 22.05"),
        ),
      ),
      check(
        "units that don't go together",
        act(
          slash("Sam", "convert", [opt.num("value", 5), opt.text("from", "cm"), opt.text("to", "kg")]),
          reply(literal("I can't convert that"), "I can't convert that"),
        ),
      ),
    ],
  },
  {
    // style: quoted (rate)
    id: "c-calculators-013",
    category: "calculators",
    language: "javascript",
    description: "/lbs <pounds> -> kilograms (1 lb = 0.4536 kg), show 2 decimals",
    checks: [check("10 lb", act(slash("Sam", "lbs", [opt.num("pounds", 10)]), reply(number("4.54"), "4.54")))],
  },
  {
    // style: typos (durations)
    id: "c-calculators-014",
    category: "calculators",
    language: "python",
    description: "python plz — /seconds takes a duration like 1h30m, 45m or 2h and tells how many seconds that is",
    checks: [
      check("1h30m", act(slash("Sam", "seconds", [opt.text("duration", "1h30m")]), reply(number(5400), "5400"))),
      check("45m", act(slash("Sam", "seconds", [opt.text("duration", "45m")]), reply(number(2700), "2700"))),
    ],
  },
  {
    // style: non-native
    id: "c-calculators-015",
    category: "calculators",
    language: "javascript",
    description:
      "command !discount <price> <percent>, bot show the new price after discount. example !discount 50 20 gives 40",
    checks: [check("80 less 25%", act(say("Sam", "!discount 80 25"), reply(number(60), "60")))],
  },
  {
    // style: options-in-words
    id: "c-calculators-016",
    category: "calculators",
    language: "javascript",
    description:
      "/average: one text option, numbers, where you type numbers separated by spaces; it replies with their average",
    checks: [
      check(
        "the average",
        act(slash("Sam", "average", [opt.text("numbers", "4 8 15 16 23 42")]), reply(number(18), "18")),
      ),
    ],
  },
  {
    // style: chatty
    id: "c-calculators-017",
    category: "calculators",
    language: "javascript",
    description:
      "We trade stuff in euros and dollars in our server. A fixed rate is fine: 1 EUR = 1.10 USD. !eur 10 should say 11.00 USD and !usd 11 should say 10.00 EUR",
    checks: [
      check("!eur 25", act(say("Sam", "!eur 25"), reply([number("27.5"), anyCase("usd")], "27.50 USD"))),
      check("!usd 22", act(say("Sam", "!usd 22"), reply([number(20), anyCase("eur")], "20.00 EUR"))),
    ],
  },
  {
    // style: terse
    id: "c-calculators-018",
    category: "calculators",
    language: "python",
    description:
      "/interest principal rate years — simple interest, rate in percent, all three are numbers. show the interest and the final amount",
    checks: [
      check(
        "1000 at 5% for 2 years",
        act(
          slash("Sam", "interest", [opt.num("principal", 1000), opt.num("rate", 5), opt.num("years", 2)]),
          reply([number(100), number(1100)], "100 interest, 1100 in all"),
        ),
      ),
    ],
  },
  {
    // style: options-in-words (time of day)
    id: "c-calculators-019",
    category: "calculators",
    language: "javascript",
    description:
      "/hours start end — says how long it is between two times like 09:00 and 17:30 (24h clock), for counting shift hours",
    checks: [
      check(
        "09:00 to 17:30",
        act(
          slash("Sam", "hours", [opt.text("start", "09:00"), opt.text("end", "17:30")]),
          reply(re`(?<![\d.])8\.5(?!\d)|(?<!\d)8\s*h(?:ours?|rs?)?,?\s*(?:and\s*)?30|(?<!\d)8:30`, "8.5 hours"),
        ),
      ),
    ],
  },
  {
    // style: bullets
    id: "c-calculators-020",
    category: "calculators",
    language: "javascript",
    description: "/grade <score> (0-100):\n90+ = A\n80-89 = B\n70-79 = C\n60-69 = D\nbelow 60 = F",
    checks: [
      check("85", act(slash("Sam", "grade", [opt.int("score", 85)]), reply(grade("B"), "B"))),
      check("90", act(slash("Sam", "grade", [opt.int("score", 90)]), reply(grade("A"), "A"))),
      check("42", act(slash("Sam", "grade", [opt.int("score", 42)]), reply(grade("F"), "F"))),
    ],
  },
];

// ── Lookups ───────────────────────────────────────────────────────────────────────────────────

const lookups: DescriptionCase[] = [
  {
    // style: bullets, quoted
    id: "c-lookups-001",
    category: "lookups",
    language: "python",
    description:
      "Python bot. /faq topic:<text> answers from this list:\nip → play.craftyland.net\nversion → We run 1.20.4\ndiscord → You're already here :)\nanything else → \"I don't have an answer for that yet.\"",
    checks: [
      check(
        "known topics",
        act(slash("Sam", "faq", [opt.text("topic", "ip")]), reply(literal("play.craftyland.net"), "the ip")),
        act(slash("Sam", "faq", [opt.text("topic", "version")]), reply(literal("We run 1.20.4"), "the version")),
      ),
      check(
        "an unknown topic",
        act(
          slash("Sam", "faq", [opt.text("topic", "mods")]),
          reply({ whole: literal("I don't have an answer for that yet.") }, "I don't have an answer for that yet."),
        ),
      ),
    ],
  },
  {
    // style: subcommands + named-places (role)
    id: "c-lookups-002",
    category: "lookups",
    language: "javascript",
    description:
      "FAQ that the mods can grow over time: /faq add <question> <answer> (only @Moderator), /faq ask <question> for everyone. if nobody added that question yet, say 'No answer yet, ask a mod!'. the faq should be stored so it stays after restarts",
    checks: [
      check(
        "a moderator's entry is answered after a restart",
        quietly(
          slash("Alex", "faq", [opt.text("question", "when is movie night"), opt.text("answer", "Fridays at 8pm")], {
            subcommand: "add",
          }),
          restart(),
        ),
        act(
          slash("Sam", "faq", [opt.text("question", "when is movie night")], { subcommand: "ask" }),
          reply(literal("Fridays at 8pm"), "Fridays at 8pm"),
        ),
      ),
      check(
        "a member cannot add",
        act(
          slash("Sam", "faq", [opt.text("question", "free stuff?"), opt.text("answer", "yes")], { subcommand: "add" }),
          refused,
        ),
      ),
      check(
        "an unknown question",
        act(
          slash("Sam", "faq", [opt.text("question", "who made the logo")], { subcommand: "ask" }),
          reply({ whole: literal("No answer yet, ask a mod!") }, "No answer yet, ask a mod!"),
        ),
      ),
    ],
  },
  {
    // style: quoted (glossary)
    id: "c-lookups-003",
    category: "lookups",
    language: "python",
    description:
      "!define <word> for our gaming terms:\ngg = good game\nafk = away from keyboard\nnerf = when the devs make something weaker\nbuff = when the devs make something stronger\nif the word isn't in the list reply 'Never heard of that one 🤔'",
    checks: [
      check("a known word", act(say("Sam", "!define afk"), reply(anyCase("away from keyboard"), "away from keyboard"))),
      check(
        "another",
        act(say("Sam", "!define nerf"), reply(literal("when the devs make something weaker"), "the meaning")),
      ),
      check(
        "an unknown word",
        act(
          say("Sam", "!define yeet"),
          reply({ whole: literal("Never heard of that one 🤔") }, "Never heard of that one 🤔"),
        ),
      ),
    ],
  },
  {
    // style: bullets (item stats)
    id: "c-lookups-004",
    category: "lookups",
    language: "python",
    description:
      "py bot for our rpg: /item <name> shows stats:\nIron Sword: damage 12, weight 5\nLongbow: damage 9, range 30\nHealing Potion: heals 50 hp\nunknown item → tell them the item doesn't exist",
    checks: [
      check(
        "Longbow",
        act(slash("Sam", "item", [opt.text("name", "Longbow")]), reply([number(9), number(30)], "damage 9, range 30")),
      ),
      check(
        "Healing Potion",
        act(slash("Sam", "item", [opt.text("name", "Healing Potion")]), reply(number(50), "heals 50")),
      ),
      check(
        "an unknown item",
        act(slash("Sam", "item", [opt.text("name", "Banana")]), reply(notKnown, "the item doesn't exist")),
      ),
    ],
  },
  {
    // style: bullets (rules by number)
    id: "c-lookups-005",
    category: "lookups",
    language: "javascript",
    description:
      "/rule <number> posts that rule:\n1 Be respectful\n2 No spam or self-promo\n3 Keep NSFW out\n4 Use the right channels\nanything else: say that rule doesn't exist",
    checks: [
      check(
        "rules by number",
        act(
          slash("Sam", "rule", [opt.int("number", 2)]),
          postedHere("bot-commands", literal("No spam or self-promo"), "rule 2"),
        ),
        act(
          slash("Sam", "rule", [opt.int("number", 4)]),
          postedHere("bot-commands", literal("Use the right channels"), "rule 4"),
        ),
      ),
      check(
        "a rule that doesn't exist",
        act(slash("Sam", "rule", [opt.int("number", 7)]), reply(notKnown, "no such rule")),
      ),
    ],
  },
  {
    // style: chatty (opening hours)
    id: "c-lookups-006",
    category: "lookups",
    language: "python",
    description:
      "I run a little bakery and have a discord for regulars. /hours day:<day> should say our opening hours for that day. Mon-Fri 7am-6pm, Saturday 8am-2pm, Sunday closed. If they type something that isn't a day, say 'Please give me a day of the week.'",
    checks: [
      check(
        "a weekday",
        act(slash("Sam", "hours", [opt.text("day", "Tuesday")]), reply([clock(7, "am"), clock(6, "pm")], "7am–6pm")),
      ),
      check(
        "Saturday",
        act(slash("Sam", "hours", [opt.text("day", "Saturday")]), reply([clock(8, "am"), clock(2, "pm")], "8am–2pm")),
      ),
      check("Sunday", act(slash("Sam", "hours", [opt.text("day", "Sunday")]), reply(anyCase("closed"), "closed"))),
      check(
        "not a day",
        act(
          slash("Sam", "hours", [opt.text("day", "pizza")]),
          reply({ whole: literal("Please give me a day of the week.") }, "Please give me a day of the week."),
        ),
      ),
    ],
  },
  {
    // style: typos
    id: "c-lookups-007",
    category: "lookups",
    language: "javascript",
    description:
      "pokemon type weakness lookup, /weak <type>: fire is weak to water, water to grass, grass to fire, electric to ground. dont know the type -> 'idk that type'",
    checks: [
      check("fire", act(slash("Sam", "weak", [opt.text("type", "fire")]), reply(anyCase("water"), "water"))),
      check("electric", act(slash("Sam", "weak", [opt.text("type", "electric")]), reply(anyCase("ground"), "ground"))),
      check(
        "unknown type",
        act(
          slash("Sam", "weak", [opt.text("type", "dragon")]),
          reply({ whole: literal("idk that type") }, "idk that type"),
        ),
      ),
    ],
  },
  {
    // style: quoted
    id: "c-lookups-008",
    category: "lookups",
    language: "javascript",
    description:
      '/contact <department> gives the email: billing → billing@pixelforge.gg, support → help@pixelforge.gg, press → press@pixelforge.gg. For anything else reply "Unknown department. Try billing, support or press."',
    checks: [
      check(
        "support",
        act(
          slash("Sam", "contact", [opt.text("department", "support")]),
          reply(literal("help@pixelforge.gg"), "help@pixelforge.gg"),
        ),
      ),
      check(
        "unknown department",
        act(
          slash("Sam", "contact", [opt.text("department", "hr")]),
          reply(
            { whole: literal("Unknown department. Try billing, support or press.") },
            "Unknown department. Try billing, support or press.",
          ),
        ),
      ),
    ],
  },
  {
    // style: named-places (members) + quoted
    id: "c-lookups-009",
    category: "lookups",
    language: "python",
    description:
      "python: /timezone <member> tells which timezone a member is in. I'll hardcode it: Sam is in Europe/London, Riley is in Asia/Tokyo, Alex is in America/New_York. For anyone else reply 'I don't know their timezone yet.'",
    checks: [
      check(
        "a known member",
        act(slash("Sam", "timezone", [opt.user("member", "Riley")]), reply(literal("Asia/Tokyo"), "Asia/Tokyo")),
      ),
      check(
        "another known member",
        act(
          slash("Riley", "timezone", [opt.user("member", "Alex")]),
          reply(literal("America/New_York"), "America/New_York"),
        ),
      ),
      check(
        "someone not listed",
        act(
          slash("Sam", "timezone", [opt.user("member", "You")]),
          reply({ whole: literal("I don't know their timezone yet.") }, "I don't know their timezone yet."),
        ),
      ),
    ],
  },
  {
    // style: non-native
    id: "c-lookups-010",
    category: "lookups",
    language: "javascript",
    description:
      "Bot for my class. Command /schedule and the day, bot say what lessons we have. Monday: Math, English. Tuesday: Biology, History. Wednesday: Physics, Art. Thursday and Friday is same: Chemistry, Sport. Weekend no school.",
    checks: [
      check(
        "Wednesday",
        act(
          slash("Sam", "schedule", [opt.text("day", "Wednesday")]),
          reply([anyCase("physics"), anyCase("art")], "Physics, Art"),
        ),
      ),
      check(
        "Friday is like Thursday",
        act(
          slash("Sam", "schedule", [opt.text("day", "Friday")]),
          reply([anyCase("chemistry"), anyCase("sport")], "Chemistry, Sport"),
        ),
      ),
      check(
        "the weekend",
        act(
          slash("Sam", "schedule", [opt.text("day", "Saturday")]),
          reply(anyOf("no school", "weekend", "no lessons", "free", "nothing", "no class"), "no school"),
        ),
      ),
    ],
  },
  {
    // style: chatty (free-text trigger)
    id: "c-lookups-011",
    category: "lookups",
    language: "javascript",
    description:
      "people in our server keep asking what abbreviations mean. when someone writes 'what does X mean' (X being one of ours) the bot should explain it: ngl = not gonna lie, tbh = to be honest, imo = in my opinion, iirc = if I remember correctly",
    checks: [
      check("tbh", act(say("Sam", "what does tbh mean"), reply(anyCase("to be honest"), "to be honest"))),
      check(
        "iirc with a question mark",
        act(say("Riley", "what does iirc mean?"), reply(anyCase("if I remember correctly"), "if I remember correctly")),
      ),
    ],
  },
  {
    // style: typos + quoted
    id: "c-lookups-012",
    category: "lookups",
    language: "javascript",
    description:
      "if somebody's msg has the word ip in it (like 'whats the ip'), bot replys with 'The server IP is play.blockheads.org'",
    checks: [
      check(
        "a question about the ip",
        act(
          say("Riley", "hey whats the ip??"),
          reply({ whole: literal("The server IP is play.blockheads.org") }, "The server IP is play.blockheads.org"),
        ),
      ),
    ],
  },
  {
    // style: terse
    id: "c-lookups-013",
    category: "lookups",
    language: "python",
    description: "/price <item>: sword 100 coins, shield 80, potion 25, arrow 2. unknown → 'not in the shop'",
    checks: [
      check("shield", act(slash("Sam", "price", [opt.text("item", "shield")]), reply(number(80), "80"))),
      check("arrow", act(slash("Sam", "price", [opt.text("item", "arrow")]), reply(number(2), "2"))),
      check(
        "unknown item",
        act(slash("Sam", "price", [opt.text("item", "boots")]), reply(anyCase("not in the shop"), "not in the shop")),
      ),
    ],
  },
  {
    // style: subcommands + bullets
    id: "c-lookups-014",
    category: "lookups",
    language: "javascript",
    description:
      "/rank info <name> shows how much XP a rank needs:\n- Bronze: 0 XP\n- Silver: 500 XP\n- Gold: 1500 XP\n- Diamond: 5000 XP\n/rank list shows all of them",
    checks: [
      check(
        "info",
        act(
          slash("Sam", "rank", [opt.text("name", "Gold")], { subcommand: "info" }),
          reply(re`(?<![\d.,])1,?500(?!\d)`, "1500"),
        ),
      ),
      check(
        "list",
        act(
          slash("Sam", "rank", [], { subcommand: "list" }),
          reply(["Bronze", "Silver", "Gold", "Diamond"], "all four ranks"),
        ),
      ),
    ],
  },
  {
    // style: options-in-words
    id: "c-lookups-015",
    category: "lookups",
    language: "javascript",
    description:
      "A /capital command with a text option called country. Answer with the capital for: France (Paris), Japan (Tokyo), Brazil (Brasília), Canada (Ottawa). Capitalisation shouldn't matter, so 'japan' works too. Any other country: \"Sorry, I only know a few countries.\"",
    checks: [
      check(
        "lowercase",
        act(slash("Sam", "capital", [opt.text("country", "japan")]), reply(literal("Tokyo"), "Tokyo")),
      ),
      check(
        "uppercase",
        act(slash("Sam", "capital", [opt.text("country", "CANADA")]), reply(literal("Ottawa"), "Ottawa")),
      ),
      check(
        "another country",
        act(
          slash("Sam", "capital", [opt.text("country", "Peru")]),
          reply({ whole: literal("Sorry, I only know a few countries.") }, "Sorry, I only know a few countries."),
        ),
      ),
    ],
  },
  {
    // style: typos
    id: "c-lookups-016",
    category: "lookups",
    language: "python",
    description:
      "in python: /element <symbol> gives the name + atomic number. H hydrogen 1, He helium 2, C carbon 6, O oxygen 8, Fe iron 26. else say its not found",
    checks: [
      check(
        "Fe",
        act(slash("Sam", "element", [opt.text("symbol", "Fe")]), reply([anyCase("iron"), number(26)], "iron, 26")),
      ),
      check("unknown symbol", act(slash("Sam", "element", [opt.text("symbol", "Xq")]), reply(notKnown, "not found"))),
    ],
  },
  {
    // style: subcommands + named-places (role)
    id: "c-lookups-017",
    category: "lookups",
    language: "javascript",
    description:
      "/glossary add <term> <definition>, /glossary lookup <term>, /glossary remove <term>. only admins can add or remove. unknown term → 'That term isn't in the glossary.' remember everything across restarts",
    checks: [
      check(
        "an added term is looked up after a restart",
        quietly(
          slash(
            "You",
            "glossary",
            [opt.text("term", "raid"), opt.text("definition", "a group boss fight every saturday")],
            {
              subcommand: "add",
            },
          ),
          restart(),
        ),
        act(
          slash("Sam", "glossary", [opt.text("term", "raid")], { subcommand: "lookup" }),
          reply(literal("a group boss fight every saturday"), "the definition"),
        ),
      ),
      check(
        "a member cannot add",
        act(
          slash("Sam", "glossary", [opt.text("term", "lol"), opt.text("definition", "laughing")], {
            subcommand: "add",
          }),
          refused,
        ),
      ),
      check(
        "a removed term is unknown",
        quietly(slash("You", "glossary", [opt.text("term", "raid")], { subcommand: "remove" })),
        act(
          slash("Sam", "glossary", [opt.text("term", "raid")], { subcommand: "lookup" }),
          reply({ whole: literal("That term isn't in the glossary.") }, "That term isn't in the glossary."),
        ),
      ),
    ],
  },
  {
    // style: one-sentence (several commands)
    id: "c-lookups-018",
    category: "lookups",
    language: "javascript",
    description:
      "server info bot: /rules posts all 3 rules (1. be kind 2. no spam 3. have fun), /rule <n> shows just that one, and /links gives our website https://mossgarden.club and the twitter https://x.com/mossgarden",
    checks: [
      check(
        "/rules",
        act(
          slash("Sam", "rules"),
          postedHere("bot-commands", [anyCase("be kind"), anyCase("no spam"), anyCase("have fun")], "all three rules"),
        ),
      ),
      check(
        "/rule 2 shows just rule 2",
        act(
          slash("Sam", "rule", [opt.int("n", 2)]),
          reply(
            { whole: `(?!.*${anyCase("be kind")})(?!.*${anyCase("have fun")}).*${anyCase("no spam")}.*` },
            "no spam only",
          ),
        ),
      ),
      check(
        "/links",
        act(
          slash("Sam", "links"),
          reply([literal("https://mossgarden.club"), literal("https://x.com/mossgarden")], "both links"),
        ),
      ),
    ],
  },
  {
    // style: quoted (random pick from a lookup)
    id: "c-lookups-019",
    category: "lookups",
    language: "javascript",
    description:
      '/recommend mood:<happy|sad|chill|hype> picks a song for the mood. happy: Walking on Sunshine or Happy by Pharrell. sad: Someone Like You or Fix You. chill: Weightless or Sunset Lover. hype: Till I Collapse or Power. Other moods get "Try happy, sad, chill or hype."',
    checks: [
      check(
        "chill",
        act(
          slash("Sam", "recommend", [opt.text("mood", "chill")]),
          reply(anyOf("Weightless", "Sunset Lover"), "a chill song"),
        ),
      ),
      check(
        "sad",
        act(
          slash("Sam", "recommend", [opt.text("mood", "sad")]),
          reply(anyOf("Someone Like You", "Fix You"), "a sad song"),
        ),
      ),
      check(
        "another mood",
        act(
          slash("Sam", "recommend", [opt.text("mood", "angry")]),
          reply({ whole: literal("Try happy, sad, chill or hype.") }, "Try happy, sad, chill or hype."),
        ),
      ),
    ],
  },
  {
    // style: non-native
    id: "c-lookups-020",
    category: "lookups",
    language: "javascript",
    description:
      "I want bot which is telling the meaning of our server emojis when you write /emoji and the name. :pog: = very exciting, :kekw: = laughing very hard, :sadge: = sad. If emoji is unknown bot must answer 'I not know this emoji'.",
    checks: [
      check(
        "kekw",
        act(
          slash("Sam", "emoji", [opt.text("name", "kekw")]),
          reply(anyCase("laughing very hard"), "laughing very hard"),
        ),
      ),
      check(
        "pog",
        act(slash("Sam", "emoji", [opt.text("name", "pog")]), reply(anyCase("very exciting"), "very exciting")),
      ),
      check(
        "unknown emoji",
        act(
          slash("Sam", "emoji", [opt.text("name", "blob")]),
          reply(literal("I not know this emoji"), "I not know this emoji"),
        ),
      ),
    ],
  },
];

export const utilityFunCorpus: DescriptionCase[] = [...utility, ...fun, ...calculators, ...lookups];
