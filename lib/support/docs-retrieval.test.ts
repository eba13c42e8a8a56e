import { describe, expect, it } from "vitest";

import { findDocPassages, keywordsOf } from "./docs-retrieval";

describe("findDocPassages", () => {
  it("finds the site's own tutorial for a question, with its path", () => {
    const [first] = findDocPassages("How do I build a moderation bot that warns and bans?");
    expect(first?.url).toBe("/tutorials/moderation-bot");
    expect(first?.excerpt.length).toBeGreaterThan(0);
  });

  it("ranks titles over bodies and finds nothing for words no page has", () => {
    const docs = [
      { title: "Slash commands", url: "/a", summary: "", body: "Nothing here." },
      { title: "Other", url: "/b", summary: "", body: "slash commands are mentioned once" },
    ];
    expect(findDocPassages("slash commands", 3, docs).map((p) => p.url)).toEqual(["/a", "/b"]);
    expect(findDocPassages("zzqx", 3, docs)).toEqual([]);
    expect(findDocPassages("the and how", 3, docs)).toEqual([]);
  });

  it("reads keywords without filler words", () => {
    expect(keywordsOf("How do I host my bot with discord.js?")).toEqual(["host", "discord.js"]);
  });
});
