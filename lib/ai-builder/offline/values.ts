/**
 * Values described in words, as a part of any answer: "the id of that channel", "their name",
 * "the server's name", "how many members", "the message", "a random number between 1 and 100",
 * "a random score out of 10". Each becomes a placeholder (and, for a random value, the roll that
 * makes it), so "gives you the id of that channel" answers the id — never the words.
 */
import type { Action } from "@/lib/blueprint/schema";

import { contentAt, type ContentTopic } from "./content";
import type { OptionInput } from "./parts";
import type { Token } from "./text";

export interface Value {
  /** The placeholder text: "{option.channel.id}", "{result.score}/10". */
  template: string;
  /** The actions that make it (a random roll), before the answer. */
  actions: Action[];
  tokens: Token[];
  /** Texts the builder wrote for it ("a random joke"): the plan says so. */
  content?: ContentTopic;
}

/** Words in front of a value that add nothing: "the", "their", "that", "u", "you"… */
const determiners = new Set([
  "the",
  "their",
  "his",
  "her",
  "its",
  "that",
  "this",
  "those",
  "my",
  "your",
  "ur",
  "a",
  "an",
]);
const channelWords = new Set(["channel", "chanel", "channels"]);
const userWords = new Set(["user", "member", "person", "people", "them", "him", "her", "someone", "target"]);

/** The option of this type (or with one of these names) the command has. */
function optionOf(options: readonly OptionInput[], type: OptionInput["type"], names: readonly string[] = []) {
  return options.find((o) => o.type === type) ?? options.find((o) => names.includes(o.name));
}

/**
 * The value the tokens from `at` describe, or null. `options` are the command's own (a channel
 * option makes "that channel" the one given; without one it is where the command ran).
 */
export function valueAt(tokens: readonly Token[], at: number, options: readonly OptionInput[]): Value | null {
  // "channel's" may come as "channel" and "'s": read as one word.
  const words: Token[] = [];
  const lower: string[] = [];
  for (const token of tokens.slice(at, at + 12)) {
    if (/^[’']s$/.test(token.lower) && lower.length) {
      lower[lower.length - 1] += "'s";
      words.push(token);
      continue;
    }
    words.push(token);
    lower.push(token.lower.replace(/[’']s$/, "'s"));
  }
  // Where each read word ends among the tokens.
  const ends: number[] = [];
  for (let k = 0, w = -1; k < words.length; k++) {
    if (!(/^[’']s$/.test(words[k]!.lower) && w >= 0)) w++;
    ends[w] = k + 1;
  }
  let i = 0;
  const skip = () => {
    while (i < lower.length && determiners.has(lower[i]!)) i++;
  };
  skip();
  const take = (count: number, template: string, actions: Action[] = []): Value => {
    const used = words.slice(0, ends[i + count - 1] ?? i + count);
    return { template, actions, tokens: used };
  };
  const word = (k: number) => lower[i + k] ?? "";
  const channel = optionOf(options, "channel");
  const user = optionOf(options, "user");
  const channelOf = (property: string) =>
    channel ? `{option.${channel.name}.${property}}` : property === "id" ? "{channel.id}" : `{channel.${property}}`;
  const userOf = (property: string) => (user ? `{option.${user.name}.${property}}` : `{user.${property}}`);

  // "the channel's id", "the channel id", "channel's name".
  if (channelWords.has(word(0).replace(/'s$/, "")) && ["id", "name", "mention"].includes(word(1)))
    return take(2, channelOf(word(1)));
  // "the id of that channel", "the name of this channel".
  if (["id", "name"].includes(word(0)) && word(1) === "of") {
    const before = i;
    i += 2;
    skip();
    if (channelWords.has(word(0))) return take(1, channelOf(lower[before]!));
    if (userWords.has(word(0))) return take(1, userOf(lower[before]!));
    if (["server", "guild"].includes(word(0))) return take(1, `{server.${lower[before]}}`);
    i = before;
  }
  // "their user id", "the user's id", "their id", "their name", "their username".
  const possessive = i > 0 && ["their", "his", "her", "your", "ur", "my"].includes(lower[i - 1]!);
  // "their highest role", "ur top role".
  if (
    (possessive || userWords.has(word(0).replace(/'s$/, ""))) &&
    ["highest", "top"].includes(word(possessive ? 0 : 1)) &&
    word(possessive ? 1 : 2) === "role"
  )
    return take(possessive ? 2 : 3, userOf("toprole"));
  const userWord = userWords.has(word(0).replace(/'s$/, ""));
  const k = userWord ? 1 : 0;
  if (
    (possessive || userWord) &&
    ["id", "name", "username", "nickname", "mention", "roles", "avatar", "pfp"].includes(word(k))
  ) {
    const property = ["id", "mention", "roles", "avatar"].includes(word(k))
      ? word(k)
      : word(k) === "pfp"
        ? "avatar"
        : "name";
    if (word(k + 1) !== "of") return take(k + 1, userOf(property));
  }
  if ((possessive || userWord) && word(k) === "display" && word(k + 1) === "name") return take(k + 2, userOf("name"));
  // "the roles they have", "which roles they have", "what roles you have".
  if ((i > 0 || ["which", "what"].includes(word(0))) && word(["which", "what"].includes(word(0)) ? 1 : 0) === "roles") {
    const at = ["which", "what"].includes(word(0)) ? 1 : 0;
    const have =
      ["they", "you", "he", "she", "the"].includes(word(at + 1)) && ["have", "has", "got"].includes(word(at + 2));
    return take(at + (have ? 3 : 1), userOf("roles"));
  }
  // "the server's name", "the server name", "server id".
  if (["server", "server's", "guild", "guild's"].includes(word(0)) && ["name", "id"].includes(word(1)))
    return take(2, `{server.${word(1)}}`);
  // "how many members (the server has)", "the member count", "the number of members".
  // "how many people are in" a poll is a count of its own: only the server's members are this.
  const aboutServer = lower.slice(i + 3, i + 9).some((w) => ["server", "guild", "server's", "discord"].includes(w));
  if (word(0) === "how" && word(1) === "many" && ["members", "people", "users"].includes(word(2)) && aboutServer) {
    let count = 3;
    while (
      count < 8 &&
      ["are", "there", "is", "in", "the", "server", "it", "has", "have", "this"].includes(word(count))
    )
      count++;
    return take(count, "{server.members}");
  }
  if (["member", "members", "user"].includes(word(0)) && word(1) === "count") return take(2, "{server.members}");
  if (word(0) === "number" && word(1) === "of" && ["members", "people", "users"].includes(word(2)))
    return take(3, "{server.members}");

  // "the bot's latency (in ms)", "its ping", "the response time": the gateway latency.
  const botWord = ["bot's", "bots", "bot"].includes(word(0)) ? 1 : 0;
  // "the bot's name", "its name" (of the bot).
  if (botWord && ["name", "username"].includes(word(1))) return take(2, "{bot.name}");
  if (
    ["latency", "ping", "lag"].includes(word(botWord)) ||
    (word(botWord) === "response" && word(botWord + 1) === "time")
  ) {
    let count = botWord + (word(botWord) === "response" ? 2 : 1);
    const inMs = word(count) === "in" && ["ms", "milliseconds"].includes(word(count + 1));
    if (inMs) count += 2;
    return take(count, "{bot.ping} ms");
  }
  // "how long it has been online", "how long the bot has been up", "its uptime".
  if (word(botWord) === "uptime") return take(botWord + 1, "{bot.uptime}");
  if (word(0) === "how" && word(1) === "long") {
    let count = 2;
    while (
      count < 8 &&
      ["it", "the", "bot", "has", "have", "been", "ben", "is", "was", "its", "it's"].includes(word(count))
    )
      count++;
    if (["online", "up", "running", "alive"].includes(word(count))) {
      count++;
      if (word(count) === "for") count++;
      return take(count, "{bot.uptime}");
    }
  }

  // "a random number between 1 and 100", "a random number from 1 to 6", "a random score out of 10".
  if (word(0) === "random" || (word(0) === "number" && word(1) === "between")) {
    const random = randomRange(words.slice(i));
    if (random) {
      const used = i + random.used;
      return {
        template: random.outOf ? `{result.${random.name}}/${random.max}` : `{result.${random.name}}`,
        actions: [{ do: "random", min: random.min, max: random.max, saveAs: random.name }],
        tokens: words.slice(0, used),
      };
    }
  }

  // "a random joke", "a fun fact about animals", "an inspirational quote": texts the builder writes.
  const content = contentAt(lower, i);
  if (content) {
    const { id, items } = content.topic;
    return {
      ...take(content.used, `{result.${id}}`, [{ do: "random", choices: [...items], saveAs: id }]),
      content: content.topic,
    };
  }

  // "the message", "their idea", "the text", "that thing": a text option the command has.
  const named = options.find((o) => o.name === word(0) || o.name + "s" === word(0));
  if (named && i > 0) {
    const property = named.type === "user" || named.type === "channel" || named.type === "role" ? ".mention" : "";
    return take(1, `{option.${named.name}${property}}`);
  }
  const said = options.filter((o) => o.type === "string");
  if (said.length === 1 && i > 0 && ["message", "text", "words"].includes(word(0)))
    return take(1, `{option.${said[0]!.name}}`);
  if (said.length === 1 && word(0) === "what" && ["they", "you", "the", "he", "she"].includes(word(1))) {
    const verb = word(1) === "the" ? 3 : 2;
    if (["typed", "wrote", "said", "type", "write", "says", "gave", "give"].includes(word(verb - 0))) {
      return take(verb + 1, `{option.${said[0]!.name}}`);
    }
  }
  return null;
}

/** "random number between 1 and 100" / "from 1 to 6" / "1-100" / "score out of 10": the range. */
function randomRange(
  tokens: readonly Token[],
): { min: number; max: number; used: number; outOf: boolean; name: string } | null {
  const lower = tokens.map((t) => t.lower);
  let i = 1; // after "random" (or "number")
  const name = ["score", "rating", "number", "percentage", "percent"].find((n) => lower.slice(0, 3).includes(n));
  while (
    i < lower.length &&
    ["number", "score", "rating", "whole", "integer", "value", "percentage"].includes(lower[i]!)
  )
    i++;
  const number = (k: number) => tokens[k]?.number;
  if (lower[i] === "out" && lower[i + 1] === "of" && number(i + 2) !== undefined) {
    const max = number(i + 2)!;
    if (!Number.isInteger(max) || max < 1 || max > 1_000_000) return null;
    return { min: 1, max, used: i + 3, outOf: true, name: name === "rating" ? "rating" : "score" };
  }
  if (
    ["between", "from"].includes(lower[i]!) &&
    number(i + 1) !== undefined &&
    ["and", "to", "-"].includes(lower[i + 2]!)
  ) {
    const min = number(i + 1)!;
    const max = number(i + 3);
    if (max === undefined || !Number.isInteger(min) || !Number.isInteger(max) || min > max) return null;
    return { min, max, used: i + 4, outOf: false, name: "number" };
  }
  if (["percentage", "percent"].includes(name ?? ""))
    return { min: 0, max: 100, used: i, outOf: false, name: "percent" };
  return null;
}

/** Several values joined: "their name and id", "the server's name, id and member count". */
export function valuesAt(tokens: readonly Token[], at: number, options: readonly OptionInput[]): Value[] {
  const found: Value[] = [];
  let index = at;
  while (found.length < 4) {
    const joiner = found.length ? tokens[index] : undefined;
    if (found.length && (!joiner || !["and", ",", "&"].includes(joiner.lower))) break;
    const from = found.length ? index + 1 : index;
    const value = valueAt(tokens, from, options);
    if (!value) {
      // "their name and id": the second borrows the first's owner.
      const last = found[found.length - 1];
      const bare = tokens[from]?.lower ?? "";
      if (
        !joiner ||
        !last ||
        !["id", "roles", "avatar"].includes(bare) ||
        !/^\{(user|option\.[a-z0-9_-]+)\.(name|mention|id|roles|avatar)\}$/.test(last.template)
      )
        break;
      found.push({
        template: last.template.replace(/\.(name|mention|id|roles|avatar)\}$/, `.${bare}}`),
        actions: [],
        tokens: [joiner, tokens[from]!],
      });
      index = from + 1;
      continue;
    }
    found.push(joiner ? { ...value, tokens: [joiner, ...value.tokens] } : value);
    index = from + value.tokens.length;
  }
  return found;
}
