/**
 * bot/events.py: a coroutine with the actions of each event, and the handlers main.py calls for
 * each Discord event, which pick the blueprint's events that match and run them.
 */
import { referenceIn } from "../placeholders";
import type { Blueprint, BlueprintEvent } from "../schema";
import { parseDuration } from "../vocabulary";
import { generatedHeader, pyString } from "./literals";
import { actionFunction, laterMap } from "./python-actions";
import { NameScope, pythonName } from "./python-names";
import { pythonPattern } from "./python-pattern";

type Of<Kind extends BlueprintEvent["on"]> = Extract<BlueprintEvent, { on: Kind }>;

const functionBase: Record<BlueprintEvent["on"], string> = {
  memberJoin: "member_join",
  memberLeave: "member_leave",
  messageContains: "message_contains",
  messageMatches: "message_matches",
  reactionAdd: "reaction_add",
  reactionRemove: "reaction_remove",
  button: "button",
  select: "menu",
  modalSubmit: "form",
  schedule: "schedule",
};

const interactionEvents = new Set<BlueprintEvent["on"]>(["button", "select", "modalSubmit"]);

/** Which Discord events the bot listens to (main.py registers only those, with their intents). */
export interface EventNeeds {
  members: boolean;
  messages: boolean;
  reactions: boolean;
  interactions: boolean;
  schedules: boolean;
}

interface Compiled {
  event: BlueprintEvent;
  name: string;
}

/** A coroutine's docstring: when it runs (ids are `identifier`s, never free text). */
function describeEvent(event: BlueprintEvent): string {
  switch (event.on) {
    case "button":
      return `When a member clicks the button ${event.button}.`;
    case "select":
      return `When a member chooses in the menu ${event.menu}.`;
    case "modalSubmit":
      return `When a member submits the form ${event.modal}.`;
    case "memberJoin":
      return "When a member joins the server.";
    case "memberLeave":
      return "When a member leaves the server.";
    case "messageContains":
    case "messageMatches":
      return "When a message has what message_sent() below looks for.";
    case "reactionAdd":
    case "reactionRemove":
      return `When a reaction is ${event.on === "reactionAdd" ? "added" : "removed"} (see ${event.on === "reactionAdd" ? "reaction_added" : "reaction_removed"}() below).`;
    case "schedule":
      return "Every so often, in each server (see start_schedules() below).";
  }
}

function plainChannel(reference: string | undefined): string | null {
  const trimmed = reference?.trim();
  return !trimmed || trimmed === "here" || referenceIn(trimmed) ? null : trimmed;
}

export function eventsModule(blueprint: Blueprint): { content: string; needs: EventNeeds } {
  const names = new NameScope([
    "member_joined",
    "member_left",
    "message_sent",
    "reaction_added",
    "reaction_removed",
    "interaction_received",
    "start_schedules",
    "BUTTONS",
    "MENUS",
    "FORMS",
    "LATER",
  ]);
  const later: [string, string][] = [];
  const blocks: string[][] = [];
  const compiled: Compiled[] = blueprint.events.map((event, index) => {
    const id =
      event.on === "button"
        ? event.button
        : event.on === "select"
          ? event.menu
          : event.on === "modalSubmit"
            ? event.modal
            : "";
    const base = id ? `${pythonName(id)}_${functionBase[event.on]}` : functionBase[event.on];
    const name = names.take(base);
    const doc = {
      name,
      doc: describeEvent(event),
      interaction: interactionEvents.has(event.on),
    };
    blocks.push(actionFunction(doc, event.actions, `events.${index}.actions`, names, later));
    return { event, name };
  });
  const of = <Kind extends BlueprintEvent["on"]>(...kinds: Kind[]) =>
    compiled.filter((item): item is { event: Of<Kind>; name: string } => (kinds as string[]).includes(item.event.on));

  const handlers: string[][] = [];
  for (const [kind, handler, doc] of [
    ["memberJoin", "member_joined", "A member joined a server: the memberJoin events."],
    ["memberLeave", "member_left", "A member left a server: the memberLeave events."],
  ] as const) {
    const events = of(kind);
    if (events.length) {
      handlers.push([
        `async def ${handler}(member: discord.Member) -> None:`,
        `    """${doc}"""`,
        ...events.map(({ name }) => `    await Run(${pyString(kind)}, member.guild, user=member).execute(${name})`),
      ]);
    }
  }
  const messages = of("messageContains", "messageMatches");
  if (messages.length) handlers.push(messageHandler(messages));
  for (const [kind, handler] of [
    ["reactionAdd", "reaction_added"],
    ["reactionRemove", "reaction_removed"],
  ] as const) {
    const events = of(kind);
    if (events.length) handlers.push(reactionHandler(kind, handler, events));
  }
  const interactions = of("button", "select", "modalSubmit");
  if (interactions.length) handlers.push(interactionHandler(interactions));
  const schedules = of("schedule");
  if (schedules.length) {
    handlers.push([
      "def start_schedules() -> None:",
      '    """Called once the bot is ready: each schedule runs every so often in each server, counting',
      '    from its stored next run, so a restart does not start the wait over."""',
      ...schedules.map(({ event, name }) => {
        const channel = plainChannel(event.channel);
        const seconds = parseDuration(event.every) ?? 3_600;
        const id = pyString(`events.${blueprint.events.indexOf(event)}`);
        return `    runtime.schedule(${id}, ${seconds}, ${name}${channel ? `, channel=${pyString(channel)}` : ""})`;
      }),
    ]);
  }

  const content = [
    generatedHeader("#").trimEnd(),
    '"""The bot\'s events: a coroutine with the actions of each, and the handlers main.py calls',
    'for Discord\'s events, which run the events that match."""',
    "import discord",
    "",
    "from bot import runtime",
    "from bot.runtime import Run",
    ...[...blocks, ...handlers].flatMap((lines) => ["", "", ...lines]),
    "",
    "",
    ...laterMap(later),
    "",
  ].join("\n");
  const needs: EventNeeds = {
    members: of("memberJoin", "memberLeave").length > 0,
    messages: messages.length > 0,
    reactions: of("reactionAdd", "reactionRemove").length > 0,
    interactions: interactions.length > 0,
    schedules: schedules.length > 0,
  };
  return { content, needs };
}

function messageHandler(events: { event: Of<"messageContains" | "messageMatches">; name: string }[]): string[] {
  const constants: string[] = [];
  const body: string[] = [];
  events.forEach(({ event, name }, index) => {
    const where = pyString(event.on);
    let test: string;
    if (event.on === "messageContains") {
      const words = `WORDS_${index + 1}`;
      const listed = event.words.map((item) => pyString(item));
      const inline = `${words} = [${listed.join(", ")}]`;
      constants.push(
        ...(inline.length <= 99 ? [inline] : [`${words} = [`, ...listed.map((item) => `    ${item},`), "]"]),
      );
      test = `runtime.contains_words(message.content, ${words}, ${pyString(event.match)})`;
    } else {
      const pattern = `PATTERN_${index + 1}`;
      constants.push(
        `${pattern} = runtime.pattern(${pyString(pythonPattern(event.pattern))}, ignore_case=${event.ignoreCase ? "True" : "False"})`,
      );
      test = `${pattern}.search(message.content)`;
    }
    body.push(`    if ${test}:`, `        await Run.from_message(message, ${where}).execute(${name})`);
  });
  return [
    "# What the message events look for (patterns in Python's reading of the JavaScript ones).",
    ...constants,
    "",
    "",
    "async def message_sent(message: discord.Message) -> None:",
    '    """A member\'s message in a server (not a bot\'s): the message events it matches."""',
    ...body,
  ];
}

function reactionHandler(
  kind: "reactionAdd" | "reactionRemove",
  handler: string,
  events: { event: Of<"reactionAdd" | "reactionRemove">; name: string }[],
): string[] {
  const body = events.flatMap(({ event, name }) => {
    const tests = [
      ...(event.emoji ? [`runtime.same_emoji(payload, ${pyString(event.emoji)})`] : []),
      ...(plainChannel(event.channel)
        ? [`runtime.in_channel(payload, ${pyString(plainChannel(event.channel)!)})`]
        : []),
    ];
    const run = [
      `run = await runtime.reaction_run(payload, ${pyString(kind)})`,
      "if run is not None:",
      `    await run.execute(${name})`,
    ];
    return tests.length
      ? [`    if ${tests.join(" and ")}:`, ...run.map((line) => `        ${line}`)]
      : run.map((line) => `    ${line}`);
  });
  return [
    `async def ${handler}(payload: discord.RawReactionActionEvent) -> None:`,
    `    """A reaction ${kind === "reactionAdd" ? "added to" : "removed from"} any message, old ones too: the ${kind} events it matches."""`,
    ...body,
  ];
}

function interactionHandler(events: { event: Of<"button" | "select" | "modalSubmit">; name: string }[]): string[] {
  const map = (constant: string, kind: "button" | "select" | "modalSubmit") => {
    const entries = new Map<string, string[]>();
    for (const { event, name } of events) {
      if (event.on !== kind) continue;
      const id = event.on === "button" ? event.button : event.on === "select" ? event.menu : event.modal;
      entries.set(id, [...(entries.get(id) ?? []), name]);
    }
    if (!entries.size) return [`${constant} = {}`];
    return [
      `${constant} = {`,
      ...[...entries].map(([id, names]) => `    ${pyString(id)}: [${names.join(", ")}],`),
      "}",
    ];
  };
  return [
    "# The events of each button, menu and form, by its id.",
    ...map("BUTTONS", "button"),
    ...map("MENUS", "select"),
    ...map("FORMS", "modalSubmit"),
    "",
    "",
    "async def interaction_received(interaction: discord.Interaction) -> None:",
    '    """A click, a menu choice or a submitted form runs the events of its id."""',
    "    data = interaction.data or {}",
    '    custom_id = data.get("custom_id", "")',
    "    if interaction.type == discord.InteractionType.component:",
    '        button = data.get("component_type") == discord.ComponentType.button.value',
    '        events, kind = (BUTTONS, "button") if button else (MENUS, "select")',
    "    elif interaction.type == discord.InteractionType.modal_submit:",
    '        events, kind = FORMS, "modalSubmit"',
    "    else:",
    "        return",
    "    for actions in events.get(custom_id, []):",
    '        await Run.from_interaction(interaction, f"{kind} {custom_id}").execute(actions)',
  ];
}
