import { describe, expect, it } from "vitest";

import { understand } from "./index";

describe("the offline builder and the language asked for in words", () => {
  it("'make me a python bot…' is a Python bot's words: nothing is left over and the reply is untouched", () => {
    const result = understand("make me a python bot that has a /ping command that replies Pong!");
    expect(result.language).toEqual({ language: "python", words: "python", conflicting: false });
    expect(result.plan).toEqual(['/ping: replies "Pong!"']);
    expect(result.notUnderstood).toEqual([]);
    expect(result.blueprint.description).toBe("make me a python bot that has a /ping command that replies Pong!");
  });

  it.each([
    "A /ping command that replies Pong! in python",
    "A /ping command that replies Pong!, written in discord.py",
    "using python, a /ping command that replies Pong!",
  ])("the language words never become the reply: %s", (text) => {
    const result = understand(text);
    expect(result.language?.language).toBe("python");
    expect(result.plan).toEqual(['/ping: replies "Pong!"']);
    expect(result.notUnderstood).toEqual([]);
  });

  it("JavaScript in words too ('a discord.js bot', 'a node bot')", () => {
    for (const text of ["a discord.js bot with a /ping command that replies Pong!", "node bot: /ping replies Pong!"]) {
      const result = understand(text);
      expect(result.language?.language).toBe("javascript");
      expect(result.notUnderstood).toEqual([]);
    }
  });

  it("python jokes are what the bot tells, not its language", () => {
    const result = understand('a /joke command that tells python jokes: "Why do pythons code? To squeeze bugs."');
    expect(result.language).toBeUndefined();
  });

  it("TypeScript is said to be neither of the two languages", () => {
    const result = understand("a typescript bot with a /ping command that replies Pong!");
    expect(result.notUnderstood).toEqual([
      expect.objectContaining({ text: "typescript", reason: expect.stringMatching(/JavaScript .* or Python/) }),
    ]);
  });
});
