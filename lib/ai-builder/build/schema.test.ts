import { describe, expect, it } from "vitest";

import { understand } from "@/lib/ai-builder/offline";

import { buildExamples, buildSchema, maxBuildDescription } from "./schema";

describe("the build form", () => {
  it.each(buildExamples.map((example) => [example.label, example.text]))(
    "example %s is understood in full by the offline builder",
    (_, text) => {
      const result = understand(text);
      expect(result.notUnderstood).toEqual([]);
      expect(result.blueprint.commands.length + result.blueprint.events.length).toBeGreaterThan(0);
    },
  );

  it("refuses an empty description, one over the limit and an unknown language, with words for the user", () => {
    const problems = (input: unknown) =>
      buildSchema.safeParse(input).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(problems({ description: "   ", language: "javascript" })).toEqual(["description: Describe your bot first."]);
    expect(problems({ description: "x".repeat(maxBuildDescription + 1), language: "python" })?.[0]).toMatch(
      /^description: Keep it under 4,000 characters/,
    );
    expect(problems({ description: "a /ping command", language: "cobol" })).toEqual([
      "language: Choose JavaScript or Python.",
    ]);
    expect(buildSchema.parse({ description: "  a /ping command ", language: "python" }).description).toBe(
      "a /ping command",
    );
  });
});
