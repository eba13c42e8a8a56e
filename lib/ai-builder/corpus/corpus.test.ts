import { describe, expect, it } from "vitest";

import { corpusCases, corpusHalf, developmentCases, heldOutCases } from ".";
import { descriptionCases } from "../cases";
import { caseCategories } from "../types";

describe("the builder's evaluation corpus", () => {
  it("has at least 300 descriptions, each with checks, in the suite's categories", () => {
    expect(corpusCases.length).toBeGreaterThanOrEqual(300);
    for (const item of corpusCases) {
      expect(caseCategories, item.id).toContain(item.category);
      expect(item.checks.length, item.id).toBeGreaterThan(0);
      expect(item.description.trim().length, item.id).toBeGreaterThan(0);
    }
  });

  it("names every case once, apart from the old suite's", () => {
    const ids = [...corpusCases, ...descriptionCases].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("is split once into two halves of about the same size, by id alone", () => {
    expect(developmentCases.length + heldOutCases.length).toBe(corpusCases.length);
    expect(Math.abs(developmentCases.length - heldOutCases.length)).toBeLessThanOrEqual(caseCategories.length);
    expect(corpusHalf("c-fun-001")).toBe(corpusHalf("c-fun-001"));
    for (const category of caseCategories) {
      const inCategory = corpusCases.filter((item) => item.category === category);
      if (inCategory.length < 10) continue;
      // Each category has cases in both halves, so both halves speak for every category.
      expect(
        inCategory.some((item) => corpusHalf(item.id) === "held-out"),
        category,
      ).toBe(true);
      expect(
        inCategory.some((item) => corpusHalf(item.id) === "development"),
        category,
      ).toBe(true);
    }
  });
});
