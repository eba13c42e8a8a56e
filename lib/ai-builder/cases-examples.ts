/**
 * The examples the product offers (the landing page's hero, Create New Bot's examples and
 * placeholder), as description cases: each with checks written from its words alone, so a test
 * (./examples.integration.test.ts) holds every example to "builds a bot that does what its words
 * say". Change an example's words and its checks here with them.
 */
import { buildExamples, describePlaceholder } from "@/lib/ai-builder/build/schema";
import { heroPromptExamples, heroPromptPlaceholder } from "@/lib/site/landing";

import {
  act,
  answered,
  anyOf,
  ban,
  chatter,
  check,
  contains,
  deleted,
  hour,
  join,
  mention,
  named,
  number,
  numberBetween,
  opt,
  posted,
  reply,
  roleAdded,
  say,
  slash,
  timeout,
} from "./cases-support";
import type { DescriptionCase } from "./types";

const example = (label: string) => buildExamples.find((item) => item.label === label)!.text;
const [ladder, tickets, xp] = heroPromptExamples;
const warn = (target: string) => slash("Alex", "warn", [opt.user("member", target), opt.text("reason", "spam")]);
const welcomed = (member: string) =>
  posted("welcome", [contains(`(?:${mention(member)}|${named(member)})`)], "a welcome with their name");
const level = (value: number) => `${anyOf("level", "lvl")}\\D{0,15}${number(value)}`;

export const exampleCases: DescriptionCase[] = [
  {
    id: "example-hero-ladder",
    category: "moderation",
    language: "javascript",
    description: ladder!,
    checks: [
      check(
        "The first strike warns, the second is a 1-hour timeout, the third a ban",
        act(join("Example Member 1")),
        act(warn("Example Member 1"), answered),
        act(warn("Example Member 1"), timeout("Example Member 1", hour)),
        act(warn("Example Member 1"), ban("Example Member 1")),
      ),
    ],
  },
  {
    id: "example-hero-tickets",
    category: "tickets",
    language: "javascript",
    description: tickets!,
    checks: [
      check(
        "/ticket opens a private channel for whoever asked",
        act(join("Example Member 8")),
        act(slash("Example Member 8", "ticket"), {
          kind: "channelCreated",
          name: { pattern: ".*", describe: "a support channel" },
        }),
      ),
    ],
  },
  {
    id: "example-hero-xp",
    category: "leveling",
    language: "javascript",
    description: xp!,
    checks: [
      check(
        "Ten messages are 100 XP, level 1, and /rank says so",
        act(join("Example Member 2")),
        chatter("Example Member 2", 10),
        act(slash("Example Member 2", "rank"), reply([number(100), level(1)], "100 XP and level 1")),
      ),
    ],
  },
  {
    id: "example-hero-placeholder",
    category: "welcome",
    language: "javascript",
    description: heroPromptPlaceholder,
    checks: [
      check(
        "A new member is welcomed in #welcome and gets the Member role",
        act(join("Example Member 3"), welcomed("Example Member 3"), roleAdded("Example Member 3", "Member")),
      ),
      check("An invite link is deleted", act(say("Sam", "join my server discord.gg/abc123"), deleted)),
    ],
  },
  {
    id: "example-dice",
    category: "fun",
    language: "javascript",
    description: example("Dice and coins"),
    checks: [
      check("/roll rolls 1 to 6", act(slash("Sam", "roll"), reply([numberBetween(1, 6)], "1 to 6"))),
      check(
        "/roll with 20 sides rolls 1 to 20",
        act(slash("Sam", "roll", [opt.int("sides", 20)]), reply([numberBetween(1, 20)], "1 to 20")),
      ),
      check(
        "/coinflip says heads or tails",
        act(slash("Sam", "coinflip"), reply([anyOf("heads", "tails")], "heads or tails")),
      ),
    ],
  },
  {
    id: "example-welcome",
    category: "welcome",
    language: "javascript",
    description: example("Welcome"),
    checks: [
      check(
        "A new member is welcomed in #welcome by name and gets Member",
        act(join("Example Member 4"), welcomed("Example Member 4"), roleAdded("Example Member 4", "Member")),
      ),
    ],
  },
  {
    id: "example-ladder",
    category: "moderation",
    language: "javascript",
    description: example("Warnings ladder"),
    checks: [
      check(
        "The second warning is a 1-hour timeout, the third a ban",
        act(join("Example Member 5")),
        act(warn("Example Member 5"), answered),
        act(warn("Example Member 5"), timeout("Example Member 5", hour)),
        act(warn("Example Member 5"), ban("Example Member 5")),
      ),
    ],
  },
  {
    id: "example-economy",
    category: "economy",
    language: "javascript",
    description: example("Economy"),
    checks: [
      check(
        "/daily gives 100 coins and /balance shows them",
        act(join("Example Member 6")),
        act(slash("Example Member 6", "daily"), reply([number(100)], "100 coins")),
        act(slash("Example Member 6", "balance"), reply([number(100)], "100 coins")),
        act(slash("Example Member 6", "leaderboard"), reply([named("Example Member 6")], "the richest member")),
      ),
    ],
  },
  {
    id: "example-banned-words",
    category: "automod",
    language: "javascript",
    description: example("Banned words"),
    checks: [check("A message with free nitro is deleted", act(say("Sam", "get free nitro here"), deleted))],
  },
  {
    id: "example-describe-placeholder",
    category: "fun",
    language: "javascript",
    description: describePlaceholder,
    checks: [
      check("/roll rolls 1 to 6", act(slash("Sam", "roll"), reply([numberBetween(1, 6)], "1 to 6"))),
      check("A new member is welcomed in #welcome", act(join("Example Member 7"), welcomed("Example Member 7"))),
    ],
  },
];
