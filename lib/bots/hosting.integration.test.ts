import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import type { CurrentUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { signedInSession } from "@/tests/setup/signed-in";
import { freshClientIp } from "@/tests/setup/test-request";

import {
  createBlankBotAction,
  restartBotAction,
  setBotTokenAction,
  startBotAction,
  stopBotAction,
  updateHostingSettingsAction,
} from "./actions";
import { getBotRuntime, listBotStatuses, listStatusEvents } from "./hosting";

// Who is signed in is stood in for; everything else (database, rate limits, audit) is real.
const signedIn = vi.hoisted(() => ({ user: null as CurrentUser | null }));
vi.mock("@/lib/auth/session", () => ({ getCurrentUser: async () => signedIn.user }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const stamp = Date.now().toString(36);
const token = "MTA5ODc2NTQzMjEwOTg3NjU0Mw.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB";
const users: Record<"alice" | "bob", CurrentUser> = {} as never;

function as(name: "alice" | "bob" | null) {
  signedIn.user = name ? users[name] : null;
}

beforeAll(async () => {
  for (const name of ["alice", "bob"] as const) {
    const user = await db.user.create({
      data: { email: `${name}-host-${stamp}@example.com`, emailVerified: new Date() },
    });
    users[name] = {
      id: user.id,
      email: user.email,
      emailVerified: true,
      hasPassword: true,
      username: `${name}_h_${stamp}`,
      fullName: name,
      image: null,
      ...signedInSession,
    };
  }
});

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: Object.values(users).map((user) => user.id) } } });
});

beforeEach(() => freshClientIp());

async function aliceBot() {
  as("alice");
  const created = await createBlankBotAction({ name: "Host me", description: "", language: "javascript" });
  if (!created.ok) throw new Error(created.error);
  return created.data.id;
}

describe("hosting controls", () => {
  it("Start and Stop write only the desired state; status stays the runner's and the Activity Log records both", async () => {
    const botId = await aliceBot();
    expect(await startBotAction({ botId })).toEqual({ ok: true, data: undefined });
    expect(await getBotRuntime(users.alice.id, botId)).toMatchObject({ desiredState: "running", status: "stopped" });
    expect(await stopBotAction({ botId })).toMatchObject({ ok: true });
    expect(await getBotRuntime(users.alice.id, botId)).toMatchObject({ desiredState: "stopped", status: "stopped" });
    const audit = await db.auditEvent.findMany({
      where: { userId: users.alice.id, targetId: botId },
      select: { action: true },
    });
    expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(["bot.started", "bot.stopped"]));
  });

  it("Restart bumps the restart nonce and asks for the bot to run", async () => {
    const botId = await aliceBot();
    await restartBotAction({ botId });
    await restartBotAction({ botId });
    expect(await getBotRuntime(users.alice.id, botId)).toMatchObject({ desiredState: "running" });
    const row = await db.bot.findUniqueOrThrow({ where: { id: botId }, select: { restartNonce: true } });
    expect(row.restartNonce).toBe(2);
  });

  it("a bot switched to Discord cannot start without a token, and can once the token is set", async () => {
    const botId = await aliceBot();
    expect(
      await updateHostingSettingsAction({ botId, connectTo: "discord", restartPolicy: "stay-stopped" }),
    ).toMatchObject({
      ok: true,
    });
    const refused = await startBotAction({ botId });
    expect(refused).toMatchObject({ ok: false, error: expect.stringContaining("Add your bot token") });
    expect(await getBotRuntime(users.alice.id, botId)).toMatchObject({
      desiredState: "stopped",
      restartPolicy: "stay-stopped",
    });
    await setBotTokenAction({ botId, token });
    expect(await startBotAction({ botId })).toMatchObject({ ok: true });
  });

  it("refuses bad settings with the field's message", async () => {
    const botId = await aliceBot();
    const result = await updateHostingSettingsAction({ botId, connectTo: "mars" as never, restartPolicy: "restart" });
    expect(result).toMatchObject({ ok: false });
    expect(await getBotRuntime(users.alice.id, botId)).toMatchObject({ connectTo: "simulator" });
  });

  it("another user's bot behaves as missing and is never changed; signed-out callers are refused", async () => {
    const botId = await aliceBot();
    as("bob");
    for (const result of [
      await startBotAction({ botId }),
      await stopBotAction({ botId }),
      await restartBotAction({ botId }),
      await updateHostingSettingsAction({ botId, connectTo: "discord", restartPolicy: "restart" }),
    ]) {
      expect(result).toMatchObject({ ok: false, error: "This bot no longer exists." });
    }
    as(null);
    expect(await startBotAction({ botId })).toMatchObject({ ok: false, code: "signed_out" });
    expect(await getBotRuntime(users.alice.id, botId)).toMatchObject({
      desiredState: "stopped",
      connectTo: "simulator",
    });
    expect((await listBotStatuses(users.bob.id)).map((bot) => bot.id)).not.toContain(botId);
    await expect(listStatusEvents(users.bob.id, botId)).rejects.toThrow("Bot not found");
  });

  // The embedded fallback (PGlite, when TEST_DATABASE_URL is unset) does not deliver NOTIFY
  // across connections; CI runs on the machine's PostgreSQL.
  it.skipIf(!process.env.TEST_DATABASE_URL)("the NOTIFY trigger fires when desired state changes", async () => {
    const botId = await aliceBot();
    const { default: pg } = await import("pg");
    const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on("notification", (message) => heard.push(message.payload ?? ""));
      await listener.query("LISTEN cipher_bot_desired");
      await startBotAction({ botId });
      await expect.poll(() => heard, { timeout: 5_000 }).toContain(botId);
    } finally {
      await listener.end();
    }
  });
});
