import { describe, expect, it } from "vitest";

import { ApiError } from "./http";
import { parseModal } from "./modals";

const textInput = (custom_id: string, extra: Record<string, unknown> = {}) => ({
  type: 4,
  custom_id,
  style: 1,
  ...extra,
});
const row = (input: unknown) => ({ type: 1, components: [input] });
const label = (component: unknown) => ({ type: 18, label: "Field", component });

/** The field path and code of Discord's 50035 answer, or "accepted". */
function outcome(modal: unknown): string {
  try {
    parseModal(modal);
    return "accepted";
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400 || error.code !== 50035) throw error;
    return error.summary ?? error.message;
  }
}

describe("a bot's modal (interaction callback type 9)", () => {
  it("accepts the action-row form (discord.py 2.2, older discord.js) and the label form (discord.js 14.2x)", () => {
    expect(outcome({ custom_id: "f", title: "Form", components: [row(textInput("a", { label: "A" }))] })).toBe(
      "accepted",
    );
    expect(
      outcome({
        custom_id: "f",
        title: "Form",
        components: [
          label(textInput("a")),
          label({ type: 3, custom_id: "b", options: [{ label: "x", value: "x" }] }),
          label({ type: 21, custom_id: "c", options: [] }),
          { type: 10, content: "Read me" },
        ],
      }),
    ).toBe("accepted");
  });

  it("refuses what Discord refuses, naming the field", () => {
    const ok = row(textInput("a", { label: "A" }));
    expect(outcome(null)).toMatch(/^data: /);
    expect(outcome({ custom_id: "f", title: "x".repeat(46), components: [ok] })).toMatch(/^data\.title: Must be 45/);
    expect(outcome({ custom_id: "", title: "T", components: [ok] })).toMatch(/^data\.custom_id: /);
    expect(outcome({ custom_id: "f", title: "T", components: [] })).toMatch(
      /^data\.components: Must be between 1 and 5/,
    );
    expect(outcome({ custom_id: "f", title: "T", components: Array(6).fill(ok) })).toMatch(/^data\.components: /);
    expect(outcome({ custom_id: "f", title: "T", components: [ok, ok] })).toMatch(/custom id cannot be duplicated/);
    expect(outcome({ custom_id: "f", title: "T", components: [row(textInput("a"))] })).toMatch(
      /components\.0\.components\.0\.label/,
    );
    expect(outcome({ custom_id: "f", title: "T", components: [row({ type: 2, custom_id: "b" })] })).toMatch(/type/);
    expect(outcome({ custom_id: "f", title: "T", components: [label({ type: 2, custom_id: "b" })] })).toMatch(
      /cannot be used in a modal/,
    );
    expect(outcome({ custom_id: "f", title: "T", components: [label(textInput("a", { max_length: 4001 }))] })).toMatch(
      /max_length/,
    );
    expect(outcome({ custom_id: "f", title: "T", components: [label(textInput("a", { style: 3 }))] })).toMatch(/style/);
    expect(outcome({ custom_id: "f", title: "T", components: [{ type: 9 }] })).toMatch(/data\.components\.0\.type/);
  });
});
