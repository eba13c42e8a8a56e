/** Description cases: self-assigned roles (choices, reactions, buttons) and polls and suggestions. */
import {
  act,
  answered,
  anyCase,
  check,
  contains,
  countOf,
  join,
  named,
  number,
  opt,
  posted,
  privateReply,
  quietly,
  react,
  reaction,
  refused,
  reply,
  restart,
  roleAdded,
  roleRemoved,
  say,
  slash,
  withButtons,
} from "./cases-support";
import type { DescriptionCase } from "./types";

export const roleCases: DescriptionCase[] = [
  {
    id: "roles-pick",
    category: "roles",
    language: "javascript",
    description:
      "/role <role> lets people pick one of these roles themselves: Gamer, Artist, Musician. If they already have it, take it away instead.",
    checks: [
      check(
        "/role Artist gives Artist, and again takes it away",
        act(slash("Sam", "role", [opt.text("role", "Artist")]), roleAdded("Sam", "Artist")),
        act(slash("Sam", "role", [opt.text("role", "Artist")]), roleRemoved("Sam", "Artist")),
      ),
    ],
  },
  {
    id: "roles-reaction-menu",
    category: "roles",
    language: "python",
    description:
      'Reaction roles. /rolemenu (admins only) posts "React to get a role: 🎮 Gamer, 🎨 Artist" in #roles. Reacting with 🎮 on that ' +
      "message gives Gamer, 🎨 gives Artist, and removing the reaction removes the role.",
    checks: [
      check(
        "Reactions on the menu give and take the roles",
        act(slash("You", "rolemenu"), posted("roles", ["React to get a role"], "the menu")),
        act(react("Sam", "🎮", "roles"), roleAdded("Sam", "Gamer")),
        act(react("Sam", "🎮", "roles", true), roleRemoved("Sam", "Gamer")),
        act(react("Riley", "🎨", "roles"), roleAdded("Riley", "Artist")),
      ),
      check("A member who is not an admin cannot post the menu", act(slash("Sam", "rolemenu"), refused)),
    ],
  },
  {
    id: "roles-colors",
    category: "roles",
    language: "javascript",
    description:
      "!color red / !color blue / !color green gives you the Red, Blue or Green role and takes away the other two colors",
    checks: [
      check(
        "!color blue gives Blue; !color red then swaps Blue for Red",
        act(say("Riley", "!color blue"), roleAdded("Riley", "Blue")),
        act(say("Riley", "!color red"), roleAdded("Riley", "Red"), roleRemoved("Riley", "Blue")),
      ),
    ],
  },
  {
    id: "roles-pronouns",
    category: "roles",
    language: "javascript",
    description:
      "/pronouns posts a message with three buttons: He/Him, She/Her, They/Them. clicking one gives you that role (click again to remove it)",
    checks: [
      check(
        "/pronouns posts the three buttons",
        act(slash("Sam", "pronouns"), withButtons("bot-commands", ["He/Him", "She/Her", "They/Them"])),
      ),
    ],
  },
  {
    id: "roles-give-take",
    category: "roles",
    language: "javascript",
    description: "/giverole user role and /takerole user role for staff with the Manage Roles permission",
    checks: [
      check(
        "/giverole then /takerole",
        act(join("Case Member 1")),
        act(
          slash("You", "giverole", [opt.user("user", "Case Member 1"), opt.role("role", "Member")]),
          roleAdded("Case Member 1", "Member"),
        ),
        act(
          slash("You", "takerole", [opt.user("user", "Case Member 1"), opt.role("role", "Member")]),
          roleRemoved("Case Member 1", "Member"),
        ),
      ),
      check(
        "A moderator without Manage Roles is refused",
        act(join("Case Member 2")),
        act(slash("Alex", "giverole", [opt.user("user", "Case Member 2"), opt.role("role", "Member")]), refused),
      ),
    ],
  },
];

export const pollCases: DescriptionCase[] = [
  {
    id: "polls-yes-no",
    category: "polls",
    language: "javascript",
    description: "!poll <question> - the bot adds 👍 and 👎 reactions to the poll message so people can vote",
    checks: [check("!poll gets 👍 and 👎", act(say("Sam", "!poll pizza on friday?"), reaction("👍"), reaction("👎")))],
  },
  {
    id: "polls-suggestions",
    category: "polls",
    language: "javascript",
    description:
      '/suggest <idea> posts the idea in #suggestions with who suggested it, and replies only to them "Thanks for your suggestion!". ' +
      "Also anything people type straight into #suggestions gets ✅ and ❌ reactions.",
    checks: [
      check(
        "/suggest posts the idea with its author and thanks them privately",
        act(
          slash("Sam", "suggest", [opt.text("idea", "a channel for memes")]),
          posted("suggestions", ["a channel for memes", named("Sam")], "the idea and who suggested it"),
          privateReply(["Thanks for your suggestion!"], "the thanks"),
        ),
      ),
      check(
        "A message typed in #suggestions gets ✅ and ❌",
        act(say("Riley", "more voice channels pls", "suggestions"), reaction("✅"), reaction("❌")),
      ),
    ],
  },
  {
    id: "polls-buttons",
    category: "polls",
    language: "javascript",
    description: "/poll <question> posts the question with two buttons, Yes and No, and keeps count of the votes",
    checks: [
      check(
        "/poll posts the question with Yes and No",
        act(
          slash("Sam", "poll", [opt.text("question", "Movie night on Saturday?")]),
          withButtons("bot-commands", ["Yes", "No"]),
        ),
      ),
    ],
  },
  {
    id: "polls-game-night",
    category: "polls",
    language: "python",
    description:
      'game night poll: /gamenight (admins only) posts "Game night this Friday? React with ✅ if you\'re in!" in #events. ' +
      "Count every ✅ reaction on it, and /gamenight-count shows how many people are in. Keep the count when the bot restarts.",
    checks: [
      check(
        "Two ✅ reactions count 2, also after a restart",
        act(slash("You", "gamenight"), posted("events", ["Game night this Friday"], "the poll")),
        quietly(react("Sam", "✅", "events"), react("Riley", "✅", "events")),
        act(slash("You", "gamenight-count"), reply([number(2)], "2")),
        act(restart()),
        act(slash("Riley", "gamenight-count"), reply([number(2)], "2")),
      ),
      check("A member who is not an admin cannot post the poll", act(slash("Sam", "gamenight"), refused)),
    ],
  },
  {
    id: "polls-food-vote",
    category: "polls",
    language: "javascript",
    description:
      "/vote food where food is pizza, burgers or tacos. everyone can vote once (a second vote is refused). /results shows how many votes each food has",
    checks: [
      check(
        "Votes are counted once per member",
        act(slash("Sam", "vote", [opt.text("food", "pizza")]), answered),
        act(slash("Riley", "vote", [opt.text("food", "pizza")]), answered),
        act(slash("You", "vote", [opt.text("food", "tacos")]), answered),
        act(slash("Sam", "vote", [opt.text("food", "burgers")]), answered),
        act(
          slash("Alex", "results"),
          reply(
            { whole: `(?!.*${anyCase("burgers")}\\D{0,20}[1-9])${contains(countOf("pizza", 2), countOf("tacos", 1))}` },
            "pizza 2, tacos 1, burgers none",
          ),
        ),
      ),
    ],
  },
];
