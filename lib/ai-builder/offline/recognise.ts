/**
 * The recognisers, and the order they read the clauses in: commands the description names
 * first (by their name, or by what the clause says they do), then events and ladders, then
 * features asked for without naming a command ("members can roll dice"), then what clauses
 * say about commands (permissions, cooldowns).
 */
import type { Mention } from "./clauses";
import { clauseRecognisers, commandFeatures, weakNames } from "./features";
import { replyFeature } from "./features/basic";
import { readStartingAmount } from "./features/economy";
import { keyedLookupFeature } from "./features/keyed";
import { readLadder } from "./features/ladder";
import { listedCommand } from "./features/listed";
import { finishXp } from "./features/messages";
import { warnFeature } from "./features/warnings";
import { applyModifiers, permissionsNamed, readPersistence } from "./modifiers";
import type { CommandFeature, CommandPart, Draft, Facts } from "./parts";
import type { Reader } from "./read";

function chooseFeature_(name: string | null, reader: Reader, sub = false): CommandFeature | null {
  const cued = commandFeatures.filter((feature) => feature.cue(reader));
  const byName = name ? commandFeatures.find((feature) => feature.names.includes(name)) : undefined;
  // "/colour clear removes your colour" is not /clear: a sub-command's name alone says little.
  if (sub && byName && !cued.includes(byName)) return cued[0] ?? null;
  if (byName && (cued.includes(byName) || !cued.length || !weakNames.has(name!))) return byName;
  return cued[0] ?? null;
}

/** A command the clause names, made by the feature that fits it; null when nothing does. */
/**
 * "/report user reason: anyone can use it. bot posts the report in #mod-reports…": when the
 * clause says nothing the command does, the sentences after it, up to the next command, may.
 */
function followingSentences(reader: Reader, name?: string): Reader | null {
  const last = reader.tokens[reader.tokens.length - 1];
  if (!last) return null;
  const rest = reader.doc.tokens.slice(last.index + 1, last.index + 80);
  // "/ping and /hello. hello says hello to them": the sentence after is about the command it names.
  const others = reader.clause.mentions.map((m) => m.name).filter((other) => other && other !== name);
  const opening = rest.filter((t) => t.kind === "word").slice(0, 2);
  if (opening.some((t) => others.includes(t.lower))) return null;
  // Up to the next command, or a sentence about something else happening ("When it's submitted, …").
  const end = rest.findIndex(
    (t, i) =>
      t.kind === "command" ||
      (["when", "whenever", "if", "once", "after"].includes(t.lower) && /[.!?]/.test(rest[i - 1]?.text ?? ".")),
  );
  const more = (end < 0 ? rest : rest.slice(0, end)).filter((t) => !reader.isClaimed(t));
  return more.length ? reader.part([...reader.tokens, ...more]) : null;
}

function buildMentioned(mention: Mention, start: Reader, draft: Draft, facts: Facts): CommandPart[] | null {
  let reader = start;
  // A sub-command of a group whose sub-commands are not commands the features know (/colour set,
  // /role add): read from its own words. "/eco balance" is still /balance.
  const parent = mention.name ? draft.parents?.get(mention.name) : undefined;
  const siblings = parent ? [...(draft.parents ?? [])].filter(([, of]) => of === parent).map(([name]) => name) : [];
  const sub =
    parent !== undefined &&
    siblings.filter((name) => commandFeatures.some((feature) => feature.names.includes(name))).length < 2;
  let feature = chooseFeature_(mention.name, reader, sub);
  if (!feature || (feature === replyFeature && !feature.cue(reader))) {
    const longer = mention.name ? followingSentences(reader, mention.name) : null;
    const again = longer ? chooseFeature_(mention.name, longer, sub) : null;
    if (longer && again) [reader, feature] = [longer, again];
  }
  // Rows listed after the command ("/rule <number>:\n1 Be kind\n2 No spam") say what it does when
  // no feature knows the command: it answers from them.
  const keyed = (): CommandPart[] | null => {
    if (!mention.name || !keyedLookupFeature.cue(start)) return null;
    const type = mention.tokens[0]?.kind === "command" ? mention.type : facts.defaultType;
    const parts = keyedLookupFeature.build({ reader: start, name: mention.name, type, facts, draft, named: true });
    return parts.length ? parts : null;
  };
  if (!feature) return keyed();
  // A feature that knows the command by its name reads it first ("/rule", "/remind <when>…");
  // one only cued by its words, or an FAQ whose answers are listed after it, gives way to the rows.
  if (!(mention.name && feature.names.includes(mention.name)) || feature.id === "faq") {
    const rows = keyed();
    if (rows) return rows;
  }
  const name = mention.name ?? feature.defaultName;
  const type = mention.tokens[0]?.kind === "command" ? mention.type : facts.defaultType;
  const parts = feature.build({ reader, name, type, facts, draft, named: mention.name !== null });
  if (!parts.length) return keyed();
  for (const part of parts) part.feature ??= feature.id;
  if (mention.name === null && feature === replyFeature) {
    const text = parts[0]!.command.actions.find((a) => a.do === "reply");
    const word =
      text?.do === "reply" ? /[a-z][a-z0-9]{1,31}/i.exec(text.message.text ?? "")?.[0]?.toLowerCase() : undefined;
    parts[0]!.command.name = word ?? "reply";
  }
  return parts;
}

/** Words that lead up to a command in its clause ("when someone asks /faq", "and a /roll command"). */
const leadIn = new Set([
  "when",
  "whenever",
  "if",
  "someone",
  "anyone",
  "somebody",
  "a",
  "an",
  "the",
  "and",
  "also",
  "with",
  ",",
  "user",
  "users",
  "member",
  "members",
  "people",
  "ask",
  "asks",
  "type",
  "types",
  "use",
  "uses",
  "run",
  "runs",
  "say",
  "says",
  "write",
  "writes",
  "call",
  "calls",
  "do",
  "does",
  "slash",
  "prefix",
  "new",
  "my",
  "our",
  "plus",
  "then",
  "add",
  "make",
  "create",
  "include",
  "have",
  "there",
  "should",
  "be",
  "is",
  "will",
  "need",
  "want",
  "i",
  "we",
  "it",
  "another",
  "one",
  "can",
  ":",
  "-",
  "command",
]);

/** The part of a clause about the commands it names: from their lead-in to the end. */
function commandPart(reader: Reader): Reader {
  const first = reader.clause.mentions[0]?.tokens[0];
  if (!first) return reader;
  const mentions = reader.clause.mentions;
  const lastToken = mentions[mentions.length - 1]!.tokens[mentions[mentions.length - 1]!.tokens.length - 1]!;
  // Named last ("rolls a die with an optional number of sides: /roll"): the whole clause describes it.
  if (reader.after(lastToken).every((t) => t.stop || t.kind === "punct" || t.base === "command")) return reader;
  let at = reader.tokens.indexOf(first);
  while (at > 0 && leadIn.has(reader.tokens[at - 1]!.lower)) at--;
  return at > 0 ? reader.part(reader.tokens.slice(at)) : reader;
}

export function recogniseCommands(readers: Reader[], draft: Draft, facts: Facts): void {
  for (const whole of readers) {
    const reader = commandPart(whole);
    const seen = new Set<string>();
    for (const mention of reader.clause.mentions) {
      reader.claim(...mention.tokens);
      // "/ticket open … and /ticket close": the same command named again in its clause.
      if (mention.name && seen.has(`${mention.type}:${mention.name}`)) continue;
      if (mention.name) seen.add(`${mention.type}:${mention.name}`);
      // "Admins can give someone the VIP role for a few hours with /vip — it takes the user…": when
      // the words after the command say too little, the clause's words before it may say what it does.
      const parts =
        buildMentioned(mention, reader, draft, facts) ??
        (reader !== whole && reader.clause.mentions.length === 1 ? buildMentioned(mention, whole, draft, facts) : null);
      if (parts) {
        for (const part of parts) draft.commands.push({ ...part, clause: whole.clause });
        // The usage line's arguments ("<question>", "[reason]"): the feature has its own options for them.
        reader.claim(...reader.tokens.filter((t) => t.kind === "arg"));
      } else if (
        mention.name &&
        draft.commands.some((c) => c.command.name === mention.name && c.command.type === mention.type)
      ) {
        // Named again ("!color red / !color blue"): the command made already.
        continue;
      } else if (mention.name) {
        const parent = draft.parents?.get(mention.name);
        // A sub-command is quoted as written: "/gamenight join".
        const label = `${mention.type === "slash" ? "/" : "!"}${parent ? parent + " " : ""}${mention.name}`;
        const described = reader.tokens.some(
          (t) => !reader.isClaimed(t) && t.kind === "word" && !t.stop && t.pos === "VERB",
        );
        // "/rules to see our three rules (respect everyone, no NSFW, …)": it shows the list written.
        const listed = listedCommand(reader, { name: mention.name, type: mention.type, tokens: mention.tokens });
        if (listed) {
          draft.commands.push({ ...listed, clause: whole.clause });
          continue;
        }
        // A command named again only to say who may use it is not a new command.
        if (described || !reader.has("only admin mod moderator staff cooldown permission can")) {
          draft.notes.push({
            text: label,
            reason: `I could not tell what ${label} should do. Say what it replies, e.g. "${label} replies 'Hello!'".`,
            command: { name: mention.name, type: mention.type === "slash" ? "slash" : "prefix" },
          });
        }
      } else {
        draft.notes.push({
          text: mention.tokens.map((t) => t.text).join(" "),
          reason: "I could not tell what this command should do, or what to call it.",
        });
      }
    }
  }
}

/** The words of a clause that are not about the commands it names (all of them when it names none). */
function notAboutCommands(whole: Reader): Reader | null {
  const part = commandPart(whole);
  if (!whole.clause.mentions.length) return whole;
  if (part === whole) return null;
  return whole.part(whole.tokens.slice(0, whole.tokens.indexOf(part.tokens[0]!)));
}

export function recogniseClauses(readers: Reader[], draft: Draft, facts: Facts): void {
  for (const whole of readers) {
    const reader = notAboutCommands(whole);
    if (reader) for (const recogniser of clauseRecognisers) recogniser.read(reader, draft, facts);
    recogniseLadder(whole, draft, facts);
    readStartingAmount(whole, draft, facts);
    readPersistence(whole, draft);
  }
  finishXp(draft, facts);
}

/** "After 3 warnings they get a 1 hour timeout": a ladder for /warn said on its own. */
function recogniseLadder(reader: Reader, draft: Draft, facts: Facts): void {
  {
    const open = reader.unclaimed();
    if (
      !reader.clause.mentions.length &&
      open.has("warning warn strike infraction") &&
      open.tokens.some((t) => t.number !== undefined)
    ) {
      const rungs = readLadder(reader);
      if (rungs.length) {
        draft.ladder.push(...rungs);
        if (!draft.commands.some((c) => c.ladder))
          for (const part of warnFeature.build({
            reader,
            name: "warn",
            type: facts.defaultType,
            facts,
            draft,
            named: false,
          }))
            draft.commands.push({ ...part, strength: 1, clause: reader.clause });
      }
    }
  }
}

/** Features asked for in words, with no command named ("users can check their balance"). */
const moderationFeatures = new Set(["kick", "ban", "unban", "timeout", "untimeout", "purge", "slowmode", "warn"]);
/** "mute people who spam": a rule for the bot to follow, not a command for moderators. */
const conditional = [
  "who",
  "when",
  "whenever",
  "if",
  "after",
  "automatically",
  "spam",
  "spamming",
  "anyone",
  "someone",
];

export function recogniseImplicit(readers: Reader[], draft: Draft, facts: Facts): void {
  // "Needs Ban Members." names a permission, not a /ban command.
  for (const whole of readers) for (const label of permissionsNamed(whole)) whole.claim(...label.tokens);
  for (const whole of readers) {
    // In a clause that names a command, only the words before it can ask for something else.
    // The words before a named command ("game night poll: /gamenight …") name it; they ask for no other command.
    if (whole.clause.mentions.length) continue;
    const reader = whole;
    for (const feature of commandFeatures) {
      if (!feature.implicit) continue;
      if (moderationFeatures.has(feature.id) && reader.has(...conditional)) continue;
      // "I need verify system" with a /verify made: that command is the system asked for.
      if (draft.commands.some((part) => part.feature === feature.id && part.strength > 1)) continue;
      const open = reader.unclaimed();
      if (!open.tokens.length || !feature.cue(open)) continue;
      for (const part of feature.build({
        reader: open,
        name: feature.defaultName,
        type: facts.defaultType,
        facts,
        draft,
        named: false,
      }))
        draft.commands.push({ ...part, feature: part.feature ?? feature.id, strength: 1, clause: whole.clause });
    }
  }
}

/**
 * What a clause says about commands applies to the ones it names, else to those named earlier
 * in the same sentence ("/purge deletes messages, /slowmode sets slowmode, admins only"), else
 * to the last ones named before it ("… Only admins can use it.").
 */
export function recogniseModifiers(readers: Reader[], draft: Draft): void {
  let previous: CommandPart[] = [];
  let sentence = -1;
  let inSentence: CommandPart[] = [];
  for (const reader of readers) {
    if (reader.clause.sentence !== sentence) {
      sentence = reader.clause.sentence;
      inSentence = [];
    }
    const own = draft.commands.filter((part) => part.clause === reader.clause);
    if (own.length) {
      previous = own;
      inSentence = [...inSentence, ...own];
    }
    // "staff only (Moderator role):" over a list of commands: it is about the ones that follow.
    const heading = !own.length && reader.tokens[reader.tokens.length - 1]?.text === ":";
    const after = heading
      ? draft.commands.filter((part) => {
          const first = part.clause?.tokens[0];
          return first !== undefined && first.index > reader.tokens[reader.tokens.length - 1]!.index;
        })
      : [];
    const applied = applyModifiers(
      reader,
      draft,
      own.length ? own : after.length ? after : inSentence.length ? inSentence : previous,
    );
    if (applied.length && !own.length) previous = applied;
  }
}

const takesWords = new Set(["takes", "take", "taking", "has", "needs", "need", "accepts", "with", "gets"]);

/** "A dice bot with a /roll command": words naming a command the bot got count as understood. */
export function claimFeatureWords(readers: Reader[], draft: Draft): void {
  for (const part of draft.commands) {
    const feature = commandFeatures.find((f) => f.id === part.feature);
    const words = new Set([part.command.name, ...(feature?.names ?? [])]);
    // "takes a user and a reason", "with a number option": the options the command has, and the
    // words that gave them to it.
    const options = new Set(
      [...(part.command.options ?? []), ...(part.command.subcommands ?? []).flatMap((sub) => sub.options ?? [])]
        .filter((o) => o && typeof o.name === "string")
        .map((o) => o.name),
    );
    for (const reader of readers) {
      if (reader.clause.sentence !== part.clause?.sentence) continue;
      reader.claim(...reader.tokens.filter((t) => t.kind === "word" && (words.has(t.lower) || words.has(t.base))));
      reader.tokens.forEach((token, i) => {
        // "New member write /verify", "people type !hello": how the command is used.
        if (
          // "New member write /verify", "people type !hello": how the command is used.
          leadIn.has(token.lower) &&
          reader.tokens[i + 1]?.kind === "command" &&
          reader.tokens[i + 1]!.command?.name === part.command.name
        )
          reader.claim(token);
        // "with option user and option minutes": the word "option" before one of them.
        if (["option", "options"].includes(token.lower) && options.has(reader.tokens[i + 1]?.lower ?? ""))
          reader.claim(token, reader.tokens[i + 1]);
        if (token.kind !== "word" || !takesWords.has(token.lower) || reader.isClaimed(token)) return;
        const after = reader.tokens.slice(i + 1, i + 4);
        const named = after.find((t) => options.has(t.lower) || (t.kind === "arg" && options.has(t.arg!.name)));
        if (named && after.slice(0, after.indexOf(named)).every((t) => t.stop || ["optional", "one"].includes(t.lower)))
          reader.claim(token, ...after.slice(0, after.indexOf(named) + 1));
      });
    }
  }
}
