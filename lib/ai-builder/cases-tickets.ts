/**
 * Description cases: support tickets in private channels, and reminders (waits and schedules that
 * must outlive a restart: the restart's time passed brings them due).
 */
import {
  act,
  channelCreated,
  channelDeleted,
  check,
  day,
  dm,
  hour,
  margin,
  mention,
  modal,
  named,
  number,
  opt,
  posted,
  postedAnything,
  quietly,
  refused,
  reply,
  restart,
  slash,
  withButtons,
} from "./cases-support";
import type { DescriptionCase } from "./types";

export const ticketCases: DescriptionCase[] = [
  {
    id: "tickets-basic",
    category: "tickets",
    language: "javascript",
    description:
      "/ticket makes a private channel named ticket-<username> that only that person and the Support role can see, and the bot says hi in it. /close inside a ticket channel deletes it.",
    checks: [
      check(
        "/ticket opens ticket-sam with a greeting; /close in it deletes it",
        act(slash("Sam", "ticket"), channelCreated("ticket-sam"), postedAnything("ticket-sam")),
        act(slash("Sam", "close", [], { channel: "ticket-sam" }), channelDeleted("ticket-sam")),
      ),
    ],
  },
  {
    id: "tickets-open-close",
    category: "tickets",
    language: "python",
    description:
      "Hey! I run a support server for my Minecraft plugin and need a ticket system. Support tickets with /ticket open " +
      "<reason> and /ticket close. open creates a channel ticket-<name> that only the user and Moderators can see and " +
      "posts the reason in there so we know what it's about. Only people with the Moderator role can close tickets, " +
      "users shouldn't be able to close them themselves because they always close them before we answer.",
    checks: [
      check(
        "/ticket open posts the reason in ticket-riley; Riley cannot close it, a moderator can",
        act(
          slash("Riley", "ticket", [opt.text("reason", "my rank didn't update")], { subcommand: "open" }),
          channelCreated("ticket-riley"),
          posted("ticket-riley", ["my rank didn.t update"], "the reason"),
        ),
        quietly(slash("Riley", "ticket", [], { channel: "ticket-riley", subcommand: "close" })),
        act(
          slash("Alex", "ticket", [], { channel: "ticket-riley", subcommand: "close" }),
          channelDeleted("ticket-riley"),
        ),
      ),
    ],
  },
  {
    id: "tickets-panel",
    category: "tickets",
    language: "javascript",
    description:
      '/ticketpanel (admins only) posts an embed "Need help?" with a button "Create Ticket". pressing the button creates a private channel support-<username> for that person and the Staff role.',
    checks: [
      check(
        "/ticketpanel posts the Create Ticket button",
        act(slash("You", "ticketpanel"), withButtons("bot-commands", ["Create Ticket"])),
      ),
      check("A member who is not an admin cannot post the panel", act(slash("Sam", "ticketpanel"), refused)),
    ],
  },
  {
    id: "tickets-count",
    category: "tickets",
    language: "javascript",
    description:
      "/ticket creates a channel help-<name> for the user and posts in #ticket-log who opened it. /tickets shows how many tickets have been opened in total, and that number must survive restarts.",
    checks: [
      check(
        "Two tickets are logged and counted, also after a restart",
        act(
          slash("Riley", "ticket"),
          channelCreated("help-riley"),
          posted("ticket-log", [named("Riley")], "who opened it"),
        ),
        act(slash("Sam", "ticket"), channelCreated("help-sam")),
        act(slash("You", "tickets"), reply([number(2)], "2")),
        act(restart()),
        act(slash("You", "tickets"), reply([number(2)], "2")),
      ),
    ],
  },
  {
    id: "tickets-application",
    category: "tickets",
    language: "javascript",
    description:
      '/apply opens a form called "Staff Application" asking for your age and why you want to be staff. When it\'s submitted, post the answers in #applications and tell them privately that we got it.',
    checks: [check("/apply opens the Staff Application form", act(slash("Sam", "apply"), modal("Staff Application")))],
  },
];

export const reminderCases: DescriptionCase[] = [
  {
    id: "reminders-remindme",
    category: "reminders",
    language: "javascript",
    description:
      "/remindme <text> → DMs you the text 1 hour later. Must work even if the bot restarts in the meantime.",
    checks: [
      check(
        "The reminder arrives by DM an hour later, across a restart",
        quietly(slash("Sam", "remindme", [opt.text("text", "take the pizza out")])),
        act(restart(hour + margin), dm("Sam", ["take the pizza out"], "the reminder")),
      ),
    ],
  },
  {
    id: "reminders-choices",
    category: "reminders",
    language: "python",
    description:
      "/remind <when> <what> — when is one of: 10 minutes, 1 hour, 1 day. the bot pings you in the same channel with your reminder when the time is up",
    checks: [
      check(
        "A 1 hour reminder pings in the channel an hour later",
        quietly(
          slash("Riley", "remind", [opt.text("when", "1 hour"), opt.text("what", "stretch your legs")], {
            channel: "general",
          }),
        ),
        act(restart(hour + margin), posted("general", [mention("Riley"), "stretch your legs"], "the ping")),
      ),
      check(
        "A 10 minutes reminder pings ten minutes later",
        quietly(
          slash("Sam", "remind", [opt.text("when", "10 minutes"), opt.text("what", "check the oven")], {
            channel: "general",
          }),
        ),
        act(restart(600 + margin), posted("general", [mention("Sam"), "check the oven"], "the ping")),
      ),
    ],
  },
  {
    id: "reminders-water",
    category: "reminders",
    language: "javascript",
    description: "every 2 hours post 'Remember to drink some water 💧' in #general",
    checks: [
      check(
        "Two hours on, the water reminder is in #general",
        act(restart(2 * hour + margin), posted("general", ["Remember to drink some water"], "the reminder")),
      ),
    ],
  },
  {
    id: "reminders-event",
    category: "reminders",
    language: "javascript",
    description:
      '/eventstart (only people with the Moderator role): posts "The event starts in 30 minutes!" in #announcements right away, and 30 minutes later posts "The event is starting now!" there too.',
    checks: [
      check(
        "The announcement now and the start 30 minutes later",
        act(slash("Alex", "eventstart"), posted("announcements", ["The event starts in 30 minutes!"], "the first")),
        act(restart(1_800 + margin), posted("announcements", ["The event is starting now!"], "the second")),
      ),
    ],
  },
  {
    id: "reminders-question-of-the-day",
    category: "reminders",
    language: "javascript",
    description:
      "Question of the day: every 24h the bot posts a random question in #daily-question from this list: What's your favourite game? / Cats or dogs? / What did you learn this week? / Pineapple on pizza, yes or no?",
    checks: [
      check(
        "A day on, one of the questions is in #daily-question",
        act(
          restart(day + margin),
          posted(
            "daily-question",
            [
              "What.s your favourite game\\?|Cats or dogs\\?|What did you learn this week\\?|Pineapple on pizza, yes or no\\?",
            ],
            "one of the questions",
          ),
        ),
      ),
    ],
  },
];
