import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

import type { CurrentUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import type { SearchResponse } from "@/lib/search/types";
import { signedInSession } from "@/tests/setup/signed-in";

import { GET } from "./route";

const signedIn = vi.hoisted(() => ({ user: null as CurrentUser | null }));
vi.mock("@/lib/auth/session", () => ({ getCurrentUser: async () => signedIn.user }));

const stamp = Date.now().toString(36);
const users: string[] = [];

async function account(label: string): Promise<CurrentUser> {
  const user = await db.user.create({ data: { email: `search-route-${label}-${stamp}@example.com` } });
  users.push(user.id);
  return {
    id: user.id,
    email: user.email,
    emailVerified: true,
    hasPassword: true,
    username: null,
    fullName: null,
    image: null,
    ...signedInSession,
  };
}

const search = (q: string) => GET(new Request(`http://localhost:3000/api/search?q=${encodeURIComponent(q)}`));

beforeEach(() => {
  signedIn.user = null;
});
afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: users } } });
});

describe("GET /api/search", () => {
  it("refuses a signed-out visitor", async () => {
    expect((await search("bot")).status).toBe(401);
  });

  it("answers the signed-in user's own results only, never cached", async () => {
    const alice = await account("alice");
    const bob = await account("bob");
    await db.bot.create({ data: { userId: bob.id, name: `Zephyr ${stamp}`, language: "javascript" } });
    await db.bot.create({ data: { userId: alice.id, name: `Zephyr Helper ${stamp}`, language: "javascript" } });

    signedIn.user = alice;
    const response = await search("zephyr");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const body = (await response.json()) as SearchResponse;
    expect(body.groups.flatMap((group) => group.results.map((result) => result.title))).toEqual([
      `Zephyr Helper ${stamp}`,
    ]);
  });

  it("refuses a query over 100 characters", async () => {
    signedIn.user = await account("long");
    expect((await search("x".repeat(101))).status).toBe(400);
  });
});
