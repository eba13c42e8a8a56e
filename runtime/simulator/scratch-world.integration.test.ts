/**
 * Scratch worlds: a proof's bot (Bot.kind "proof") lives in a world of its own, `proof-<botId>`,
 * that never touches its owner's world, is never saved, is served only while that bot exists,
 * and leaves memory when the proof drops it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";
import type { WorldSnapshot } from "@/lib/simulator/types";

import { startSimulator, type RunningSimulator } from "./server";
import { control, controlKey, createOwner } from "./test-support";

let sim: RunningSimulator;
let owner: string;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: "127.0.0.1", controlKey });
  owner = await createOwner("scratch");
});

afterAll(async () => {
  await sim?.close();
  await db.user.deleteMany({ where: { id: owner } });
});

describe("a proof bot's scratch world", () => {
  it("holds the proof bot alone, is never saved, and goes when dropped", async () => {
    const api = control(sim.url);
    const proofBot = (
      await db.bot.create({ data: { userId: owner, name: "Proof", language: "javascript", kind: "proof" } })
    ).id;
    const scratch = `proof-${proofBot}`;
    const credentials = await api.credentials(proofBot);
    const world = await api.world(scratch);
    expect(world.bots.map((bot) => bot.botId)).toEqual([proofBot]);
    expect(credentials.guildId).toBe(world.guilds[0]!.id);
    // The owner's world does not have it.
    expect((await api.world(owner)).bots.map((bot) => bot.botId)).not.toContain(proofBot);
    // A member speaks in the scratch world only.
    const general = world.guilds[0]!.channels.find((channel) => channel.name === "general")!.id;
    const you = world.guilds[0]!.members.find((member) => member.user.username === "You")!.user.id;
    await api.say(scratch, general, you, "only here");
    const ownWorld = await api.world(owner);
    expect(JSON.stringify(ownWorld.messages)).not.toContain("only here");
    // Past the 2 s save delay: the owner's world is saved, the scratch world is not.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await db.simulatorWorld.count({ where: { userId: owner } })).toBe(1);
    expect(await db.simulatorWorld.count({ where: { userId: scratch } })).toBe(0);
    // Dropped: gone from memory; once the bot row is gone, the world is not served again.
    const loaded = sim.loadedWorlds();
    expect((await api.call("DELETE", `/worlds/${scratch}`)).status).toBe(200);
    expect(sim.loadedWorlds()).toBe(loaded - 1);
    await db.bot.delete({ where: { id: proofBot } });
    expect((await api.call<WorldSnapshot>("GET", `/worlds/${scratch}`)).status).toBe(404);
  });

  it("is not served for a bot that is not a proof's, and an owner's world cannot be dropped", async () => {
    const api = control(sim.url);
    const ordinary = (await db.bot.create({ data: { userId: owner, name: "Mine", language: "javascript" } })).id;
    expect((await api.call("GET", `/worlds/proof-${ordinary}`)).status).toBe(404);
    expect((await api.call("GET", `/worlds/proof-nonexistent`)).status).toBe(404);
    expect((await api.call("DELETE", `/worlds/${owner}`)).status).toBe(404);
  });

  it("is set up with the channels and roles a blueprint names, new roles below the bot's own", async () => {
    const api = control(sim.url);
    const proofBot = (
      await db.bot.create({ data: { userId: owner, name: "Setup", language: "javascript", kind: "proof" } })
    ).id;
    const scratch = `proof-${proofBot}`;
    await api.credentials(proofBot);
    const refused = await api.call("POST", `/worlds/${scratch}/setup`, { channels: ["two words"], roles: [] });
    expect(refused.status).toBe(400);
    const { status, body } = await api.call<WorldSnapshot>("POST", `/worlds/${scratch}/setup`, {
      channels: ["suggestions", "general"],
      roles: ["Verified", "🎮 Gamer: level 1"],
    });
    expect(status).toBe(200);
    const guild = body.guilds[0]!;
    expect(guild.channels.filter((channel) => channel.name === "general")).toHaveLength(1);
    expect(guild.channels.map((channel) => channel.name)).toContain("suggestions");
    const position = (name: string) => guild.roles.find((role) => role.name === name)!.position;
    expect(position("Verified")).toBeLessThan(position("Setup"));
    expect(position("🎮 Gamer: level 1")).toBeLessThan(position("Setup"));
    // Only scratch worlds are set up this way.
    expect((await api.call("POST", `/worlds/${owner}/setup`, { channels: ["x"] })).status).toBe(404);
  });
});
