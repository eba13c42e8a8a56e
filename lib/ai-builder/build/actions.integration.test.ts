/**
 * The build actions as the pages call them (real database and rate limits; only who is signed in
 * is stood in for): signed out is refused, bad input gets its field's words, a user can neither
 * see nor cancel another's build, and builds are rate limited per account.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import type { CurrentUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { createSignedInUser } from "@/tests/setup/signed-in";

import { cancelBuildAction, startBuildAction } from "./actions";
import { buildRateLimit } from "./service";

const signedIn = vi.hoisted(() => ({ user: null as CurrentUser | null }));
vi.mock("@/lib/auth/session", () => ({ getCurrentUser: async () => signedIn.user }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const stamp = Date.now().toString(36);
const users: CurrentUser[] = [];

beforeAll(async () => {
  for (const name of ["ana", "ben"]) users.push(await createSignedInUser(`build-${stamp}`, name));
});

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: users.map((user) => user.id) } } });
});

describe("build actions", () => {
  it("refuse the signed out, explain bad input, and keep builds to their owner", async () => {
    signedIn.user = null;
    expect((await startBuildAction({ description: "a /ping command", language: "javascript" })).ok).toBe(false);

    signedIn.user = users[0]!;
    const empty = await startBuildAction({ description: "  ", language: "javascript" });
    expect(empty).toMatchObject({ ok: false, fieldErrors: { description: ["Describe your bot first."] } });
    const long = await startBuildAction({ description: "x".repeat(10_000), language: "javascript" });
    expect(long.ok || long.fieldErrors?.description?.[0]).toMatch(/^Keep it under 4,000 characters/);
    const language = await startBuildAction({ description: "a /ping command", language: "cobol" as never });
    expect(language).toMatchObject({ ok: false, fieldErrors: { language: ["Choose JavaScript or Python."] } });

    // Ben's build is not Ana's to cancel.
    const build = await db.botBuild.create({
      data: { userId: users[1]!.id, kind: "create", description: "a /ping command", language: "javascript", steps: [] },
    });
    const cancel = await cancelBuildAction({ buildId: build.id });
    expect(cancel).toMatchObject({ ok: false, code: "not_found" });
    expect((await db.botBuild.findUniqueOrThrow({ where: { id: build.id } })).cancelRequested).toBe(false);
  });

  it(`allows ${buildRateLimit.limit} build requests an hour per account, then says when to try again`, async () => {
    signedIn.user = users[1]!;
    let last;
    // Junk counts too: the limit is counted before the input is read.
    for (let attempt = 0; attempt <= buildRateLimit.limit; attempt += 1) {
      last = await startBuildAction({ description: "", language: "javascript" });
    }
    expect(last).toMatchObject({ ok: false, code: "rate_limited" });
    expect(await db.botBuild.count({ where: { userId: users[1]!.id, kind: "create" } })).toBe(1);
  });
});
