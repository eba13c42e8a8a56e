/**
 * The offline builder (issue 20): a plain-words description of a common Discord bot into a
 * blueprint, with no network and no model — the same description always gives the same bot.
 *
 * The text is tokenised (wink-nlp), cut into sentences and clauses, and typed recognisers read
 * each clause, claiming the words they understand and adding blueprint parts: commands with
 * options, events, data, tables, permissions, cooldowns. Harmful requests and instructions to
 * the builder are refused first. Assembly checks the result with `checkBlueprint` and leaves
 * out any part that would not be valid; every word nobody claimed is quoted back in
 * `notUnderstood`, so nothing is invented and nothing is silently dropped.
 */
import { languageAsked, withoutLanguageWords } from "@/lib/ai-builder/language-words";
import type { NotUnderstood, Understanding } from "@/lib/ai-builder/types";

import { assemble } from "./assemble";
import { clausesOf } from "./clauses";
import { genericReason, leftovers } from "./leftovers";
import { readSettings } from "./modifiers";
import type { Draft, Facts } from "./parts";
import { Reader } from "./read";
import {
  claimFeatureWords,
  recogniseClauses,
  recogniseCommands,
  recogniseImplicit,
  recogniseModifiers,
} from "./recognise";
import { refusalNote, refusalOf } from "./refusals";
import { markSubcommands, subcommandGroups } from "./subcommands";
import { tokenize, type Doc } from "./text";

/** "every level is 100 XP", "level N needs N*50 xp", "250 xp per level", "a level every 100 xp". */
function levelSizeSaid(text: string): number | undefined {
  const patterns = [
    /\b(?:every|each|per|a|one)\s+level\s+(?:is|=|needs|takes|costs|requires|at)\s+(\d{1,6})\s*(?:xp|exp|experience)\b/i,
    /\blevel\s+n\s+(?:needs|takes|is|at|requires)\s+n\s*[*x×]\s*(\d{1,6})/i,
    /\b(\d{1,6})\s*(?:xp|exp|experience)\s+(?:per|a|for each|for every|each|every|for a)\s+level\b/i,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/** XP per message as said: "10 xp per message", "every message = 5 xp", "XP: 10 per message". */
function xpGainSaid(text: string): { xpPerMessage?: number } {
  const patterns = [
    /\b(\d{1,5})\s*(?:xp|exp|experience)\s+(?:per|each|every|a|for each|for every|for one|for a|for)\s+(?:message|msg|text|chat)/i,
    /\b(?:every|each|per|one|a)\s+(?:message|msg)\s*(?:=|is|gives|gets|earns|:|->|→)?\s*(\d{1,5})\s*(?:xp|exp|experience)\b/i,
    /\b(?:xp|exp|experience)\s*[:=]\s*(\d{1,5})\s+(?:per|each|a|every)\s+(?:message|msg)/i,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match && Number(match[1]) >= 1) return { xpPerMessage: Number(match[1]) };
  }
  return {};
}

/** Past this, the rest of a description is not read (and the user is told). */
export const maxDescriptionLength = 20_000;
const maxNotes = 40;

const understood =
  "I build bots from English descriptions of: reply commands (/ping replies Pong!), dice, coin flips, 8-ball and random picks, say/echo, member and server info, polls, suggestions, welcome and goodbye messages, auto-roles, self-assigned roles, banned words, invite-link filters, warnings with an escalation ladder, kick/ban/timeout/purge/slowmode, economy (balance, daily, work, pay, leaderboard), XP and levels, reminders, tickets, FAQ answers, a calculator, counters, custom commands and schedules.";

/** Without the characters no text field can store (NUL, half of an emoji). */
function storable(text: string): string {
  return text.replace(/\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "");
}

const currencies: Record<string, string> = {
  coin: "coins",
  gem: "gems",
  credit: "credits",
  point: "points",
  cash: "cash",
  money: "money",
  dollar: "dollars",
  cookie: "cookies",
  buck: "bucks",
  star: "stars",
};

function readFacts(doc: Doc): Facts {
  const words = new Set<string>();
  for (const token of doc.tokens) words.add(token.base).add(token.lower);
  const currencyToken = doc.tokens.find(
    (t) => t.kind === "word" && currencies[t.base] && !(t.base === "point" && words.has("xp")),
  );
  const levelSize = doc.tokens.find((t, i) => {
    const next = doc.tokens[i + 1];
    if (t.number === undefined || next?.base !== "xp") return false;
    const before = doc.tokens[i - 1]?.lower;
    const after = doc.tokens.slice(i + 2, i + 4).map((x) => x.lower);
    return (
      before === "every" ||
      (["per", "a", "for", "each"].includes(after[0] ?? "") && ["level", "levels"].includes(after[1] ?? ""))
    );
  })?.number;
  const levelSaid = levelSize ?? levelSizeSaid(doc.text);
  const prefixCommands =
    doc.tokens.some(
      (t, i) =>
        ["prefix", "text"].includes(t.lower) && ["command", "commands"].includes(doc.tokens[i + 1]?.lower ?? ""),
    ) && !words.has("/");
  const boards = ["leaderboard", "lb", "richest", "baltop", "ranking", "rankings", "top", "rich"];
  const leaderboard = doc.tokens.some((t) =>
    t.kind === "command"
      ? boards.includes(t.command!.name)
      : ["leaderboard", "richest", "ranking", "rankings"].includes(t.base),
  );
  return {
    leaderboard,
    economy: Boolean(currencyToken) || words.has("economy") || words.has("balance"),
    currency: currencyToken ? currencies[currencyToken.base]! : "coins",
    scope:
      ["global", "globally", "everywhere"].some((w) => words.has(w)) || (words.has("across") && words.has("servers"))
        ? "user"
        : "member",
    words,
    defaultType: prefixCommands ? "prefix" : "slash",
    ...(levelSaid && levelSaid >= 10 && levelSaid <= 100_000 ? { levelSize: Math.floor(levelSaid) } : {}),
    ...xpGainSaid(doc.text),
  };
}

export function understand(description: string): Understanding {
  const cleaned = storable(description ?? "");
  const written = cleaned.slice(0, maxDescriptionLength);
  // "make me a python bot", "in discord.py": the build's language (lib/ai-builder/build), not what
  // the bot does. Blanked out (same length), so no reader takes them and none is left over.
  const text = withoutLanguageWords(written);
  const language = languageAsked(written);
  const draft: Draft = { commands: [], events: [], data: [], tables: [], notes: [], remarks: [], ladder: [] };
  if (cleaned.length > maxDescriptionLength) {
    draft.notes.push({
      text: cleaned.slice(maxDescriptionLength, maxDescriptionLength + 60) + "…",
      reason: `Only the first ${maxDescriptionLength.toLocaleString("en")} characters of a description are read.`,
    });
  }

  // "/eco balance, /eco daily": each sub-command read as the command its name says, then grouped.
  const groups = subcommandGroups(text);
  let doc = tokenize(text);
  draft.parents = markSubcommands(doc, groups);
  let claimed = new Set<number>();
  let clauses = clausesOf(doc);
  for (const clause of clauses) readSettings(new Reader(doc, clause, claimed), draft);
  if (draft.prefix && draft.prefix.length === 1 && draft.prefix !== "!" && !/[\w/]/.test(draft.prefix)) {
    // Commands written with the bot's own prefix ("?roll") are only seen once the prefix is known.
    doc = tokenize(text, "!" + draft.prefix);
    draft.parents = markSubcommands(doc, groups);
    claimed = new Set<number>();
    clauses = clausesOf(doc);
    const prefix = draft.prefix;
    draft.name = undefined;
    for (const clause of clauses) readSettings(new Reader(doc, clause, claimed), draft);
    draft.prefix = prefix;
  }
  const facts = readFacts(doc);

  const refusals: NotUnderstood[] = [];
  const refused = new Set<number>();
  doc.sentences.forEach((sentence, index) => {
    const reason = refusalOf(sentence);
    if (!reason) return;
    refused.add(index);
    for (const token of sentence) claimed.add(token.index);
    refusals.push(refusalNote(written.slice(sentence[0]!.start, sentence[sentence.length - 1]!.end).trim(), reason));
  });
  const readers = clauses
    .filter((clause) => !refused.has(clause.sentence))
    .map((clause) => new Reader(doc, clause, claimed));

  recogniseCommands(readers, draft, facts);
  recogniseClauses(readers, draft, facts);
  recogniseImplicit(readers, draft, facts);
  recogniseModifiers(readers, draft);
  claimFeatureWords(readers, draft);
  const built = new Set<string>([...draft.commands.map((c) => c.category), ...draft.events.map((e) => e.category)]);
  const unclaimed = leftovers(doc, clauses, claimed, built);

  if (refusals.length && !draft.commands.length && !draft.events.length) draft.name ??= "My Bot";
  // The bot's description keeps the user's words, less the sentences refused.
  // Each sentence runs from where the one before ended, so blanked language words stay in it.
  const kept = doc.sentences
    .map((sentence, index) =>
      refused.has(index)
        ? ""
        : written
            .slice(
              index === 0 ? 0 : doc.sentences[index - 1]!.at(-1)!.end,
              index === doc.sentences.length - 1 ? written.length : sentence.at(-1)!.end,
            )
            .trim(),
    )
    .filter(Boolean)
    .join(" ");
  const result = assemble(draft, kept, text);
  const anything = result.blueprint.commands.length + result.blueprint.events.length > 0;
  // "@user", "<city>", "[reason]" left over where a command has that option: it was understood.
  const optionNames = new Set(
    result.blueprint.commands.flatMap((command) => [
      ...command.options.map((option) => option.name),
      ...command.subcommands.flatMap((sub) => sub.options.map((option) => option.name)),
    ]),
  );
  const usage = (note: NotUnderstood) => {
    const written = /^(?:@(\w+)|<([\w-]+)>|\[([\w-]+)\])$/.exec(note.text.trim());
    const name = written && (written[1] ?? written[2] ?? written[3])?.toLowerCase();
    return Boolean(name && optionNames.has(name));
  };
  let notes = [...refusals, ...result.notUnderstood, ...unclaimed.filter((note) => !usage(note))];
  if (!anything) {
    // What we can say something specific about stays; the rest becomes one entry that says what we understand.
    const specific = [...result.notUnderstood, ...unclaimed].filter((note) => note.reason !== genericReason);
    const rest = [...result.notUnderstood, ...unclaimed].filter((note) => note.reason === genericReason);
    notes = [...refusals, ...specific];
    if (rest.length || (!refusals.length && !specific.length)) {
      const quoted = rest.length ? rest.map((note) => note.text).join(" … ") : text.trim();
      notes.push({
        text: (quoted || description).slice(0, 200),
        reason: `${quoted ? "I did not understand this. " : "There is nothing to build yet. "}${understood}`,
      });
    }
  }
  // A quote across blanked language words shows one space for them, not the blank.
  notes = notes.map((note) => ({ ...note, text: note.text.replace(/ {2,}/g, " ") }));
  notes = notes.filter((note, i) => notes.findIndex((n) => n.text === note.text && n.reason === note.reason) === i);
  if (notes.length > maxNotes) {
    const more = notes.length - (maxNotes - 1);
    notes = [
      ...notes.slice(0, maxNotes - 1),
      { text: `${more} more parts`, reason: `${more} more parts of the description were not understood either.` },
    ];
  }
  return { ...result, notUnderstood: notes, ...(language ? { language } : {}) };
}
