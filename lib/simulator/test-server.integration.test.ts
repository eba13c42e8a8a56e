/**
 * Moving a blueprint bot into its own test server (the Test tab's picker, the API) makes there
 * the channels and roles its blueprint names; the shared server never gets them. Against a real
 * simulator and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { checkBlueprint } from "@/lib/blueprint";
import { compileBlueprint } from "@/lib/blueprint/compile";
import { db } from "@/lib/db";
import { startSimulator, type RunningSimulator } from "@/runtime/simulator/server";
import { control, controlKey } from "@/runtime/simulator/test-support";
import { createSignedInUser } from "@/tests/setup/signed-in";

import { blueprintPlacesOf, moveToTestServer } from "./test-server";

const state = vi.hoisted(() => ({ url: "" }));
vi.mock("@/lib/simulator/config", () => ({
  simulatorUrl: () => state.url,
  simulatorControlKey: () => "test-control-key",
}));

let sim: RunningSimulator;
let userId: string;
let botId: string;
let codeBot: string;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: "127.0.0.1", controlKey, persist: false });
  state.url = sim.url;
  userId = (await createSignedInUser("test-server-places", "owner")).id;
  const parsed = checkBlueprint({
    version: 1,
    name: "Gamer roles",
    commands: [
      {
        name: "gamer",
        description: "Be a gamer",
        actions: [
          { do: "toggleRole", member: "{user}", role: "Gamer" },
          { do: "send", channel: "#game-night", message: { text: "{user.mention} is in." } },
        ],
      },
    ],
  });
  if (!parsed.ok) throw new Error("blueprint");
  const files = compileBlueprint(parsed.blueprint, "javascript");
  const bot = { userId, language: "javascript", desiredState: "stopped", testServer: "shared" };
  botId = (await db.bot.create({ data: { ...bot, name: "Gamer roles", files: { create: files } } })).id;
  codeBot = (
    await db.bot.create({ data: { ...bot, name: "Code bot", files: { create: [{ path: "index.js", content: "" }] } } })
  ).id;
});

afterAll(async () => {
  await sim?.close();
  await db.user.deleteMany({ where: { id: userId } });
});

describe("a blueprint bot's own test server", () => {
  it("reads what the bot's blueprint names, and nothing for a code bot or someone else's bot", async () => {
    expect(await blueprintPlacesOf(userId, botId)).toEqual({ channels: ["game-night"], roles: ["Gamer"] });
    expect(await blueprintPlacesOf(userId, codeBot)).toEqual({ channels: [], roles: [] });
    const stranger = (await createSignedInUser("test-server-places", "stranger")).id;
    try {
      expect(await blueprintPlacesOf(stranger, botId)).toEqual({ channels: [], roles: [] });
    } finally {
      await db.user.delete({ where: { id: stranger } });
    }
  });

  it("gets them when the bot moves there; the shared server it left never had them", async () => {
    const shared = await control(sim.url).credentials(botId);
    expect(shared.ownServer).toBe(false);
    expect(await moveToTestServer(userId, botId, "own")).toEqual({ applied: true, ownServer: true });
    const world = await control(sim.url).world(userId);
    const own = world.guilds.find((guild) => guild.botId === botId)!;
    expect(own.channels.map((channel) => channel.name)).toContain("game-night");
    expect(own.roles.map((role) => role.name)).toContain("Gamer");
    expect(own.botPlaces).toEqual({ channels: ["game-night"], roles: ["Gamer"] });
    const sharedGuild = world.guilds.find((guild) => guild.id === shared.guildId)!;
    expect(sharedGuild.channels.some((channel) => channel.name === "game-night")).toBe(false);
    expect(sharedGuild.roles.some((role) => role.name === "Gamer")).toBe(false);
  });
});
