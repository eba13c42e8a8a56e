/**
 * The words the offline engine listens for, in their base form. A token of the description is
 * matched to one of these by its lemma, a plain plural or verb ending, or — for words the
 * language model does not know, five letters or longer — one typo away ("comand", "welcom",
 * "remmeber"), so recognisers compare base words and never spellings.
 */

const groups = {
  commandWords: ["command", "cmd", "slash"],
  reply: ["reply", "respond", "answer", "say", "return", "print", "output", "show", "display", "tell", "send"],
  join: ["join", "arrive", "welcome", "greet", "newcomer"],
  leave: ["leave", "left", "goodbye", "bye", "farewell", "quit", "exit"],
  role: ["role", "roles", "autorole", "rank"],
  moderation: ["kick", "ban", "unban", "timeout", "mute", "unmute", "purge", "clear", "prune", "slowmode", "warn"],
  admins: ["admin", "administrator", "mod", "moderator", "staff", "owner", "manager"],
  economy: ["coin", "money", "currency", "cash", "credit", "gem", "point", "balance", "wallet", "economy", "daily"],
  work: ["work", "earn", "job", "salary"],
  leveling: ["xp", "experience", "level", "leveling", "levelling", "rank", "congratulate"],
  dice: ["roll", "die", "dice", "side", "sided"],
  coin: ["flip", "coin", "coinflip", "head", "tail", "toss"],
  random: ["random", "randomly", "pick", "choose", "choice", "among"],
  poll: ["poll", "vote", "voting", "survey", "reaction", "react"],
  suggestion: ["suggestion", "suggest", "idea", "feedback"],
  ticket: ["ticket", "support", "private", "close", "open", "button"],
  reminder: ["remind", "reminder", "remindme"],
  automod: [
    "banned",
    "forbidden",
    "blocked",
    "swear",
    "curse",
    "profanity",
    "slur",
    "filter",
    "word",
    "delete",
    "remove",
  ],
  invite: ["invite", "link", "url", "advertise", "advertising"],
  schedule: ["every", "daily", "hourly", "weekly", "schedule", "post", "announcement"],
  faq: ["faq", "question", "answer", "lookup", "topic", "rules"],
  calculator: ["calc", "calculate", "calculator", "math", "add", "subtract", "multiply", "divide", "expression"],
  counter: ["count", "counter", "increment", "tally"],
  custom: ["custom", "trigger", "response", "responder"],
  info: ["info", "information", "userinfo", "serverinfo", "whois", "avatar", "profile", "stats", "about"],
  echo: ["echo", "repeat", "say", "parrot"],
  persistence: [
    "across",
    "remember",
    "persist",
    "restart",
    "reboot",
    "save",
    "store",
    "keep",
    "survive",
    "permanent",
    "permanently",
  ],
  time: ["second", "minute", "hour", "day", "week", "cooldown"],
  permissions: ["permission", "only", "allowed", "restrict", "restricted"],
  members: ["member", "user", "people", "person", "someone", "somebody", "everyone", "anyone"],
  harm: ["raid", "nuke", "spam", "grabber", "logger", "stealer", "steal", "selfbot", "ddos", "dox", "phishing"],
  injection: ["ignore", "disregard", "instruction", "prompt", "token", "secret", "password", "credential", "jailbreak"],
  warnings: ["warning", "strike", "infraction", "offense", "offence"],
  channel: ["channel", "category"],
} as const;

export type WordGroup = keyof typeof groups;

export const vocabulary: ReadonlySet<string> = new Set(Object.values(groups).flat());

/** Whole numbers people write as words. */
export const numberWords: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  hundred: 100,
  thousand: 1000,
  first: 1,
  third: 3,
  fourth: 4,
  fifth: 5,
};

/** Time units as people write them, to the letter `parseDuration` reads. */
export const timeUnits: Record<string, "s" | "m" | "h" | "d" | "w"> = {
  s: "s",
  sec: "s",
  secs: "s",
  second: "s",
  seconds: "s",
  m: "m",
  min: "m",
  mins: "m",
  minute: "m",
  minutes: "m",
  h: "h",
  hr: "h",
  hrs: "h",
  hour: "h",
  hours: "h",
  d: "d",
  day: "d",
  days: "d",
  w: "w",
  wk: "w",
  week: "w",
  weeks: "w",
};

/** Plural and verb endings stripped the simple way, for words the lemmatiser left alone. */
function plainForms(word: string): string[] {
  const forms: string[] = [];
  if (word.endsWith("ies")) forms.push(word.slice(0, -3) + "y");
  if (word.endsWith("es")) forms.push(word.slice(0, -2));
  if (word.endsWith("s")) forms.push(word.slice(0, -1));
  if (word.endsWith("ing")) forms.push(word.slice(0, -3), word.slice(0, -3) + "e");
  if (word.endsWith("ed")) forms.push(word.slice(0, -2), word.slice(0, -1));
  if (word.endsWith("'s")) forms.push(word.slice(0, -2));
  return forms;
}

/** At most `limit` edits apart (insert, delete, change, swap neighbours)? */
function closeTo(a: string, b: string, limit: number): boolean {
  if (Math.abs(a.length - b.length) > limit) return false;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    if (i > 0 && best > limit) return false;
    rows.push(row);
  }
  return rows[a.length]![b.length]! <= limit;
}

const byFirstLetter = new Map<string, string[]>();
for (const word of vocabulary) {
  const list = byFirstLetter.get(word[0]!) ?? [];
  list.push(word);
  byFirstLetter.set(word[0]!, list);
}

/**
 * The vocabulary word a token stands for, or its lemma. `unknown` says the language model does
 * not know the spelling, which is when a typo is worth looking for.
 */
export function baseWord(lower: string, lemma: string, unknown: boolean): string {
  if (vocabulary.has(lemma)) return lemma;
  if (vocabulary.has(lower)) return lower;
  for (const form of plainForms(lower)) if (vocabulary.has(form)) return form;
  if (unknown && lower.length >= 5 && /^[a-z]+$/.test(lower)) {
    const limit = lower.length >= 8 ? 2 : 1;
    for (const word of byFirstLetter.get(lower[0]!) ?? []) {
      if (word.length >= 4 && (closeTo(lower, word, limit) || closeTo(lower, word + "s", limit))) return word;
    }
  }
  return lemma;
}

/**
 * Words that carry no request of their own: what is left unclaimed among these is not worth
 * telling the user about.
 */
export const fillerWords: ReadonlySet<string> = new Set([
  "actually",
  "exactly",
  "automatically",
  "really",
  "basically",
  "literally",
  "simply",
  "bot",
  "discord",
  "server",
  "guild",
  "make",
  "create",
  "build",
  "want",
  "need",
  "like",
  "please",
  "pls",
  "plz",
  "thanks",
  "thank",
  "hey",
  "hi",
  "hello",
  "yo",
  "ok",
  "okay",
  "also",
  "just",
  "really",
  "very",
  "simple",
  "basic",
  "small",
  "little",
  "cool",
  "nice",
  "awesome",
  "good",
  "great",
  "fun",
  "useful",
  "thing",
  "stuff",
  "feature",
  "function",
  "functionality",
  "command",
  "cmd",
  "slash",
  "prefix",
  "able",
  "have",
  "get",
  "let",
  "use",
  "run",
  "type",
  "do",
  "can",
  "will",
  "would",
  "should",
  "could",
  "must",
  "may",
  "might",
  "one",
  "some",
  "few",
  "couple",
  "lot",
  "lots",
  "bunch",
  "member",
  "user",
  "people",
  "person",
  "someone",
  "somebody",
  "anyone",
  "everybody",
  "everyone",
  "here",
  "there",
  "when",
  "then",
  "too",
  "well",
  "basically",
  "maybe",
  "idk",
  "lol",
  "help",
  "community",
  "my",
  "new",
  "own",
  "etc",
  "e.g.",
  "i.e.",
  "way",
  "time",
  "include",
  "add",
  "support",
  "work",
  "also",
  "called",
  "named",
  "name",
  "option",
  "argument",
  "arg",
  "parameter",
  "system",
  "setup",
  "stuff",
  "things",
  "ppl",
  "teh",
  "wen",
  "pls",
  "plz",
  "u",
  "ur",
  "some1",
  "sum1",
  "any1",
  "every1",
  "evry1",
  "ppl",
  "folks",
  "guys",
  "everything",
  "anything",
  "whole",
]);

/** Words that name a kind of bot: understood when the description gets that kind of bot. */
export const kindWords: Record<string, string> = {
  moderation: "moderation",
  mod: "moderation",
  moderating: "moderation",
  economy: "economy",
  currency: "economy",
  leveling: "leveling",
  levelling: "leveling",
  fun: "fun",
  game: "fun",
  games: "fun",
  utility: "utility",
  utilities: "utility",
  automod: "automod",
  welcome: "welcome",
  welcomer: "welcome",
  ticket: "tickets",
  tickets: "tickets",
  poll: "polls",
  polls: "polls",
  reminder: "reminders",
  reminders: "reminders",
  faq: "lookups",
  calculator: "calculators",
  roles: "roles",
  role: "roles",
};
