/**
 * The Discord Simulator page's actions against a real simulator and PostgreSQL: each acts on the
 * signed-in user's own world only (never one named by the input), refuses bad input before the
 * simulator sees it, and answers with a clear refusal when the simulator is down.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import type { CurrentUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { startSimulator, type RunningSimulator } from "@/runtime/simulator/server";
import { control, controlKey, createBotRow } from "@/runtime/simulator/test-support";
import { signedInSession } from "@/tests/setup/signed-in";
import { freshClientIp } from "@/tests/setup/test-request";

import { addWorldMemberAction, removeWorldMemberAction, resetWorldAction } from "./actions";
import { simulatorUnavailableMessage } from "./client";
import type { WorldSnapshot } from "./types";

// Who is signed in, and where the web app finds the simulator, are stood in for.
const state = vi.hoisted(() => ({ user: null as CurrentUser | null, url: "" }));
vi.mock("@/lib/auth/session", () => ({ getCurrentUser: async () => state.user }));
vi.mock("@/lib/simulator/config", () => ({
  simulatorUrl: () => state.url,
  simulatorControlKey: () => "test-control-key",
}));

const stamp = Date.now().toString(36);
let sim: RunningSimulator;
let alice: CurrentUser;
let bob: CurrentUser;
let aliceBot: string;

async function createUser(name: string): Promise<CurrentUser> {
  const user = await db.user.create({
    data: { email: `sim-page-${name}-${stamp}@example.com` },
    select: { id: true, email: true },
  });
  return {
    ...user,
    emailVerified: true,
    hasPassword: true,
    username: null,
    fullName: null,
    image: null,
    ...signedInSession,
  };
}

const api = () => control(sim.url);
const worldOf = (user: CurrentUser): Promise<WorldSnapshot> => api().world(user.id);
const names = (world: WorldSnapshot) => world.guilds[0]!.members.map((member) => member.user.username);

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: "127.0.0.1", controlKey, persist: false });
  alice = await createUser("alice");
  bob = await createUser("bob");
  aliceBot = await createBotRow(alice.id, "Alice's helper");
  // As when the bot first runs: it joins Alice's world with its commands.
  await api().credentials(aliceBot);
});

beforeEach(() => {
  freshClientIp();
  state.user = null;
  state.url = sim.url;
});

afterAll(async () => {
  await sim?.close();
  await db.user.deleteMany({ where: { id: { in: [alice?.id, bob?.id].filter(Boolean) as string[] } } });
});

describe("the Discord Simulator page's actions", () => {
  it("refuse a signed-out visitor and change nothing", async () => {
    const before = await worldOf(alice);
    const guildId = before.guilds[0]!.id;
    const sam = before.guilds[0]!.members.find((member) => member.user.username === "Sam")!;
    for (const result of [
      await addWorldMemberAction({ guildId, username: "intruder" }),
      await removeWorldMemberAction({ guildId, memberId: sam.user.id }),
      await resetWorldAction(),
    ]) {
      expect(result).toMatchObject({ ok: false, code: "signed_out" });
    }
    expect(names(await worldOf(alice))).toEqual(names(before));
  });

  it("add a member to the signed-in user's world only, and remove them again", async () => {
    state.user = alice;
    const guildId = (await worldOf(alice)).guilds[0]!.id;
    const added = await addWorldMemberAction({ guildId, username: "  new_friend.1 " });
    expect(added).toMatchObject({ ok: true, data: { username: "new_friend.1" } });
    expect(names(await worldOf(alice))).toContain("new_friend.1");
    expect(names(await worldOf(bob))).not.toContain("new_friend.1");

    const memberId = added.ok ? added.data.id : "";
    expect(await removeWorldMemberAction({ guildId, memberId })).toEqual({ ok: true, data: undefined });
    expect(names(await worldOf(alice))).not.toContain("new_friend.1");
  });

  it("never reach another user's world, whatever ids the input names", async () => {
    state.user = alice;
    const aliceGuild = (await worldOf(alice)).guilds[0]!.id;
    const added = await addWorldMemberAction({ guildId: aliceGuild, username: "alices_friend" });
    const memberId = added.ok ? added.data.id : "";
    const sam = (await worldOf(alice)).guilds[0]!.members.find((member) => member.user.username === "Sam")!;

    state.user = bob;
    // Alice's guild and members do not exist in Bob's world; a userId in the input is ignored.
    const asAlice = { userId: alice.id } as Record<string, unknown>;
    expect(await removeWorldMemberAction({ guildId: aliceGuild, memberId, ...asAlice })).toMatchObject({
      ok: false,
      code: "simulator",
      error: "Unknown guild.",
    });
    expect(await removeWorldMemberAction({ guildId: aliceGuild, memberId: sam.user.id })).toMatchObject({ ok: false });
    expect(await addWorldMemberAction({ guildId: aliceGuild, username: "bobs_spy", ...asAlice })).toMatchObject({
      ok: false,
      error: "Unknown guild.",
    });
    // Bob's reset resets Bob's world.
    expect(await resetWorldAction()).toEqual({ ok: true, data: undefined });

    const aliceWorld = await worldOf(alice);
    expect(names(aliceWorld)).toEqual(expect.arrayContaining(["alices_friend", "Sam"]));
    expect(names(aliceWorld)).not.toContain("bobs_spy");
    expect(names(await worldOf(bob))).not.toContain("bobs_spy");
  });

  it("refuse bad input with the field's message before the simulator sees it", async () => {
    state.user = alice;
    const before = await worldOf(alice);
    const guildId = before.guilds[0]!.id;
    const bad: [Record<string, unknown>, string, string][] = [
      [{ guildId, username: "a" }, "username", "Names are at least 2 characters"],
      [{ guildId, username: "x".repeat(33) }, "username", "Names are at most 32 characters"],
      [{ guildId, username: "has space" }, "username", "Use letters, digits, '_' and '.'"],
      [{ guildId, username: "<script>" }, "username", "Use letters, digits, '_' and '.'"],
      [{ guildId, username: "nul\u0000" }, "username", "Use letters, digits, '_' and '.'"],
      [{ guildId, username: 42 }, "username", ""],
      [{ guildId: "../../worlds/other", username: "fine_name" }, "guildId", "Not a valid id"],
      [{ username: "fine_name" }, "guildId", ""],
    ];
    for (const [input, field, message] of bad) {
      const result = await addWorldMemberAction(input as never);
      expect(result.ok, JSON.stringify(input)).toBe(false);
      if (!result.ok) {
        expect(Object.keys(result.fieldErrors ?? {})).toContain(field);
        if (message) expect(result.fieldErrors?.[field]).toContain(message);
      }
    }
    for (const input of [
      { guildId, memberId: "abc" },
      { guildId: "1 OR 1=1", memberId: "123" },
      { guildId, memberId: "1".repeat(21) },
    ]) {
      expect(await removeWorldMemberAction(input)).toMatchObject({ ok: false, fieldErrors: expect.any(Object) });
    }
    expect(names(await worldOf(alice))).toEqual(names(before));
  });

  it("keep the owner and the bots in the server (the simulator's refusals reach the user)", async () => {
    state.user = alice;
    const guild = (await worldOf(alice)).guilds[0]!;
    const owner = guild.members.find((member) => member.user.id === guild.ownerId)!;
    const bot = guild.members.find((member) => member.user.bot)!;
    expect(await removeWorldMemberAction({ guildId: guild.id, memberId: owner.user.id })).toMatchObject({
      ok: false,
      error: "The owner cannot leave the server.",
    });
    expect(await removeWorldMemberAction({ guildId: guild.id, memberId: bot.user.id })).toMatchObject({
      ok: false,
      error: "Bots leave when they are deleted, not from here.",
    });
  });

  it("reset the world to its defaults while the user's bots and their commands stay", async () => {
    state.user = alice;
    const guildId = (await worldOf(alice)).guilds[0]!.id;
    expect((await addWorldMemberAction({ guildId, username: "short_stay" })).ok).toBe(true);
    expect(await resetWorldAction()).toEqual({ ok: true, data: undefined });
    const world = await worldOf(alice);
    expect(names(world)).not.toContain("short_stay");
    expect(names(world)).toEqual(expect.arrayContaining(["You", "Alex", "Sam", "Riley"]));
    expect(world.bots.map((bot) => bot.botId)).toEqual([aliceBot]);
    expect(world.guilds[0]!.members.some((member) => member.user.bot)).toBe(true);
  });

  it("say the simulator is not running when it cannot be reached", async () => {
    state.user = alice;
    state.url = "http://127.0.0.1:9";
    const guildId = "123456789";
    for (const result of [
      await addWorldMemberAction({ guildId, username: "nobody_home" }),
      await removeWorldMemberAction({ guildId, memberId: "123" }),
      await resetWorldAction(),
    ]) {
      expect(result).toEqual({ ok: false, error: simulatorUnavailableMessage, code: "simulator" });
    }
  });
});
