/**
 * Description cases: automod (banned words, invite links, caps, mass mentions, strikes) and
 * welcome flows (messages, DMs, goodbyes, auto-roles, verification).
 */
import {
  act,
  answered,
  anyCase,
  check,
  deleted,
  dm,
  hour,
  join,
  leave,
  mention,
  named,
  posted,
  postedAnything,
  reply,
  restart,
  roleAdded,
  roleRemoved,
  say,
  timeout,
  told,
} from "./cases-support";
import type { DescriptionCase } from "./types";

export const automodCases: DescriptionCase[] = [
  {
    id: "automod-banned-words",
    category: "automod",
    language: "javascript",
    description:
      "delete any message that has one of these words: frick, dang, heck, darn. then tell the person to watch their language",
    checks: [
      check(
        "A message with a banned word is deleted and its author told",
        act(join("Case Member 1")),
        act(say("Case Member 1", "oh heck that was close"), deleted, told("Case Member 1")),
      ),
      check(
        "Capitals do not get past the filter",
        act(join("Case Member 2")),
        act(say("Case Member 2", "DANG IT"), deleted),
      ),
    ],
  },
  {
    id: "automod-invites",
    category: "automod",
    language: "python",
    description:
      "No invite links! If someone who isn't a mod posts a discord.gg link, delete it and time them out for 10 minutes.",
    checks: [
      check(
        "An invite link is deleted and its author timed out for 10 minutes",
        act(join("Case Member 1")),
        act(say("Case Member 1", "join my server discord.gg/abc123"), deleted, timeout("Case Member 1", 600)),
      ),
    ],
  },
  {
    id: "automod-strikes",
    category: "automod",
    language: "javascript",
    description:
      'auto strikes for scam stuff: if a message contains "free nitro" or "steam gift" it\'s deleted and the person gets a strike. ' +
      "1st and 2nd strike: just a warning in the channel, 3rd strike: 1 hour timeout. strikes are saved so a restart doesnt wipe them",
    checks: [
      check(
        "Two warnings, then a 1-hour timeout on the third strike, across a restart",
        act(join("Case Member 1")),
        act(say("Case Member 1", "free nitro here"), deleted, answered),
        act(restart()),
        act(say("Case Member 1", "claim your steam gift"), deleted, answered),
        act(say("Case Member 1", "FREE NITRO again"), deleted, timeout("Case Member 1", hour)),
      ),
    ],
  },
  {
    id: "automod-caps",
    category: "automod",
    language: "javascript",
    description:
      "if someone types in all caps (like 10 or more capital letters in a row) delete the message and say 'please don't shout'",
    checks: [
      check(
        "A shouted message is deleted with a 'please don't shout'",
        act(join("Case Member 1")),
        act(
          say("Case Member 1", "HELLOOOOOOOO ANYONE THERE"),
          deleted,
          reply([`${anyCase("please")} don.t shout`], '"please don\'t shout"'),
        ),
      ),
    ],
  },
  {
    id: "automod-links",
    category: "automod",
    language: "javascript",
    description:
      'Delete every message with a link (http:// or https://) unless the person has the "Trusted" role, and DM them "Links aren\'t allowed here yet."',
    checks: [
      check(
        "A link from a member without Trusted is deleted and they get the DM",
        act(join("Case Member 1")),
        act(
          say("Case Member 1", "look at this https://example.com/cool"),
          deleted,
          dm("Case Member 1", ["Links aren.t allowed here yet"], "the DM"),
        ),
      ),
    ],
  },
  {
    id: "automod-mass-mentions",
    category: "automod",
    language: "javascript",
    description:
      "anyone who isn't staff writing @everyone or @here gets the message deleted and a 1 hour timeout. log it in #mod-log",
    checks: [
      check(
        "@everyone from a member: deleted, a 1-hour timeout, logged",
        act(join("Case Member 1")),
        act(
          say("Case Member 1", "@everyone free robux"),
          deleted,
          timeout("Case Member 1", hour),
          postedAnything("mod-log"),
        ),
      ),
    ],
  },
];

export const welcomeCases: DescriptionCase[] = [
  {
    id: "welcome-basic",
    category: "welcome",
    language: "javascript",
    description: "welcome new members in #welcome and mention them",
    checks: [
      check(
        "A new member is welcomed in #welcome with a mention",
        act(join("Case Member 1"), posted("welcome", [mention("Case Member 1")], "their mention")),
      ),
    ],
  },
  {
    id: "welcome-dm-goodbye",
    category: "welcome",
    language: "python",
    description:
      'When someone joins, DM them our rules: "1. be nice 2. no spam 3. have fun". When someone leaves, post "<name> left the server" in #goodbye.',
    checks: [
      check(
        "The rules by DM on joining, a goodbye in #goodbye on leaving",
        act(join("Case Member 1"), dm("Case Member 1", ["be nice", "no spam", "have fun"], "the rules")),
        act(
          leave("Case Member 1"),
          posted("goodbye", [named("Case Member 1"), "left the server"], '"<name> left the server"'),
        ),
      ),
    ],
  },
  {
    id: "welcome-autorole",
    category: "welcome",
    language: "javascript",
    description: "Give everyone who joins the role 'Newcomer' automatically and say hi to them in #general",
    checks: [
      check(
        "A new member gets Newcomer and a hi in #general",
        act(
          join("Case Member 1"),
          roleAdded("Case Member 1", "Newcomer"),
          posted("general", [named("Case Member 1")], "them named"),
        ),
      ),
    ],
  },
  {
    id: "welcome-verify",
    category: "welcome",
    language: "javascript",
    description:
      'new members get the Unverified role when they join. When they type !verify the bot removes Unverified and gives them Member, and replies "You\'re verified, welcome!"',
    checks: [
      check(
        "Unverified on joining; !verify swaps it for Member",
        act(join("Case Member 1"), roleAdded("Case Member 1", "Unverified")),
        act(
          say("Case Member 1", "!verify"),
          roleRemoved("Case Member 1", "Unverified"),
          roleAdded("Case Member 1", "Member"),
          reply(["You.re verified, welcome!"], '"You\'re verified, welcome!"'),
        ),
      ),
    ],
  },
  {
    id: "welcome-member-number",
    category: "welcome",
    language: "javascript",
    description: "post 'Welcome <mention>, you are member #<count>!' in #welcome when someone joins",
    checks: [
      check(
        "The welcome mentions them and gives a member number",
        act(
          join("Case Member 1"),
          posted(
            "welcome",
            [`${anyCase("welcome")} ${mention("Case Member 1")}`, "(?<!<)#\\d+"],
            "the welcome with their mention and #number",
          ),
        ),
      ),
    ],
  },
  {
    id: "welcome-rules-button",
    category: "welcome",
    language: "javascript",
    description:
      "when someone joins, post a welcome embed in #welcome with a link button 'Read the rules' that goes to https://example.com/rules",
    checks: [
      check(
        "The welcome in #welcome carries the 'Read the rules' button",
        act(join("Case Member 1"), {
          kind: "message",
          place: { to: "channel", channel: "welcome" },
          buttons: ["Read the rules"],
        }),
      ),
    ],
  },
];
