/**
 * Commands that look things up or work things out: FAQ answers from a table ("when someone
 * asks /faq rules reply 'Be kind'"), a calculator, and custom commands members add themselves.
 */
import { addData, command, ifThen, reply, type CommandFeature, type CommandPart, type SubcommandInput } from "../parts";
import type { Reader } from "../read";
import type { Token } from "../text";
import { declaredOptions } from "./options";

const answerMarkers = new Set([":", "=", "→", "means", "->", "-", "–", "—"]);
const answerVerbs = ["reply", "respond", "answer", "say", "return", "show", "give", "tell", "post"];

/** "rules: be kind", "'hours' → 9 to 5", "rules replies 'be kind'", "/faq rules reply …". */
export function readRows(reader: Reader, after?: Token): Record<string, string> {
  const rows: Record<string, string> = {};
  const tokens = reader.after(after);
  for (let i = 0; i < tokens.length; i++) {
    const marker = tokens[i]!;
    if (reader.isClaimed(marker)) continue;
    const arrow = (marker.lower === "-" || marker.lower === "=") && tokens[i + 1]?.lower === ">";
    // A dash between words ("France - Paris") marks a row; one inside a word ("co-op") does not.
    if (["-", "–", "—"].includes(marker.lower) && !arrow && (marker.joined || tokens[i + 1]?.joined)) continue;
    const isMarker =
      answerMarkers.has(marker.lower) || arrow || (marker.kind === "word" && answerVerbs.includes(marker.base));
    if (!isMarker) continue;
    let k = i - 1;
    while (k >= 0 && ["with", "then", "about", "it", ","].includes(tokens[k]!.lower)) k--;
    const key = tokens[k];
    if (
      !key ||
      reader.isClaimed(key) ||
      !/[\p{L}\p{N}]/u.test(key.text) ||
      !(key.kind === "quote" || (key.kind === "word" && !key.stop && key.pos !== "VERB"))
    )
      continue;
    const valueFrom = arrow ? tokens[i + 1]! : marker;
    const value = reader.textAfter(valueFrom);
    if (!value) continue;
    const name = key.text.trim().toLowerCase().slice(0, 100);
    if (!name) continue;
    rows[name] = value.text.slice(0, 1_000);
    reader.claim(key, marker, ...value.tokens, ...tokens.slice(k + 1, i));
    i += value.tokens.length;
  }
  return rows;
}

export const faqFeature: CommandFeature = {
  id: "faq",
  category: "lookups",
  names: ["faq", "ask", "info", "question", "lookup", "wiki", "tag"],
  defaultName: "faq",
  cue: (reader) => reader.has("faq", "lookup"),
  implicit: true,
  build({ reader, name, type }) {
    reader.claimWords("faq lookup ask asks someone when question topic answer look up with for about");
    const mention = reader.clause.mentions.find((m) => m.name === name);
    const rows = readRows(reader, mention?.tokens[mention.tokens.length - 1]);
    const draft = command(name, type, "Look up an answer", [
      {
        do: "lookup",
        table: "faq",
        key: "{option.topic}",
        fallback: "I don't have an answer for that yet.",
        saveAs: "answer",
      },
      reply("{result.answer}"),
    ]);
    draft.options.push({ name: "topic", description: "Which topic", type: "string", required: true });
    const part: CommandPart = {
      command: draft,
      summary: "answers about",
      category: "lookups",
      strength: Object.keys(rows).length ? 3 : 2,
      clause: null,
      feature: "faq",
      rows: { table: "faq", rows },
    };
    return [part];
  },
};

const operations = [
  { name: "add", words: ["add", "addition", "plus", "sum"], symbol: "+", description: "a + b" },
  { name: "subtract", words: ["subtract", "subtraction", "minus", "difference"], symbol: "-", description: "a − b" },
  { name: "multiply", words: ["multiply", "multiplication", "times", "product"], symbol: "*", description: "a × b" },
  { name: "divide", words: ["divide", "division", "quotient"], symbol: "/", description: "a ÷ b" },
  {
    name: "power",
    words: ["power", "exponent", "pow", "exponentiation"],
    symbol: "^",
    description: "a to the power b",
  },
] as const;

export const calculatorFeature: CommandFeature = {
  id: "calc",
  category: "calculators",
  names: ["calc", "calculate", "calculator", "math", "compute"],
  defaultName: "calc",
  cue: (reader) =>
    reader.has("calculator calculate calc math") &&
    !reader.clause.mentions.some((m) => m.name !== "calc" && m.name !== "calculator"),
  implicit: true,
  build({ reader, name, type, draft }) {
    // "/calc <expression>", "evaluates arithmetic like 2+3*4", "a calculator": what the member types
    // is worked out as a whole. Only operations named as separate commands on two numbers
    // ("/calc add a b", "add, subtract … two numbers") make one sub-command each.
    const mention = reader.clause.mentions.find((m) => m.name === name);
    const usage = mention ? declaredOptions(reader, mention.tokens[mention.tokens.length - 1]!) : [];
    const typed = usage.find((o) => o.type === "string");
    const twoNumbers =
      usage.filter((o) => o.type === "number" || o.type === "integer").length >= 2 ||
      reader.tokens.some((t, i) => ["two", "2"].includes(t.lower) && reader.tokens[i + 1]?.base === "number") ||
      (draft.parents !== undefined && [...draft.parents.values()].includes(name)) ||
      // "/calc add a b": an operation written as the command's sub-command.
      reader.clause.mentions.some((m) => {
        const next = reader.doc.tokens[m.tokens[m.tokens.length - 1]!.index + 1];
        return m.name === name && operations.some((op) => op.name === next?.lower);
      });
    const named = operations.filter((op) => op.words.some((word) => reader.tokens.some((t) => t.lower === word)));
    const whole =
      reader.has("expression equation formula arithmetic evaluate solve problem") ||
      reader.tokens.some((t) => /\d\s*[-+*/^x×÷]\s*\d/.test(t.text));
    // Operations listed ("can add, subtract, multiply and divide") are sub-commands unless a whole sum is asked for.
    if (typed || whole || !(twoNumbers || named.length >= 2))
      return [expressionCalculator(reader, name, type, typed?.name)];
    reader.claimWords("calculator calculate calc math do simple basic number two operation result");
    const asked = operations.filter((op) => reader.claimWords(...op.words));
    const chosen = asked.length ? asked : operations.slice(0, 4);
    const subcommands: SubcommandInput[] = chosen.map((op) => ({
      name: op.name,
      description: op.description,
      options: [
        { name: "a", description: "First number", type: "number" },
        { name: "b", description: "Second number", type: "number" },
      ],
      actions: [
        { do: "calculate", expression: `{option.a} ${op.symbol} {option.b}`, saveAs: "result" },
        reply(
          `{option.a} ${op.symbol === "*" ? "×" : op.symbol === "/" ? "÷" : op.symbol} {option.b} = {result.result}`,
        ),
      ],
    }));
    const draft_ = command(name, type === "prefix" ? "slash" : type, "Work out a + b, a − b and more", []);
    draft_.subcommands = subcommands;
    return [
      {
        command: draft_,
        summary: `works out ${chosen.map((op) => op.name).join(", ")} of two numbers (/${name} ${chosen[0]!.name} a b)`,
        category: "calculators",
        strength: 3,
        clause: null,
        feature: "calc",
      },
    ];
  },
};

/** A calculator of what the member types: "/calc 2+3*4" → "2+3*4 = 14"; anything else is said not to be a sum. */
function expressionCalculator(
  reader: Reader,
  name: string,
  type: "slash" | "prefix",
  option = "expression",
): CommandPart {
  reader.claimWords(
    "calculator calculate calc math do simple basic number numbers operation result expression equation formula problem sum sums evaluate evaluates solve solves work works out answer arithmetic like any it gives give replies with the takes take",
  );
  // "like 2+3*4", "e.g. (1+2)*3": the examples are what a member types.
  reader.claim(...reader.tokens.filter((t) => /^[\d.()+\-*/^%x×÷\s]+$/.test(t.text) && /[\d]/.test(t.text)));
  reader.claim(...reader.tokens.filter((t) => ["+", "-", "*", "/", "^", "%", "x", "×", "÷"].includes(t.text)));
  for (const op of operations) reader.claimWords(...op.words);
  const draft = command(name, type, "Work out a sum like 2+3*4", [
    { do: "calculate", expression: `evaluate({option.${option}})`, saveAs: "answer" },
    ifThen(
      { test: "compare", left: "{result.answer}", op: "==", right: "NaN" },
      [reply(`I couldn't work out “{option.${option}}”. Try something like 2+3*4.`, true)],
      [reply(`{option.${option}} = {result.answer}`)],
    ),
  ]);
  draft.options.push({ name: option, description: "A sum, like 2+3*4", type: "string", required: true });
  return {
    command: draft,
    summary: `works out the sum typed (+ − × ÷ ^ and brackets: /${name} 2+3*4 → 14)`,
    category: "calculators",
    strength: 3,
    clause: null,
    feature: "calc",
  };
}

export const customCommandsFeature: CommandFeature = {
  id: "custom",
  category: "custom",
  names: ["cc", "customcommand", "customcommands", "custom", "addcommand", "tags"],
  defaultName: "cc",
  cue: (reader) => reader.has("custom") && reader.has("command response reply trigger responder"),
  implicit: true,
  build({ reader, name, type, draft }) {
    reader.claimWords(
      "custom command response reply trigger responder add remove delete list own their create make word respond",
    );
    addData(draft, { name: "responses", kind: "text", scope: "server", keyed: true });
    const draft_ = command(name, "slash", "Custom commands", []);
    draft_.permissions = ["ManageGuild"];
    draft_.subcommands = [
      {
        name: "add",
        description: "Add or change a custom command",
        options: [
          { name: "trigger", description: "The word after !", type: "string" },
          { name: "response", description: "What the bot replies", type: "string" },
        ],
        actions: [
          { do: "store", data: "responses", op: "set", key: "!{option.trigger}", value: "{option.response}" },
          reply("Added !{option.trigger}.", true),
        ],
      },
      {
        name: "remove",
        description: "Remove a custom command",
        options: [{ name: "trigger", description: "The word after !", type: "string" }],
        actions: [
          { do: "store", data: "responses", op: "delete", key: "!{option.trigger}" },
          reply("Removed !{option.trigger}.", true),
        ],
      },
      {
        name: "list",
        description: "List the custom commands",
        actions: [
          { do: "store", data: "responses", op: "list", order: "key", saveAs: "all" },
          reply("{result.all}", true),
        ],
      },
    ];
    draft.events.push({
      event: {
        on: "messageMatches",
        pattern: "^!\\w+$",
        actions: [
          { do: "store", data: "responses", op: "get", key: "{message.content}", saveAs: "response" },
          ifThen({ test: "isSet", value: "{result.response}" }, [reply("{result.response}")]),
        ],
      },
      plan: "When someone types !word: replies with that custom command's response, if there is one",
      category: "custom",
      clause: reader.clause,
    });
    void type;
    return [
      {
        command: draft_,
        summary: "adds, removes and lists custom commands that members use as !word",
        category: "custom",
        strength: 3,
        clause: null,
        feature: "custom",
      },
    ];
  },
};

/** Rows written as "1 Be respectful, 2 No spam" after "rules:". */
function numberedRows(reader: Reader, tokens: Token[]): Record<string, string> {
  const rows: Record<string, string> = {};
  tokens.forEach((token, i) => {
    const before = tokens[i - 1]?.lower ?? ",";
    if (token.number === undefined || !Number.isInteger(token.number) || ![",", ":", ";", "."].includes(before)) return;
    const words: Token[] = [];
    for (const next of tokens.slice(i + 1)) {
      if ([",", ";"].includes(next.lower) || next.number !== undefined) break;
      words.push(next);
    }
    if (!words.length || words[words.length - 1]!.lower === ".") words.pop();
    if (!words.length) return;
    rows[String(token.number)] = reader.doc.text.slice(words[0]!.start, words[words.length - 1]!.end);
    reader.claim(token, ...words);
  });
  return rows;
}

/**
 * Rows written as "key value" items after a colon: "Just a few: H Hydrogen 1, He Helium 2, C Carbon 6"
 * — the first word of each item is the key, the rest its answer. Three items at least, so a
 * plain sentence is not read as rows.
 */
function spacedRows(reader: Reader): Record<string, string> {
  const tokens = reader.tokens;
  const colon = tokens.findLastIndex((t) => t.lower === ":" && !reader.isClaimed(t));
  if (colon < 0) return {};
  const items: Token[][] = [[]];
  for (const token of tokens.slice(colon + 1)) {
    if (reader.isClaimed(token) || token.kind === "command" || token.lower === "." || token.lower === ";") break;
    if (token.lower === ",") items.push([]);
    else if (!(token.lower === "and" && !items[items.length - 1]!.length)) items[items.length - 1]!.push(token);
  }
  const rows: Record<string, string> = {};
  const used: Token[] = [];
  for (const item of items) {
    const [key, ...rest] = item;
    if (!key || !rest.length || rest.length > 8 || !/^[\p{L}\p{N}]+$/u.test(key.text)) return {};
    rows[key.text] = reader.doc.text.slice(rest[0]!.start, rest[rest.length - 1]!.end);
    used.push(...item);
  }
  if (Object.keys(rows).length < 3) return {};
  reader.claim(tokens[colon], ...used);
  return rows;
}

/** "If the word isn't in the list reply 'I don't know that one yet.'" */
function fallbackText(reader: Reader, tokens: Token[]): string | undefined {
  const negative = tokens.findIndex((t) => ["n't", "not", "no", "isn't", "unknown"].includes(t.lower));
  if (negative < 0) return undefined;
  const verb = tokens
    .slice(negative)
    .find((t) => t.kind === "word" && ["reply", "say", "respond", "answer", "tell"].includes(t.base));
  const quote = verb ? reader.after(verb).find((t) => t.kind === "quote") : undefined;
  let from = negative;
  while (from > 0 && negative - from < 6 && !["if", "when", "unless"].includes(tokens[from]!.lower)) from--;
  if (!["if", "when", "unless"].includes(tokens[from]!.lower)) from = negative;
  reader.claim(...tokens.slice(from, tokens.indexOf(quote ?? verb ?? tokens[negative]!) + 1));
  return quote?.text ?? (verb ? "There is nothing under that name." : undefined);
}

/**
 * A command that looks its one argument up in rows the description lists:
 * "/define <term> … api = Application Programming Interface", "!capital <country>: France - Paris, Japan - Tokyo",
 * "/rule number … Rules: 1 Be respectful, 2 No spam".
 */
export const lookupFeature: CommandFeature = {
  id: "lookup",
  category: "lookups",
  names: ["define", "capital", "rule", "glossary", "meaning", "whatis", "lookup", "element"],
  defaultName: "lookup",
  cue: () => false,
  implicit: false,
  build({ reader, name, type }) {
    const mention = reader.clause.mentions.find((m) => m.name === name);
    const declared = mention ? declaredOptions(reader, mention.tokens[mention.tokens.length - 1]!) : [];
    // The rows may follow on later lines, up to the next command.
    const start = reader.doc.tokens.indexOf(reader.tokens[0]!);
    let end = reader.doc.tokens.findIndex((t, i) => i > start && t.kind === "command" && t.command?.name !== name);
    if (end < 0) end = reader.doc.tokens.length;
    const scope = reader.part(reader.doc.tokens.slice(start, end));
    const numbered = numberedRows(scope, scope.tokens);
    const said = fallbackText(scope, scope.tokens);
    const fallback = said ?? "I don't know that one.";
    let rows = { ...numbered, ...readRows(scope, mention?.tokens[mention.tokens.length - 1]) };
    if (Object.keys(rows).length < 2) rows = { ...rows, ...spacedRows(scope) };
    if (Object.keys(rows).length < 2) return [];
    const key = declared[0]?.name ?? "key";
    const table = ("t_" + name.replace(/[^a-z0-9_]/g, "_")).slice(0, 32);
    const draft = command(name, type, `Look up a ${key}`, [
      { do: "lookup", table, key: `{option.${key}}`, fallback, saveAs: "answer" },
      reply("{result.answer}"),
    ]);
    draft.options = [{ name: key, description: key[0]!.toUpperCase() + key.slice(1), type: "string", required: true }];
    scope.claimWords(
      "look up word list our glossary tells you the shows that gives name and just a few if there's with",
    );
    return [
      {
        command: draft,
        summary: `answers with the row for the ${key}`,
        category: "lookups",
        strength: 3,
        clause: null,
        feature: "lookup",
        rows: { table, rows },
        // "If the word isn't in the list, say so": a member may type any word.
        ...(said !== undefined ? { openKey: true } : {}),
      },
    ];
  },
};
