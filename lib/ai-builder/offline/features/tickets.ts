/**
 * Support tickets: a button (or a command) that opens a private channel for the member and the
 * staff role, and a way to close it that only works in ticket channels.
 */
import type { Action } from "@/lib/blueprint/schema";

import {
  addData,
  command,
  ifThen,
  reply,
  send,
  template,
  type CommandFeature,
  type CommandPart,
  type Draft,
  type EventPart,
} from "../parts";
import type { Reader } from "../read";
import type { ClauseRecogniser } from "./members";
import { declaredOptions, isOptional, memberOption } from "./options";

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
  const word = reader.tokens.find(
    (t) => staffNames[t.base] && t.base !== "support" && reader.next(t)?.lower !== "only",
  );
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

interface Closing {
  /** What it says before the channel goes: "Closing this ticket in 5 seconds." */
  text: string;
  seconds: number;
  /** "→ "Ticket closed by <user>" in #ticket-logs": posted there first. */
  log?: { channel: string; text: string };
  prefix: string;
}

const defaultClosing: Closing = { text: "Closing this ticket in 5 seconds.", seconds: 5, prefix: "ticket-" };

/** Close only where it makes sense: in a ticket channel. */
export const closeActions = (closing: Closing = defaultClosing): Action[] => [
  ifThen(
    { test: "compare", left: "{channel.name}", op: "startsWith", right: closing.prefix },
    [
      ...(closing.log ? [send(closing.log.channel, closing.log.text)] : []),
      reply(closing.text),
      { do: "deleteChannel", channel: "here", after: `${closing.seconds}s` },
    ],
    [reply("This is not a ticket channel.", true)],
  ),
];

/**
 * How the close is said in the clause: a quoted reply ("/close replies 'This ticket will be deleted
 * in 3 seconds.'"), its delay from that text, and a quoted line posted in a channel named after it.
 */
function closingOf(reader: Reader, prefix = "ticket-"): Closing {
  const closing: Closing = { ...defaultClosing, prefix };
  for (const quote of reader.quotes()) {
    if (reader.isClaimed(quote)) continue;
    const after = reader.tokens.slice(reader.tokens.indexOf(quote) + 1, reader.tokens.indexOf(quote) + 3);
    const channel = after.find((t) => t.kind === "hashtag");
    const text = template(quote.text.trim());
    if (!text) continue;
    reader.claim(quote);
    if (channel) {
      reader.claim(channel, ...after.filter((t) => t.lower === "in"));
      closing.log = { channel: channel.text, text };
      continue;
    }
    closing.text = text;
    const delay = /\bin (\d{1,3}) ?(?:s|sec|secs|seconds?)\b/i.exec(quote.text);
    if (delay) closing.seconds = Math.max(1, Math.min(3600, Number(delay[1])));
  }
  if (closing.log || closing.text !== defaultClosing.text)
    reader.claimWords(
      "replies reply says say saying posts post sends send then and it deletes delete gets rid of the channel",
    );
  return closing;
}

/** A quoted channel name: "'ticket-<username>'" → "ticket-{user.name}". */
function quotedChannelName(reader: Reader): string | null {
  for (const quote of reader.quotes()) {
    const match = /^([a-z0-9_]+(?:-[a-z0-9_]+)*)-[<{(\[](?:user ?name|name|user|member|their name)[>})\]]$/i.exec(
      quote.text.trim(),
    );
    if (!match) continue;
    reader.claim(quote);
    return `${match[1]!.toLowerCase()}-{user.name}`;
  }
  return null;
}

export const ticketFeature: CommandFeature = {
  id: "ticket",
  category: "tickets",
  names: ["ticket", "tickets", "ticketpanel", "newticket", "openticket", "support", "createticket"],
  defaultName: "ticketpanel",
  cue: (reader) => reader.has("ticket") && reader.has("open create system button panel make new support"),
  implicit: true,
  build({ reader, name, type, draft, named }) {
    // "/tickets shows how many tickets were opened" counts tickets; it does not open one (made
    // with the command that opens them, below).
    if (reader.has("many total count number")) {
      const counted = draft.commands.find((c) => c.feature === "ticketcount" && c.command.name === name);
      if (counted)
        reader.claimWords("show shows how many tickets ticket have has been opened in total and that number count");
      return counted ? [{ ...counted, strength: 1 }] : [];
    }
    const already =
      draft.commands.some((c) => c.feature === "ticket") || draft.events.some((e) => e.category === "tickets");
    if (!named && already) {
      updateTickets(reader, draft);
      return [];
    }
    // "/ticket open … and /ticket close": named again, it is the command made already.
    const made = named ? draft.commands.find((c) => c.feature === "ticket" && c.command.name === name) : undefined;
    if (made) {
      reader.claimWords("open close new create ticket tickets");
      if (made.command.subcommands.length) {
        const added = memberSubcommands(reader, name, made.command.subcommands);
        made.command.subcommands.push(...added);
        if (added.length)
          made.summary += `; ${added.map((sub) => `/${name} ${sub.name}`).join(" and ")} ${added.length > 1 ? "let a member in and out of" : added[0]!.name === "add" ? "lets a member into" : "takes a member out of"} the ticket`;
      }
      return [{ ...made, strength: 1 }];
    }
    const mention = reader.clause.mentions.find((m) => m.name === name);
    const sub = mention ? reader.doc.tokens[mention.tokens[mention.tokens.length - 1]!.index + 1] : undefined;
    const subcommands =
      sub && ["open", "new", "create"].includes(sub.lower) && (name === "ticket" || name === "tickets");
    // A button that opens tickets makes a panel; "with a Close button" is the ticket's own button.
    const opensByButton = reader.tokens.some((t, i) => {
      if (!["button", "buttons"].includes(t.lower)) return false;
      const before = reader.tokens.slice(Math.max(0, i - 2), i);
      return !before.some((w) => w.lower === "close" || (w.kind === "quote" && /close/i.test(w.text)));
    });
    const viaButton = !subcommands && (opensByButton || reader.has("panel click") || name === "ticketpanel");
    const staff = staffRole(reader);
    const where = category(reader);
    const channelName = quotedChannelName(reader) ?? channelTemplate(reader);
    const closeToo = reader.has("close");
    // "/ticket <reason>", "/ticket with a short reason", "takes an optional reason".
    const commandToken = mention?.tokens[mention.tokens.length - 1];
    const written = !subcommands && commandToken ? declaredOptions(reader, commandToken) : [];
    const reasonWord = reader.find("reason topic issue problem");
    if (!subcommands && !written.length && reasonWord && reader.has("with take takes short optional give gives")) {
      const optional = isOptional(reader, reasonWord);
      reader.claim(reasonWord);
      reader.claimWords("with a short takes take an give gives");
      written.push({
        name: reasonWord.lower === "issue" || reasonWord.lower === "problem" ? "reason" : reasonWord.lower,
        description: "What it is about",
        type: "string",
        required: !optional,
      });
    }
    // The opening message as the user wrote it ("pings them in it with 'support will be with u soon'").
    const said = viaButton ? undefined : reader.quotes().find((quote) => !reader.isClaimed(quote) && quote.text.trim());
    if (said) reader.claim(said);
    const pings = reader.has("ping pings mention mentions");
    if (written.length) reader.claimWords("posts post their the reason inside it in there and mentions mention");
    reader.claimWords(
      "ticket support button panel click open create make private channel new for member user person only see can visible them and help system with that their own",
    );
    const declared = subcommands ? declaredOptions(reader, sub) : written;
    const reason = declared.find((o) => o.type === "string");
    const reasonLine = reason ? `${said ? "\n" : " "}Reason: {option.${reason.name}}` : "";
    const opening = said
      ? `${pings && !/\{user\.mention\}/.test(template(said.text)) ? "{user.mention} " : ""}${template(said.text.trim())}${reasonLine}`
      : `{user.mention}, thanks for opening a ticket.${reasonLine}${staff ? " Staff will be with you soon." : ""}`;
    if (said) reader.claimWords("ping pings them it in with sends send says say and");
    const open: Action[] = [
      {
        do: "createChannel",
        name: channelName,
        member: "{user}",
        ...(staff ? { staffRole: staff } : {}),
        ...(where ? { category: where } : {}),
        saveAs: "ticket",
      },
      {
        do: "send",
        channel: "{result.ticket}",
        message: {
          text: opening,
          buttons: closeToo && !subcommands ? [{ id: "close_ticket", label: "Close ticket", style: "danger" }] : [],
        },
      },
      reply("Your ticket: {result.ticket.mention}", true),
    ];
    // "…and posts in #ticket-log who opened it".
    const log = reader.has("post posts log logs send sends")
      ? reader.channels().find((c) => c.ref.startsWith("#"))
      : undefined;
    if (log) {
      reader.claim(...log.tokens);
      reader.claimWords("post posts log logs send sends in who opened it");
      open.splice(2, 0, send(log.ref, "🎫 {user.mention} opened {result.ticket.mention}"));
    }
    // "/tickets shows how many tickets have been opened in total": a count kept with each opening.
    const doc = reader.doc.tokens;
    const counter = doc.find(
      (t, i) =>
        t.command &&
        t.command.name !== name &&
        doc.slice(i + 1, i + 10).some((n) => ["many", "total", "count"].includes(n.lower)) &&
        doc.slice(i + 1, i + 12).some((n) => n.base === "ticket"),
    );
    const extra: CommandPart[] = [];
    if (counter?.command) {
      addData(draft, { name: "tickets_opened", kind: "number", scope: "server", initial: "0" });
      open.splice(1, 0, { do: "store", data: "tickets_opened", op: "increment" });
      const count = command(counter.command.name, counter.command.type, "How many tickets were opened", [
        { do: "store", data: "tickets_opened", op: "get", saveAs: "count" },
        reply("{result.count} tickets have been opened in total."),
      ]);
      extra.push({
        command: count,
        summary: "shows how many tickets have been opened in total",
        category: "tickets",
        strength: 3,
        clause: null,
        feature: "ticketcount",
      });
    }
    const who = `the member${staff ? ` and the ${staff} role` : ""}`;
    const part = (draft_: ReturnType<typeof command>, summary: string): CommandPart => ({
      command: draft_,
      summary,
      category: "tickets",
      strength: 3,
      clause: null,
      feature: "ticket",
    });
    if (subcommands) {
      reader.claim(sub, ...reader.tokens.filter((t) => t.lower === "close"));
      const ticket = command(name, "slash", "Support tickets", []);
      ticket.subcommands = [
        { name: "open", description: "Open a ticket", options: declared, actions: open },
        { name: "close", description: "Close this ticket", actions: closeActions() },
      ];
      ticket.subcommands.push(...memberSubcommands(reader, name, ticket.subcommands));
      return [part(ticket, `/${name} open creates a private channel for ${who}; /${name} close deletes it`)];
    }
    if (closeToo) {
      reader.claimWords("close delete closed");
      addEvent(draft, {
        event: { on: "button", button: "close_ticket", actions: closeActions() },
        plan: "When someone clicks Close ticket: deletes the ticket channel after 5 seconds",
        category: "tickets",
        clause: reader.clause,
      });
    }
    if (!viaButton) {
      const opened = command(name, "slash", "Open a support ticket", open);
      opened.options.push(...declared);
      return [
        part(opened, `creates a private channel for ${who}${log ? ` and posts who opened it in ${log.ref}` : ""}`),
        ...extra,
      ];
    }
    const panelText = reader.quotes()[0];
    const label = reader.quotes()[1];
    reader.claim(panelText, label);
    const panel = command(
      name === "ticket" || name === "tickets" ? "ticketpanel" : name,
      type,
      "Post the ticket button",
      [
        {
          do: "send",
          channel: "here",
          message: {
            text: panelText?.text ?? "Need help? Open a ticket.",
            buttons: [{ id: "open_ticket", label: (label?.text ?? "Open ticket").slice(0, 80), style: "success" }],
          },
        },
        reply("Ticket panel posted.", type === "slash"),
      ],
    );
    panel.permissions = ["ManageChannels"];
    addEvent(draft, {
      event: { on: "button", button: "open_ticket", actions: open },
      plan: `When someone clicks ${label?.text ?? "Open ticket"}: creates a private channel for ${who}${where ? ` in the ${where} category` : ""}`,
      category: "tickets",
      clause: reader.clause,
    });
    return [part(panel, `posts the ${label?.text ?? "Open ticket"} button`)];
  },
};

/** "pressing the button creates a private channel support-<username> for that person and the Staff role." */
function updateTickets(reader: Reader, draft: Draft): void {
  const staff = staffRole(reader);
  const name = channelTemplate(reader);
  const actions: Action[] = [
    ...draft.commands.flatMap((c) => [
      ...c.command.actions,
      ...c.command.subcommands.flatMap((s) => s.actions as Action[]),
    ]),
    ...draft.events.flatMap((e) => e.event.actions as Action[]),
  ];
  for (const action of actions) {
    if (action.do !== "createChannel") continue;
    if (staff) action.staffRole = staff;
    if (name !== "ticket-{user.name}") action.name = name;
  }
  if (staff)
    for (const e of draft.events)
      if (e.category === "tickets") e.plan = e.plan.replace("for the member", `for the member and the ${staff} role`);
  reader.claimWords(
    "ticket tickets support system private channel channels creates create pressing press button for that person and the are is named called",
  );
}

/** A later sentence about the ticket channel, once a ticket command exists. */
export const ticketFollowUpRecogniser: ClauseRecogniser = {
  id: "ticketFollowUp",
  read(reader, draft) {
    if (
      !draft.commands.some((c) => c.feature === "ticket") ||
      !reader.has("channel channels") ||
      !reader.has("private create creates named called")
    )
      return;
    updateTickets(reader.unclaimed(), draft);
  },
};

/** An event, unless one for the same button is there already. */
function addEvent(draft: Draft, part: EventPart): void {
  const same = (e: EventPart) =>
    e.event.on === part.event.on &&
    "button" in e.event &&
    "button" in part.event &&
    e.event.button === part.event.button;
  if (!draft.events.some(same)) draft.events.push(part);
}

/** "a private channel named ticket-<username>": the channel's name, made per member. */
function channelTemplate(reader: Reader): string {
  const arg = reader.tokens.find(
    (t) => t.kind === "arg" && ["username", "name", "user", "user_name", "member"].includes(t.arg!.name),
  );
  const dash = arg && reader.next(arg, -1);
  const word = dash?.lower === "-" ? reader.next(arg!, -2) : undefined;
  if (!arg || !word || word.kind !== "word") return "ticket-{user.name}";
  reader.claim(arg, dash, word);
  return `${word.lower.replace(/[^a-z0-9_-]/g, "")}-{user.name}`;
}

export const closeFeature: CommandFeature = {
  id: "close",
  category: "tickets",
  names: ["close", "closeticket", "close-ticket", "resolve", "done"],
  defaultName: "close",
  cue: (reader) => reader.has("close") && reader.has("ticket"),
  implicit: false,
  build({ reader, name, type, draft }) {
    const made = draft.commands
      .flatMap((c) => [c.command.actions, ...c.command.subcommands.map((sub) => sub.actions as Action[])])
      .flat()
      .find((action) => action.do === "createChannel");
    const prefix = made?.do === "createChannel" ? made.name.replace(/\{user\.name\}$/, "") : "ticket-";
    const closing = closingOf(reader, prefix || "ticket-");
    reader.claimWords("close delete deletes ticket channel the it when done rid gets of");
    return [
      {
        command: command(name, type, "Close this ticket", closeActions(closing)),
        summary: `${closing.log ? `posts in ${closing.log.channel} and ` : ""}deletes the ticket channel it is used in, after ${closing.seconds} seconds`,
        category: "tickets",
        strength: 3,
        clause: null,
        feature: "close",
      },
    ];
  },
};

const addNames = ["add", "adduser", "add-user", "addmember", "add-member", "addtoticket", "ticketadd"];
const removeNames = ["remove", "removeuser", "remove-user", "removemember", "remove-member", "ticketremove"];

/** Letting a member into the ticket it is used in, or out of it again: members and staff of a ticket use it there. */
export function ticketMemberActions(option: string, removing: boolean, prefix = "ticket-"): Action[] {
  const member = `{option.${option}}`;
  return [
    ifThen(
      { test: "compare", left: "{channel.name}", op: "startsWith", right: prefix },
      removing
        ? [
            { do: "removeFromChannel", channel: "here", member },
            reply(`{option.${option}.name} is no longer in this ticket.`),
          ]
        : [{ do: "addToChannel", channel: "here", member }, reply(`Added {option.${option}.mention} to this ticket.`)],
      [reply("This is not a ticket channel.", true)],
    ),
  ];
}

type Subcommand = NonNullable<ReturnType<typeof command>["subcommands"]>[number];

/** "/ticket add <member>", "/ticket remove <user>": sub-commands that let a member in or out of the ticket. */
function memberSubcommands(reader: Reader, name: string, have: readonly Subcommand[]): Subcommand[] {
  const subs: Subcommand[] = [];
  for (const mention of reader.clause.mentions) {
    if (mention.name !== name) continue;
    const word = reader.doc.tokens[mention.tokens[mention.tokens.length - 1]!.index + 1];
    if (!word || (word.lower !== "add" && word.lower !== "remove")) continue;
    if ([...have, ...subs].some((sub) => sub.name === word.lower)) continue;
    const removing = word.lower === "remove";
    const option = declaredOptions(reader, word).find((o) => o.type === "user") ?? {
      name: "member",
      description: removing ? "Who to take out" : "Who to add",
      type: "user" as const,
      required: true,
    };
    reader.claim(
      word,
      ...reader
        .after(word)
        .filter((t) => t.kind === "arg")
        .slice(0, 1),
    );
    subs.push({
      name: word.lower,
      description: removing ? "Take someone out of this ticket" : "Add someone to this ticket",
      options: [option],
      actions: ticketMemberActions(option.name, removing),
    });
  }
  return subs;
}

/** "/add <user> adds someone to the ticket", "/remove <user> takes them out again", "/adduser … says who was added". */
/** How the ticket channels made so far are named ("ticket-" of "ticket-{user.name}"), to tell a ticket channel. */
function ticketPrefix(draft: Draft): string {
  const made = draft.commands
    .flatMap((c) => [c.command.actions, ...c.command.subcommands.map((sub) => sub.actions as Action[])])
    .flat()
    .find((action) => action.do === "createChannel");
  return made?.do === "createChannel" ? made.name.replace(/\{user\.name\}$/, "") || "ticket-" : "ticket-";
}

/** "/claim lets staff claim a ticket": says in the ticket who is handling it (only in ticket channels). */
export const claimTicketFeature: CommandFeature = {
  id: "ticketclaim",
  category: "tickets",
  names: [],
  defaultName: "claim",
  cue: (reader) => reader.has("claim claims claimed") && reader.doc.tokens.some((t) => t.base === "ticket"),
  implicit: false,
  build({ reader, name, type, draft }) {
    const prefix = ticketPrefix(draft);
    reader.claimWords(
      "claim claims claimed lets let staff mods a the ticket this it handle handles so others know who is",
    );
    const draft_ = command(name, type, "Claim this ticket", [
      ifThen(
        { test: "compare", left: "{channel.name}", op: "startsWith", right: prefix },
        [reply("🎫 {user.mention} has claimed this ticket and will help you.")],
        [reply("This is not a ticket channel.", true)],
      ),
    ]);
    return [
      {
        command: draft_,
        summary: "says in the ticket channel it is used in who is handling it",
        category: "tickets",
        strength: 3,
        clause: null,
        feature: "ticketclaim",
      },
    ];
  },
};

export const ticketMemberFeature: CommandFeature = {
  id: "ticketmember",
  category: "tickets",
  // "add" and "remove" alone are found by the words ("/add <user> adds someone to the ticket"), not
  // by name: "/group add <role>" is about roles.
  names: [...addNames, ...removeNames].filter((name) => name !== "add" && name !== "remove"),
  defaultName: "add",
  // "/add <user> adds someone to it", "/remove <user> takes them out again", where the description is about tickets.
  cue: (reader) =>
    reader.doc.tokens.some((t) => t.base === "ticket" || t.lower === "tickets") &&
    (reader.has("add adds remove removes") || (reader.has("take takes kick kicks") && reader.has("out"))) &&
    reader.has("someone somebody member user person people them"),
  implicit: false,
  build({ reader, name, type, draft }) {
    // "/group add <role>": a command named add is about tickets only where tickets are.
    const tickets =
      draft.commands.some((c) => c.category === "tickets") || draft.events.some((e) => e.category === "tickets");
    if (!tickets) return [];
    if (reader.has("role roles")) return [];
    const removing =
      removeNames.includes(name) || (!addNames.includes(name) && reader.has("remove removes out kick kicks"));
    const prefix = ticketPrefix(draft);
    const option = memberOption(reader, removing ? "Who to take out" : "Who to add");
    reader.claimWords(
      "add adds remove removes takes take them out again someone somebody to from the ticket current this channel it and says say who was added removed member to add",
    );
    const part = command(name, type, removing ? "Take someone out of this ticket" : "Add someone to this ticket", []);
    part.options.push(option);
    part.actions.push(...ticketMemberActions(option.name, removing, prefix));
    return [
      {
        command: part,
        summary: removing
          ? "takes a member out of the ticket channel it is used in"
          : "lets a member into the ticket channel it is used in, and says who was added",
        category: "tickets",
        strength: 3,
        clause: null,
        feature: "ticketmember",
      },
    ];
  },
};
