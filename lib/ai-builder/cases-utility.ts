/** Description cases: utility commands and lookups (tables, glossaries, tags). */
import {
  act,
  anyCase,
  check,
  literal,
  number,
  opt,
  posted,
  refused,
  reply,
  restart,
  say,
  slash,
} from "./cases-support";
import type { DescriptionCase } from "./types";

export const utilityCases: DescriptionCase[] = [
  {
    id: "utility-ping",
    category: "utility",
    language: "javascript",
    description: "make a /ping command that replies Pong!",
    checks: [check("/ping replies Pong!", act(slash("Sam", "ping"), reply([literal("Pong!")], '"Pong!"')))],
  },
  {
    id: "utility-serverinfo",
    category: "utility",
    language: "python",
    description: "i need a serverinfo command that shows the server name and how many members we have",
    checks: [
      check(
        "/serverinfo shows the server's name and a member count",
        act(
          slash("Riley", "serverinfo"),
          reply([literal("Cipher Test Server"), "(?<![\\d@!&#])\\d+(?![\\d>])"], "the server's name and a number"),
        ),
      ),
    ],
  },
  {
    id: "utility-whois",
    category: "utility",
    language: "javascript",
    description:
      "Can you add /whois <user>? It should show that person's name, their user ID and a link to their avatar.",
    checks: [
      check(
        "/whois Riley shows Riley's name, id and avatar link",
        act(
          slash("Sam", "whois", [opt.user("user", "Riley")]),
          reply(["Riley", "⟨member:Riley⟩", "https?://"], "Riley's name, id and an avatar link"),
        ),
      ),
    ],
  },
  {
    id: "utility-announce",
    category: "utility",
    language: "javascript",
    description:
      "Add an /announce command, only admins can use it. It takes a channel and a message and the bot posts the message in that channel.",
    checks: [
      check(
        "An admin's announcement lands in the channel they chose",
        act(
          slash("You", "announce", [
            opt.channel("channel", "mod-log"),
            opt.text("message", "Server maintenance tonight at 10pm"),
          ]),
          posted("mod-log", [literal("Server maintenance tonight at 10pm")], "the announcement"),
        ),
      ),
      check(
        "A moderator who is not an admin is refused",
        act(
          slash("Alex", "announce", [opt.channel("channel", "general"), opt.text("message", "hello everyone")]),
          refused,
        ),
      ),
    ],
  },
  {
    id: "utility-avatar",
    category: "utility",
    language: "javascript",
    description: "!avatar should reply with a link to your avatar",
    checks: [check("!avatar replies with a link", act(say("Sam", "!avatar"), reply(["https?://\\S+"], "a link")))],
  },
  {
    id: "utility-help-rules",
    category: "utility",
    language: "javascript",
    description:
      "I want 3 commands: /help that lists all the commands, /ping that says pong and /rules that shows our rules (1. Be kind 2. No spam 3. No NSFW).",
    checks: [
      check(
        "/help names the other commands",
        act(slash("Sam", "help"), reply([anyCase("ping"), anyCase("rules")], "ping and rules named")),
      ),
      check("/ping says pong", act(slash("Sam", "ping"), reply([anyCase("pong")], '"pong"'))),
      check(
        "/rules shows the three rules",
        act(slash("Riley", "rules"), reply(["Be kind", "No spam", "No NSFW"], "the three rules")),
      ),
    ],
  },
];

export const lookupCases: DescriptionCase[] = [
  {
    id: "lookups-glossary",
    category: "lookups",
    language: "javascript",
    description: `/define <term> looks a word up in our glossary:
api = Application Programming Interface
dm = Direct message
afk = Away from keyboard
gg = Good game
if the word isn't in the list reply "I don't know that one yet."`,
    checks: [
      check(
        "/define afk gives its meaning",
        act(slash("Sam", "define", [opt.text("term", "afk")]), reply(["Away from keyboard"], "the meaning")),
      ),
      check(
        "/define of an unknown word says so",
        act(
          slash("Sam", "define", [opt.text("term", "xyzzy")]),
          reply(["I don.t know that one yet"], '"I don\'t know that one yet."'),
        ),
      ),
    ],
  },
  {
    id: "lookups-rules",
    category: "lookups",
    language: "javascript",
    description:
      "/rule number → shows that rule. Rules: 1 Be respectful, 2 No spam or self promo, 3 Keep it SFW, 4 Use the right channels, 5 Have fun. If there's no rule with that number say so.",
    checks: [
      check(
        "/rule 2 shows rule 2",
        act(slash("Riley", "rule", [opt.int("number", 2)]), reply(["No spam or self promo"], "rule 2")),
      ),
      check(
        "/rule 9 answers without quoting a rule",
        act(
          slash("Riley", "rule", [opt.int("number", 9)]),
          reply(
            { whole: "(?!.*(?:Be respectful|No spam|Keep it SFW|Use the right channels|Have fun)).+" },
            "an answer that is none of the rules",
          ),
        ),
      ),
    ],
  },
  {
    id: "lookups-capital",
    category: "lookups",
    language: "javascript",
    description:
      "!capital <country> tells you the capital city. France - Paris, Japan - Tokyo, Brazil - Brasília, Canada - Ottawa, Australia - Canberra, Egypt - Cairo",
    checks: [
      check("!capital Japan says Tokyo", act(say("Sam", "!capital Japan"), reply(["Tokyo"], "Tokyo"))),
      check(
        "!capital canada, typed in lowercase, says Ottawa",
        act(say("Riley", "!capital canada"), reply(["Ottawa"], "Ottawa")),
      ),
    ],
  },
  {
    id: "lookups-faq",
    category: "lookups",
    language: "javascript",
    description:
      'auto answer faq in chat. if someone writes something with "how do i verify" reply "Head to #verify and press the green button." and if they ask "where are the rules" reply "The rules are pinned in #rules."',
    checks: [
      check(
        "A verify question gets the verify answer",
        act(
          say("Riley", "hey how do i verify my account?"),
          reply([literal("Head to #verify and press the green button.")], "the verify answer"),
        ),
      ),
      check(
        "A rules question gets the rules answer",
        act(
          say("Sam", "where are the rules??"),
          reply([literal("The rules are pinned in #rules.")], "the rules answer"),
        ),
      ),
    ],
  },
  {
    id: "lookups-element",
    category: "lookups",
    language: "javascript",
    description:
      "/element symbol gives the element name and atomic number. Just a few: H Hydrogen 1, He Helium 2, C Carbon 6, N Nitrogen 7, O Oxygen 8, Fe Iron 26, Au Gold 79",
    checks: [
      check(
        "/element Fe is Iron, 26",
        act(slash("Sam", "element", [opt.text("symbol", "Fe")]), reply(["Iron", number(26)], "Iron and 26")),
      ),
      check(
        "/element Au is Gold, 79",
        act(slash("Sam", "element", [opt.text("symbol", "Au")]), reply(["Gold", number(79)], "Gold and 79")),
      ),
    ],
  },
  {
    id: "lookups-tags",
    category: "lookups",
    language: "javascript",
    description:
      "custom tags: /tag set <name> <text> saves a tag (mods only, manage messages perm), /tag show <name> posts it for anyone. Tags have to stay after the bot restarts.",
    checks: [
      check(
        "A tag a mod saved shows for anyone, also after a restart",
        act(
          slash("Alex", "tag", [opt.text("name", "faq"), opt.text("text", "Read the pinned messages first!")], {
            subcommand: "set",
          }),
        ),
        act(
          slash("Sam", "tag", [opt.text("name", "faq")], { subcommand: "show" }),
          reply([literal("Read the pinned messages first!")], "the tag's text"),
        ),
        act(restart()),
        act(
          slash("Riley", "tag", [opt.text("name", "faq")], { subcommand: "show" }),
          reply([literal("Read the pinned messages first!")], "the tag's text"),
        ),
      ),
      check(
        "A member without Manage Messages cannot save a tag",
        act(
          slash("Sam", "tag", [opt.text("name", "free"), opt.text("text", "hacked")], { subcommand: "set" }),
          refused,
        ),
      ),
    ],
  },
];
