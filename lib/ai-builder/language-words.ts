/**
 * The code language a description asks for in words ("make me a python bot", "in discord.py",
 * "written in JavaScript", "a node bot"). Read by the build (lib/ai-builder/build/service.ts) when
 * the user did not choose a language, by the offline builder (whose plan does not list these words
 * as not understood), and by Create New Bot's form as the user types. No dependencies: it runs in
 * the browser too.
 *
 * The rule: a library or runtime name (discord.py, discord.js, node.js) always names the bot's
 * language. A bare language word (python, py, javascript, js, node) does only when it is the code's:
 * right before "bot", "code", "script", "version", "project", "program" or "app" (optionally with
 * "discord" between: "a python discord bot"), or after "in", "using", "use", "written/coded/made/
 * built in|with", "on" (node only) or "language:" with nothing but the end of the clause, "and",
 * "please" or "language" after it. So "tells python jokes", "a snake game with a python" and
 * "helps people learn python" are not requests; words inside quotes are never read; "not in python"
 * is no request either (its words are still the language's, not the bot's).
 */
import type { BuildLanguage } from "./types";

export interface LanguageMention {
  language: BuildLanguage;
  /** Where the words are in the text (end exclusive): "written in Python", "python". */
  start: number;
  end: number;
  /** "not in python", "without javascript": about the language, but no request for it. */
  negated: boolean;
}

export interface LanguageAsked {
  language: BuildLanguage;
  /** The words that asked, as written. */
  words: string;
  /** The other language was asked for too ("a discord.js bot … in python"): the first one wins. */
  conflicting: boolean;
}

export const languageNames: Record<BuildLanguage, string> = {
  javascript: "JavaScript",
  python: "Python",
};

const strong: [RegExp, BuildLanguage][] = [
  [/discord\s?\.\s?py|discordpy|pycord/giu, "python"],
  [/discord\s?\.\s?js|discordjs|node\s?\.\s?js|nodejs/giu, "javascript"],
];

const weakWords: Record<string, BuildLanguage> = {
  python: "python",
  python3: "python",
  py: "python",
  javascript: "javascript",
  js: "javascript",
  node: "javascript",
};
const weak = /[\p{L}\p{N}]+/gu;
const codeNouns = /^[\s-]+(?:discord[\s-]+)?(?:bot|bots|code|script|version|project|program|app)\b/iu;
/** What may sit between the language word and the end of its clause: "in python please". */
const clauseEnd = /^\s*(?:$|[.,;:!?)(\]\n–—-]|\b(?:and|please|pls|plz|language|lang|instead|only|too|as well)\b)/iu;
const before =
  /(?:\b(?:written|coded|made|built|done|programmed|developed|make it|build it|write it|code it)\s+(?:in|with|using)|\b(?:in|using|use|uses|via)|\b(?:language|lang)\s*(?:is|:|=)?)\s*$/iu;
const nodeBefore = /\b(?:on|runs on|running on)\s*$/iu;
const negatedBefore = /\b(?:not|no|never|without|instead of|rather than)\s+$/iu;
const negation = /\b(?:not|no|never|without|don'?t|dont|instead of|rather than)\s+(?:\w+\s+){0,2}$/iu;

/** The text with quoted and `code` spans blanked out (same length, so positions still match). */
function unquoted(text: string): string {
  const blank = (match: string) => " ".repeat(match.length);
  return text
    .replace(/"[^"\n]*"|“[^”\n]*”|`[^`\n]*`/gu, blank)
    .replace(/(^|[\s(:])'[^'\n]*'(?=$|[\s.,;:!?)])/gu, (match, lead: string) => lead + blank(match.slice(lead.length)));
}

/** Every place the text talks about the bot's code language, in order. */
export function languageMentions(text: string): LanguageMention[] {
  const source = unquoted(text);
  const found: LanguageMention[] = [];
  const taken = (start: number, end: number) => found.some((m) => start < m.end && end > m.start);
  const boundary = (start: number, end: number) =>
    !/[\p{L}\p{N}/!#@$.-]/u.test(source[start - 1] ?? " ") && !/[\p{L}\p{N}]/u.test(source[end] ?? " ");
  const push = (language: BuildLanguage, start: number, end: number) => {
    const negated = negation.test(source.slice(Math.max(0, start - 40), start));
    found.push({ language, start, end, negated });
  };

  for (const [pattern, language] of strong) {
    for (const match of source.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (!boundary(start, end) || taken(start, end)) continue;
      // "in discord.py", "written in discord.js": the words before are the language's too.
      const lead = before.exec(source.slice(Math.max(0, start - 40), start));
      push(language, lead ? start - lead[0].length : start, end);
    }
  }
  for (const match of source.matchAll(weak)) {
    const language = weakWords[match[0].toLowerCase()];
    const start = match.index;
    const end = start + match[0].length;
    if (!language || !boundary(start, end) || taken(start, end)) continue;
    // "python 3", "node 20": the version goes with the name.
    const version = /^\s?\d+(?:\.\d+)*\b/u.exec(source.slice(end, end + 12));
    const stop = end + (version ? version[0].length : 0);
    const after = source.slice(stop, stop + 40);
    const lead = source.slice(Math.max(0, start - 40), start);
    const asPreposition = before.exec(lead) ?? (match[0].toLowerCase() === "node" ? nodeBefore.exec(lead) : null);
    if (codeNouns.test(after)) {
      push(language, start, stop);
    } else if (asPreposition && clauseEnd.test(after)) {
      const tail = /^\s*(?:language|lang)\b/iu.exec(after);
      push(language, start - asPreposition[0].length, stop + (tail ? tail[0].length : 0));
    } else if (negatedBefore.exec(lead) && clauseEnd.test(after)) {
      // "a python bot, not javascript": the language's words, asking for nothing.
      const not = negatedBefore.exec(lead)!;
      found.push({ language, start: start - not[0].length, end: stop, negated: true });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The language the description asks the bot to be written in; null when it does not say. */
export function languageAsked(text: string): LanguageAsked | null {
  const requests = languageMentions(text).filter((mention) => !mention.negated);
  const first = requests[0];
  if (!first) return null;
  return {
    language: first.language,
    words: text.slice(first.start, first.end).trim(),
    conflicting: requests.some((mention) => mention.language !== first.language),
  };
}

/** The text with the language words blanked out (same length): what the bot itself should do. */
export function withoutLanguageWords(text: string): string {
  let out = text;
  for (const mention of languageMentions(text)) {
    out = out.slice(0, mention.start) + " ".repeat(mention.end - mention.start) + out.slice(mention.end);
  }
  return out;
}

/**
 * The build's language: the one the user chose, else the one the words ask for, else JavaScript.
 * `from`: "words" when the words decided it.
 */
export function buildLanguageFor(
  description: string,
  chosen: BuildLanguage | undefined,
): { language: BuildLanguage; from: "choice" | "words" | "default" } {
  if (chosen) return { language: chosen, from: "choice" };
  const asked = languageAsked(description);
  return asked ? { language: asked.language, from: "words" } : { language: "javascript", from: "default" };
}

const libraryNames: Record<BuildLanguage, string> = {
  javascript: "JavaScript (discord.js)",
  python: "Python (discord.py)",
};

/**
 * What the build's plan says about its language when the words named one: built as asked, or
 * built in the language the user chose on the form instead. Null when the words said nothing.
 */
export function languageNote(description: string, built: BuildLanguage): string | null {
  const asked = languageAsked(description);
  if (!asked) return null;
  if (asked.language !== built) {
    return `Built in ${libraryNames[built]}, the language chosen for this build, though your words say “${asked.words}”. Build it again without choosing a language to follow the words.`;
  }
  const other = languageNames[built === "python" ? "javascript" : "python"];
  return asked.conflicting
    ? `Built in ${libraryNames[built]}, as you asked first (“${asked.words}”); your words name ${other} too.`
    : `Built in ${libraryNames[built]}, as you asked.`;
}
