import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";
import type { SimulatorEvent, SimulatorModal } from "@/lib/simulator/types";

import { startSimulator, type RunningSimulator } from "./server";
import { control, controlKey, createBotRow, createOwner, openEvents, waitFor } from "./test-support";

// Debian's python3-discord lives in the system interpreter, not in a pyenv shim's.
const python = existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
const script = fileURLToPath(new URL("./testdata/discordpy-components-bot.py", import.meta.url));

let sim: RunningSimulator;
let owner: string;
let botId: string;
let child: ChildProcess | undefined;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: "127.0.0.1", controlKey });
  owner = await createOwner("dpy-components");
  botId = await createBotRow(owner, "PyViews");
});

afterAll(async () => {
  child?.kill("SIGTERM");
  await sim?.close();
  await db.user.deleteMany({ where: { id: owner } });
});

type Data = { content?: string; id?: string; flags?: number; components?: unknown[] };
const data = (event: SimulatorEvent) => event.data as Data;

describe("members using a discord.py bot's view and modal", () => {
  it("clicks, defers, chooses, submits a modal and reacts; discord.py's view and modal callbacks answer", async () => {
    const api = control(sim.url);
    const creds = await api.credentials(botId);
    const events = await openEvents(sim.url, owner);
    let output = "";
    const bot = spawn(python, [script], {
      env: {
        NODE_ENV: "test",
        PATH: process.env.PATH ?? "",
        DEBUG: process.env.SIM_DEBUG ?? "",
        SIM_API: creds.apiBase,
        SIM_GATEWAY: creds.gatewayUrl,
        TOKEN: creds.token,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = bot;
    bot.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    bot.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(() => /^READY /m.test(output) || undefined, 20_000).catch(() => {
      throw new Error(`discord.py bot did not get ready:\n${output}`);
    });
    const next = (predicate: (event: SimulatorEvent) => boolean) =>
      events.next(predicate, 15_000).catch((error: unknown) => {
        throw new Error(`${String(error)}; discord.py output:\n${output}`);
      });

    const world = await api.world(owner);
    const guild = world.guilds[0]!;
    const general = guild.channels.find((channel) => channel.name === "general")!;
    const riley = guild.members.find((member) => member.user.username === "Riley")!.user;
    const base = `/worlds/${owner}/channels/${general.id}/messages`;
    await api.say(owner, general.id, riley.id, "!menu");
    const menu = data(await next((event) => event.type === "message_create" && data(event).content === "Pick"));
    const menuId = menu.id!;
    expect(JSON.stringify(menu.components)).toContain('"custom_id":"flavour"');

    // edit_message (7)
    const click = async (customId: string) =>
      (await api.call("POST", `${base}/${menuId}/click`, { authorId: riley.id, customId })).status;
    expect(await click("count")).toBe(200);
    const counted = await next(
      (event) => event.type === "message_update" && data(event).content === "Clicked 1 by Riley",
    );
    expect(JSON.stringify(data(counted).components)).toContain("Count 1");

    // defer (6), then edit_original_response: the message the button is on
    expect(await click("later")).toBe(200);
    const later = await next(
      (event) => event.type === "message_update" && data(event).content === "Edited after a deferred update",
    );
    expect(data(later).id).toBe(menuId);

    // send_message(ephemeral) and followup.send(ephemeral)
    const chose = await api.call("POST", `${base}/${menuId}/select`, {
      authorId: riley.id,
      customId: "flavour",
      values: ["chocolate"],
    });
    expect(chose.status).toBe(200);
    const reply = await next(
      (event) => event.type === "message_create" && data(event).content === "You chose chocolate",
    );
    expect(data(reply).flags! & 64).toBe(64);
    const noted = await next((event) => event.type === "message_create" && data(event).content === "noted");
    expect(data(noted).flags! & 64).toBe(64);

    // send_modal (9), then a submit in action rows as discord.py built it
    expect(await click("form")).toBe(200);
    const modal = (await next((event) => event.type === "modal_open")).data as SimulatorModal;
    expect(modal).toMatchObject({ custom_id: "feedback", title: "Your feedback", userId: riley.id });
    const submit = (values: unknown) =>
      api.call<{ error: string }>("POST", `/worlds/${owner}/modals/${modal.id}`, { values });
    expect(await submit({ details: "no comment" })).toMatchObject({
      status: 400,
      body: { error: '"Comment" (comment) is required.' },
    });
    expect(await submit({ comment: "y".repeat(4001) })).toMatchObject({
      status: 400,
      body: { error: '"Comment" (comment) must be at most 50 characters.' },
    });
    expect((await submit({ comment: "Lovely" })).status).toBe(200);
    const submitted = await next(
      (event) => event.type === "interaction_create" && (event.data as { type: number }).type === 5,
    );
    expect(submitted.data).toMatchObject({
      data: {
        custom_id: "feedback",
        components: [
          { type: 1, components: [{ type: 4, custom_id: "comment", value: "Lovely" }] },
          { type: 1, components: [{ type: 4, custom_id: "details", value: "" }] },
        ],
      },
    });
    const thanks = await next(
      (event) => event.type === "message_create" && data(event).content === "Thanks: Lovely / none",
    );
    expect(thanks.data).toMatchObject({ type: 19, message_reference: { message_id: menuId } });

    // reactions: raw add (with the member) and remove
    const wave = encodeURIComponent("👋");
    expect((await api.call("PUT", `${base}/${menuId}/reactions/${wave}/${riley.id}`)).status).toBe(200);
    await next((event) => event.type === "message_create" && data(event).content === "Riley added 👋");
    expect((await api.call("DELETE", `${base}/${menuId}/reactions/${wave}/${riley.id}`)).status).toBe(200);
    await next((event) => event.type === "message_create" && data(event).content === `${riley.id} removed 👋`);
    expect(output).not.toMatch(/Traceback/);
    events.close();
  });
});
