/**
 * Calculators people ask for by name: /add a b, /multiply a b, /ctof, /ftoc, /percent x y,
 * /tip bill [percent], /split total people, /bmi weight height. Each is a fixed formula over
 * number options (named as the description names them), rounded when it says so.
 */
import type { Action } from "@/lib/blueprint/schema";

import { command, ifThen, reply, type CommandFeature, type CommandPart, type OptionInput } from "../parts";
import type { Reader } from "../read";
import type { ClauseRecogniser } from "./members";
import { declaredOptions, wordOptions } from "./options";

interface Formula {
  names: readonly string[];
  /** Its numbers, in the order the usage line gives them. */
  inputs: readonly string[];
  /** Expressions over the inputs ($1, $2…) and earlier results ({result.name}). */
  steps: readonly [expression: string, saveAs: string][];
  /** The answer; $1, $2… are the inputs. */
  answer: string;
  summary: string;
  /** "whether that's underweight, normal or overweight": the answer's band, by the last result (below each bound). */
  bands?: { label: string; below: number | null; optional?: true }[];
}

const formulas: readonly Formula[] = [
  {
    names: ["add", "sum", "plus"],
    inputs: ["a", "b"],
    steps: [["$1 + $2", "result"]],
    answer: "$1 + $2 = {result.result}",
    summary: "adds two numbers",
  },
  {
    names: ["subtract", "minus", "sub"],
    inputs: ["a", "b"],
    steps: [["$1 - $2", "result"]],
    answer: "$1 − $2 = {result.result}",
    summary: "subtracts two numbers",
  },
  {
    names: ["multiply", "times", "product", "mul"],
    inputs: ["a", "b"],
    steps: [["$1 * $2", "result"]],
    answer: "$1 × $2 = {result.result}",
    summary: "multiplies two numbers",
  },
  {
    names: ["divide", "div"],
    inputs: ["a", "b"],
    steps: [["$1 / $2", "result"]],
    answer: "$1 ÷ $2 = {result.result}",
    summary: "divides two numbers",
  },
  {
    names: ["ctof", "c2f", "celsius", "to-fahrenheit", "tofahrenheit", "to_fahrenheit", "fahrenheit-from-celsius"],
    inputs: ["celsius"],
    steps: [["$1 * 9 / 5 + 32", "result"]],
    answer: "$1 °C = {result.result} °F",
    summary: "converts Celsius to Fahrenheit",
  },
  {
    names: ["ftoc", "f2c", "fahrenheit", "to-celsius", "tocelsius", "to_celsius", "celsius-from-fahrenheit"],
    inputs: ["fahrenheit"],
    steps: [["($1 - 32) * 5 / 9", "result"]],
    answer: "$1 °F = {result.result} °C",
    summary: "converts Fahrenheit to Celsius",
  },
  {
    names: ["interest", "simpleinterest", "simple-interest"],
    inputs: ["principal", "rate", "years"],
    steps: [
      ["$1 * $2 * $3 / 100", "interest"],
      ["$1 + $1 * $2 * $3 / 100", "total"],
    ],
    answer: "Interest: {result.interest} — final amount: {result.total}",
    summary: "works out simple interest and the final amount",
  },
  {
    names: ["percent", "percentage", "pct"],
    inputs: ["x", "y"],
    steps: [["$1 * $2 / 100", "result"]],
    answer: "$1% of $2 is {result.result}",
    summary: "works out x% of y",
  },
  {
    // "/percent <part> <total> says what percent it is": the share, not x% of y (chosen by the words below).
    names: ["whatpercent", "percentof"],
    inputs: ["part", "total"],
    steps: [["$1 / $2 * 100", "result"]],
    answer: "$1 is {result.result}% of $2",
    summary: "works out what percent one number is of another",
  },
  {
    names: ["discount"],
    inputs: ["price", "percent"],
    steps: [
      ["$1 * (1 - $2 / 100)", "result"],
      ["$1 * $2 / 100", "saved"],
    ],
    answer: "$2% off $1: {result.result} (you save {result.saved})",
    summary: "works out the price after a discount",
  },
  {
    names: ["hours", "tohours", "minutestohours", "mintohours"],
    inputs: ["minutes"],
    steps: [
      ["floor($1 / 60)", "hours"],
      ["$1 - floor($1 / 60) * 60", "rest"],
    ],
    answer: "$1 minutes = {result.hours} h {result.rest} min",
    summary: "turns minutes into hours and minutes",
  },
  {
    names: ["tip"],
    inputs: ["bill", "percent"],
    steps: [
      ["$1 * $2 / 100", "tip"],
      ["$1 + {result.tip}", "total"],
    ],
    answer: "Tip: {result.tip}, total: {result.total}",
    summary: "works out the tip and the total",
  },
  {
    names: ["split"],
    inputs: ["total", "people"],
    steps: [["$1 / $2", "result"]],
    answer: "Each person pays {result.result}.",
    summary: "splits a total between people",
  },
  {
    names: ["bmi"],
    inputs: ["weight", "height"],
    steps: [["$1 / ($2 / 100) ^ 2", "result"]],
    answer: "BMI: {result.result}",
    summary: "works out the BMI from kg and cm",
    // The WHO's adult bands; "obese" only when the description names it.
    bands: [
      { label: "underweight", below: 18.5 },
      { label: "normal", below: 25 },
      { label: "overweight", below: 30 },
      { label: "obese", below: null, optional: true },
    ],
  },
  {
    names: ["square"],
    inputs: ["number"],
    steps: [["$1 ^ 2", "result"]],
    answer: "$1² = {result.result}",
    summary: "squares a number",
  },
  {
    names: ["sqrt", "root"],
    inputs: ["number"],
    steps: [["sqrt($1)", "result"]],
    answer: "√$1 = {result.result}",
    summary: "works out a square root",
  },
];

/** "rounded to 2 decimals": how many. */
export function decimals(reader: Reader): number | null {
  const word = reader.find("round", "rounded");
  if (!word) {
    // "show 2 decimals", "to 1 decimal place", "with 3 decimal places".
    const unit = reader.tokens.find(
      (t, i) =>
        ["decimal", "decimals", "dp"].includes(t.lower) &&
        reader.tokens[i - 1]?.number !== undefined &&
        reader.tokens[i - 1]!.number! <= 6,
    );
    if (!unit) return null;
    const count = reader.next(unit, -1)!;
    const place = reader.next(unit);
    reader.claim(unit, count, place && ["place", "places"].includes(place.lower) ? place : undefined);
    reader.claimWords("show shows with to");
    return Math.floor(count.number!);
  }
  const places = reader
    .after(word)
    .slice(0, 4)
    .find((t) => t.number !== undefined && t.number <= 6);
  reader.claim(
    word,
    places,
    ...reader
      .after(word)
      .slice(0, 5)
      .filter((t) => ["to", "decimal", "decimals", "places", "place", "down", "up"].includes(t.lower)),
  );
  return places?.number ?? 0;
}

export const formulaFeature: CommandFeature = {
  id: "formula",
  category: "calculators",
  names: formulas.flatMap((f) => f.names),
  defaultName: "add",
  cue: () => false,
  implicit: false,
  build({ reader, name, type }) {
    const asked = formulas.find((f) => f.names.includes(name))!;
    // "/percent <part> <total> says what percent it is": the share of the total, not x% of y.
    const share =
      asked.names[0] === "percent" &&
      (reader.tokens.some(
        (t, i) => t.lower === "what" && ["percent", "percentage", "%"].includes(reader.tokens[i + 1]?.lower ?? ""),
      ) ||
        reader.tokens.some(
          (t) => t.kind === "arg" && ["part", "total", "whole", "out_of"].includes(t.arg?.name ?? ""),
        ));
    const formula = share ? formulas.find((f) => f.names[0] === "whatpercent")! : asked;
    if (share) reader.claimWords("what percent percentage it is of says");
    const mention = reader.clause.mentions.find((m) => m.name === name);
    const declared = mention ? declaredOptions(reader, mention.tokens[mention.tokens.length - 1]!) : [];
    // "/sum <numbers> adds up all the numbers you give it": one text of numbers, not a + b.
    if (formula.names[0] === "add" && declared.length <= 1 && listSaid(reader)) return numberList(reader, name, type);
    // "/hours start end" is not minutes to hours: more numbers typed than the formula takes.
    if (declared.length > formula.inputs.length) return [];
    if (formula.names[0] === "hours" && !reader.has("minute minutes mins min")) return [];
    // "/add <user> adds someone to the ticket": a member, not numbers — not a sum.
    if (declared.some((option) => option.type === "user" || option.type === "channel" || option.type === "role"))
      return [];
    const names = declared.length === formula.inputs.length ? declared.map((o) => o.name) : formula.inputs;
    const options: OptionInput[] = names.map((input, i) => {
      const said = declared.find((o) => o.name === input);
      const option: OptionInput = {
        name: input,
        description: input[0]!.toUpperCase() + input.slice(1),
        type: "number",
        required: said?.required ?? true,
      };
      if (option.required === false) {
        const fallback = reader.tokens.find(
          (t, k) => ["default", "defaults"].includes(reader.tokens[k - 1]?.lower ?? "") && t.number !== undefined,
        );
        if (fallback) reader.claim(fallback, reader.next(fallback, -1));
        option.default = String(fallback?.number ?? (formula.names[0] === "tip" && i === 1 ? 15 : 0));
      }
      return option;
    });
    const fill = (text: string) => text.replace(/\$(\d)/g, (_, n: string) => `{option.${names[Number(n) - 1]}}`);
    const places = decimals(reader);
    const actions: Action[] = formula.steps.map(([expression, saveAs], i) => {
      const last = i === formula.steps.length - 1;
      const rounded =
        places !== null && last ? `round((${fill(expression)}) * ${10 ** places}) / ${10 ** places}` : fill(expression);
      return { do: "calculate", expression: rounded, saveAs };
    });
    const banded = formula.bands && reader.has(formula.bands.map((band) => band.label).join(" "));
    if (formula.bands && banded) {
      // The bands the description names: the last one has no upper bound.
      const bands = formula.bands.filter((band) => !band.optional || reader.has(band.label));
      reader.claimWords(`whether that's that is it's ${bands.map((band) => band.label).join(" ")} or`);
      const last = formula.steps[formula.steps.length - 1]![1];
      const ladder = (index: number): Action[] => {
        const band = bands[index]!;
        const answer = reply(`${fill(formula.answer)} (${band.label})`);
        if (index === bands.length - 1 || band.below === null) return [answer];
        return [
          ifThen(
            { test: "compare", left: `{result.${last}}`, op: "<", right: String(band.below) },
            [answer],
            ladder(index + 1),
          ),
        ];
      };
      actions.push(...ladder(0));
    } else actions.push(reply(fill(formula.answer)));
    reader.claimWords(
      "number numbers decimal decimals can have give gives show shows reply with and the convert converts to opposite does optional default kg cm lbs how much what is of each person pays",
    );
    reader.claimWords(...names, ...formula.names, ...formula.summary.split(" "));
    const draft = command(name, type, formula.summary, actions);
    draft.options = options;
    return [
      {
        command: draft,
        summary:
          formula.summary +
          (banded && formula.bands
            ? `, and says whether that is ${formula.bands
                .filter((band) => !band.optional || reader.has(band.label))
                .map((band) => band.label)
                .join(", ")}`
            : "") +
          (places !== null ? `, rounded to ${places} decimal${places === 1 ? "" : "s"}` : ""),
        category: "calculators",
        strength: 3,
        clause: null,
        feature: "formula",
      },
    ];
  },
};

/** "numbers separated by spaces", "a list of numbers", "all the numbers you give it". */
function listSaid(reader: Reader): boolean {
  return (
    reader.has("numbers") &&
    (reader.has("list separated seperated bunch several many all any spaces commas") || reader.has("average mean"))
  );
}

/**
 * "/average: one text option, numbers, where you type numbers separated by spaces; it replies with
 * their average", "/sum <numbers> adds up all the numbers": one text the member types numbers in.
 */
export const numberListFeature: CommandFeature = {
  id: "numberlist",
  category: "calculators",
  names: ["average", "avg", "mean", "total", "sumall"],
  defaultName: "average",
  cue: (reader) => reader.has("average mean sum total") && listSaid(reader),
  implicit: false,
  build: ({ reader, name, type }) => numberList(reader, name, type),
};

/** The command that averages or adds up the numbers typed in one text option. */
function numberList(reader: Reader, name: string, type: "slash" | "prefix"): CommandPart[] {
  const mention = reader.clause.mentions.find((m) => m.name === name);
  const from = mention?.tokens[mention.tokens.length - 1];
  const said = [...(from ? declaredOptions(reader, from) : []), ...wordOptions(reader, from)];
  const option = said.find((o) => o.type === "string") ?? said[0];
  // "one text option, numbers, where…": the name after the option's kind.
  const at = reader.tokens.findIndex((t) => t.base === "option");
  const named = at >= 0 && reader.tokens[at + 1]?.lower === "," ? reader.tokens[at + 2] : undefined;
  const optionName =
    named?.kind === "word" &&
    /^[a-z][a-z0-9_-]{0,31}$/.test(named.lower) &&
    (!option || ["text", "string"].includes(option.name))
      ? named.lower
      : (option?.name ?? "numbers");
  const averaging = reader.has("average avg mean") || ["average", "avg", "mean"].includes(name);
  const summing = reader.has("sum total add adds") || !averaging;
  const places = decimals(reader);
  const rounded = (expression: string) =>
    places === null ? expression : `round((${expression}) * ${10 ** places}) / ${10 ** places}`;
  const actions: Action[] = [];
  if (averaging)
    actions.push({ do: "calculate", expression: rounded(`average({option.${optionName}})`), saveAs: "average" });
  if (summing) actions.push({ do: "calculate", expression: rounded(`sum({option.${optionName}})`), saveAs: "total" });
  actions.push(
    reply(
      averaging && summing
        ? "The average is {result.average} (the sum is {result.total})."
        : averaging
          ? "The average is {result.average}."
          : "The sum is {result.total}.",
    ),
  );
  reader.claimWords(
    "one a text option options numbers number where you type types give gives separated seperated by with spaces space commas comma list of a bunch all the it replies reply replies with their average avg mean sum total adds add up says tells",
  );
  const part = command(
    name,
    type,
    averaging ? "The average of the numbers you type" : "The sum of the numbers you type",
    actions,
  );
  part.options = [
    {
      name: optionName,
      description: "Numbers, separated by spaces or commas",
      type: "string",
      required: option?.required ?? true,
    },
  ];
  return [
    {
      command: part,
      summary: `${averaging ? "replies with the average" : "replies with the sum"} of the numbers typed in ${optionName} (separated by spaces or commas)`,
      category: "calculators",
      strength: 3,
      clause: null,
      feature: "numberlist",
    },
  ];
}

/**
 * "/temp to-celsius <degrees> and /temp to-fahrenheit <degrees>. decimals allowed, round the
 * answer to 1 decimal": a sentence after the commands that says how their answers are rounded.
 */
export const roundingRecogniser: ClauseRecogniser = {
  id: "rounding",
  read(reader, draft) {
    if (reader.clause.mentions.length) return;
    const open = reader.unclaimed();
    if (!open.has("round rounded decimal decimals dp")) return;
    const owners: { actions: Action[] }[] = draft.commands.flatMap((part) => [
      part.command,
      ...(part.command.subcommands as { actions: Action[] }[]),
    ]);
    const calculating = owners.filter((owner) => owner.actions.some((a) => a.do === "calculate"));
    if (!calculating.length) return;
    const places = decimals(open);
    if (places === null) return;
    for (const owner of calculating) {
      const last = [...owner.actions].reverse().find((a) => a.do === "calculate");
      if (!last || last.do !== "calculate" || last.expression.startsWith("round(")) continue;
      last.expression = `round((${last.expression}) * ${10 ** places}) / ${10 ** places}`;
    }
    for (const part of draft.commands)
      if (
        calculating.includes(part.command) ||
        (part.command.subcommands as { actions: Action[] }[]).some((sub) => calculating.includes(sub))
      )
        part.summary += `, rounded to ${places} decimal${places === 1 ? "" : "s"}`;
    // "decimals allowed": the numbers typed may have them (they are numbers already).
    open.claimWords("decimals decimal allowed ok okay fine the answer answers result results");
  },
};
