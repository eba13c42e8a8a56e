/**
 * Support tickets: a button (or a command) that opens a private channel for the member and the
 * staff role, and a way to close it that only works in ticket channels.
 */
import type { Action } from "@/lib/blueprint/schema";

import { command, ifThen, reply, type CommandFeature, type CommandPart } from "../parts";
import type { Reader } from "../read";

const staffNames: Record<string, string> = {
  staff: "Staff",
  mod: "Moderator",
  moderator: "Moderator",
  admin: "Admin",
  administrator: "Admin",
  support: "Support",
  helper: "Helper",
};

/** The staff role: named ("the 'Support Team' role"), or the word used for staff ("mods" → Moderator). */
function staffRole(reader: Reader): string | undefined {
  const named = reader.role();
  if (named) {
    reader.claim(...named.tokens);
    return named.name;
  }
  const word = reader.tokens.find((t) => staffNames[t.base] && t.base !== "support");
  if (word) {
    reader.claim(word);
    return staffNames[word.base];
  }
  return undefined;
}

function category(reader: Reader): string | undefined {
  const word = reader.find("category");
  if (!word) return undefined;
  const before = reader.next(word, -1);
  const after = reader.next(word);
  const named =
    after && ["called", "named"].includes(after.lower)
      ? reader.next(word, 2)
      : after?.kind === "quote"
        ? after
        : before;
  if (!named || named.stop || named.kind === "punct") return undefined;
  reader.claim(word, named, after && ["called", "named"].includes(after.lower) ? after : undefined);
  return named.text.trim().slice(0, 100);
}

/** Close only where it makes sense: in a ticket channel. */
export const closeActions = (): Action[] => [
  ifThen(
    { test: "compare", left: "{channel.name}", op: "startsWith", right: "ticket-" },
    [reply("Closing this ticket in 5 seconds."), { do: "deleteChannel", channel: "here", after: "5s" }],
    [reply("This is not a ticket channel.", true)],
  ),
];

export const ticketFeature: CommandFeature = {
  id: "ticket",
  category: "tickets",
  names: ["ticket", "tickets", "ticketpanel", "newticket", "openticket", "support", "createticket"],
  defaultName: "ticketpanel",
  cue: (reader) => reader.has("ticket"),
  implicit: true,
  build({ reader, name, type, draft }) {
    const viaButton = reader.has("button panel click") || name === "ticketpanel";
    const staff = staffRole(reader);
    const where = category(reader);
    reader.claimWords(
      "ticket support button panel click open create make private channel new for member user person only see can visible them and help system with that their own",
    );
    const open: Action[] = [
      {
        do: "createChannel",
        name: "ticket-{user.name}",
        member: "{user}",
        ...(staff ? { staffRole: staff } : {}),
        ...(where ? { category: where } : {}),
        saveAs: "ticket",
      },
      {
        do: "send",
        channel: "{result.ticket}",
        message: {
          text: `{user.mention}, thanks for opening a ticket.${staff ? " Staff will be with you soon." : ""}`,
          buttons: reader.has("close") ? [{ id: "close_ticket", label: "Close ticket", style: "danger" }] : [],
        },
      },
      reply("Your ticket: {result.ticket.mention}", true),
    ];
    const closeButton = reader.has("close");
    if (closeButton) {
      reader.claimWords("close delete closed");
      draft.events.push({
        event: { on: "button", button: "close_ticket", actions: closeActions() },
        plan: "When someone clicks Close ticket: deletes the ticket channel after 5 seconds",
        category: "tickets",
        clause: reader.clause,
      });
    }
    const who = `the member${staff ? ` and the ${staff} role` : ""}`;
    const parts: CommandPart[] = [];
    if (viaButton) {
      const panel = command(
        name === "ticket" || name === "tickets" ? "ticketpanel" : name,
        type,
        "Post the ticket button",
        [
          {
            do: "send",
            channel: "here",
            message: {
              text: "Need help? Open a ticket.",
              buttons: [{ id: "open_ticket", label: "Open ticket", style: "success" }],
            },
          },
          reply("Ticket panel posted.", type === "slash"),
        ],
      );
      panel.permissions = ["ManageChannels"];
      parts.push({
        command: panel,
        summary: "posts the Open ticket button",
        category: "tickets",
        strength: 3,
        clause: null,
        feature: "ticket",
      });
      draft.events.push({
        event: { on: "button", button: "open_ticket", actions: open },
        plan: `When someone clicks Open ticket: creates a private channel for ${who}${where ? ` in the ${where} category` : ""}`,
        category: "tickets",
        clause: reader.clause,
      });
    } else {
      const direct = command(name, "slash", "Open a support ticket", open);
      parts.push({
        command: direct,
        summary: `creates a private channel for ${who}`,
        category: "tickets",
        strength: 3,
        clause: null,
        feature: "ticket",
      });
    }
    return parts;
  },
};

export const closeFeature: CommandFeature = {
  id: "close",
  category: "tickets",
  names: ["close", "closeticket", "close-ticket", "resolve", "done"],
  defaultName: "close",
  cue: (reader) => reader.has("close") && reader.has("ticket"),
  implicit: false,
  build({ reader, name, type }) {
    reader.claimWords("close delete ticket channel the it when done");
    return [
      {
        command: command(name, type, "Close this ticket", closeActions()),
        summary: "deletes the ticket channel it is used in, after 5 seconds",
        category: "tickets",
        strength: 3,
        clause: null,
        feature: "close",
      },
    ];
  },
};
