/**
 * Unit converters: "/km with an option called distance, answer in miles rounded to 2 decimal
 * places, also /miles for the other way", "/lbs <pounds> -> kilograms (1 lb = 0.4536 kg)". The
 * units come from the words (and the command's name), in the order said; a factor the user gives
 * ("1 lb = 0.4536 kg") wins over the table; the option keeps the name the user wrote.
 */
import type { Action } from "@/lib/blueprint/schema";

import { command, reply, type CommandFeature, type CommandPart, type OptionInput } from "../parts";
import { decimals } from "./formulas";
import { declaredOptions } from "./options";

interface Unit {
  key: string;
  dimension: "length" | "mass" | "volume" | "speed" | "temperature";
  /** In the dimension's base unit (metre, kilogram, litre, metre per second); none for temperatures. */
  size: number;
  /** How the answer writes it. */
  symbol: string;
  /** The option's name when the user gives none. */
  long: string;
}

const units: Unit[] = [
  { key: "km", dimension: "length", size: 1000, symbol: "km", long: "kilometers" },
  { key: "m", dimension: "length", size: 1, symbol: "m", long: "meters" },
  { key: "cm", dimension: "length", size: 0.01, symbol: "cm", long: "centimeters" },
  { key: "mm", dimension: "length", size: 0.001, symbol: "mm", long: "millimeters" },
  { key: "mi", dimension: "length", size: 1609.344, symbol: "miles", long: "miles" },
  { key: "ft", dimension: "length", size: 0.3048, symbol: "ft", long: "feet" },
  { key: "in", dimension: "length", size: 0.0254, symbol: "in", long: "inches" },
  { key: "yd", dimension: "length", size: 0.9144, symbol: "yd", long: "yards" },
  { key: "kg", dimension: "mass", size: 1, symbol: "kg", long: "kilograms" },
  { key: "g", dimension: "mass", size: 0.001, symbol: "g", long: "grams" },
  { key: "lb", dimension: "mass", size: 0.45359237, symbol: "lb", long: "pounds" },
  { key: "oz", dimension: "mass", size: 0.028349523125, symbol: "oz", long: "ounces" },
  { key: "st", dimension: "mass", size: 6.35029318, symbol: "st", long: "stone" },
  { key: "l", dimension: "volume", size: 1, symbol: "L", long: "liters" },
  { key: "ml", dimension: "volume", size: 0.001, symbol: "mL", long: "milliliters" },
  { key: "gal", dimension: "volume", size: 3.785411784, symbol: "gal", long: "gallons" },
  { key: "kmh", dimension: "speed", size: 1 / 3.6, symbol: "km/h", long: "kmh" },
  { key: "mph", dimension: "speed", size: 0.44704, symbol: "mph", long: "mph" },
  { key: "c", dimension: "temperature", size: 0, symbol: "°C", long: "celsius" },
  { key: "f", dimension: "temperature", size: 0, symbol: "°F", long: "fahrenheit" },
  { key: "k", dimension: "temperature", size: 0, symbol: "K", long: "kelvin" },
];

/** Words for each unit (the tokens' lower-case text). */
const unitWords: Record<string, string> = {
  km: "km",
  kms: "km",
  kilometer: "km",
  kilometers: "km",
  kilometre: "km",
  kilometres: "km",
  meter: "m",
  meters: "m",
  metre: "m",
  metres: "m",
  cm: "cm",
  centimeter: "cm",
  centimeters: "cm",
  centimetres: "cm",
  mm: "mm",
  millimeters: "mm",
  mile: "mi",
  miles: "mi",
  mi: "mi",
  foot: "ft",
  feet: "ft",
  ft: "ft",
  inch: "in",
  inches: "in",
  yard: "yd",
  yards: "yd",
  kg: "kg",
  kgs: "kg",
  kilo: "kg",
  kilos: "kg",
  kilogram: "kg",
  kilograms: "kg",
  gram: "g",
  grams: "g",
  lb: "lb",
  lbs: "lb",
  pound: "lb",
  pounds: "lb",
  ounce: "oz",
  ounces: "oz",
  oz: "oz",
  stone: "st",
  st: "st",
  liter: "l",
  liters: "l",
  litre: "l",
  litres: "l",
  ml: "ml",
  gallon: "gal",
  gallons: "gal",
  kmh: "kmh",
  "km/h": "kmh",
  mph: "mph",
  celsius: "c",
  centigrade: "c",
  fahrenheit: "f",
  kelvin: "k",
};

const byKey = new Map(units.map((unit) => [unit.key, unit]));

/** Command names that are a unit, or "from to" / "from2to" of two: "km", "lbs", "kmtomiles", "mi2km". */
function unitsInName(name: string): string[] {
  const plain = name.toLowerCase().replace(/[-_]/g, "");
  if (unitWords[plain]) return [unitWords[plain]!];
  const pair = /^([a-z]+?)(?:to|2)([a-z]+)$/.exec(plain);
  if (pair && unitWords[pair[1]!] && unitWords[pair[2]!]) return [unitWords[pair[1]!]!, unitWords[pair[2]!]!];
  return [];
}

/** Which units each converter made converts, and to how many decimals (for "the other way"). */
const converted = new WeakMap<object, [string, string]>();
const roundedTo = new WeakMap<object, number>();
const single = Object.keys(unitWords).filter(
  (word) => /^[a-z]+$/.test(word) && !["m", "in", "g", "c", "f", "k", "l"].includes(word),
);
/** "kmtomiles", "mi2km", "lbstokg": two units in one name. */
const short = [
  "km",
  "mi",
  "miles",
  "m",
  "cm",
  "mm",
  "ft",
  "in",
  "inches",
  "kg",
  "g",
  "lb",
  "lbs",
  "oz",
  "st",
  "l",
  "ml",
  "gal",
  "mph",
  "kmh",
  "c",
  "f",
  "k",
];
const pairs = short.flatMap((a) =>
  short.flatMap((b) =>
    a !== b &&
    unitWords[a] !== unitWords[b] &&
    byKey.get(unitWords[a]!)?.dimension === byKey.get(unitWords[b]!)?.dimension
      ? [`${a}to${b}`, `${a}2${b}`]
      : [],
  ),
);
const names = [...new Set([...single, ...pairs, "convert", "converter", "unit"])];

/** `value` in `from` as an expression in `to`; a factor the user said wins. */
function expression(value: string, from: Unit, to: Unit, factor: number | null): string {
  if (factor !== null) return `${value} * ${factor}`;
  if (from.dimension === "temperature") {
    const toCelsius = from.key === "c" ? value : from.key === "f" ? `(${value} - 32) * 5 / 9` : `${value} - 273.15`;
    if (to.key === "c") return toCelsius;
    return to.key === "f" ? `(${toCelsius}) * 9 / 5 + 32` : `(${toCelsius}) + 273.15`;
  }
  return `${value} * ${Number((from.size / to.size).toPrecision(12))}`;
}

/** "1 lb = 0.4536 kg": the user's own factor from `from` to `to`. */
function saidFactor(text: string, from: Unit, to: Unit): number | null {
  for (const match of text.matchAll(/\b1\s*([a-z/]+)\s*(?:=|is|equals)\s*(\d+(?:\.\d+)?)\s*([a-z/]+)/gi)) {
    const a = unitWords[match[1]!.toLowerCase()];
    const b = unitWords[match[3]!.toLowerCase()];
    const size = Number(match[2]);
    if (!size) continue;
    if (a === from.key && b === to.key) return size;
    if (a === to.key && b === from.key) return Number((1 / size).toPrecision(12));
  }
  return null;
}

export const convertFeature: CommandFeature = {
  id: "convert",
  category: "calculators",
  names,
  defaultName: "convert",
  cue: (reader) =>
    reader.tokens.filter((t) => unitWords[t.lower] || unitWords[t.arg?.name ?? ""]).length >= 2 &&
    reader.has("convert converter converts to into turn turns change changes"),
  implicit: false,
  build({ reader, name, type, draft }) {
    const said = reader.tokens.filter((t) => unitWords[t.lower] && !(t.lower === "in" || t.lower === "m"));
    // "/temp <celsius> converts to fahrenheit": the unit of what is typed comes first. A name of
    // two units ("/mi2km") says the way; a name of one ("/miles") is said with the rest.
    const typed = reader.tokens.filter((t) => t.kind === "arg" && unitWords[t.arg?.name ?? ""]);
    const named = unitsInName(name);
    // The unit right after "to" / "into" is what it converts to ("/stone <weight> to kg", "/miles converts km to miles").
    const toWord = reader.tokens.find(
      (t, i) => ["to", "into"].includes(t.lower) && unitWords[reader.tokens[i + 1]?.lower ?? ""],
    );
    // With no "to" said, a name of one unit ("/km … answer in miles") is what it converts from.
    const keys =
      named.length === 2 || !toWord
        ? [...typed.map((t) => unitWords[t.arg!.name]!), ...named, ...said.map((t) => unitWords[t.lower]!)]
        : [...typed.map((t) => unitWords[t.arg!.name]!), ...said.map((t) => unitWords[t.lower]!), ...named];
    const target = toWord ? unitWords[reader.next(toWord)!.lower] : undefined;
    const ordered = [...new Set(keys)].map((key) => byKey.get(key)!);
    const targetUnit = target && named.length !== 2 ? byKey.get(target) : undefined;
    const from = targetUnit
      ? (ordered.find((unit) => unit !== targetUnit && unit.dimension === targetUnit.dimension) ?? ordered[0])
      : ordered[0];
    let to =
      targetUnit && from !== targetUnit
        ? targetUnit
        : from
          ? ordered.find((unit) => unit !== from && unit.dimension === from!.dimension)
          : undefined;
    // "also /miles for the other way": the converter before it, reversed — rounded as it is.
    let reversed: number | null = null;
    if (from && !to && reader.has("other opposite reverse back")) {
      const before = draft.commands.find((part) => part.feature === "convert" && part.command.name !== name);
      const units = before ? converted.get(before.command) : undefined;
      if (units && units[1] === from.key) to = byKey.get(units[0]);
      if (units && units[0] === from.key) to = byKey.get(units[1]);
      if (to) reader.claimWords("other opposite reverse back way the for also");
      if (to && before) reversed = roundedTo.get(before.command) ?? null;
    }
    if (!from || !to) return [];
    reader.claim(...said);
    const mention = reader.clause.mentions.find((m) => m.name === name);
    const declared = mention ? declaredOptions(reader, mention.tokens[mention.tokens.length - 1]!) : [];
    const called = /\boption\s+(?:called|named)\s+["'`“‘]?([a-z][a-z0-9_-]{0,31})/i.exec(
      reader.tokens.map((t) => t.text).join(" "),
    )?.[1];
    if (called) reader.claimWords("option called named", called.toLowerCase());
    const optionName = (declared[0]?.name ?? called ?? from.long).toLowerCase();
    const option: OptionInput = {
      name: optionName,
      description: `How many ${from.long}`,
      type: "number",
      required: true,
    };
    const places = decimals(reader) ?? reversed;
    const factor = saidFactor(reader.doc.text, from, to);
    const value = `{option.${optionName}}`;
    const raw = expression(value, from, to, factor);
    const rounded = places !== null ? `round((${raw}) * ${10 ** places}) / ${10 ** places}` : raw;
    const actions: Action[] = [
      { do: "calculate", expression: rounded, saveAs: "result" },
      reply(`${value} ${from.symbol} = {result.result} ${to.symbol}`),
    ];
    reader.claimWords(
      "convert converts converter to into turn turns change changes answer answers in a number decimals decimal ok allowed show gives give reply with and the from",
    );
    const converter = command(name, type, `Converts ${from.long} to ${to.long}`, actions);
    converter.options = [option];
    converted.set(converter, [from.key, to.key]);
    if (places !== null) roundedTo.set(converter, places);
    const part: CommandPart = {
      command: converter,
      summary: `converts ${from.long} to ${to.long}${places !== null ? `, rounded to ${places} decimal${places === 1 ? "" : "s"}` : ""}${factor !== null ? ` (1 ${from.symbol} = ${factor} ${to.symbol}, as you said)` : ""}`,
      category: "calculators",
      strength: 3,
      clause: null,
      feature: "convert",
    };
    return [part];
  },
};
