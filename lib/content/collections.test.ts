import { describe, expect, it } from "vitest";

import { ContentError, getBlogPosts, getTutorials, neighbours, parseEntry } from "./collections";
import { blogCategories, blogFrontmatterSchema } from "./schemas";

describe("content collections", () => {
  it("has the six spec blog posts, valid, one featured, every category used", () => {
    const posts = getBlogPosts();
    expect(posts.map((post) => post.slug).sort()).toEqual(
      [
        "advanced-command-patterns",
        "building-engaging-communities",
        "future-of-discord-bot-development",
        "monetizing-discord-bot",
        "scaling-bot-million-users",
        "security-best-practices",
      ].sort(),
    );
    expect(posts.filter((post) => post.frontmatter.featured)).toHaveLength(1);
    expect(new Set(posts.map((post) => post.frontmatter.category))).toEqual(new Set(blogCategories));
    for (const post of posts) expect(post.readingMinutes).toBeGreaterThanOrEqual(3);
  });

  it("has the six spec tutorials in track order 1..6", () => {
    const tutorials = getTutorials();
    expect(tutorials.map((t) => t.slug).sort()).toEqual(
      [
        "analytics-monitoring",
        "api-integration",
        "custom-commands",
        "getting-started",
        "moderation-bot",
        "music-bot",
      ].sort(),
    );
    expect(tutorials.map((t) => t.frontmatter.order)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("teaches the spec's strike ladder in the moderation tutorial", () => {
    const body = getTutorials().find((t) => t.slug === "moderation-bot")?.body ?? "";
    expect(body).toMatch(/1-hour timeout|one-hour timeout|1 hour timeout/i);
    expect(body).toMatch(/24-hour ban|24 hour ban/i);
    expect(body).toMatch(/permanent ban/i);
  });

  it("rejects a bad file with its name and the field", () => {
    const source =
      "---\ntitle: Hi there friend\nexcerpt: short\ncategory: Gossip\nauthor: Ada\ndate: 2025-13-40\n---\nBody";
    expect(() => parseEntry("content/blog/bad-post.mdx", source, blogFrontmatterSchema)).toThrowError(ContentError);
    try {
      parseEntry("content/blog/bad-post.mdx", source, blogFrontmatterSchema);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("content/blog/bad-post.mdx");
      expect(message).toContain("excerpt");
      expect(message).toContain("category");
      expect(message).toContain("date");
    }
  });

  it("rejects a file name that is not a slug", () => {
    const source =
      "---\ntitle: A good title\nexcerpt: An excerpt that is long enough.\ncategory: Security\nauthor: Ada\ndate: 2025-06-01\n---\nBody";
    expect(() => parseEntry("content/blog/Bad Name.mdx", source, blogFrontmatterSchema)).toThrowError(/file name/);
  });

  it("finds previous and next entries", () => {
    const list = [{ slug: "a" }, { slug: "b" }, { slug: "c" }];
    expect(neighbours(list, "b")).toEqual({ previous: { slug: "a" }, next: { slug: "c" } });
    expect(neighbours(list, "a")).toEqual({ previous: undefined, next: { slug: "b" } });
    expect(neighbours(list, "zzz")).toEqual({});
  });
});
