/**
 * Options described in words: "an optional number of sides, default 6", "takes a member and a
 * reason", "(optional) reason". Shared by the command features.
 */
import type { OptionInput } from "../parts";
import type { Reader } from "../read";
import type { Token } from "../text";

const optionalWords = ["optional", "optionally", "if"];

/** Is the word said to be optional ("an optional reason", "reason (optional)", "a reason if given")? */
export function isOptional(reader: Reader, word: Token): boolean {
  const at = reader.tokens.indexOf(word);
  // "an optional whole-number option called sides": back to the start of its phrase.
  let from = Math.max(0, at - 4);
  for (let i = at - 1; i >= Math.max(0, at - 8); i--) {
    const token = reader.tokens[i]!;
    if ([";", ".", ",", "and"].includes(token.lower)) break;
    if (token.lower === "optional") from = Math.min(from, i);
  }
  const near = reader.tokens.slice(from, at + 4);
  const found = near.filter(
    (t) =>
      optionalWords.includes(t.lower) &&
      (t.lower !== "if" || ["given", "provided", "set", "any"].includes(reader.next(t)?.lower ?? "")),
  );
  // "that can be left out", "it can be skipped", "not required".
  const said = reader.tokens.slice(at + 1, at + 8);
  const leftOutAt = said.findIndex(
    (t, k) =>
      (t.lower === "left" && ["out", "empty", "blank", "off"].includes(said[k + 1]?.lower ?? "")) ||
      t.lower === "skipped" ||
      (t.lower === "not" && ["required", "needed", "mandatory"].includes(said[k + 1]?.lower ?? "")),
  );
  if (leftOutAt >= 0 && said.slice(0, leftOutAt).some((t) => ["can", "may", "is", "be", "it's"].includes(t.lower))) {
    reader.claim(...said.slice(0, leftOutAt + 2));
    return true;
  }
  if (!found.length) return false;
  reader.claim(...found);
  for (const t of found) if (t.lower === "if") reader.claim(reader.next(t));
  return true;
}

/** "default 6", "defaults to 6", "6 by default" near the word: the number token. */
export function defaultNear(reader: Reader, word: Token): Token | undefined {
  const at = reader.tokens.indexOf(word);
  const near = reader.tokens.slice(at, at + 8);
  const marker = near.find((t) => t.lower === "default" || t.lower === "defaults");
  if (!marker) return leftOut(reader, at);
  const after = reader.after(marker).slice(0, 3);
  const number = after.find((t) => t.number !== undefined) ?? reader.numberNear(marker, -1);
  if (number) reader.claim(marker, number, ...after.filter((t) => ["to", "of", "is", "by"].includes(t.lower)));
  return number;
}

/**
 * "if it's left out use 6", "if not given, 6", "if none is given it uses 6", "otherwise 6": the
 * number a left-out option stands for, said after the option.
 */
function leftOut(reader: Reader, at: number): Token | undefined {
  const after = reader.tokens.slice(at + 1, at + 16);
  const start = after.findIndex(
    (t, i) =>
      (["left", "omitted", "missing", "skipped", "empty"].includes(t.lower) &&
        ["out", "off", "blank"].includes(after[i + 1]?.lower ?? t.lower)) ||
      ["omitted", "missing", "skipped", "otherwise"].includes(t.lower) ||
      (t.lower === "not" &&
        ["given", "set", "provided", "specified", "picked", "chosen"].includes(after[i + 1]?.lower ?? "")) ||
      (["none", "nothing", "nobody"].includes(t.lower) &&
        ["given", "is", "picked", "chosen", "provided"].includes(after[i + 1]?.lower ?? "")),
  );
  if (start < 0) return undefined;
  const rest = after.slice(start, start + 7);
  const number = rest.find((t) => t.number !== undefined && t.kind === "number");
  if (!number) {
    // "6 sides if not given": the number said just before.
    const before = after.slice(Math.max(0, start - 4), start);
    const said = [...before].reverse().find((t) => t.kind === "number" && t.number !== undefined);
    if (!said) return undefined;
    const marker = rest
      .slice(0, 3)
      .filter((t) =>
        [
          "not",
          "none",
          "nothing",
          "given",
          "set",
          "provided",
          "specified",
          "omitted",
          "missing",
          "left",
          "out",
          "is",
        ].includes(t.lower),
      );
    reader.claim(said, ...before.slice(before.indexOf(said)), ...marker);
    return said;
  }
  const used = rest.slice(0, rest.indexOf(number) + 1);
  const back = reader.tokens
    .slice(Math.max(0, at + 1 + start - 3), at + 1 + start)
    .filter((t) => ["if", "it", "it's", "is", "'s", "when", "they"].includes(t.lower));
  reader.claim(...used, ...back);
  return number;
}

/** A member option: "a member", "the user", "someone", "@user". */
export function memberOption(reader: Reader, description: string, name = "member"): OptionInput {
  const word = reader.find("member user person someone target somebody people");
  const required = !(word && isOptional(reader, word));
  if (word) reader.claim(word);
  return { name, description, type: "user", required };
}

/** A reason option: optional unless the description says it is required. */
export function reasonOption(reader: Reader): OptionInput {
  const word = reader.find("reason", "why");
  if (word) reader.claim(word, reader.next(word, -1)?.lower === "a" ? reader.next(word, -1) : undefined);
  const required = Boolean(word && reader.tokens.some((t) => ["required", "must", "mandatory"].includes(t.lower)));
  if (required) reader.claimWords("required must mandatory");
  return { name: "reason", description: "Why", type: "string", required: required };
}

/** Required options first, as Discord wants them. */
export function ordered(options: OptionInput[]): OptionInput[] {
  return [...options.filter((o) => o.required !== false), ...options.filter((o) => o.required === false)];
}

/** "(sides: optional, default 6)" for the plan. */
export function describeOptions(options: readonly OptionInput[]): string {
  if (!options.length) return "";
  const parts = options.map((option) => {
    const notes = [
      option.required === false ? "optional" : "",
      option.default ? `default ${option.default}` : "",
    ].filter(Boolean);
    return notes.length ? `${option.name}: ${notes.join(", ")}` : option.name;
  });
  return ` (${parts.join("; ")})`;
}

const numberArgs = new Set([
  "a",
  "b",
  "x",
  "y",
  "n",
  "num",
  "bill",
  "percent",
  "percentage",
  "total",
  "people",
  "weight",
  "height",
  "celsius",
  "fahrenheit",
  "age",
  "value",
  "price",
]);
const wholeArgs = new Set(["amount", "number", "count", "sides", "id"]);
const userArgs = new Set(["user", "member", "target", "person", "someone", "victim", "player"]);
/** Plain words that read as arguments right after a command: "/warn user reason", "/bmi weight height". */
const plainArgs = new Set([
  ...numberArgs,
  ...wholeArgs,
  ...userArgs,
  "reason",
  "question",
  "text",
  "message",
  "channel",
  "role",
  "duration",
  "term",
  "word",
  "symbol",
  "country",
  "name",
  "idea",
  "topic",
  "choice",
  "expression",
]);

/**
 * The arguments a usage line gives a command: "/8ball <question>", "/kick user [reason]",
 * "/bmi weight height" — each an option ([x] optional), typed by its name.
 */
export function declaredOptions(reader: Reader, after: Token): OptionInput[] {
  const options: OptionInput[] = [];
  for (const token of reader.after(after)) {
    // "/role add <role>": the sub-command's own word, read already.
    if (token.kind === "punct" && token.stop && /^[a-z]/i.test(token.text) && !options.length) continue;
    const plain = token.kind === "word" && plainArgs.has(token.lower);
    const mention = token.kind === "mention" && /^@(user|member|someone|target|person)$/i.test(token.text);
    // "/channelid #channel": a channel to pick.
    const channel = token.kind === "hashtag" && /^#(channel|chanel)$/i.test(token.text);
    if (token.kind !== "arg" && !plain && !mention && !channel) break;
    const raw = token.arg?.name ?? (mention ? "member" : channel ? "channel" : token.lower);
    const name = (userArgs.has(raw) ? "member" : raw).replace(/[^a-z0-9_-]/g, "").slice(0, 32);
    if (!name || options.some((o) => o.name === name)) break;
    const type = userArgs.has(raw)
      ? "user"
      : numberArgs.has(raw)
        ? "number"
        : wholeArgs.has(raw)
          ? "integer"
          : raw === "channel"
            ? "channel"
            : raw === "role"
              ? "role"
              : "string";
    options.push({
      name,
      description: name === "member" ? "Who" : name[0]!.toUpperCase() + name.slice(1),
      type,
      required: !token.arg?.optional,
    });
    reader.claim(token);
  }
  return ordered(options);
}

const integerNames = new Set([
  ...wholeArgs,
  "length",
  "minutes",
  "hours",
  "seconds",
  "days",
  "age",
  "times",
  "level",
  "page",
  "size",
  "quantity",
  "limit",
  "max",
  "min",
  "bet",
  "coins",
]);
const numberNames = new Set([...numberArgs, "distance", "degrees", "temperature", "kg", "km", "miles", "cm", "meters"]);
const userNames = new Set([...userArgs, "somebody", "people", "them"]);
const typeWords: Record<string, OptionInput["type"]> = {
  text: "string",
  string: "string",
  word: "string",
  number: "number",
  numeric: "number",
  decimal: "number",
  integer: "integer",
  int: "integer",
  whole: "integer",
  "whole-number": "integer",
  user: "user",
  member: "user",
  channel: "channel",
  role: "role",
};
const takeVerbs = new Set([
  "take",
  "takes",
  "taking",
  "need",
  "needs",
  "accept",
  "accepts",
  "ask",
  "asks",
  "has",
  "have",
]);

function typeOfName(name: string): OptionInput["type"] {
  if (userNames.has(name)) return "user";
  if (name === "channel") return "channel";
  if (name === "role") return "role";
  if (integerNames.has(name)) return "integer";
  if (numberNames.has(name)) return "number";
  return "string";
}

/**
 * Options described in words rather than a usage line: "takes a thing (text option named
 * thing)", "it has one option, user, which is optional", "an option called distance (a number,
 * decimals ok)", "takes a user and an optional reason", "user gives length", "where you type
 * numbers". Each keeps the name the user gave; its type comes from the words said about it, or
 * from the name.
 */
export function wordOptions(reader: Reader, from?: Token): OptionInput[] {
  const tokens = reader.after(from);
  const found = new Map<string, OptionInput & { at: number }>();
  const used: Token[] = [];
  const add = (nameToken: Token, type: OptionInput["type"] | undefined, words: Token[]) => {
    const raw = nameToken.kind === "quote" ? nameToken.text.trim().toLowerCase() : nameToken.lower;
    const name = (raw === "someone" || raw === "somebody" || raw === "person" ? "user" : raw)
      .replace(/[^a-z0-9_-]/g, "")
      .slice(0, 32);
    if (
      !name ||
      nameToken.stop ||
      reader.isClaimed(nameToken) ||
      (typeWords[name] === undefined && nameToken.pos === "VERB")
    )
      return;
    const optional = isOptional(reader, nameToken);
    const known = found.get(name);
    const resolved = type ?? known?.type ?? typeOfName(name);
    found.set(name, {
      name,
      description: name[0]!.toUpperCase() + name.slice(1),
      type: resolved,
      required: known ? known.required && !optional : !optional,
      at: known?.at ?? nameToken.index,
    });
    used.push(nameToken, ...words);
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (reader.isClaimed(token) || token.kind === "command") continue;
    const next = tokens[i + 1];
    // "a text option named thing", "option called distance", "(option name: options)".
    if (token.base === "option" && !token.lower.endsWith("s")) {
      let k = i + 1;
      while (tokens[k] && ["named", "called", "name", ":", "=", "is"].includes(tokens[k]!.lower)) k++;
      const name = tokens[k];
      const typeWord = tokens[i - 1] && typeWords[tokens[i - 1]!.lower] ? tokens[i - 1] : undefined;
      if (name && k > i + 1 && (name.kind === "word" || name.kind === "quote")) {
        add(name, typeWord ? typeWords[typeWord.lower] : typeSaidAfter(tokens, k), [
          token,
          ...tokens.slice(i + 1, k),
          ...(typeWord ? [typeWord] : []),
        ]);
        continue;
      }
      // "a user option", "a choice option": the word before names it.
      const before = tokens[i - 1];
      if (before && before.kind === "word" && !before.stop) {
        if (
          typeWords[before.lower] &&
          name?.kind === "word" &&
          !name.stop &&
          tokens[k - 1] === token &&
          name.pos === "NOUN"
        )
          continue;
        add(before, typeWords[before.lower], [token]);
      }
      continue;
    }
    // "takes a user and an optional reason", "needs the member and the role".
    // "has ben online" is a tense, not an option: "has"/"have" name options only as "has a…", "has one…".
    const tense =
      ["has", "have"].includes(token.lower) &&
      !["a", "an", "the", "one", "two", "three", "optional", "some"].includes(next?.lower ?? "");
    if (takeVerbs.has(token.lower) && next && !tense) {
      let k = i + 1;
      for (let guard = 0; guard < 4; guard++) {
        while (tokens[k] && ["a", "an", "the", "one", "optional", "two", "some"].includes(tokens[k]!.lower)) k++;
        const noun = tokens[k];
        if (
          !noun ||
          noun.kind !== "word" ||
          noun.stop ||
          !(noun.pos === "NOUN" || plainArgs.has(noun.lower) || userNames.has(noun.lower))
        )
          break;
        if (["chance", "look", "while", "moment", "second", "bit", "lot", "role" + "s"].includes(noun.lower)) break;
        add(noun, undefined, tokens.slice(i, k));
        k++;
        const joiner = tokens[k];
        if (!joiner || !["and", ",", "&", "plus"].includes(joiner.lower)) break;
        used.push(joiner);
        k++;
      }
      continue;
    }
    // "user gives length", "you give it a number", "where you type numbers".
    if (
      ["gives", "give", "type", "types", "enter", "enters", "put", "puts"].includes(token.lower) &&
      ["user", "you", "they", "u", "people", "someone"].includes(tokens[i - 1]?.lower ?? "")
    ) {
      let k = i + 1;
      while (tokens[k] && ["a", "an", "the", "it", "in", "some"].includes(tokens[k]!.lower)) k++;
      const noun = tokens[k];
      if (noun && noun.kind === "word" && !noun.stop && (noun.pos === "NOUN" || plainArgs.has(noun.lower)))
        add(noun, undefined, [tokens[i - 1]!, ...tokens.slice(i, k)]);
    }
  }
  if (!found.size) return [];
  reader.claim(...used);
  return ordered([...found.values()].sort((a, b) => a.at - b.at).map(({ at: _at, ...option }) => option));
}

/** "option called distance (a number, decimals ok)": the type said in the words after the name. */
function typeSaidAfter(tokens: readonly Token[], at: number): OptionInput["type"] | undefined {
  const near = tokens.slice(at + 1, at + 6).map((t) => t.lower);
  if (near.includes("whole") || near.includes("integer")) return "integer";
  if (near.includes("number") || near.includes("decimals") || near.includes("decimal")) return "number";
  if (near.includes("text")) return "string";
  return undefined;
}
