/**
 * The parts found into one blueprint: the same command asked for twice is made once, FAQ
 * answers said one by one become one table, /help lists what the bot can do, /warn gets its
 * ladder. The result is checked with `checkBlueprint`; a part it refuses is taken out and
 * reported with the reason, so the blueprint returned is always valid.
 */
import type { NotUnderstood, Understanding } from "@/lib/ai-builder/types";
import { checkBlueprint } from "@/lib/blueprint";
import type { Action, BlueprintInput } from "@/lib/blueprint/schema";
import { blueprintLimits, describeSeconds, permissionLabels } from "@/lib/blueprint/vocabulary";

import { describeLadder, ladderActions } from "./features/ladder";
import { describeOptions } from "./features/options";
import { capitalise, type CommandPart, type Draft, type EventPart } from "./parts";
import { groupSubcommands } from "./subcommands";
import { keepUserNames } from "./user-names";

const featureTitles: Record<string, string> = {
  dice: "Dice",
  coin: "Coin Flip",
  "8ball": "Magic 8-Ball",
  rps: "Rock Paper Scissors",
  choose: "Random Pick",
  reply: "Reply",
  say: "Echo",
  poll: "Poll",
  suggest: "Suggestion",
  remind: "Reminder",
  ticket: "Ticket",
  close: "Ticket",
  faq: "FAQ",
  calc: "Calculator",
  custom: "Custom Commands",
  counter: "Counter",
  resetcounter: "Counter",
  selfroles: "Role",
  warn: "Moderation",
};

const categoryTitles: Record<CommandPart["category"], string> = {
  utility: "Utility",
  fun: "Fun",
  moderation: "Moderation",
  automod: "Automod",
  welcome: "Welcome",
  roles: "Roles",
  polls: "Polls",
  economy: "Economy",
  leveling: "Leveling",
  reminders: "Reminder",
  tickets: "Ticket",
  lookups: "FAQ",
  calculators: "Calculator",
  schedules: "Announcement",
  custom: "Custom Commands",
  responses: "Auto-reply",
};

/** "Dice Bot", "Welcome and Moderation Bot", "Community Bot". */
function botName(commands: CommandPart[], events: EventPart[]): string {
  const titleOf = (c: CommandPart) =>
    c.feature === "reply" ? capitalise(c.command.name) : (featureTitles[c.feature ?? ""] ?? categoryTitles[c.category]);
  const order = [
    ...commands.map((c) => ({ at: c.clause?.tokens[0]?.index ?? 1e9, category: c.category, title: titleOf(c) })),
    ...events.map((e) => ({
      at: e.clause?.tokens[0]?.index ?? 1e9,
      category: e.category,
      title: categoryTitles[e.category],
    })),
  ].sort((a, b) => a.at - b.at);
  const titles = [...new Set(order.map((o) => o.title))];
  const categories = [...new Set(order.map((o) => categoryTitles[o.category]))];
  if (titles.length === 1) return `${titles[0]} Bot`;
  if (categories.length === 1) return `${categories[0]} Bot`;
  if (categories.length === 2) return `${categories[0]} and ${categories[1]} Bot`;
  return "Community Bot";
}

/** One part per command name: the firmest kept, what the others add merged in. */
function mergeCommands(parts: CommandPart[], notes: NotUnderstood[]): CommandPart[] {
  const kept = new Map<string, CommandPart>();
  for (const part of parts) {
    const key = `${part.command.type}:${part.command.name}`;
    const earlier = kept.get(key);
    if (!earlier) {
      kept.set(key, part);
      continue;
    }
    let [winner, loser] = part.strength > earlier.strength ? [part, earlier] : [earlier, part];
    // Named with nothing said about it, and described elsewhere without the name: the description wins.
    if (winner.strength === 2 && loser.strength === 1 && winner.feature === loser.feature) {
      loser.command.type = winner.command.type;
      [winner, loser] = [{ ...loser, strength: 2, clause: winner.clause }, winner];
    }
    if (loser.strength === 3 && winner.strength === 3 && loser.feature !== winner.feature) {
      notes.push({
        text: `/${part.command.name}`,
        reason: `/${part.command.name} is described twice as different things; the first description is used.`,
      });
    }
    if (!winner.command.permissions.length && loser.command.permissions.length)
      winner.command.permissions = loser.command.permissions;
    winner.command.cooldown ??= loser.command.cooldown;
    if (winner.rows && loser.rows)
      winner.rows = { table: winner.rows.table, rows: { ...earlier.rows?.rows, ...part.rows?.rows } };
    winner.ladder ||= loser.ladder;
    kept.set(key, winner);
  }
  return [...kept.values()];
}

function unEphemeral(actions: Action[]): Action[] {
  return actions.map((action) => {
    if (action.do === "reply") return { ...action, ephemeral: false };
    if (action.do === "if") return { ...action, then: unEphemeral(action.then), else: unEphemeral(action.else) };
    return action;
  });
}

/** "once a day", "once every 10 minutes". */
function onceEvery(seconds: number): string {
  const named: Record<number, string> = {
    60: "once a minute",
    3_600: "once an hour",
    86_400: "once a day",
    604_800: "once a week",
  };
  return named[seconds] ?? `once every ${describeSeconds(seconds)}`;
}

function planLine(part: CommandPart, prefix: string): string {
  const { command } = part;
  const label = `${command.type === "slash" ? "/" : prefix}${command.name}`;
  const roles = part.roles?.length ? ` — only members with the ${part.roles.join(" or ")} role` : "";
  const who = command.permissions.length
    ? ` — needs ${command.permissions.map((p) => permissionLabels[p]).join(" and ")}`
    : "";
  const wait = command.cooldown ? ` — ${onceEvery(command.cooldown.seconds)} per ${command.cooldown.per}` : "";
  // Sub-commands read on their own: each with its options as they are now (the user's names).
  const summary = part.subSummaries
    ? part.subSummaries
        .map(({ name, summary: what }) => {
          const sub = command.subcommands.find((item) => item.name === name);
          return `${name}${describeOptions(sub?.options ?? [])} ${what}`;
        })
        .join("; ")
    : part.summary;
  return `${label}: ${summary}${describeOptions(command.options)}${who}${roles}${wait}`;
}

/** The part a problem's path points at: ["commands", 2] → that command. */
function culprit(path: string): { list: "commands" | "events" | "data" | "tables"; index: number } | null {
  const [list, index] = path.split(".");
  if (!["commands", "events", "data", "tables"].includes(list ?? "") || index === undefined) return null;
  return { list: list as "commands", index: Number(index) };
}

/** One valid blueprint from the draft; `description` is what the bot's description keeps, `original` names it when nothing else does. */
export function assemble(draft: Draft, description: string, original = description): Understanding {
  const notes = [...draft.notes];
  let commands = mergeCommands(draft.commands, notes);
  let events = [...draft.events];
  let data = [...draft.data];
  let tables = [...draft.tables];
  const prefix = draft.prefix ?? "!";

  // Lookup tables: the rows every command reading the table was given, in the order said.
  for (const table of new Set(commands.flatMap((c) => (c.rows ? [c.rows.table] : [])))) {
    const readers = commands.filter((c) => c.rows?.table === table);
    const rows = Object.assign({}, ...readers.map((c) => c.rows!.rows)) as Record<string, string>;
    const entries = Object.entries(rows).slice(0, blueprintLimits.tableRows);
    const first = readers[0]!.command.name;
    if (!entries.length) {
      // A lookup with nothing to look up would only invent answers: left out, and said so.
      notes.push({
        text: `/${first}`,
        reason: `Give /${first} its answers, e.g. "/${first} rules replies 'Be kind'".`,
      });
      commands = commands.filter((c) => c.rows?.table !== table);
      continue;
    }
    tables.push({ name: table, rows: Object.fromEntries(entries) });
    for (const part of readers) {
      const key = part.command.options[0];
      if (key?.type === "string" && !part.openKey && entries.length && entries.length <= 25)
        key.choices = entries.map(([row]) => ({ name: capitalise(row).slice(0, 100), value: row }));
      if (entries.length) part.summary = `${part.summary}: ${entries.map(([row]) => row).join(", ")}`.slice(0, 300);
    }
  }

  const rungs = draft.ladder
    .filter((rung, i, all) => all.findIndex((r) => r.count === rung.count) === i)
    .sort((a, b) => a.count - b.count);
  for (const part of commands) {
    if (part.ladder && rungs.length) {
      const at = part.command.actions.findIndex((a) => a.do === "reply");
      part.command.actions.splice(
        at < 0 ? part.command.actions.length : at,
        0,
        ...ladderActions(rungs, "{option.member}", "{result.count}", "Warning {result.count}: {option.reason}"),
      );
      part.summary += ` (${describeLadder(rungs)})`;
    }
    if (part.command.type === "prefix") part.command.actions = unEphemeral(part.command.actions);
  }
  for (const part of commands.filter((c) => c.help)) {
    const lines = commands
      .filter((c) => c !== part)
      .map((c) => `${c.command.type === "slash" ? "/" : prefix}${c.command.name} — ${c.command.description}`);
    part.command.actions = [
      {
        do: "reply",
        message: { text: (lines.join("\n") || "No commands yet.").slice(0, 2_000), buttons: [] },
        ephemeral: false,
      },
    ];
  }

  const over = (what: string, list: unknown[], limit: number) => {
    if (list.length > limit)
      notes.push({
        text: `${list.length} ${what}`,
        reason: `A bot has at most ${limit} ${what}; the first ${limit} are kept.`,
      });
  };
  over("commands", commands, blueprintLimits.commands);
  over("events", events, blueprintLimits.events);
  commands = commands.slice(0, blueprintLimits.commands);
  events = events.slice(0, blueprintLimits.events);
  data = data.slice(0, blueprintLimits.data);
  tables = tables.slice(0, blueprintLimits.tables);

  commands = groupSubcommands(commands, draft.parents ?? new Map());
  for (const claim of keepUserNames(commands, original)) {
    const label = `/${claim.command}${claim.subcommand ? ` ${claim.subcommand}` : ""}`;
    notes.push({
      text: claim.words,
      reason: `I could not tell what ${label} should do with “${claim.name}”, so it has no such option. Say how it is used, e.g. "${label} replies 'Hi {${claim.name}}!'".`,
    });
  }

  const name = (
    draft.name ?? (commands.length || events.length ? botName(commands, events) : nameFrom(original))
  ).slice(0, 100);
  const build = (): BlueprintInput => ({
    version: 1,
    name,
    ...(description.trim() ? { description: description.trim().slice(0, 500) } : {}),
    prefix,
    commands: commands.map((part) => ({ ...part.command })),
    events: events.map((part) => part.event),
    data,
    tables,
  });

  for (let attempt = 0; attempt < 8; attempt++) {
    const checked = checkBlueprint(build());
    if (checked.ok) {
      const plan = [...commands.map((part) => planLine(part, prefix)), ...events.map((part) => part.plan)];
      // What the user asked to keep; a command's own bookkeeping ("daily_claimed") is its plan line's.
      const kept = data.filter((d) => !d.name.endsWith("_claimed"));
      if (kept.length && draft.remarks.includes("persist"))
        plan.push(`Remembers ${kept.map((d) => d.name.replace(/_/g, " ")).join(", ")} across restarts.`);
      return { blueprint: checked.blueprint, plan, notUnderstood: notes };
    }
    const drop = {
      commands: new Set<number>(),
      events: new Set<number>(),
      data: new Set<number>(),
      tables: new Set<number>(),
    };
    for (const problem of checked.problems) {
      const at = culprit(problem.path);
      if (!at) continue;
      if (!drop[at.list].has(at.index)) {
        drop[at.list].add(at.index);
        const what =
          at.list === "commands"
            ? `/${commands[at.index]?.command.name}`
            : at.list === "events"
              ? events[at.index]?.plan
              : `${at.list} ${at.index + 1}`;
        notes.push({
          text: what ?? problem.path,
          reason: `Left out: it would not make a valid bot (${problem.message}).`,
        });
      }
    }
    if (!drop.commands.size && !drop.events.size && !drop.data.size && !drop.tables.size) break;
    commands = commands.filter((_, i) => !drop.commands.has(i));
    events = events.filter((_, i) => !drop.events.has(i));
    data = data.filter((_, i) => !drop.data.has(i));
    tables = tables.filter((_, i) => !drop.tables.has(i));
  }
  const empty = checkBlueprint({ version: 1, name: name || "My Bot" });
  if (!empty.ok) throw new Error("The empty blueprint does not check.");
  notes.push({ text: original.slice(0, 200), reason: "These parts could not be put together into a valid bot." });
  return { blueprint: empty.blueprint, plan: [], notUnderstood: notes };
}

/** A name from the description's first words, when nothing else names the bot. */
export function nameFrom(description: string): string {
  const words = description
    .replace(/[^\p{L}\p{N}\s'-]/gu, " ")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5)
    .join(" ")
    .slice(0, 40)
    .trim();
  return words ? capitalise(words) : "My Bot";
}
