import { afterEach, describe, expect, it, vi } from "vitest";

import { checkBlueprint } from "@/lib/blueprint";
import type { CheckStatus, ProofStatus, ProofView } from "@/lib/blueprint/proof/types";
import type { Blueprint } from "@/lib/blueprint/schema";

import {
  fetchProof,
  formatDuration,
  proofCounts,
  proofShowLabel,
  proofSummary,
  proofTargetLabel,
  resolveProofTarget,
  transcriptText,
} from "./proof-model";

function view(status: ProofStatus, results: CheckStatus[]): ProofView {
  return {
    id: "p1",
    status,
    language: "javascript",
    versionNumber: 7,
    error: null,
    checks: results.map((result, index) => ({
      id: `command-0-${index}`,
      title: `check ${index}`,
      target: { kind: "command", index: 0, name: "roll" },
      steps: [],
      result: { id: `command-0-${index}`, status: result, transcript: [] },
    })),
    gaps: [],
    words: [],
    createdAt: "2025-01-01T00:00:00.000Z",
    startedAt: null,
    finishedAt: null,
  };
}

const say = [{ do: "send", channel: "#general", message: { text: "hi" } }];

function blueprint(): Blueprint {
  const result = checkBlueprint({
    version: 1,
    name: "Dice Bot",
    commands: [
      { name: "roll", description: "Roll", actions: say },
      { type: "prefix", name: "coin", description: "Flip", actions: say },
    ],
    events: [
      { on: "memberJoin", actions: say },
      { on: "messageContains", words: ["hi"], match: "any", actions: say },
      { on: "messageContains", words: ["bye"], match: "any", actions: say },
    ],
  });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.blueprint;
}

describe("the check's status line", () => {
  it("counts the passed checks of a failed check", () => {
    const failed = view("failed", [...Array<CheckStatus>(12).fill("passed"), "failed", "failed"]);
    expect(proofSummary(failed)).toBe("12 of 14 checks passed");
    expect(proofCounts(failed)).toEqual({ total: 14, passed: 12, failed: 2, done: 14 });
  });

  it("says all passed, checking, or could not run, in the words the tests look for", () => {
    expect(proofSummary(view("passed", ["passed", "passed"]))).toMatch(/^All checks passed/);
    expect(proofSummary(view("queued", []))).toMatch(/^Checking…/);
    expect(proofSummary(view("running", ["passed", "running", "pending"]))).toMatch(/^Checking…/);
    expect(proofSummary(view("error", ["pending"]))).toMatch(/^The check could not run/);
  });

  it("counts only finished checks as done while it runs", () => {
    expect(proofCounts(view("running", ["passed", "failed", "running", "pending"]))).toMatchObject({
      total: 4,
      done: 2,
    });
  });
});

describe("what a check points at", () => {
  it("selects the command or event at the check's index while it is still there", () => {
    const bp = blueprint();
    expect(resolveProofTarget(bp, { kind: "command", index: 1, name: "coin" })).toEqual({ kind: "commands", index: 1 });
    expect(resolveProofTarget(bp, { kind: "event", index: 0, on: "memberJoin" })).toEqual({ kind: "events", index: 0 });
  });

  it("finds a command that moved since the check, by its name", () => {
    expect(resolveProofTarget(blueprint(), { kind: "command", index: 5, name: "roll" })).toEqual({
      kind: "commands",
      index: 0,
    });
  });

  it("selects nothing for a command that is gone or an event it cannot tell apart", () => {
    const bp = blueprint();
    expect(resolveProofTarget(bp, { kind: "command", index: 0, name: "warn" })).toBeNull();
    expect(resolveProofTarget(bp, { kind: "event", index: 0, on: "messageContains" })).toBeNull();
    expect(resolveProofTarget(bp, { kind: "event", index: 7, on: "memberJoin" })).toEqual({ kind: "events", index: 0 });
  });

  it("names the item as the outline does", () => {
    const bp = blueprint();
    expect(proofShowLabel(bp, { kind: "command", index: 0, name: "roll" })).toBe("Show /roll");
    expect(proofShowLabel(bp, { kind: "command", index: 1, name: "coin" })).toBe("Show !coin");
    expect(proofTargetLabel(bp, { kind: "command", index: 0, name: "roll", subcommand: "big" })).toBe("/roll big");
    expect(proofShowLabel(bp, { kind: "event", index: 0, on: "memberJoin" })).toBe("Show “When a member joins”");
    expect(proofTargetLabel(bp, { kind: "event", index: 9, on: "messageContains" })).toBe("A message contains words");
  });
});

describe("the transcript", () => {
  it("quotes what was written, not what was done", () => {
    expect(transcriptText({ what: "answers", text: "You rolled 4" })).toBe("“You rolled 4”");
    expect(transcriptText({ what: "says in #general", text: "hello" })).toBe("“hello”");
    expect(transcriptText({ what: "runs", text: "/roll sides:6" })).toBe("/roll sides:6");
    expect(transcriptText({ what: "joins the server", text: "" })).toBe("");
  });

  it("formats durations for people", () => {
    expect(formatDuration(420)).toBe("0.4 s");
    expect(formatDuration(12_340)).toBe("12.3 s");
    expect(formatDuration(65_000)).toBe("1 min 5 s");
    expect(formatDuration(120_000)).toBe("2 min");
  });
});

describe("loading the check", () => {
  const fetchMock = vi.fn<typeof fetch>();
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("reads 404 as no check yet, and asks for a named check by id", async () => {
    vi.stubGlobal("fetch", fetchMock);
    fetchMock.mockResolvedValueOnce(new Response("{}", { status: 404 }));
    await expect(fetchProof("bot1", undefined)).resolves.toEqual({ kind: "none" });
    expect(fetchMock).toHaveBeenLastCalledWith("/api/bots/bot1/proof", expect.objectContaining({ cache: "no-store" }));

    const body = view("running", ["pending"]);
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status: 200 }));
    await expect(fetchProof("bot1", "p1")).resolves.toMatchObject({ kind: "found", view: body });
    expect(fetchMock).toHaveBeenLastCalledWith("/api/bots/bot1/proof?id=p1", expect.anything());
  });

  it("throws on other failures so the next poll tries again", async () => {
    vi.stubGlobal("fetch", fetchMock);
    fetchMock.mockResolvedValueOnce(new Response("{}", { status: 500 }));
    await expect(fetchProof("bot1", "p1")).rejects.toThrow(/500/);
  });
});
