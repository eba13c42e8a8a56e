import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import type { CurrentUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { forgetAccountRateLimits } from "@/tests/setup/fresh-rate-limits";
import { createSignedInUser } from "@/tests/setup/signed-in";
import { freshClientIp } from "@/tests/setup/test-request";

import {
  archiveBotAction,
  createBlankBotAction,
  createBotFromTemplateAction,
  deleteEnvVarAction,
  removeBotTokenAction,
  restoreVersionAction,
  saveBotFilesAction,
  setBotTokenAction,
  setEnvVarAction,
  startBotFromTemplateAction,
  updateBotDetailsAction,
  verifyBotTokenAction,
} from "./actions";
import { fetchBotIdentity } from "./discord-identity";
import { listEnvVars, revealEnvVars } from "./env-vars";
import { getBot, listBots, listVersions, revealBotToken } from "./service";

// Who is signed in is stood in for; everything else (database, crypto, rate limits) is real.
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
  for (const name of ["alice", "bob"] as const) users[name] = await createSignedInUser(`act-${stamp}`, name);
});

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: Object.values(users).map((user) => user.id) } } });
});

beforeEach(() => {
  freshClientIp();
});

async function aliceBot(name = "Alice bot") {
  as("alice");
  const created = await createBlankBotAction({ name, description: "", language: "javascript" });
  if (!created.ok) throw new Error(created.error);
  return created.data.id;
}

describe("bot actions", () => {
  it("refuse signed-out callers without touching anything", async () => {
    const id = await aliceBot();
    as(null);
    for (const result of [
      await saveBotFilesAction({ botId: id, files: [{ path: "index.js", content: "x" }] }),
      await archiveBotAction({ botId: id }),
      await setBotTokenAction({ botId: id, token }),
      await setEnvVarAction({ botId: id, key: "A", value: "b", secret: false }),
    ]) {
      expect(result).toMatchObject({ ok: false, code: "signed_out" });
    }
    as("alice");
    expect((await getBot(users.alice.id, id)).files[0]?.content).not.toBe("x");
  });

  it("user B can neither read nor change user A's bot, versions, settings, variables or token", async () => {
    const id = await aliceBot("Private");
    as("alice");
    expect(await setBotTokenAction({ botId: id, token })).toMatchObject({ ok: true });
    expect(await setEnvVarAction({ botId: id, key: "API_KEY", value: "alice-secret", secret: true })).toMatchObject({
      ok: true,
    });

    as("bob");
    const attempts = [
      await saveBotFilesAction({ botId: id, files: [{ path: "index.js", content: "pwned" }], message: "x" }),
      await restoreVersionAction({ botId: id, number: 1 }),
      await updateBotDetailsAction({ botId: id, name: "Stolen", description: "", language: "python" }),
      await setBotTokenAction({ botId: id, token: token.replace("AB", "CD") }),
      await removeBotTokenAction({ botId: id }),
      await verifyBotTokenAction({ botId: id }),
      await setEnvVarAction({ botId: id, key: "API_KEY", value: "bob", secret: false }),
      await deleteEnvVarAction({ botId: id, key: "API_KEY" }),
      await archiveBotAction({ botId: id }),
    ];
    for (const result of attempts)
      expect(result).toEqual({ ok: false, error: "This bot no longer exists.", code: "not_found" });
    expect((await listBots(users.bob.id)).map((bot) => bot.id)).not.toContain(id);

    const bot = await getBot(users.alice.id, id);
    expect(bot).toMatchObject({ name: "Private", language: "javascript", tokenLast4: "89AB" });
    expect(bot.files.map((file) => file.content).join()).not.toContain("pwned");
    expect(await listVersions(users.alice.id, id)).toHaveLength(1);
    expect(await revealBotToken(users.alice.id, id)).toBe(token);
    expect(await revealEnvVars(id)).toEqual({ API_KEY: "alice-secret" });
  });

  it("save → version; a stale editor gets a conflict; restore makes a new version", async () => {
    const id = await aliceBot("Versions");
    const first = (await getBot(users.alice.id, id)).files;
    const saved = await saveBotFilesAction({
      botId: id,
      files: [...first, { path: "commands/ping.js", content: "module.exports = {};" }],
      message: "Add ping",
      baseVersion: 1,
    });
    expect(saved).toMatchObject({ ok: true, data: { number: 2 } });

    const stale = await saveBotFilesAction({ botId: id, files: first, message: "old tab", baseVersion: 1 });
    expect(stale).toMatchObject({ ok: false, code: "conflict" });
    expect(stale.ok || stale.error).toContain("version 2");

    expect(await restoreVersionAction({ botId: id, number: 1 })).toEqual({ ok: true, data: { number: 3 } });
    expect((await getBot(users.alice.id, id)).files).toEqual(first);
    expect((await listVersions(users.alice.id, id)).map((version) => version.message)).toEqual([
      "Restored version 1",
      "Add ping",
      "Created",
    ]);
    expect(await restoreVersionAction({ botId: id, number: 99 })).toMatchObject({ ok: false, code: "not_found" });

    // The Activity Log has each step, newest first, labelled with the bot's name.
    const events = await db.auditEvent.findMany({
      where: { userId: users.alice.id, targetId: id },
      orderBy: { createdAt: "asc" },
    });
    expect(events.map((event) => [event.action, event.targetLabel])).toEqual([
      ["bot.created", "Versions"],
      ["bot.saved", "Versions · version 2"],
      ["bot.restored_version", "Versions · version 1"],
    ]);
    expect(events[0]?.ip).toMatch(/\d/);
  });

  it("validates files on the server: unsafe paths, duplicates, the 1 MB limit", async () => {
    const id = await aliceBot("Validation");
    const bad = await saveBotFilesAction({ botId: id, files: [{ path: "../etc/passwd", content: "" }] });
    expect(bad).toMatchObject({ ok: false, fieldErrors: { "files.0.path": [expect.stringContaining("file paths")] } });
    const big = await saveBotFilesAction({
      botId: id,
      files: [{ path: "index.js", content: "x".repeat(1024 * 1024 + 1) }],
    });
    expect(big).toMatchObject({ ok: false });
    expect(JSON.stringify(big)).toContain("1 MB");
  });

  it("renames and re-describes; language must be one of the three", async () => {
    const id = await aliceBot("Old name");
    expect(
      await updateBotDetailsAction({ botId: id, name: "  New name ", description: "Hi", language: "typescript" }),
    ).toEqual({ ok: true, data: undefined });
    expect(await getBot(users.alice.id, id)).toMatchObject({
      name: "New name",
      description: "Hi",
      language: "typescript",
    });
    const bad = await updateBotDetailsAction({ botId: id, name: "", description: "", language: "cobol" as "python" });
    expect(bad).toMatchObject({ ok: false, fieldErrors: { name: expect.any(Array), language: expect.any(Array) } });
  });

  it("environment variables: secrets sealed and never listed, reserved names refused, empty secret keeps its value", async () => {
    const id = await aliceBot("Env");
    expect(await setEnvVarAction({ botId: id, key: "TOKEN", value: "x", secret: false })).toMatchObject({
      ok: false,
      fieldErrors: { key: [expect.stringContaining("Cipher sets this one itself")] },
    });
    await setEnvVarAction({ botId: id, key: "PREFIX", value: "!", secret: false });
    await setEnvVarAction({ botId: id, key: "API_KEY", value: "s3cret-value", secret: true });
    const stored = await db.botEnvVar.findUniqueOrThrow({ where: { botId_key: { botId: id, key: "API_KEY" } } });
    expect(stored.value).toMatch(/^v2\./);
    expect(stored.value).not.toContain("s3cret-value");
    expect(await listEnvVars(users.alice.id, id)).toEqual([
      expect.objectContaining({ key: "API_KEY", value: null, secret: true }),
      expect.objectContaining({ key: "PREFIX", value: "!", secret: false }),
    ]);
    expect(await setEnvVarAction({ botId: id, key: "API_KEY", value: "", secret: true })).toMatchObject({ ok: true });
    expect(await revealEnvVars(id)).toEqual({ API_KEY: "s3cret-value", PREFIX: "!" });
    expect(await deleteEnvVarAction({ botId: id, key: "PREFIX" })).toMatchObject({ ok: true });
    expect(Object.keys(await revealEnvVars(id))).toEqual(["API_KEY"]);
  });

  it("delete moves the bot to the archive: gone from My Bots and from every action", async () => {
    const id = await aliceBot("Short-lived");
    expect(await archiveBotAction({ botId: id })).toEqual({ ok: true, data: undefined });
    expect((await listBots(users.alice.id)).map((bot) => bot.id)).not.toContain(id);
    const row = await db.bot.findUniqueOrThrow({ where: { id } });
    expect(row.archivedAt).toBeInstanceOf(Date);
    expect(row.desiredState).toBe("stopped");
    expect(await db.botVersion.count({ where: { botId: id } })).toBe(1);
    expect(await saveBotFilesAction({ botId: id, files: [{ path: "a.js", content: "" }] })).toMatchObject({
      code: "not_found",
    });
  });

  it("each of the four templates creates a bot with the template's files and first version", async () => {
    const { botTemplates, loadTemplateFiles } = await import("./templates");
    expect(botTemplates.map((template) => template.id).sort()).toEqual([
      "custom-commands",
      "economy-bot",
      "moderation-bot",
      "music-bot",
    ]);
    as("alice");
    for (const template of botTemplates) {
      freshClientIp();
      const created = await createBotFromTemplateAction({ templateId: template.id });
      if (!created.ok) throw new Error(created.error);
      const bot = await getBot(users.alice.id, created.data.id);
      expect(bot).toMatchObject({ name: template.name, templateId: template.id, language: template.language });
      const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : 1);
      expect(bot.files.toSorted(byPath)).toEqual((await loadTemplateFiles(template.id)).toSorted(byPath));
      expect(bot.files.map((file) => file.path)).toContain("index.js");
      await archiveBotAction({ botId: bot.id });
    }
    expect(await createBotFromTemplateAction({ templateId: "nope" })).toMatchObject({ ok: false });
  });

  it("Create New Bot's Use <template> makes the bot, asks for it to run, and opens its Test tab", async () => {
    as("alice");
    const started = await startBotFromTemplateAction({ templateId: "economy-bot" });
    if (!started.ok) throw new Error(started.error);
    const [, id] = /^\/dashboard\/bots\/([^/]+)\/test$/.exec(started.data.target) ?? [];
    expect(id).toBeTruthy();
    const bot = await db.bot.findUniqueOrThrow({ where: { id }, select: { name: true, desiredState: true } });
    expect(bot).toEqual({ name: "Economy Bot", desiredState: "running" });
    expect(await db.auditEvent.count({ where: { userId: users.alice.id, action: "bot.created", targetId: id } })).toBe(
      1,
    );
    expect(await startBotFromTemplateAction({ templateId: "nope" })).toMatchObject({ ok: false });
    await archiveBotAction({ botId: id! });
  });

  it("enforces the plan's bot limit (Starter: 10 bots; archived bots do not count)", async () => {
    as("bob");
    // The trial is Core (unlimited bots); Starter keeps 10.
    await db.user.update({ where: { id: users.bob.id }, data: { plan: "starter" } });
    await db.bot.deleteMany({ where: { userId: users.bob.id } });
    for (let index = 0; index < 10; index += 1) {
      freshClientIp();
      expect(await createBlankBotAction({ name: `B${index}`, description: "", language: "python" })).toMatchObject({
        ok: true,
      });
    }
    // Eleven creations in a minute exceed bob's per-account rate limit; the plan limit is tested here.
    await forgetAccountRateLimits();
    const refused = await createBotFromTemplateAction({ templateId: "economy-bot" });
    expect(refused).toMatchObject({ ok: false, code: "plan_limit" });
    expect(refused.ok || refused.error).toContain("includes 10 bots");
    const [first] = await listBots(users.bob.id);
    await archiveBotAction({ botId: first!.id });
    // At 9 of 10, five simultaneous creations: the per-user lock lets exactly one through.
    const { createBot } = await import("./service");
    const attempts = await Promise.allSettled(
      Array.from({ length: 5 }, (_, index) =>
        createBot(users.bob.id, {
          name: `Race ${index}`,
          language: "javascript",
          files: [{ path: "a.js", content: "" }],
        }),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === "fulfilled")).toHaveLength(1);
    expect((await listBots(users.bob.id)).length).toBe(10);
    const [raced] = (await listBots(users.bob.id)).filter((bot) => bot.name.startsWith("Race"));
    await archiveBotAction({ botId: raced!.id });
    freshClientIp();
    expect(await createBotFromTemplateAction({ templateId: "economy-bot" })).toMatchObject({ ok: true });
    await db.user.update({ where: { id: users.bob.id }, data: { plan: "trial" } });
  });

  it("lets a trial account keep more than Starter's 10 bots: until plans can be bought, the trial is Core", async () => {
    const { createBot } = await import("./service");
    const trial = await db.user.create({ data: { email: `trial-core-${Date.now().toString(36)}@example.com` } });
    try {
      for (let index = 0; index < 11; index += 1) {
        await createBot(trial.id, { name: `T${index}`, language: "javascript", files: [] });
      }
      expect(await listBots(trial.id)).toHaveLength(11);
    } finally {
      await db.user.delete({ where: { id: trial.id } });
    }
  });
});

describe("token check against Discord's API", () => {
  let server: Server;
  let base: string;
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(request.headers.authorization ?? "");
      if (request.url !== "/api/v10/users/@me") return void response.writeHead(404).end();
      if (request.headers.authorization !== `Bot ${token}`) {
        return void response
          .writeHead(401, { "content-type": "application/json" })
          .end('{"message":"401: Unauthorized"}');
      }
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ id: "1098765432109876543", username: "Helper", discriminator: "0", avatar: null, bot: true }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v10`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("names the bot user for a good token, says rejected for a bad one, unreachable when down", async () => {
    expect(await fetchBotIdentity(token, { base })).toEqual({
      ok: true,
      user: { id: "1098765432109876543", username: "Helper", discriminator: "0", avatar: null },
    });
    expect(seen.at(-1)).toBe(`Bot ${token}`);
    expect(await fetchBotIdentity(`${token}x`, { base })).toMatchObject({ ok: false, reason: "rejected" });
    expect(await fetchBotIdentity(token, { base: "http://127.0.0.1:9/api/v10", timeoutMs: 2000 })).toMatchObject({
      ok: false,
      reason: "unreachable",
    });
  });

  it("the action needs a stored token and answers without it", async () => {
    const id = await aliceBot("Verify");
    expect(await verifyBotTokenAction({ botId: id })).toMatchObject({ ok: false, code: "no_token" });
    await setBotTokenAction({ botId: id, token });
    const result = await verifyBotTokenAction({ botId: id });
    expect(result.ok).toBe(true);
    expect(JSON.stringify(result)).not.toContain(token);
  });
});
