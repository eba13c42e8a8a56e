import { describe, expect, it } from "vitest";

import {
  buildLanguageFor,
  languageAsked,
  languageMentions,
  languageNote,
  withoutLanguageWords,
} from "./language-words";

describe("the code language a description asks for", () => {
  it.each([
    ["make me a python bot that has a /ping command that replies Pong!", "python", "python"],
    ["A /ping command that replies Pong!, in discord.py", "python", "in discord.py"],
    ["a py bot with /ping that replies pong", "python", "py"],
    ["using python, a /ping command that replies Pong!", "python", "using python"],
    ["/ping replies Pong! Written in Python please.", "python", "Written in Python"],
    ["a python discord bot for my server with /roll", "python", "python"],
    ["i want it coded in python 3 and with a /ping command", "python", "coded in python 3"],
    ["language: python. /ping replies Pong", "python", "language: python"],
    ["a pycord bot with /ping", "python", "pycord"],
    ["written in JavaScript: a /ping command that replies Pong!", "javascript", "written in JavaScript"],
    ["a discord.js bot with a /ping command that replies Pong!", "javascript", "discord.js"],
    ["node bot: /ping replies Pong!", "javascript", "node"],
    ["a js bot with /coinflip", "javascript", "js"],
    ["a /ping command, runs on node", "javascript", "runs on node"],
    ["a welcome bot (node.js) for #welcome", "javascript", "node.js"],
  ] as const)("%s → %s", (text, language, words) => {
    expect(languageAsked(text)).toEqual({ language, words, conflicting: false });
  });

  it.each([
    "a bot that tells python jokes with a /joke command",
    "a snake game with a python",
    "a bot that helps people learn python with a /tip command",
    "a /ping command that replies Pong!",
    'a /motto command that says "I love python bots"',
    "a /lang command that says 'written in python'",
    "a /python command that replies Hiss",
    "a #python channel where the bot welcomes people",
    "a bot that answers javascript questions",
    "a /node command that shows the node count",
    "a bot for my python study group: /pomodoro",
    "make sure it's not in python, a /ping command",
  ])("no language asked: %s", (text) => {
    expect(languageAsked(text)).toBeNull();
  });

  it("the first language asked wins when both are, and says so", () => {
    expect(languageAsked("a discord.js bot with /ping, or in python")).toEqual({
      language: "javascript",
      words: "discord.js",
      conflicting: true,
    });
    // "not javascript" is about the language, but asks for nothing.
    expect(languageAsked("a python bot, not javascript")).toMatchObject({ language: "python", conflicting: false });
    expect(languageMentions("a python bot, not javascript").map((m) => m.negated)).toEqual([false, true]);
  });

  it("blanks the language words out without moving anything else", () => {
    const text = "make me a python bot with /ping, written in discord.py";
    const blanked = withoutLanguageWords(text);
    expect(blanked).toHaveLength(text.length);
    expect(blanked).not.toMatch(/python|discord\.py|written/i);
    expect(blanked.indexOf("/ping")).toBe(text.indexOf("/ping"));
  });

  it("a language the user chose wins; else the words; else JavaScript", () => {
    expect(buildLanguageFor("a python bot with /ping", "javascript")).toEqual({
      language: "javascript",
      from: "choice",
    });
    expect(buildLanguageFor("a python bot with /ping", undefined)).toEqual({ language: "python", from: "words" });
    expect(buildLanguageFor("a bot with /ping", undefined)).toEqual({ language: "javascript", from: "default" });
  });

  it("the plan says the language was built as asked, or chosen instead", () => {
    expect(languageNote("a python bot with /ping", "python")).toBe("Built in Python (discord.py), as you asked.");
    expect(languageNote("a python bot with /ping", "javascript")).toMatch(
      /^Built in JavaScript \(discord\.js\), the language chosen for this build, though your words say “python”/,
    );
    expect(languageNote("a discord.js bot, or in python", "javascript")).toBe(
      "Built in JavaScript (discord.js), as you asked first (“discord.js”); your words name Python too.",
    );
    expect(languageNote("a bot with /ping", "javascript")).toBeNull();
  });
});
