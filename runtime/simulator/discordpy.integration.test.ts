import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";

import { startSimulator, type RunningSimulator } from "./server";
import { control, controlKey, createBotRow, createOwner, openEvents, waitFor } from "./test-support";

// Debian's python3-discord lives in the system interpreter, not in a pyenv shim's.
const python = existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
const script = fileURLToPath(new URL("./testdata/discordpy-bot.py", import.meta.url));

let sim: RunningSimulator;
let owner: string;
let botId: string;
let child: ChildProcess | undefined;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: "127.0.0.1", controlKey });
  owner = await createOwner("dpy");
  botId = await createBotRow(owner, "PyBot");
});

afterAll(async () => {
  child?.kill("SIGTERM");
  await sim?.close();
  await db.user.deleteMany({ where: { id: owner } });
});

describe("a discord.py bot on the simulator", () => {
  it("syncs its command tree, answers !ping and /hello", async () => {
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
    await waitFor(() => (/^READY /m.test(output) && /^SYNCED /m.test(output)) || undefined, 20_000).catch(() => {
      throw new Error(`discord.py bot did not get ready:\n${output}`);
    });
    expect(output).toContain("SYNCED 1");
    expect(output).toContain(`READY ${creds.botUserId} 1`);

    const world = await api.world(owner);
    const guild = world.guilds[0]!;
    const general = guild.channels.find((channel) => channel.name === "general")!;
    const riley = guild.members.find((member) => member.user.username === "Riley")!;
    expect(world.bots[0]?.commands.map((command) => command.name)).toEqual(["hello"]);

    await api.say(owner, general.id, riley.user.id, "!ping");
    await events
      .next(
        (event) =>
          event.type === "message_create" && (event.data as { content: string }).content === "Pong from Python!",
        15_000,
      )
      .catch((error: unknown) => {
        throw new Error(`${String(error)}; discord.py output:\n${output}`);
      });

    const slash = await api.call<{ interactionId: string }>("POST", `/worlds/${owner}/interactions`, {
      botId,
      channelId: general.id,
      authorId: riley.user.id,
      name: "hello",
      options: [{ name: "name", type: 3, value: "Riley" }],
    });
    expect(slash.status).toBe(200);
    const reply = await events.next((event) => event.type === "interaction_response", 15_000);
    expect(reply.data).toMatchObject({
      interactionId: slash.body.interactionId,
      type: 4,
      message: { content: "Hello Riley from Python!" },
    });
    expect(output).not.toMatch(/Traceback/);
    events.close();
  });
});
