/**
 * What a bot's blueprint names is made in its own test server when it starts there (the runner
 * passes `places` with its credentials), never in the shared server; the server remembers what
 * was made, a reset makes it again, and the owner can delete a channel from the control API.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";
import type { BotCredentials, WorldSnapshot } from "@/lib/simulator/types";

import { startSimulator, type RunningSimulator } from "./server";
import { control, controlKey, createBotRow, createOwner } from "./test-support";

let sim: RunningSimulator;
let owner: string;
let own: string;
let shared: string;

const places = { channels: ["suggestions", "general"], roles: ["Gamer", "member"] };

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: "127.0.0.1", controlKey });
  owner = await createOwner("bot-places");
  own = await createBotRow(owner, "Suggester", "own");
  shared = await createBotRow(owner, "Sharer", "shared");
});

afterAll(async () => {
  await sim?.close();
  await db.user.deleteMany({ where: { id: owner } });
});

const api = () => control(sim.url);
const credentials = async (botId: string, body: unknown) =>
  api().call<BotCredentials & { error?: string }>("POST", `/bots/${botId}/credentials`, body);
const guildOf = (snapshot: WorldSnapshot, id: string) => snapshot.guilds.find((guild) => guild.id === id)!;

describe("the channels and roles a blueprint names", () => {
  it("are made in the bot's own test server, the ones it lacks only, and remembered there", async () => {
    const { status, body } = await credentials(own, { places });
    expect(status).toBe(200);
    expect(body.ownServer).toBe(true);
    // #general and the Member role are there already (any case).
    expect(body.placesAdded).toEqual({ channels: ["suggestions"], roles: ["Gamer"] });
    const guild = guildOf(await api().world(owner), body.guildId);
    expect(guild.channels.map((channel) => channel.name)).toContain("suggestions");
    const gamer = guild.roles.find((role) => role.name === "Gamer")!;
    const botRole = guild.roles.find((role) => role.managed)!;
    expect(gamer.position).toBeLessThan(botRole.position);
    expect(guild.botPlaces).toEqual({ channels: ["suggestions"], roles: ["Gamer"] });

    const again = await credentials(own, { places });
    expect(again.body.placesAdded).toEqual({ channels: [], roles: [] });
    expect(
      guildOf(await api().world(owner), body.guildId).channels.filter((c) => c.name === "suggestions"),
    ).toHaveLength(1);
  });

  it("are never made in the shared server", async () => {
    const { body } = await credentials(shared, { places });
    expect(body.ownServer).toBe(false);
    expect(body.placesAdded).toEqual({ channels: [], roles: [] });
    const guild = guildOf(await api().world(owner), body.guildId);
    expect(guild.channels.some((channel) => channel.name === "suggestions")).toBe(false);
    expect(guild.roles.some((role) => role.name === "Gamer")).toBe(false);
  });

  it("refuses names no Discord server could hold", async () => {
    const { status, body } = await credentials(own, { places: { channels: ["two words"], roles: [] } });
    expect(status).toBe(400);
    expect(body.error).toMatch(/not a valid name/);
  });

  it("come back after a reset; a channel the owner deletes goes until the next start", async () => {
    const { body } = await credentials(own, {});
    await api().call("POST", `/worlds/${owner}/reset`);
    let guild = guildOf(await api().world(owner), body.guildId);
    const suggestions = guild.channels.find((channel) => channel.name === "suggestions");
    expect(suggestions).toBeDefined();
    expect(guild.roles.some((role) => role.name === "Gamer")).toBe(true);

    const deleted = await api().call("DELETE", `/worlds/${owner}/channels/${suggestions!.id}`);
    expect(deleted.status).toBe(200);
    guild = guildOf(await api().world(owner), body.guildId);
    expect(guild.channels.some((channel) => channel.name === "suggestions")).toBe(false);
    expect((await api().call("DELETE", `/worlds/${owner}/channels/${suggestions!.id}`)).status).toBe(404);

    const restarted = await credentials(own, { places });
    expect(restarted.body.placesAdded).toEqual({ channels: ["suggestions"], roles: [] });
  });
});
