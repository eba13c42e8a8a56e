/**
 * Commands that look things up or work things out: FAQ answers from a table ("when someone
 * asks /faq rules reply 'Be kind'"), a calculator, and custom commands members add themselves.
 */
import { addData, command, ifThen, reply, type CommandFeature, type CommandPart, type SubcommandInput } from "../parts";
import type { Reader } from "../read";
import type { Token } from "../text";

const answerMarkers = new Set([":", "=", "→", "means", "->"]);
const answerVerbs = ["reply", "respond", "answer", "say", "return", "show", "give", "tell", "post"];

/** "rules: be kind", "'hours' → 9 to 5", "rules replies 'be kind'", "/faq rules reply …". */
export function readRows(reader: Reader, after?: Token): Record<string, string> {
  const rows: Record<string, string> = {};
  const tokens = reader.after(after);
  for (let i = 0; i < tokens.length; i++) {
    const marker = tokens[i]!;
    if (reader.isClaimed(marker)) continue;
    const arrow = marker.lower === "-" && tokens[i + 1]?.lower === ">";
    const isMarker =
      answerMarkers.has(marker.lower) || arrow || (marker.kind === "word" && answerVerbs.includes(marker.base));
    if (!isMarker) continue;
    let k = i - 1;
    while (k >= 0 && ["with", "then", "about", "it", ","].includes(tokens[k]!.lower)) k--;
    const key = tokens[k];
    if (
      !key ||
      reader.isClaimed(key) ||
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
      summary: "looks up the answer for a topic",
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
  cue: (reader) => reader.has("calculator calculate calc math"),
  implicit: true,
  build({ reader, name, type, draft }) {
    reader.claimWords("calculator calculate calc math do simple basic number two operation result");
    const asked = operations.filter((op) => reader.claimWords(...op.words));
    const chosen = asked.length ? asked : operations.slice(0, 4);
    const free = reader.find("expression equation formula problem sum");
    if (free) {
      reader.claim(free);
      draft.notes.push({
        text: free.text,
        reason: `A bot built here works out fixed formulas only, so /${name} takes two numbers and an operation (/${name} add 2 3); it cannot read a whole typed expression like 2+3*4.`,
      });
    }
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
