/**
 * Description cases: moderation commands (warnings with an escalation ladder, kick, ban,
 * timeouts, purge, slowmode, reports). Targets are members who just joined; a check that a
 * member is not kicked, banned or timed out lets that member speak afterwards — the simulator
 * refuses a message from someone gone or timed out, so the step itself fails.
 */
import {
  act,
  ban,
  chatter,
  check,
  day,
  dm,
  hour,
  join,
  kick,
  literal,
  margin,
  named,
  opt,
  posted,
  privateReply,
  purged,
  quietly,
  refused,
  removeTimeout,
  restart,
  say,
  slash,
  slowmode,
  timeout,
  unban,
} from "./cases-support";
import type { DescriptionCase } from "./types";

const warn = (actor: string, target: string, reason: string) =>
  slash(actor, "warn", [opt.user("user", target), opt.text("reason", reason)]);

export const moderationCases: DescriptionCase[] = [
  {
    id: "moderation-warn-ladder",
    category: "moderation",
    language: "javascript",
    description:
      "We need a proper warning system for our server. Mods (anyone who can timeout members) use /warn user reason. " +
      "The bot DMs the person their warning with the reason and logs it in #mod-log. It escalates: first warning just " +
      "warns, second is a 1h timeout, third a 24h ban, after that permanent ban. Warnings have to be remembered across " +
      "restarts, otherwise people just wait for the bot to reboot lol. Normal members should not be able to use it.",
    checks: [
      check(
        "Warnings escalate: a DM and a log, then a 1-hour timeout, then a 24-hour ban that is lifted",
        act(join("Case Member 1")),
        act(
          warn("Alex", "Case Member 1", "spamming in general"),
          dm("Case Member 1", ["spamming in general"], "the reason"),
          posted("mod-log", [named("Case Member 1")], "the warned member"),
        ),
        act(warn("Alex", "Case Member 1", "spamming again"), timeout("Case Member 1", hour)),
        act(warn("Alex", "Case Member 1", "still spamming"), ban("Case Member 1")),
        act(restart(day + margin), unban("Case Member 1")),
      ),
      check(
        "A warning given before a restart still counts after it",
        act(join("Case Member 2")),
        act(warn("Alex", "Case Member 2", "rude"), dm("Case Member 2", ["rude"], "the reason")),
        act(restart()),
        act(warn("Alex", "Case Member 2", "rude again"), timeout("Case Member 2", hour)),
      ),
      check(
        "A normal member is refused, and their attempt does not count as a warning",
        act(join("Case Member 3")),
        act(warn("Sam", "Case Member 3", "i dont like him"), refused),
        act(warn("Alex", "Case Member 3", "off-topic"), dm("Case Member 3", ["off-topic"], "the reason")),
        act(warn("Alex", "Case Member 3", "off-topic again"), timeout("Case Member 3", hour)),
      ),
    ],
  },
  {
    id: "moderation-basics",
    category: "moderation",
    language: "python",
    description:
      "basic mod commands pls: /kick user [reason], /ban user [reason], /timeout user (always 10 minutes). only people with " +
      "the matching permission (kick members / ban members / timeout members) can use them. post every action in " +
      "#mod-log with who did it",
    checks: [
      check(
        "/kick removes the member and logs who did it",
        act(join("Case Member 1")),
        act(
          slash("Alex", "kick", [opt.user("user", "Case Member 1"), opt.text("reason", "being rude")]),
          kick("Case Member 1"),
          posted("mod-log", [named("Case Member 1"), named("Alex")], "the member and the moderator"),
        ),
      ),
      check(
        "/ban without a reason bans the member",
        act(join("Case Member 2")),
        act(slash("Alex", "ban", [opt.user("user", "Case Member 2")]), ban("Case Member 2")),
      ),
      check(
        "/timeout times the member out for 10 minutes",
        act(join("Case Member 3")),
        act(slash("Alex", "timeout", [opt.user("user", "Case Member 3")]), timeout("Case Member 3", 600)),
      ),
      check(
        "A member without Ban Members is refused and the target stays",
        act(join("Case Member 4")),
        act(slash("Sam", "ban", [opt.user("user", "Case Member 4")]), refused),
        quietly(say("Case Member 4", "still here?")),
      ),
    ],
  },
  {
    id: "moderation-purge",
    category: "moderation",
    language: "javascript",
    description:
      "/purge amount - deletes the last X messages in the channel (max 100). only for people with Manage Messages",
    checks: [
      check(
        "/purge 5 deletes the last five messages",
        chatter("Riley", 5),
        act(slash("Alex", "purge", [opt.int("amount", 5)], { channel: "general" }), purged("general", 5)),
      ),
      check(
        "A member without Manage Messages is refused",
        act(slash("Sam", "purge", [opt.int("amount", 3)], { channel: "general" }), refused),
      ),
    ],
  },
  {
    id: "moderation-tempban",
    category: "moderation",
    language: "javascript",
    description:
      "/tempban @user reason → bans them for 7 days and unbans automatically after, even if the bot restarted in between. Needs Ban Members.",
    checks: [
      check(
        "/tempban bans, and the ban is lifted 7 days later across a restart",
        act(join("Case Member 1")),
        act(
          slash("Alex", "tempban", [opt.user("user", "Case Member 1"), opt.text("reason", "raiding")]),
          ban("Case Member 1"),
        ),
        act(restart(7 * day + margin), unban("Case Member 1")),
      ),
      check(
        "A member without Ban Members is refused and the target stays",
        act(join("Case Member 2")),
        act(slash("Sam", "tempban", [opt.user("user", "Case Member 2"), opt.text("reason", "lol")]), refused),
        quietly(say("Case Member 2", "phew")),
      ),
    ],
  },
  {
    id: "moderation-slowmode",
    category: "moderation",
    language: "javascript",
    description:
      "/slowmode on → 30 second slowmode in this channel, /slowmode off → back to normal. Staff only (manage channels).",
    checks: [
      check(
        "/slowmode on sets 30 seconds, /slowmode off clears it",
        act(slash("You", "slowmode", [], { channel: "general", subcommand: "on" }), slowmode("general", 30)),
        act(slash("You", "slowmode", [], { channel: "general", subcommand: "off" }), slowmode("general", 0)),
      ),
      check(
        "A member without Manage Channels is refused",
        act(slash("Sam", "slowmode", [], { channel: "general", subcommand: "on" }), refused),
      ),
    ],
  },
  {
    id: "moderation-mute",
    category: "moderation",
    language: "javascript",
    description: "/mute user duration — duration is picked from a list: 10m, 1h, 1d — and /unmute user. Mods only.",
    checks: [
      check(
        "/mute for 1h times out for an hour, /unmute lifts it",
        act(join("Case Member 1")),
        act(
          slash("Alex", "mute", [opt.user("user", "Case Member 1"), opt.text("duration", "1h")]),
          timeout("Case Member 1", hour),
        ),
        act(slash("Alex", "unmute", [opt.user("user", "Case Member 1")]), removeTimeout("Case Member 1")),
      ),
      check(
        "/mute for 10m times out for ten minutes",
        act(join("Case Member 2")),
        act(
          slash("Alex", "mute", [opt.user("user", "Case Member 2"), opt.text("duration", "10m")]),
          timeout("Case Member 2", 600),
        ),
      ),
      check(
        "A normal member is refused and the target can still talk",
        act(join("Case Member 3")),
        act(slash("Sam", "mute", [opt.user("user", "Case Member 3"), opt.text("duration", "1d")]), refused),
        quietly(say("Case Member 3", "can i still talk")),
      ),
    ],
  },
  {
    id: "moderation-report",
    category: "moderation",
    language: "javascript",
    description:
      '/report user reason: anyone can use it. bot posts the report in #mod-reports (who reported who and why) and tells the reporter privately "Thanks, the mods will take a look."',
    checks: [
      check(
        "A report reaches #mod-reports and the reporter is thanked privately",
        act(
          slash("Sam", "report", [opt.user("user", "Riley"), opt.text("reason", "spamming links")]),
          posted("mod-reports", [named("Riley"), named("Sam"), "spamming links"], "who, whom and why"),
          privateReply([literal("Thanks, the mods will take a look")], "the thanks"),
        ),
      ),
    ],
  },
];
