import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";

import { searchDashboard } from "./service";
import type { SearchResponse } from "./types";

const stamp = Date.now().toString(36);
let alice: string;
let bob: string;

function titles(response: SearchResponse, group: string): string[] {
  return response.groups.find((item) => item.id === group)?.results.map((result) => result.title) ?? [];
}

beforeAll(async () => {
  alice = (await db.user.create({ data: { email: `search-alice-${stamp}@example.com` } })).id;
  bob = (await db.user.create({ data: { email: `search-bob-${stamp}@example.com` } })).id;
  await db.bot.createMany({
    data: [
      { userId: alice, name: "Guardian Moderator", description: "Keeps the peace", language: "javascript" },
      { userId: alice, name: "DJ Booth", description: "Plays music for the guardian crew", language: "python" },
      {
        userId: alice,
        name: "Old Guardian",
        language: "javascript",
        archivedAt: new Date(),
        archiveReason: "Deleted by you",
      },
      { userId: alice, name: "100% Uptime", language: "javascript" },
      { userId: bob, name: "Guardian of Bob", description: "Bob's secret bot", language: "javascript" },
      { userId: bob, name: "Bob Archived Guardian", language: "javascript", archivedAt: new Date() },
    ],
  });
  await db.supportTicket.createMany({
    data: [
      { userId: alice, number: 1, subject: "Guardian will not start", category: "technical", description: "…" },
      { userId: alice, number: 7, subject: "Invoice question", category: "billing", description: "…" },
      {
        userId: alice,
        number: null,
        status: "draft",
        subject: "Guardian draft",
        category: "technical",
        description: "…",
      },
      { userId: bob, number: 1, subject: "Guardian for Bob", category: "technical", description: "…" },
    ],
  });
});

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: [alice, bob] } } });
});

describe("searchDashboard", () => {
  it("finds the user's own bots by name or description, case-insensitively, linking to the bot page", async () => {
    const response = await searchDashboard(alice, "GUARDIAN");
    expect(titles(response, "bots").toSorted()).toEqual(["DJ Booth", "Guardian Moderator"]);
    const bot = response.groups.find((group) => group.id === "bots")!.results[0]!;
    expect(bot.href).toMatch(/^\/dashboard\/bots\/[^/]+$/);
  });

  it("never shows another user's bots, archived bots or tickets", async () => {
    const response = await searchDashboard(alice, "guardian");
    const everything = JSON.stringify(response);
    expect(everything).not.toContain("Bob");
    const bobs = await searchDashboard(bob, "guardian");
    expect(titles(bobs, "bots")).toEqual(["Guardian of Bob"]);
    expect(titles(bobs, "archive")).toEqual(["Bob Archived Guardian"]);
    expect(titles(bobs, "tickets")).toEqual(["Guardian for Bob"]);
    expect(JSON.stringify(bobs)).not.toMatch(/Moderator|Old Guardian|will not start/);
  });

  it("lists archived bots apart, linking to the archive filtered by the name", async () => {
    const response = await searchDashboard(alice, "old guard");
    expect(titles(response, "bots")).toEqual([]);
    expect(response.groups.find((group) => group.id === "archive")?.results).toEqual([
      expect.objectContaining({ title: "Old Guardian", href: "/dashboard/archive?q=Old%20Guardian" }),
    ]);
  });

  it("finds tickets by subject or by TKT number, and leaves drafts out", async () => {
    expect(titles(await searchDashboard(alice, "guardian"), "tickets")).toEqual(["Guardian will not start"]);
    const byNumber = await searchDashboard(alice, "TKT-007");
    expect(byNumber.groups.find((group) => group.id === "tickets")?.results).toEqual([
      expect.objectContaining({ title: "Invoice question", href: "/dashboard/support/tickets/7" }),
    ]);
    expect(titles(await searchDashboard(alice, "draft"), "tickets")).toEqual([]);
  });

  it("finds settings pages by name or by what they hold", async () => {
    expect(titles(await searchDashboard(alice, "billing"), "pages")).toContain("Billing & Plan");
    expect(titles(await searchDashboard(alice, "theme"), "pages")).toEqual(["Preferences"]);
    expect(titles(await searchDashboard(alice, "password"), "pages")).toEqual(["Account Settings"]);
  });

  it("treats % and _ literally and answers nothing for a blank query", async () => {
    expect(titles(await searchDashboard(alice, "%"), "bots")).toEqual(["100% Uptime"]);
    expect(titles(await searchDashboard(alice, "_"), "bots")).toEqual([]);
    expect(await searchDashboard(alice, "   ")).toEqual({ query: "", groups: [] });
  });

  it("caps each group and the query length", async () => {
    await db.bot.createMany({
      data: Array.from({ length: 8 }, (_, index) => ({
        userId: alice,
        name: `Clone ${index}`,
        language: "javascript",
      })),
    });
    expect(titles(await searchDashboard(alice, "clone"), "bots")).toHaveLength(5);
    expect((await searchDashboard(alice, "x".repeat(500))).query).toHaveLength(100);
  });
});
