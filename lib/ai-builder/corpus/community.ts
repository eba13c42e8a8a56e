/**
 * Independent evaluation corpus: community bots (moderation, automod, welcome, roles).
 * Written from the descriptions alone, as the people who typed them would check their bots.
 *
 * Channels used that the default test world (general, bot-commands, mod-log) lacks:
 *   #welcome, #arrivals, #introductions, #tavern, #lobby, #farewells, #welcome-and-rules,
 *   #start-here, #roles, #events, #rules, #get-roles, #bans, #mod-reports, #automod-log,
 *   #self-promo and #media (only named in c-automod-015's description and notice; nothing is posted there)
 * Roles used that the default test world (Admin, Moderator, Member) lacks:
 *   Gamer, Artist, Musician, Writer, Coder, Streamer, Challenge Pings, Game Night, Red, Blue,
 *   Green, Purple, Crimson, Ocean, Mint, Sunflower, Verified, Unverified, Newcomer, Adventurer,
 *   Viewer, Rookie, Announcements, Events, he/him, she/her, they/them, Regular, VIP, Updates,
 *   Team Red, Team Blue, Lurker
 */
import {
  act,
  answered,
  anyCase,
  anyOf,
  ban,
  chatter,
  check,
  day,
  deleted,
  dm,
  dmAnything,
  hour,
  join,
  kick,
  leave,
  literal,
  margin,
  mention,
  named,
  number,
  numberOf,
  opt,
  posted,
  postedAnything,
  postedHere,
  privateReply,
  purged,
  quietly,
  react,
  refused,
  removeTimeout,
  reply,
  restart,
  roleAdded,
  roleRemoved,
  say,
  slash,
  slowmode,
  timeout,
  told,
  unban,
  withButtons,
} from "@/lib/ai-builder/cases-support";
import type { DescriptionCase } from "@/lib/ai-builder/types";
import type { Expectation } from "@/lib/blueprint/proof/types";

/** The member as a mention or by name (for quoted texts that say "their name" or "{user}"). */
const nameOrMention = (member: string) => `(?:${mention(member)}|${named(member)})`;

/** The guild's name in the test world. */
const serverName = literal("Cipher Test Server");

/** Right after one join: 4 people (You, Alex, Sam, Riley) + the newcomer, maybe + the bot. */
const countAfterJoin = numberOf(5, 6);

/** A channel named in words or as a channel mention. */
const channelRef = (name: string) => `(?:${literal(name)}|<#\\d+>)`;

/** A message either as the command's reply or in another channel. */
function replyOr(channel: string, wanted: string | string[], describe: string): Expectation {
  return {
    kind: "oneOf",
    describe: `a reply or a message in #${channel} with ${describe}`,
    options: [[reply(wanted, describe)], [posted(channel, wanted, describe)]],
  };
}

/** Something posted in reply to the command or into the channel it ran in. */
function postedOrAnswered(channel: string): Expectation {
  return { kind: "oneOf", describe: `a message in #${channel}`, options: [[answered], [postedAnything(channel)]] };
}

const noWarnings = `(?:${number(0)}|${anyOf(
  "no warnings",
  "no warns",
  "none",
  "nothing",
  "clean",
  "has no",
  "doesn't have",
  "does not have",
)})`;

// ── Moderation ────────────────────────────────────────────────────────────────────────────────

const moderation: DescriptionCase[] = [
  // style: terse
  {
    id: "c-moderation-001",
    category: "moderation",
    language: "javascript",
    description: "/kick <user> [reason] and /ban <user> [reason]",
    checks: [
      check(
        "/kick with a reason kicks the user",
        act(slash("You", "kick", [opt.user("user", "Sam"), opt.text("reason", "spamming")]), kick("Sam")),
      ),
      check("/ban without a reason bans the user", act(slash("You", "ban", [opt.user("user", "Riley")]), ban("Riley"))),
    ],
  },
  // style: chatty
  {
    id: "c-moderation-002",
    category: "moderation",
    language: "javascript",
    description:
      "hey so i just became admin of a ~200 person art community and our old mod bot died 😭 I need a ban command that takes the member and a reason, and the bot should post in #mod-log who got banned and why. also only people who can actually ban should be able to use it lol",
    checks: [
      check(
        "/ban bans the member and logs who and why in #mod-log",
        act(
          slash("You", "ban", [opt.user("member", "Sam"), opt.text("reason", "stealing art")]),
          ban("Sam"),
          posted("mod-log", [named("Sam"), anyCase("stealing art")], "the banned member and the reason"),
        ),
      ),
      check(
        "a regular member cannot ban",
        act(slash("Riley", "ban", [opt.user("member", "Alex"), opt.text("reason", "test")]), refused),
      ),
    ],
  },
  // style: bullets (python in words)
  {
    id: "c-moderation-003",
    category: "moderation",
    language: "python",
    description:
      "discord.py bot with:\n- /timeout <member> <minutes>  (mods only)\n- /untimeout <member>\n- reply saying who got timed out and for how long",
    checks: [
      check(
        "/timeout for 30 minutes, then /untimeout",
        act(
          slash("Alex", "timeout", [opt.user("member", "Sam"), opt.int("minutes", 30)]),
          timeout("Sam", 30 * 60),
          reply([named("Sam"), number(30)], "who was timed out and for 30 minutes"),
        ),
        act(slash("Alex", "untimeout", [opt.user("member", "Sam")]), removeTimeout("Sam")),
      ),
      check(
        "a member cannot time people out",
        act(slash("Riley", "timeout", [opt.user("member", "Alex"), opt.int("minutes", 5)]), refused),
      ),
    ],
  },
  // style: typos/lowercase
  {
    id: "c-moderation-004",
    category: "moderation",
    language: "javascript",
    description: "need a purge comand, /purge amount and it deletes that many mesages in the chanel. max 100",
    checks: [
      check(
        "/purge 5 deletes 5 messages in the channel",
        chatter("Sam", 8),
        act(slash("You", "purge", [opt.int("amount", 5)], { channel: "general" }), purged("general", 5)),
      ),
    ],
  },
  // style: non-native (python picked in the UI)
  {
    id: "c-moderation-005",
    category: "moderation",
    language: "python",
    description:
      "I want bot which is giving warning to user with /warn and the reason, and when user have 3 warning the bot is kick him automatic.",
    checks: [
      check(
        "the third warning kicks",
        act(slash("You", "warn", [opt.user("user", "Sam"), opt.text("reason", "spam")]), answered),
        act(slash("You", "warn", [opt.user("user", "Sam"), opt.text("reason", "insults")]), answered),
        act(slash("You", "warn", [opt.user("user", "Sam"), opt.text("reason", "spam again")]), kick("Sam")),
      ),
    ],
  },
  // style: multi-feature sentence
  {
    id: "c-moderation-006",
    category: "moderation",
    language: "javascript",
    description:
      "Make /kick, /ban and /timeout commands for mods where each one takes the user, timeout also takes a duration like 10m, 2h or 1d, and every action gets logged to #mod-log.",
    checks: [
      check(
        "/timeout 2h times out for two hours and logs it",
        act(
          slash("Alex", "timeout", [opt.user("user", "Sam"), opt.text("duration", "2h")]),
          timeout("Sam", 2 * hour),
          posted("mod-log", named("Sam"), "the timed-out user"),
        ),
      ),
      check(
        "/timeout 1d and 10m",
        act(slash("Alex", "timeout", [opt.user("user", "Riley"), opt.text("duration", "1d")]), timeout("Riley", day)),
        act(slash("Alex", "timeout", [opt.user("user", "Riley"), opt.text("duration", "10m")]), timeout("Riley", 600)),
      ),
      check(
        "/kick kicks and logs it",
        act(
          slash("Alex", "kick", [opt.user("user", "Riley")]),
          kick("Riley"),
          posted("mod-log", named("Riley"), "the kicked user"),
        ),
      ),
      check(
        "/ban bans and logs it",
        act(
          slash("Alex", "ban", [opt.user("user", "Sam")]),
          ban("Sam"),
          posted("mod-log", named("Sam"), "the banned user"),
        ),
      ),
    ],
  },
  // style: options in words
  {
    id: "c-moderation-007",
    category: "moderation",
    language: "javascript",
    description:
      "A command called softban. It takes a user and an optional reason. It bans the person and immediately unbans them so their recent messages get cleaned up but they can rejoin.",
    checks: [
      check(
        "/softban without a reason bans then unbans",
        act(slash("You", "softban", [opt.user("user", "Sam")]), ban("Sam"), unban("Sam")),
      ),
      check(
        "/softban with a reason bans then unbans",
        act(
          slash("You", "softban", [opt.user("user", "Riley"), opt.text("reason", "bot spam")]),
          ban("Riley"),
          unban("Riley"),
        ),
      ),
    ],
  },
  // style: subcommands (python in words)
  {
    id: "c-moderation-008",
    category: "moderation",
    language: "python",
    description:
      "py bot for warnings: /warn add <user> <reason>, /warn list <user>, /warn clear <user>. save them so they're still there if the bot restarts",
    checks: [
      check(
        "warnings are listed, also after a restart",
        act(
          slash("You", "warn", [opt.user("user", "Sam"), opt.text("reason", "spam")], { subcommand: "add" }),
          answered,
        ),
        act(
          slash("You", "warn", [opt.user("user", "Sam"), opt.text("reason", "being rude")], { subcommand: "add" }),
          answered,
        ),
        act(
          slash("You", "warn", [opt.user("user", "Sam")], { subcommand: "list" }),
          reply([anyCase("spam"), anyCase("being rude")], "both warnings' reasons"),
        ),
        quietly(restart()),
        act(
          slash("You", "warn", [opt.user("user", "Sam")], { subcommand: "list" }),
          reply([anyCase("spam"), anyCase("being rude")], "both warnings' reasons after the restart"),
        ),
      ),
      check(
        "/warn clear empties the list",
        act(
          slash("You", "warn", [opt.user("user", "Riley"), opt.text("reason", "caps")], { subcommand: "add" }),
          answered,
        ),
        act(slash("You", "warn", [opt.user("user", "Riley")], { subcommand: "clear" }), answered),
        act(
          slash("You", "warn", [opt.user("user", "Riley")], { subcommand: "list" }),
          reply(noWarnings, "no warnings left"),
        ),
      ),
    ],
  },
  // style: options in words
  {
    id: "c-moderation-009",
    category: "moderation",
    language: "javascript",
    description:
      "When a mod uses /slowmode with a number of seconds, set slowmode on the channel they're in. /slowmode 0 turns it off. Normal members shouldn't be able to use it.",
    checks: [
      check(
        "/slowmode 15 then 0 in #general",
        act(slash("Alex", "slowmode", [opt.int("seconds", 15)], { channel: "general" }), slowmode("general", 15)),
        act(slash("Alex", "slowmode", [opt.int("seconds", 0)], { channel: "general" }), slowmode("general", 0)),
      ),
      check(
        "a member cannot set slowmode",
        act(slash("Sam", "slowmode", [opt.int("seconds", 10)], { channel: "general" }), refused),
      ),
    ],
  },
  // style: quoted reply
  {
    id: "c-moderation-010",
    category: "moderation",
    language: "javascript",
    description: "/ban user reason — after banning reply exactly 'The ban hammer has spoken.' Only Admins.",
    checks: [
      check(
        "an admin bans and gets the quoted reply",
        act(
          slash("You", "ban", [opt.user("user", "Sam"), opt.text("reason", "raid")]),
          ban("Sam"),
          reply({ whole: literal("The ban hammer has spoken.") }, "“The ban hammer has spoken.”"),
        ),
      ),
      check(
        "a member cannot ban",
        act(slash("Riley", "ban", [opt.user("user", "You"), opt.text("reason", "lol")]), refused),
      ),
    ],
  },
  // style: chatty
  {
    id: "c-moderation-011",
    category: "moderation",
    language: "javascript",
    description:
      "We run a Valorant scrim server and people get heated, a lot. I'd like a /mute command that times someone out for exactly 1 hour, no options except the user, plus /unmute to undo it. Mods only please — our mods have the Moderator role.",
    checks: [
      check(
        "/mute times out for 1 hour and /unmute lifts it",
        act(slash("Alex", "mute", [opt.user("user", "Sam")]), timeout("Sam", hour)),
        act(slash("Alex", "unmute", [opt.user("user", "Sam")]), removeTimeout("Sam")),
      ),
      check("a member cannot mute", act(slash("Riley", "mute", [opt.user("user", "Alex")]), refused)),
    ],
  },
  // style: bullets (python picked in the UI)
  {
    id: "c-moderation-012",
    category: "moderation",
    language: "python",
    description:
      "Warning system:\n- /warn @user reason\n- 1st warning: just a warning DM\n- 2nd warning: 1 hour timeout\n- 3rd warning: ban\n- /warnings @user shows their count",
    checks: [
      check(
        "the ladder: DM, then 1 hour timeout, then ban",
        act(slash("You", "warn", [opt.user("user", "Sam"), opt.text("reason", "spam")]), dmAnything("Sam")),
        act(slash("You", "warn", [opt.user("user", "Sam"), opt.text("reason", "more spam")]), timeout("Sam", hour)),
        act(slash("You", "warn", [opt.user("user", "Sam"), opt.text("reason", "still spamming")]), ban("Sam")),
      ),
      check(
        "/warnings shows the count",
        act(slash("You", "warn", [opt.user("user", "Riley"), opt.text("reason", "off topic")]), dmAnything("Riley")),
        act(slash("You", "warnings", [opt.user("user", "Riley")]), reply(number(1), "1 warning")),
      ),
    ],
  },
  // style: terse
  {
    id: "c-moderation-013",
    category: "moderation",
    language: "javascript",
    description: "/clear [count] — mods, default 10",
    checks: [
      check(
        "/clear with no count deletes 10, with 3 deletes 3",
        chatter("Sam", 15),
        act(slash("Alex", "clear", [], { channel: "general" }), purged("general", 10)),
        act(slash("Alex", "clear", [opt.int("count", 3)], { channel: "general" }), purged("general", 3)),
      ),
      check("a member cannot /clear", act(slash("Sam", "clear", [opt.int("count", 2)]), refused)),
    ],
  },
  // style: options in words
  {
    id: "c-moderation-014",
    category: "moderation",
    language: "javascript",
    description:
      "temporary bans: /tempban needs the user, how many days, and a reason. The bot bans them and unbans them by itself when the days are up, even if it was restarted in between.",
    checks: [
      check(
        "a 2-day tempban is lifted after 2 days, across a restart",
        act(
          slash("You", "tempban", [opt.user("user", "Sam"), opt.int("days", 2), opt.text("reason", "raiding")]),
          ban("Sam"),
        ),
        act(restart(2 * day + margin), unban("Sam")),
      ),
    ],
  },
  // style: non-native
  {
    id: "c-moderation-015",
    category: "moderation",
    language: "javascript",
    description:
      "Please make for me a command /lockdown what only admin can use, it make slowmode 1 minute in #general and say in the channel that server is in lockdown.",
    checks: [
      check(
        "/lockdown sets a 60 s slowmode in #general and announces it",
        act(
          slash("You", "lockdown"),
          slowmode("general", 60),
          posted("general", anyOf("lockdown", "lock down", "locked"), "a lockdown notice"),
        ),
      ),
      check("a member cannot /lockdown", act(slash("Sam", "lockdown"), refused)),
    ],
  },
  // style: typos/lowercase (python in words)
  {
    id: "c-moderation-016",
    category: "moderation",
    language: "python",
    description:
      "discord.py mod bot. kick and ban as slash commands pls, both take member + reason, dm the person the reason befor kicking/banning them",
    checks: [
      check(
        "/kick DMs the reason and kicks",
        act(
          slash("You", "kick", [opt.user("member", "Sam"), opt.text("reason", "posting scams")]),
          dm("Sam", anyCase("posting scams"), "the reason"),
          kick("Sam"),
        ),
      ),
      check(
        "/ban DMs the reason and bans",
        act(
          slash("You", "ban", [opt.user("member", "Riley"), opt.text("reason", "alt account")]),
          dm("Riley", anyCase("alt account"), "the reason"),
          ban("Riley"),
        ),
      ),
    ],
  },
  // style: named roles
  {
    id: "c-moderation-017",
    category: "moderation",
    language: "javascript",
    description:
      "Only people with the @Moderator role (or admins) can run /purge. It deletes the last N messages in the channel, N is the 'messages' option, 1-100.",
    checks: [
      check(
        "a Moderator purges 10 messages",
        chatter("Riley", 12),
        act(slash("Alex", "purge", [opt.int("messages", 10)], { channel: "general" }), purged("general", 10)),
      ),
      check(
        "a member cannot /purge",
        act(slash("Sam", "purge", [opt.int("messages", 5)], { channel: "general" }), refused),
      ),
    ],
  },
  // style: multi-feature sentence (python picked in the UI)
  {
    id: "c-moderation-018",
    category: "moderation",
    language: "python",
    description:
      "a moderation bot that can warn, kick, ban and unban people (every command takes the user, warn also takes a reason), keeps count of warnings per person, and puts a line in #mod-log for every single action saying who it was done to and who did it",
    checks: [
      check(
        "/warn is logged with both people",
        act(
          slash("You", "warn", [opt.user("user", "Sam"), opt.text("reason", "spam")]),
          posted("mod-log", [named("Sam"), named("You")], "the warned user and the moderator"),
        ),
      ),
      check(
        "/ban then /unban, both logged",
        act(
          slash("You", "ban", [opt.user("user", "Riley")]),
          ban("Riley"),
          posted("mod-log", named("Riley"), "the banned user"),
        ),
        act(
          slash("You", "unban", [opt.user("user", "Riley")]),
          unban("Riley"),
          posted("mod-log", named("Riley"), "the unbanned user"),
        ),
      ),
      check(
        "/kick is logged",
        act(
          slash("You", "kick", [opt.user("user", "Sam")]),
          kick("Sam"),
          posted("mod-log", named("Sam"), "the kicked user"),
        ),
      ),
    ],
  },
  // style: quoted reply
  {
    id: "c-moderation-019",
    category: "moderation",
    language: "javascript",
    description: "/kick: kicks the user, replies '👢 {user} was kicked.' with their name in place of {user}",
    checks: [
      check(
        "/kick kicks and replies with the quoted text",
        act(
          slash("You", "kick", [opt.user("user", "Sam")]),
          kick("Sam"),
          reply({ whole: `👢 ${nameOrMention("Sam")} was kicked\\.` }, "“👢 Sam was kicked.”"),
        ),
      ),
    ],
  },
  // style: chatty
  {
    id: "c-moderation-020",
    category: "moderation",
    language: "javascript",
    description:
      "Our mods can't be online 24/7 so I want regular members to be able to /report a user with a reason. The report should go to #mod-reports so staff see it later, and the person reporting should get a private message that says 'Thanks, the mods will look into it.'",
    checks: [
      check(
        "/report lands in #mod-reports and thanks the reporter privately",
        act(
          slash("Sam", "report", [opt.user("user", "Riley"), opt.text("reason", "spamming DMs")]),
          posted("mod-reports", [named("Riley"), anyCase("spamming DMs")], "the reported user and the reason"),
          privateReply(literal("Thanks, the mods will look into it."), "“Thanks, the mods will look into it.”"),
        ),
      ),
    ],
  },
  // style: subcommands
  {
    id: "c-moderation-021",
    category: "moderation",
    language: "javascript",
    description:
      "/mod kick|ban|timeout — one command with subcommands. kick and ban take user + reason, timeout takes user + minutes.",
    checks: [
      check(
        "/mod timeout 20 minutes",
        act(
          slash("You", "mod", [opt.user("user", "Sam"), opt.int("minutes", 20)], { subcommand: "timeout" }),
          timeout("Sam", 20 * 60),
        ),
      ),
      check(
        "/mod kick",
        act(
          slash("You", "mod", [opt.user("user", "Riley"), opt.text("reason", "rude")], { subcommand: "kick" }),
          kick("Riley"),
        ),
      ),
      check(
        "/mod ban",
        act(
          slash("You", "mod", [opt.user("user", "Sam"), opt.text("reason", "raid")], { subcommand: "ban" }),
          ban("Sam"),
        ),
      ),
    ],
  },
  // style: terse (python picked in the UI)
  {
    id: "c-moderation-022",
    category: "moderation",
    language: "python",
    description: "ban + unban cmds, both take the user, admin only",
    checks: [
      check(
        "ban then unban",
        act(slash("You", "ban", [opt.user("user", "Sam")]), ban("Sam")),
        act(slash("You", "unban", [opt.user("user", "Sam")]), unban("Sam")),
      ),
      check("a member cannot ban", act(slash("Riley", "ban", [opt.user("user", "Alex")]), refused)),
    ],
  },
  // style: typos/lowercase
  {
    id: "c-moderation-023",
    category: "moderation",
    language: "javascript",
    description: "wen someone gets banned with /ban user reason, post it in #bans with the reason so evryone sees",
    checks: [
      check(
        "/ban bans and posts in #bans",
        act(
          slash("You", "ban", [opt.user("user", "Sam"), opt.text("reason", "toxic")]),
          ban("Sam"),
          posted("bans", [named("Sam"), anyCase("toxic")], "the banned user and the reason"),
        ),
      ),
    ],
  },
  // style: non-native (python in words)
  {
    id: "c-moderation-024",
    category: "moderation",
    language: "python",
    description:
      "Hello, I need python bot (discord.py) for moderation. Command /timeout with option user and option minutes, the maximum is 60 minutes, if moderator write more the bot must say it is too much.",
    checks: [
      check(
        "/timeout 45 minutes",
        act(slash("Alex", "timeout", [opt.user("user", "Sam"), opt.int("minutes", 45)]), timeout("Sam", 45 * 60)),
      ),
      check(
        "/timeout 90 minutes is too much",
        act(
          slash("Alex", "timeout", [opt.user("user", "Riley"), opt.int("minutes", 90)]),
          reply(
            `(?:${anyOf("too much", "too long", "too many", "maximum", "max", "limit")}|${number(60)})`,
            "that it is too much",
          ),
        ),
      ),
    ],
  },
  // style: bullets, quoted replies
  {
    id: "c-moderation-025",
    category: "moderation",
    language: "javascript",
    description:
      "- /lock: members can't send messages in this channel anymore\n- /unlock: undo it\n- both for mods\n- say 🔒 Channel locked / 🔓 Channel unlocked",
    checks: [
      check(
        "/lock and /unlock answer with the quoted texts",
        act(
          slash("Alex", "lock", [], { channel: "general" }),
          postedHere("general", literal("🔒 Channel locked"), "“🔒 Channel locked”"),
        ),
        act(
          slash("Alex", "unlock", [], { channel: "general" }),
          postedHere("general", literal("🔓 Channel unlocked"), "“🔓 Channel unlocked”"),
        ),
      ),
      check("a member cannot /lock", act(slash("Sam", "lock", [], { channel: "general" }), refused)),
    ],
  },
  // style: options in words
  {
    id: "c-moderation-026",
    category: "moderation",
    language: "javascript",
    description:
      "a purge command with an 'amount' option and an optional 'user' option; when a user is given it only deletes that person's messages",
    checks: [
      check(
        "/purge 5 of Sam's messages",
        chatter("Riley", 3),
        chatter("Sam", 5),
        act(
          slash("You", "purge", [opt.int("amount", 5), opt.user("user", "Sam")], { channel: "general" }),
          purged("general", 5),
        ),
      ),
      check(
        "/purge 3 without a user",
        chatter("Riley", 4),
        act(slash("You", "purge", [opt.int("amount", 3)], { channel: "general" }), purged("general", 3)),
      ),
    ],
  },
  // style: quoted reply with placeholders
  {
    id: "c-moderation-027",
    category: "moderation",
    language: "javascript",
    description: "When I /warn someone the bot should post in the channel: '⚠️ @user you have been warned: <reason>'",
    checks: [
      check(
        "/warn posts the quoted warning",
        act(
          slash("You", "warn", [opt.user("user", "Sam"), opt.text("reason", "no self promo")]),
          postedHere(
            "bot-commands",
            { whole: `⚠️ ${mention("Sam")} you have been warned: no self promo` },
            "“⚠️ @Sam you have been warned: no self promo”",
          ),
        ),
      ),
    ],
  },
  // style: chatty
  {
    id: "c-moderation-028",
    category: "moderation",
    language: "javascript",
    description:
      "My server is for a uni course and the TAs are the mods (Moderator role). Sometimes people spam the same meme over and over during lectures. I want only the TAs to be able to do /cooldown, which puts a 30 second slowmode on the current channel for 10 minutes and then takes it away.",
    checks: [
      check(
        "/cooldown puts 30 s slowmode on the channel",
        act(slash("Alex", "cooldown", [], { channel: "general" }), slowmode("general", 30)),
      ),
      check("a student cannot /cooldown", act(slash("Sam", "cooldown", [], { channel: "general" }), refused)),
    ],
  },
  // style: bullets (python in words)
  {
    id: "c-moderation-029",
    category: "moderation",
    language: "python",
    description:
      "python bot, staff only (Moderator role):\n* /ban <user>\n* /kick <user>\n* /purge <amount>\n* /slowmode <seconds>",
    checks: [
      check(
        "/purge and /slowmode in #general",
        chatter("Sam", 6),
        act(slash("Alex", "purge", [opt.int("amount", 4)], { channel: "general" }), purged("general", 4)),
        act(slash("Alex", "slowmode", [opt.int("seconds", 5)], { channel: "general" }), slowmode("general", 5)),
      ),
      check("/kick", act(slash("Alex", "kick", [opt.user("user", "Sam")]), kick("Sam"))),
      check("/ban", act(slash("Alex", "ban", [opt.user("user", "Riley")]), ban("Riley"))),
      check("a non-staff member is refused", act(slash("Riley", "slowmode", [opt.int("seconds", 5)]), refused)),
    ],
  },
  // style: typos/lowercase
  {
    id: "c-moderation-030",
    category: "moderation",
    language: "javascript",
    description: "warn comand that dms the user there warning and the reason, if they have dms off just say it in chat",
    checks: [
      check(
        "/warn DMs the reason",
        act(
          slash("You", "warn", [opt.user("user", "Sam"), opt.text("reason", "caps spam")]),
          dm("Sam", anyCase("caps spam"), "the reason"),
        ),
      ),
    ],
  },
];

// ── Automod ───────────────────────────────────────────────────────────────────────────────────

const automod: DescriptionCase[] = [
  // style: terse
  {
    id: "c-automod-001",
    category: "automod",
    language: "javascript",
    description: "delete messages containing discord invite links",
    checks: [
      check("a discord.gg invite is deleted", act(say("Sam", "join my server discord.gg/freenitro"), deleted)),
      check(
        "a discord.com/invite link is deleted",
        act(say("Riley", "https://discord.com/invite/abc123 come hang"), deleted),
      ),
    ],
  },
  // style: chatty (python picked in the UI)
  {
    id: "c-automod-002",
    category: "automod",
    language: "python",
    description:
      "so my little sister's minecraft discord has a bunch of 12 year olds and they 'swear' constantly. could the bot just delete any message with the words frick, dang or heck in it and tell them to keep it family friendly? (yes those are the swears lol)",
    checks: [
      check("“frick” is deleted and they are told", act(say("Sam", "oh frick i died again"), deleted, told("Sam"))),
      check(
        "“Heck” with a capital is deleted too",
        act(say("Riley", "Heck no, not the creeper"), deleted, told("Riley")),
      ),
    ],
  },
  // style: bullets
  {
    id: "c-automod-003",
    category: "automod",
    language: "javascript",
    description:
      "Auto-mod rules:\n- banned words: 'scam', 'free nitro', 'crypto giveaway'\n- delete the message\n- post what was deleted + who sent it in #mod-log",
    checks: [
      check(
        "a “free nitro” message is deleted and logged",
        act(
          say("Riley", "click here for free nitro"),
          deleted,
          posted("mod-log", [named("Riley"), anyCase("free nitro")], "the sender and the deleted text"),
        ),
      ),
      check("a “crypto giveaway” message is deleted", act(say("Sam", "huge crypto giveaway tonight"), deleted)),
    ],
  },
  // style: bullets-ish ladder (python in words)
  {
    id: "c-automod-004",
    category: "automod",
    language: "python",
    description:
      "discord.py automod for bad words (idiot, moron, stupid). first time: delete + warning in chat. second time: delete + warning again. third time: delete and 1 hour timeout",
    checks: [
      check(
        "warn, warn, then a 1 hour timeout",
        act(say("Sam", "you idiot"), deleted, answered),
        act(say("Sam", "what a moron"), deleted, answered),
        act(say("Sam", "this is stupid"), deleted, timeout("Sam", hour)),
      ),
    ],
  },
  // style: multi-condition sentence
  {
    id: "c-automod-005",
    category: "automod",
    language: "javascript",
    description:
      "if someone writes a message that's mostly CAPS (like more than 70%) and longer than 10 characters, delete it and tell them to stop shouting",
    checks: [
      check("an all-caps message is deleted", act(say("Sam", "WHY DOES NOBODY EVER ANSWER ME"), deleted, told("Sam"))),
    ],
  },
  // style: typos/lowercase
  {
    id: "c-automod-006",
    category: "automod",
    language: "javascript",
    description:
      "block all links exept for youtube links. delete them and send the user a dm saying links arent allowed",
    checks: [
      check(
        "a non-youtube link is deleted and the sender DMed",
        act(
          say("Sam", "look https://sketchy-site.example/win"),
          deleted,
          dm("Sam", anyOf("link", "links", "url"), "that links aren't allowed"),
        ),
      ),
    ],
  },
  // style: non-native
  {
    id: "c-automod-007",
    category: "automod",
    language: "javascript",
    description:
      "If one member is sending 5 messages in less than 5 seconds, bot must give him timeout for 5 minute because this is spam.",
    checks: [
      check(
        "five quick messages mean a 5 minute timeout",
        chatter("Sam", 4),
        act(say("Sam", "message 5"), timeout("Sam", 5 * 60)),
      ),
    ],
  },
  // style: subcommands (python picked in the UI)
  {
    id: "c-automod-008",
    category: "automod",
    language: "python",
    description:
      "/filter add <word>, /filter remove <word>, /filter list — admins manage the banned words and the bot deletes any message containing one of them",
    checks: [
      check(
        "a word added to the filter is deleted and listed",
        act(slash("You", "filter", [opt.text("word", "pineapple")], { subcommand: "add" }), answered),
        act(say("Sam", "pineapple on pizza is great"), deleted),
        act(slash("You", "filter", [], { subcommand: "list" }), reply(anyCase("pineapple"), "the word pineapple")),
      ),
      check(
        "a member cannot add words",
        act(slash("Sam", "filter", [opt.text("word", "homework")], { subcommand: "add" }), refused),
      ),
    ],
  },
  // style: quoted reply
  {
    id: "c-automod-009",
    category: "automod",
    language: "javascript",
    description:
      "When someone says a word from my list (placeholders for now: 'badword1', 'badword2'), delete it and reply 'Message removed: that word isn't allowed here.'",
    checks: [
      check(
        "badword1 is removed with the quoted notice",
        act(
          say("Sam", "this is badword1 lol"),
          deleted,
          reply(
            literal("Message removed: that word isn't allowed here."),
            "“Message removed: that word isn't allowed here.”",
          ),
        ),
      ),
      check("badword2 is removed", act(say("Riley", "badword2"), deleted)),
    ],
  },
  // style: named (@everyone / @here)
  {
    id: "c-automod-010",
    category: "automod",
    language: "javascript",
    description:
      "Only admins and mods are allowed to use @everyone or @here. If anyone else tries, delete the message and time them out for 10 minutes.",
    checks: [
      check(
        "a member's @everyone is deleted and timed out 10 minutes",
        act(say("Sam", "@everyone free stuff in my bio"), deleted, timeout("Sam", 600)),
      ),
      check("a member's @here is deleted", act(say("Riley", "@here guys look at this"), deleted)),
    ],
  },
  // style: multi-feature sentence (python in words)
  {
    id: "c-automod-011",
    category: "automod",
    language: "python",
    description:
      "make a python automod that deletes invite links, deletes messages with more than 5 emojis, and times out anyone who posts the word 'nitro' for 10 minutes",
    checks: [
      check("an invite link is deleted", act(say("Sam", "discord.gg/coolserver"), deleted)),
      check("7 emojis are deleted", act(say("Sam", "😀😀😀😀😀😀😀"), deleted)),
      check("“nitro” means a 10 minute timeout", act(say("Riley", "who wants nitro"), timeout("Riley", 600))),
    ],
  },
  // style: quoted format
  {
    id: "c-automod-012",
    category: "automod",
    language: "javascript",
    description:
      "filter deletes messages with 'loser' or 'trash' and gives a strike each time. reply in the channel with their strike count like 'Strike 1/3'. at 3 strikes they get kicked",
    checks: [
      check(
        "strike 1/3, 2/3, then a kick",
        act(
          say("Sam", "you loser"),
          deleted,
          reply([anyCase("strike"), "(?<!\\d)1\\s*(?:/|of|out of)\\s*3(?!\\d)"], "Strike 1/3"),
        ),
        act(
          say("Sam", "total trash"),
          deleted,
          reply([anyCase("strike"), "(?<!\\d)2\\s*(?:/|of|out of)\\s*3(?!\\d)"], "Strike 2/3"),
        ),
        act(say("Sam", "loser loser"), kick("Sam")),
      ),
    ],
  },
  // style: chatty
  {
    id: "c-automod-013",
    category: "automod",
    language: "javascript",
    description:
      "Our server is for a small indie game and compromised accounts keep posting phishing links like steamcommunity-gift.ru or whatever. Anything with 'steam' in the link that isn't steampowered.com or steamcommunity.com should be deleted and the person banned.",
    checks: [
      check(
        "a fake steam link is deleted and the sender banned",
        act(say("Riley", "free cs2 skins https://steamcommunity-gift.ru/claim"), deleted, ban("Riley")),
      ),
    ],
  },
  // style: typos/lowercase (python in words)
  {
    id: "c-automod-014",
    category: "automod",
    language: "python",
    description:
      "py automod: if someone sends the exact same message 3 times back to back delete the 3rd one and warn them. ppl keep doing this w/ their shop ads",
    checks: [
      check(
        "the third identical message is deleted",
        quietly(say("Sam", "buy my stuff"), say("Sam", "buy my stuff")),
        act(say("Sam", "buy my stuff"), deleted, told("Sam")),
      ),
    ],
  },
  // style: named channels
  {
    id: "c-automod-015",
    category: "automod",
    language: "javascript",
    description:
      "Block links everywhere except #media and #self-promo. In other channels delete the message and post a short notice that links go in #self-promo",
    checks: [
      check(
        "a link in #general is deleted with a pointer to #self-promo",
        act(
          say("Sam", "my new video https://youtu.be/abc123", "general"),
          deleted,
          reply(channelRef("self-promo"), "a pointer to #self-promo"),
        ),
      ),
    ],
  },
  // style: non-native
  {
    id: "c-automod-016",
    category: "automod",
    language: "javascript",
    description: "Bot should delete message if it is longer than 500 letters, and say to user to write shorter.",
    checks: [
      check("a 600-character message is deleted", act(say("Sam", "blah ".repeat(120).trim()), deleted, told("Sam"))),
    ],
  },
  // style: bullets
  {
    id: "c-automod-017",
    category: "automod",
    language: "javascript",
    description: "automod\n• words: 'kys', 'go die'\n• action: delete + 24h timeout\n• log in #automod-log",
    checks: [
      check(
        "“go die” is deleted, timed out 24h and logged",
        act(
          say("Riley", "just go die lol"),
          deleted,
          timeout("Riley", day),
          posted("automod-log", named("Riley"), "who said it"),
        ),
      ),
      check("“kys” is deleted and timed out", act(say("Sam", "kys"), deleted, timeout("Sam", day))),
    ],
  },
  // style: subcommands (python in words)
  {
    id: "c-automod-018",
    category: "automod",
    language: "python",
    description:
      "discord.py: /automod links state:on|off and /automod invites state:on|off. links on = delete anything with http:// or https://, invites on = delete discord.gg invites",
    checks: [
      check(
        "with links on, a link is deleted",
        act(slash("You", "automod", [opt.text("state", "on")], { subcommand: "links" }), answered),
        act(say("Sam", "see https://example.com/page"), deleted),
      ),
      check(
        "with invites on, an invite is deleted",
        act(slash("You", "automod", [opt.text("state", "on")], { subcommand: "invites" }), answered),
        act(say("Riley", "discord.gg/xyz789"), deleted),
      ),
    ],
  },
  // style: quoted DM
  {
    id: "c-automod-019",
    category: "automod",
    language: "javascript",
    description:
      "anyone who posts a message with 'onlyfans' in it gets banned right away and DM'd 'You were banned for spam bots. Appeal: appeals@example.com'",
    checks: [
      check(
        "an onlyfans message means a ban and the quoted DM",
        quietly(join("promo_bot_77")),
        act(
          say("promo_bot_77", "new onlyfans link in my bio 😘"),
          ban("promo_bot_77"),
          dm(
            "promo_bot_77",
            literal("You were banned for spam bots. Appeal: appeals@example.com"),
            "“You were banned for spam bots. Appeal: appeals@example.com”",
          ),
        ),
      ),
    ],
  },
  // style: options in words (python picked in the UI)
  {
    id: "c-automod-020",
    category: "automod",
    language: "python",
    description:
      "Automod that deletes messages with any of these words: 'noob', 'bot lover', 'ez', and also deletes messages that are all caps (at least 8 letters). Each time, it sends the person a private warning and adds one to their warning count. Mods can check someone's automod warnings with /strikes, which takes a user.",
    checks: [
      check(
        "two offences, two private warnings, /strikes shows 2",
        act(say("Sam", "ez clap"), deleted, dmAnything("Sam")),
        act(say("Sam", "STOP TALKING NOW"), deleted, dmAnything("Sam")),
        act(slash("Alex", "strikes", [opt.user("user", "Sam")]), reply(number(2), "2 warnings")),
      ),
    ],
  },
];

// ── Welcome ───────────────────────────────────────────────────────────────────────────────────

const welcome: DescriptionCase[] = [
  // style: terse
  {
    id: "c-welcome-001",
    category: "welcome",
    language: "javascript",
    description: "welcome message in #welcome when someone joins",
    checks: [check("a join is greeted in #welcome", act(join("Mia"), postedAnything("welcome")))],
  },
  // style: chatty, reply described (python in words)
  {
    id: "c-welcome-002",
    category: "welcome",
    language: "python",
    description:
      "I run a book club server (~40 people, mostly fantasy nerds) and I want to make it feel friendlier for new folks. Could you write me a discord.py bot that greets new members in #introductions by mentioning them and asking them to share what they're currently reading?",
    checks: [
      check(
        "a join is greeted in #introductions with a mention and a reading question",
        act(
          join("Priya"),
          posted("introductions", [mention("Priya"), anyOf("read", "book")], "a mention and a question about reading"),
        ),
      ),
    ],
  },
  // style: bullets, placeholders in words
  {
    id: "c-welcome-003",
    category: "welcome",
    language: "javascript",
    description:
      "- welcome new people in #arrivals\n- mention them\n- say the server name\n- say how many members we have now",
    checks: [
      check(
        "#arrivals gets mention, server name and member count",
        act(
          join("Mia"),
          posted(
            "arrivals",
            [mention("Mia"), serverName, countAfterJoin],
            "the mention, the server's name and the count",
          ),
        ),
      ),
    ],
  },
  // style: quoted template
  {
    id: "c-welcome-004",
    category: "welcome",
    language: "javascript",
    description:
      "When a new member joins, send this to #welcome: 'Hey {mention}, welcome to {server}! You are member #{count}.'",
    checks: [
      check(
        "the template is filled in",
        act(
          join("Leo"),
          posted(
            "welcome",
            { whole: `Hey ${mention("Leo")}, welcome to ${serverName}! You are member #${countAfterJoin}\\.` },
            "“Hey @Leo, welcome to Cipher Test Server! You are member #5.”",
          ),
        ),
      ),
    ],
  },
  // style: non-native (python picked in the UI)
  {
    id: "c-welcome-005",
    category: "welcome",
    language: "python",
    description:
      "When new person come to server, bot send him private message with welcome and the rules: no spam, be respectful, english only.",
    checks: [
      check(
        "a join gets a DM with the three rules",
        act(
          join("Ahmed"),
          dm("Ahmed", [anyCase("no spam"), anyCase("be respectful"), anyCase("english only")], "the three rules"),
        ),
      ),
    ],
  },
  // style: terse
  {
    id: "c-welcome-006",
    category: "welcome",
    language: "javascript",
    description: "give new members the Member role automatically",
    checks: [check("a join gets Member", act(join("Zoe"), roleAdded("Zoe", "Member")))],
  },
  // style: typos/lowercase, quoted
  {
    id: "c-welcome-007",
    category: "welcome",
    language: "javascript",
    description: "when sombody leaves post 'goodbye <name> 😢' in #general",
    checks: [
      check(
        "a leave is posted in #general",
        act(
          leave("Riley"),
          posted("general", { whole: `${anyCase("goodbye")} ${nameOrMention("Riley")} 😢` }, "“goodbye Riley 😢”"),
        ),
      ),
    ],
  },
  // style: multi-feature sentence (python in words)
  {
    id: "c-welcome-008",
    category: "welcome",
    language: "python",
    description:
      "python bot that welcomes people in #welcome, gives them the 'Newcomer' role, and has a /rules command that lists: 1) be kind 2) no NSFW 3) no advertising",
    checks: [
      check(
        "a join is welcomed and gets Newcomer",
        act(join("Kai"), postedAnything("welcome"), roleAdded("Kai", "Newcomer")),
      ),
      check(
        "/rules lists the three rules",
        act(
          slash("Sam", "rules"),
          reply([anyCase("be kind"), anyCase("no NSFW"), anyCase("no advertising")], "the three rules"),
        ),
      ),
    ],
  },
  // style: options in words
  {
    id: "c-welcome-009",
    category: "welcome",
    language: "javascript",
    description:
      "Admins should be able to set up the welcome with /setwelcome, which takes a channel and a message. In the message, {user} gets replaced with a mention of whoever joined.",
    checks: [
      check(
        "the configured message is sent to the configured channel",
        act(
          slash("You", "setwelcome", [
            opt.channel("channel", "general"),
            opt.text("message", "Welcome aboard, {user}!"),
          ]),
          answered,
        ),
        act(
          join("Noor"),
          posted("general", { whole: `Welcome aboard, ${mention("Noor")}!` }, "“Welcome aboard, @Noor!”"),
        ),
      ),
      check(
        "a member cannot /setwelcome",
        act(slash("Sam", "setwelcome", [opt.channel("channel", "general"), opt.text("message", "hi {user}")]), refused),
      ),
    ],
  },
  // style: chatty, named role
  {
    id: "c-welcome-010",
    category: "welcome",
    language: "javascript",
    description:
      "Ok so this is for our D&D group's server. When someone new shows up I want the bot to post in #tavern something like 'A new adventurer has entered the tavern!' with their name, and give them the @Adventurer role so they can see the campaign channels.",
    checks: [
      check(
        "a join is announced in #tavern and gets Adventurer",
        act(
          join("Bram"),
          posted("tavern", [anyCase("adventurer"), named("Bram")], "an adventurer greeting with their name"),
          roleAdded("Bram", "Adventurer"),
        ),
      ),
    ],
  },
  // style: non-native, member count
  {
    id: "c-welcome-011",
    category: "welcome",
    language: "javascript",
    description:
      "I want that bot is writing in #welcome 'Welcome X, now we are Y members' where X is name of new member and Y is the count of members.",
    checks: [
      check(
        "name and count in the quoted sentence",
        act(
          join("Lena"),
          posted(
            "welcome",
            { whole: `Welcome ${nameOrMention("Lena")}, now we are ${countAfterJoin} members[.!]?` },
            "“Welcome Lena, now we are 5 members”",
          ),
        ),
      ),
    ],
  },
  // style: bullets, quoted (python picked in the UI)
  {
    id: "c-welcome-012",
    category: "welcome",
    language: "python",
    description:
      "Events:\n• member joins → #lobby: 'Welcome, <mention>!'\n• member leaves → #lobby: '<name> left the server.'",
    checks: [
      check(
        "a join is welcomed in #lobby",
        act(join("Omar"), posted("lobby", { whole: `Welcome, ${mention("Omar")}!` }, "“Welcome, @Omar!”")),
      ),
      check(
        "a leave is noted in #lobby",
        act(
          leave("Sam"),
          posted("lobby", { whole: `${nameOrMention("Sam")} left the server\\.` }, "“Sam left the server.”"),
        ),
      ),
    ],
  },
  // style: terse, quoted
  {
    id: "c-welcome-013",
    category: "welcome",
    language: "javascript",
    description: "!rules → 'Be nice. No spam. Have fun.'",
    checks: [
      check(
        "!rules answers the quoted text",
        act(
          say("Sam", "!rules"),
          reply({ whole: literal("Be nice. No spam. Have fun.") }, "“Be nice. No spam. Have fun.”"),
        ),
      ),
    ],
  },
  // style: typos/lowercase (python in words)
  {
    id: "c-welcome-014",
    category: "welcome",
    language: "python",
    description:
      "discord py bot: dm new members 'welcome to the server, read the rules pls' and also post in #welcome '<mention> just joined!'",
    checks: [
      check(
        "a join gets the DM and the #welcome post",
        act(
          join("Finn"),
          dm(
            "Finn",
            anyCase("welcome to the server, read the rules pls"),
            "“welcome to the server, read the rules pls”",
          ),
          posted("welcome", { whole: `${mention("Finn")} just joined!` }, "“@Finn just joined!”"),
        ),
      ),
    ],
  },
  // style: subcommands
  {
    id: "c-welcome-015",
    category: "welcome",
    language: "javascript",
    description:
      "/rules show, /rules add <rule>, /rules remove <number>. admins can add/remove, everyone can show. keep the rules saved",
    checks: [
      check(
        "added rules are shown to members, also after a restart",
        act(slash("You", "rules", [opt.text("rule", "No spoilers")], { subcommand: "add" }), answered),
        act(slash("You", "rules", [opt.text("rule", "Use English in general chat")], { subcommand: "add" }), answered),
        act(
          slash("Sam", "rules", [], { subcommand: "show" }),
          reply([anyCase("No spoilers"), anyCase("Use English in general chat")], "both rules"),
        ),
        quietly(restart()),
        act(
          slash("Sam", "rules", [], { subcommand: "show" }),
          reply([anyCase("No spoilers"), anyCase("Use English in general chat")], "both rules after the restart"),
        ),
      ),
      check(
        "a member cannot add rules",
        act(slash("Sam", "rules", [opt.text("rule", "Sam is king")], { subcommand: "add" }), refused),
      ),
    ],
  },
  // style: multi-feature sentence (python picked in the UI)
  {
    id: "c-welcome-016",
    category: "welcome",
    language: "python",
    description:
      "Can you make it so new folks get greeted in #start-here, get the @Rookie role, and can type /rules to see our three rules (respect everyone, no NSFW, keep it in English)?",
    checks: [
      check(
        "a join is greeted and gets Rookie",
        act(join("Kofi"), postedAnything("start-here"), roleAdded("Kofi", "Rookie")),
      ),
      check(
        "/rules shows the three rules",
        act(
          slash("Riley", "rules"),
          reply([anyCase("respect everyone"), anyCase("no NSFW"), anyCase("English")], "the three rules"),
        ),
      ),
    ],
  },
  // style: non-native (python picked in the UI)
  {
    id: "c-welcome-017",
    category: "welcome",
    language: "python",
    description:
      "Please make bot what say hello to new user in channel #general using his name and also say the name of server.",
    checks: [
      check(
        "a join is greeted in #general with name and server name",
        act(join("Yuki"), posted("general", [named("Yuki"), serverName], "the name and the server's name")),
      ),
    ],
  },
  // style: options in words
  {
    id: "c-welcome-018",
    category: "welcome",
    language: "javascript",
    description:
      "The welcome goes to #welcome and pings the new person. Also add /welcome-test, no options, so admins can preview the welcome message on themselves.",
    checks: [
      check(
        "a join pings them in #welcome",
        act(join("Ivy"), posted("welcome", mention("Ivy"), "the newcomer's mention")),
      ),
      check(
        "/welcome-test previews it on the admin",
        act(slash("You", "welcome-test"), replyOr("welcome", mention("You"), "the admin's mention")),
      ),
    ],
  },
  // style: named channel, button label
  {
    id: "c-welcome-019",
    category: "welcome",
    language: "javascript",
    description:
      "When someone joins, post a welcome embed in #welcome with their name and a button labelled 'Get roles' under it.",
    checks: [
      check(
        "a join gets a welcome with their name and the button",
        act(join("Ana"), posted("welcome", named("Ana"), "their name"), withButtons("welcome", ["Get roles"])),
      ),
    ],
  },
  // style: named channel, count in words
  {
    id: "c-welcome-020",
    category: "welcome",
    language: "javascript",
    description: "goodbye messages in #farewells — the person's name and how many members are left after they go",
    checks: [
      check(
        "a leave posts the name and the count left",
        act(leave("Riley"), posted("farewells", [named("Riley"), numberOf(3, 4)], "the name and the count left")),
      ),
    ],
  },
  // style: chatty, multi-feature
  {
    id: "c-welcome-021",
    category: "welcome",
    language: "javascript",
    description:
      "new server for my twitch community!! I want: a welcome msg in #welcome-and-rules pinging the person, auto give them the 'Viewer' role, /rules that shows the 4 rules (1. no hate 2. no spam 3. no self promo 4. listen to mods) and /socials that replies with my twitch link twitch.tv/pixelpanda",
    checks: [
      check(
        "a join is pinged and gets Viewer",
        act(
          join("Kenji"),
          posted("welcome-and-rules", mention("Kenji"), "the newcomer's mention"),
          roleAdded("Kenji", "Viewer"),
        ),
      ),
      check(
        "/rules shows the four rules",
        act(
          slash("Sam", "rules"),
          reply(
            [anyCase("no hate"), anyCase("no spam"), anyCase("no self promo"), anyCase("listen to mods")],
            "the four rules",
          ),
        ),
      ),
      check(
        "/socials gives the twitch link",
        act(slash("Sam", "socials"), reply(literal("twitch.tv/pixelpanda"), "the twitch link")),
      ),
    ],
  },
  // style: quoted
  {
    id: "c-welcome-022",
    category: "welcome",
    language: "javascript",
    description: "on join: '🎉 Everyone welcome <@user>! Grab your roles in the roles channel.' in #general",
    checks: [
      check(
        "a join gets the quoted welcome in #general",
        act(
          join("Tom"),
          posted(
            "general",
            { whole: `🎉 Everyone welcome ${mention("Tom")}! Grab your roles in the roles channel\\.` },
            "“🎉 Everyone welcome @Tom! Grab your roles in the roles channel.”",
          ),
        ),
      ),
    ],
  },
  // style: typos/lowercase
  {
    id: "c-welcome-023",
    category: "welcome",
    language: "javascript",
    description: "welcum msg in #general for new ppl w/ there name + tell them to go read #rules",
    checks: [
      check(
        "a join is greeted by name with a pointer to #rules",
        act(join("Pia"), posted("general", [named("Pia"), channelRef("rules")], "the name and #rules")),
      ),
    ],
  },
  // style: options in words
  {
    id: "c-welcome-024",
    category: "welcome",
    language: "javascript",
    description:
      "Some people joined before the bot existed, so mods need /greet: it takes a user and the bot publicly welcomes them with a mention. Mods only.",
    checks: [
      check(
        "/greet welcomes the user publicly",
        act(
          slash("Alex", "greet", [opt.user("user", "Riley")]),
          postedHere("bot-commands", mention("Riley"), "Riley's mention"),
        ),
      ),
      check("a member cannot /greet", act(slash("Sam", "greet", [opt.user("user", "Riley")]), refused)),
    ],
  },
  // style: quoted + described
  {
    id: "c-welcome-025",
    category: "welcome",
    language: "javascript",
    description:
      "when someone joins: post 'Welcome {name}!' in #welcome, and DM them the name of the server plus a link to our website example.org",
    checks: [
      check(
        "a join gets the #welcome post and the DM",
        act(
          join("Ines"),
          posted("welcome", { whole: `Welcome ${nameOrMention("Ines")}!` }, "“Welcome Ines!”"),
          dm("Ines", [serverName, literal("example.org")], "the server's name and example.org"),
        ),
      ),
    ],
  },
];

// ── Roles ─────────────────────────────────────────────────────────────────────────────────────

const roles: DescriptionCase[] = [
  // style: terse
  {
    id: "c-roles-001",
    category: "roles",
    language: "javascript",
    description: "/gamer toggles the Gamer role",
    checks: [
      check(
        "/gamer gives, then takes away",
        act(slash("Sam", "gamer"), roleAdded("Sam", "Gamer")),
        act(slash("Sam", "gamer"), roleRemoved("Sam", "Gamer")),
      ),
    ],
  },
  // style: chatty (python in words)
  {
    id: "c-roles-002",
    category: "roles",
    language: "python",
    description:
      "hi! I make pixel art and run a small server for artists. Some people want to be pinged for the weekly art challenges and some really don't. Can you make a discord.py bot with a /challenges command that gives you the 'Challenge Pings' role, or takes it away if you already have it?",
    checks: [
      check(
        "/challenges toggles Challenge Pings",
        act(slash("Riley", "challenges"), roleAdded("Riley", "Challenge Pings")),
        act(slash("Riley", "challenges"), roleRemoved("Riley", "Challenge Pings")),
      ),
    ],
  },
  // style: bullets, reaction roles
  {
    id: "c-roles-003",
    category: "roles",
    language: "javascript",
    description:
      "Reaction roles in #roles:\n- /rolemenu posts the message (admin only)\n- 🎮 = Gamer\n- 🎨 = Artist\n- 🎵 = Musician\n- removing the reaction removes the role",
    checks: [
      check(
        "reacting gives the role, unreacting removes it",
        act(slash("You", "rolemenu", [], { channel: "roles" }), postedOrAnswered("roles")),
        act(react("Sam", "🎨", "roles"), roleAdded("Sam", "Artist")),
        act(react("Sam", "🎨", "roles", true), roleRemoved("Sam", "Artist")),
        act(react("Riley", "🎵", "roles"), roleAdded("Riley", "Musician")),
      ),
      check("a member cannot post the menu", act(slash("Sam", "rolemenu"), refused)),
    ],
  },
  // style: typos/lowercase
  {
    id: "c-roles-004",
    category: "roles",
    language: "javascript",
    description:
      "color roles!! /color <color> where color is red blue green or purple, gives u that color role (roles are called Red, Blue, Green, Purple) and takes away ur old color",
    checks: [
      check(
        "/color red, then blue replaces it",
        act(slash("Sam", "color", [opt.text("color", "red")]), roleAdded("Sam", "Red")),
        act(slash("Sam", "color", [opt.text("color", "blue")]), roleAdded("Sam", "Blue"), roleRemoved("Sam", "Red")),
      ),
    ],
  },
  // style: non-native, quoted (python picked in the UI)
  {
    id: "c-roles-005",
    category: "roles",
    language: "python",
    description:
      "I need verify system. New member write /verify and bot give him role Verified and say him 'You are verified now!' only he can see.",
    checks: [
      check(
        "/verify gives Verified with a private quoted reply",
        act(
          slash("Sam", "verify"),
          roleAdded("Sam", "Verified"),
          privateReply({ whole: literal("You are verified now!") }, "“You are verified now!”"),
        ),
      ),
    ],
  },
  // style: subcommands
  {
    id: "c-roles-006",
    category: "roles",
    language: "javascript",
    description:
      "/role add <role> and /role remove <role>, but only for these roles: Gamer, Artist, Writer. Anything else → tell them they can't get that role.",
    checks: [
      check(
        "add and remove Artist",
        act(slash("Sam", "role", [opt.role("role", "Artist")], { subcommand: "add" }), roleAdded("Sam", "Artist")),
        act(slash("Sam", "role", [opt.role("role", "Artist")], { subcommand: "remove" }), roleRemoved("Sam", "Artist")),
      ),
      check(
        "asking for Admin is turned down",
        act(
          slash("Riley", "role", [opt.role("role", "Admin")], { subcommand: "add" }),
          reply(anyOf("can't", "cannot", "can not", "not", "only", "unable", "sorry"), "that they can't get it"),
        ),
      ),
    ],
  },
  // style: terse, prefix
  {
    id: "c-roles-007",
    category: "roles",
    language: "javascript",
    description: "!roles lists the self roles (Gamer, Artist, Streamer), !role <name> gives you one",
    checks: [
      check(
        "!roles lists them",
        act(say("Sam", "!roles"), reply([anyCase("Gamer"), anyCase("Artist"), anyCase("Streamer")], "the three roles")),
      ),
      check("!role Streamer gives it", act(say("Sam", "!role Streamer"), roleAdded("Sam", "Streamer"))),
    ],
  },
  // style: chatty, subcommands, named role
  {
    id: "c-roles-008",
    category: "roles",
    language: "javascript",
    description:
      "We do game nights every Friday. I'd like people to opt in to a 'Game Night' role with /gamenight join and opt out with /gamenight leave, and staff (Moderator role) can do /gamenight ping which mentions the role in #events",
    checks: [
      check(
        "join then leave",
        act(slash("Sam", "gamenight", [], { subcommand: "join" }), roleAdded("Sam", "Game Night")),
        act(slash("Sam", "gamenight", [], { subcommand: "leave" }), roleRemoved("Sam", "Game Night")),
      ),
      check(
        "staff ping the role in #events",
        act(
          slash("Alex", "gamenight", [], { subcommand: "ping" }),
          posted("events", "<@&⟨role:Game Night⟩>", "a mention of the Game Night role"),
        ),
      ),
      check("a member cannot ping", act(slash("Riley", "gamenight", [], { subcommand: "ping" }), refused)),
    ],
  },
  // style: options in words (python picked in the UI)
  {
    id: "c-roles-009",
    category: "roles",
    language: "python",
    description:
      "A /giverole command for moderators. It needs the member and the role to give. And /takerole that does the opposite, same two options.",
    checks: [
      check(
        "a moderator gives and takes a role",
        quietly(join("Dana")),
        act(
          slash("Alex", "giverole", [opt.user("member", "Dana"), opt.role("role", "Member")]),
          roleAdded("Dana", "Member"),
        ),
        act(
          slash("Alex", "takerole", [opt.user("member", "Dana"), opt.role("role", "Member")]),
          roleRemoved("Dana", "Member"),
        ),
      ),
      check(
        "a member cannot give roles",
        act(slash("Sam", "giverole", [opt.user("member", "Riley"), opt.role("role", "Moderator")]), refused),
      ),
    ],
  },
  // style: quoted
  {
    id: "c-roles-010",
    category: "roles",
    language: "javascript",
    description:
      "Make /reactionroles post 'React below to pick your pings! 📢 = Announcements, 🎉 = Events' and give the matching role to whoever reacts",
    checks: [
      check(
        "the quoted menu, then reactions give the roles",
        act(
          slash("You", "reactionroles"),
          postedHere(
            "bot-commands",
            literal("React below to pick your pings! 📢 = Announcements, 🎉 = Events"),
            "the quoted menu text",
          ),
        ),
        act(react("Sam", "🎉", "bot-commands"), roleAdded("Sam", "Events")),
        act(react("Riley", "📢", "bot-commands"), roleAdded("Riley", "Announcements")),
      ),
    ],
  },
  // style: multi-feature sentence
  {
    id: "c-roles-011",
    category: "roles",
    language: "javascript",
    description:
      "New members get the 'Unverified' role, and when they type /verify they lose Unverified, get 'Verified' and the bot welcomes them in #general.",
    checks: [
      check(
        "join → Unverified; /verify → Verified and a welcome",
        act(join("Theo"), roleAdded("Theo", "Unverified")),
        act(
          slash("Theo", "verify"),
          roleRemoved("Theo", "Unverified"),
          roleAdded("Theo", "Verified"),
          postedAnything("general"),
        ),
      ),
    ],
  },
  // style: typos/lowercase
  {
    id: "c-roles-012",
    category: "roles",
    language: "javascript",
    description:
      "pronoun roles: /pronouns <pronoun> with choices he/him, she/her, they/them (roles r named the same). u can have more then one. pick one u already have to remove it",
    checks: [
      check(
        "she/her, they/them, then she/her again removes it",
        act(slash("Sam", "pronouns", [opt.text("pronoun", "she/her")]), roleAdded("Sam", "she/her")),
        act(slash("Sam", "pronouns", [opt.text("pronoun", "they/them")]), roleAdded("Sam", "they/them")),
        act(slash("Sam", "pronouns", [opt.text("pronoun", "she/her")]), roleRemoved("Sam", "she/her")),
      ),
    ],
  },
  // style: options in words
  {
    id: "c-roles-013",
    category: "roles",
    language: "javascript",
    description: "/inrole takes a role and lists everyone who has it, plus how many people that is",
    checks: [
      check(
        "/inrole Member lists Sam and Riley, 2 people",
        act(
          slash("You", "inrole", [opt.role("role", "Member")]),
          reply([named("Sam"), named("Riley"), number(2)], "Sam, Riley and the count 2"),
        ),
      ),
    ],
  },
  // style: non-native (python in words)
  {
    id: "c-roles-014",
    category: "roles",
    language: "python",
    description:
      "Make me discord.py bot. Admin use /post-rules and bot write the rules in #rules. When user react ✅ on this message, he get role 'Member'. If he remove reaction, remove role also.",
    checks: [
      check(
        "✅ on the rules gives Member, removing it takes it away",
        quietly(join("Lucas")),
        act(slash("You", "post-rules"), postedAnything("rules")),
        act(react("Lucas", "✅", "rules"), roleAdded("Lucas", "Member")),
        act(react("Lucas", "✅", "rules", true), roleRemoved("Lucas", "Member")),
      ),
    ],
  },
  // style: bullets, subcommands (python picked in the UI)
  {
    id: "c-roles-015",
    category: "roles",
    language: "python",
    description:
      "Colour roles:\n- /colour list → shows the available colours\n- /colour set <name> → gives that colour role, removes any other colour\n- /colour clear → removes your colour\nColours: Crimson, Ocean, Mint, Sunflower",
    checks: [
      check(
        "/colour list",
        act(
          slash("Sam", "colour", [], { subcommand: "list" }),
          reply([anyCase("Crimson"), anyCase("Ocean"), anyCase("Mint"), anyCase("Sunflower")], "the four colours"),
        ),
      ),
      check(
        "set Ocean, set Mint, clear",
        act(slash("Sam", "colour", [opt.text("name", "Ocean")], { subcommand: "set" }), roleAdded("Sam", "Ocean")),
        act(
          slash("Sam", "colour", [opt.text("name", "Mint")], { subcommand: "set" }),
          roleAdded("Sam", "Mint"),
          roleRemoved("Sam", "Ocean"),
        ),
        act(slash("Sam", "colour", [], { subcommand: "clear" }), roleRemoved("Sam", "Mint")),
      ),
    ],
  },
  // style: named role
  {
    id: "c-roles-016",
    category: "roles",
    language: "javascript",
    description: 'Give people the "Regular" role automatically once they\'ve sent 20 messages.',
    checks: [
      check(
        "the 20th message earns Regular",
        chatter("Riley", 19),
        act(say("Riley", "message 20"), roleAdded("Riley", "Regular")),
      ),
    ],
  },
  // style: multi-feature sentence
  {
    id: "c-roles-017",
    category: "roles",
    language: "javascript",
    description:
      "self roles: /iam <role> to give yourself a role from the list (Gamer, Artist, Coder), /iamnot <role> to drop it, /roles to see the list, and admins can /addselfrole <role> to put more roles on the list",
    checks: [
      check(
        "/roles shows the list",
        act(slash("Sam", "roles"), reply([anyCase("Gamer"), anyCase("Artist"), anyCase("Coder")], "the three roles")),
      ),
      check(
        "/iam Coder then /iamnot Coder",
        act(slash("Sam", "iam", [opt.role("role", "Coder")]), roleAdded("Sam", "Coder")),
        act(slash("Sam", "iamnot", [opt.role("role", "Coder")]), roleRemoved("Sam", "Coder")),
      ),
      check(
        "an admin adds Member to the list, then a newcomer takes it",
        quietly(join("Nia")),
        act(slash("You", "addselfrole", [opt.role("role", "Member")]), answered),
        act(slash("Nia", "iam", [opt.role("role", "Member")]), roleAdded("Nia", "Member")),
      ),
      check(
        "a member cannot /addselfrole",
        act(slash("Riley", "addselfrole", [opt.role("role", "Moderator")]), refused),
      ),
    ],
  },
  // style: quoted
  {
    id: "c-roles-018",
    category: "roles",
    language: "javascript",
    description:
      "/artist gives the Artist role and replies 'Welcome to the art club, {name}!'; if you already have it, reply 'You're already in the art club.'",
    checks: [
      check(
        "first /artist welcomes, second says already",
        act(
          slash("Sam", "artist"),
          roleAdded("Sam", "Artist"),
          reply({ whole: `Welcome to the art club, ${nameOrMention("Sam")}!` }, "“Welcome to the art club, Sam!”"),
        ),
        act(
          slash("Sam", "artist"),
          reply({ whole: literal("You're already in the art club.") }, "“You're already in the art club.”"),
        ),
      ),
    ],
  },
  // style: options in words, duration
  {
    id: "c-roles-019",
    category: "roles",
    language: "javascript",
    description:
      "Admins can give someone the VIP role for a few hours with /vip — it takes the user and the number of hours. The bot removes VIP by itself when the time is up, and it has to remember that even if it restarts.",
    checks: [
      check(
        "VIP for 3 hours is removed after 3 hours, across a restart",
        act(slash("You", "vip", [opt.user("user", "Riley"), opt.int("hours", 3)]), roleAdded("Riley", "VIP")),
        act(restart(3 * hour + margin), roleRemoved("Riley", "VIP")),
      ),
    ],
  },
  // style: chatty, typos
  {
    id: "c-roles-020",
    category: "roles",
    language: "javascript",
    description:
      "ok so i tried carl bot but its way too complicated for me lol. i just want ppl to type /notify and get the @Updates role so they get pinged when i post updates. type it again to stop getting pings",
    checks: [
      check(
        "/notify toggles Updates",
        act(slash("Sam", "notify"), roleAdded("Sam", "Updates")),
        act(slash("Sam", "notify"), roleRemoved("Sam", "Updates")),
      ),
    ],
  },
  // style: terse (python picked in the UI)
  {
    id: "c-roles-021",
    category: "roles",
    language: "python",
    description: "/roleinfo <role> → how many members have it",
    checks: [
      check(
        "/roleinfo Member shows 2",
        act(
          slash("Sam", "roleinfo", [opt.role("role", "Member")]),
          reply([anyCase("Member"), number(2)], "the role and 2 members"),
        ),
      ),
    ],
  },
  // style: non-native
  {
    id: "c-roles-022",
    category: "roles",
    language: "javascript",
    description:
      "Admin need command /massrole, he choose one role and bot is giving this role to all members of server. Normal member can not use.",
    checks: [
      check(
        "/massrole Member gives it to Alex too",
        act(slash("You", "massrole", [opt.role("role", "Member")]), roleAdded("Alex", "Member")),
      ),
      check("a member cannot /massrole", act(slash("Sam", "massrole", [opt.role("role", "Member")]), refused)),
    ],
  },
  // style: named channel, buttons
  {
    id: "c-roles-023",
    category: "roles",
    language: "javascript",
    description:
      "/buttonroles posts a message in #get-roles with three buttons: 'Gamer', 'Artist', 'Lurker'. clicking a button toggles that role for whoever clicked.",
    checks: [
      check(
        "/buttonroles posts the three buttons",
        act(
          slash("You", "buttonroles", [], { channel: "get-roles" }),
          withButtons("get-roles", ["Gamer", "Artist", "Lurker"]),
        ),
      ),
    ],
  },
  // style: subcommands
  {
    id: "c-roles-024",
    category: "roles",
    language: "javascript",
    description:
      "teams: /team red gives Team Red, /team blue gives Team Blue. you can only be on one team, switching removes the other.",
    checks: [
      check(
        "red, then switching to blue",
        act(slash("Sam", "team", [], { subcommand: "red" }), roleAdded("Sam", "Team Red")),
        act(
          slash("Sam", "team", [], { subcommand: "blue" }),
          roleAdded("Sam", "Team Blue"),
          roleRemoved("Sam", "Team Red"),
        ),
      ),
    ],
  },
  // style: quoted, prefix (python in words)
  {
    id: "c-roles-025",
    category: "roles",
    language: "python",
    description:
      "discord.py: staff type !reactrole <emoji> <role name> in a channel, the bot posts 'React with <emoji> to get <role name>' there and then hands out the role to anyone who reacts",
    checks: [
      check(
        "!reactrole 🐉 Member posts the prompt and a reaction gives Member",
        quietly(join("Rin")),
        act(
          say("You", "!reactrole 🐉 Member"),
          reply(literal("React with 🐉 to get Member"), "“React with 🐉 to get Member”"),
        ),
        act(react("Rin", "🐉", "general"), roleAdded("Rin", "Member")),
      ),
    ],
  },
];

export const communityCorpus: DescriptionCase[] = [...moderation, ...automod, ...welcome, ...roles];
