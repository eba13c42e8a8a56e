/**
 * World state is never lost: text PostgreSQL cannot store is refused where it enters, a value
 * that slips past that never makes the world unsavable, and a save that fails keeps the world,
 * is reported on /control/health and is retried until it succeeds.
 */
import { afterAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";
import type { BotCredentials, WorldSnapshot } from "@/lib/simulator/types";

import { startSimulator, type RunningSimulator } from "./server";
import { WorldStore } from "./store";
import { control, controlKey, createBotRow, createOwner, waitFor } from "./test-support";
import type { WorldState } from "./world";

const owners: string[] = [];
const running: RunningSimulator[] = [];

afterAll(async () => {
  await Promise.all(running.map((sim) => sim.close()));
  await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS refuse_world_for_test ON "SimulatorWorld"`);
  await db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS refuse_world_for_test()`);
  await db.user.deleteMany({ where: { id: { in: owners } } });
});

async function start(): Promise<RunningSimulator> {
  const sim = await startSimulator({ port: 0, host: "127.0.0.1", controlKey });
  running.push(sim);
  return sim;
}

async function restart(sim: RunningSimulator): Promise<RunningSimulator> {
  await sim.close();
  running.splice(running.indexOf(sim), 1);
  return start();
}

function ids(world: WorldSnapshot) {
  const guild = world.guilds[0]!;
  return {
    general: guild.channels.find((channel) => channel.name === "general")!.id,
    sam: guild.members.find((member) => member.user.username === "Sam")!.user.id,
  };
}

async function savedState(userId: string): Promise<WorldState | undefined> {
  const row = await db.simulatorWorld.findUnique({ where: { userId }, select: { state: true } });
  return row?.state as unknown as WorldState | undefined;
}

describe("a poisoned message", () => {
  it("is refused at entry, and the user's later messages and commands survive a restart", async () => {
    let sim = await start();
    const owner = await createOwner("poison");
    owners.push(owner);
    const creds: BotCredentials = await control(sim.url).credentials(await createBotRow(owner, "Keeper"));
    const { general, sam } = ids(await control(sim.url).world(owner));
    const send = (body: string) =>
      fetch(`${sim.url}/api/v10/channels/${general}/messages`, {
        method: "POST",
        headers: { authorization: `Bot ${creds.token}`, "content-type": "application/json" },
        body,
      });
    expect((await send('{"content":"poison \\u0000"}')).status).toBe(400);
    expect((await send('{"content":"poison \\ud800"}')).status).toBe(400);
    expect((await send(`{"content":"deep","components":${"[".repeat(20_000)}${"]".repeat(20_000)}}`)).status).toBe(400);
    expect(
      (
        await control(sim.url).call("POST", `/worlds/${owner}/messages`, {
          channelId: general,
          authorId: sam,
          content: "\udc00",
        })
      ).status,
    ).toBe(400);
    expect((await send('{"content":"kept after the poison"}')).status).toBe(200);
    const registered = await fetch(`${sim.url}/api/v10/applications/${creds.applicationId}/commands`, {
      method: "PUT",
      headers: { authorization: `Bot ${creds.token}`, "content-type": "application/json" },
      body: JSON.stringify([{ name: "keep", description: "Still here after a restart" }]),
    });
    expect(registered.status).toBe(200);
    await control(sim.url).say(owner, general, sam, "exact: zero\u200bwidth, \u202eRTL, 😀");

    sim = await restart(sim);
    const after = await control(sim.url).world(owner);
    expect(after.messages[general]?.map((message) => message.content)).toEqual([
      "kept after the poison",
      "exact: zero\u200bwidth, \u202eRTL, 😀",
    ]);
    expect(after.bots[0]?.commands.map((command) => command.name)).toEqual(["keep"]);
  });

  it("that slipped into a world some other way is replaced when saving, and every other change is saved", async () => {
    const owner = await createOwner("slipped");
    owners.push(owner);
    const store = new WorldStore(true);
    const world = await store.get(owner);
    const channel = world.guilds[0]!.channels[0]!.id;
    const message = (id: string, content: string) =>
      ({
        id,
        channel_id: channel,
        content,
        author: { id: "1", username: "x" },
      }) as unknown as WorldState["messages"][string][number];
    world.messages[channel] = [message("1", "bad \u0000 and \ud800"), message("2", "good")];
    world.bots.push({ botId: "b", applicationId: "2", userId: "2", username: "late", commands: [] });
    store.changed(owner);
    await store.flush();
    expect(store.saveStatus()).toBeNull();
    const saved = await savedState(owner);
    expect(saved?.messages[channel]?.map((item) => item.content)).toEqual(["bad \ufffd and \ufffd", "good"]);
    expect(saved?.bots.map((bot) => bot.username)).toEqual(["late"]);
  });
});

describe("a save that fails", () => {
  it("keeps the world in memory, is reported on /control/health, keeps the last good one saved, and is retried", async () => {
    const sim = await start();
    const owner = await createOwner("failing-save");
    owners.push(owner);
    const { general, sam } = ids(await control(sim.url).world(owner));
    await control(sim.url).say(owner, general, sam, "saved before the outage");
    await waitFor(async () =>
      (await savedState(owner))?.messages[general]?.some((item) => item.content === "saved before the outage"),
    );

    // PostgreSQL itself refuses this world's saves for a while.
    await db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION refuse_world_for_test() RETURNS trigger AS $$
      BEGIN
        IF NEW."userId" = '${owner}' THEN RAISE EXCEPTION 'refused for the test'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await db.$executeRawUnsafe(
      `CREATE TRIGGER refuse_world_for_test BEFORE INSERT OR UPDATE ON "SimulatorWorld" FOR EACH ROW EXECUTE FUNCTION refuse_world_for_test()`,
    );
    await control(sim.url).say(owner, general, sam, "during the outage");
    const health = await waitFor(async () => {
      const body = (await (await fetch(`${sim.url}/control/health`)).json()) as {
        ok: boolean;
        saveError?: { failingWorlds: number; reason: string };
      };
      return body.saveError ? body : undefined;
    }, 8_000);
    expect(health).toMatchObject({ ok: true, saveError: { failingWorlds: 1 } });
    expect(JSON.stringify(health)).not.toContain(owner);
    // The last good world is still what is saved; the new message is still served from memory.
    expect((await savedState(owner))?.messages[general]?.map((item) => item.content)).toEqual([
      "saved before the outage",
    ]);
    const live = await control(sim.url).world(owner);
    expect(live.messages[general]?.map((item) => item.content)).toEqual([
      "saved before the outage",
      "during the outage",
    ]);
    await control(sim.url).say(owner, general, sam, "still during the outage");

    await db.$executeRawUnsafe(`DROP TRIGGER refuse_world_for_test ON "SimulatorWorld"`);
    await waitFor(async () => {
      const body = (await (await fetch(`${sim.url}/control/health`)).json()) as { saveError?: unknown };
      return body.saveError === undefined ? true : undefined;
    }, 15_000);
    expect((await savedState(owner))?.messages[general]?.map((item) => item.content)).toEqual([
      "saved before the outage",
      "during the outage",
      "still during the outage",
    ]);
  }, 40_000);
});
