/**
 * The public REST API (/api/v1) through its real route handlers on PostgreSQL: API keys (scopes,
 * revoked, expired, plan), problem details, cursor pagination, rate limits with their headers, the
 * bot endpoints, and an IDOR walk of every endpoint with another user's key.
 */
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { recordAnalytics } from "@/lib/analytics/ingest";
import { getAnalytics } from "@/lib/analytics/queries";
import { createApiKey, revokeApiKey } from "@/lib/api-keys/service";
import { createBuilderBot, getBuilderState } from "@/lib/blueprint/service";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { createUser } from "@/runtime/runner/test-support";

import { followBotLogsEndpoint } from "./deploy";
import { apiHandler, streamRecheck } from "./endpoint";
import { endpoints } from "./registry";
import { callApi, type ApiCallOptions } from "./test-support";

const users: string[] = [];
let alice: string;
let bob: string;
let aliceKey: string;
let aliceReadKey: string;
let bobKey: string;

async function user(label: string, plan = "trial") {
  const id = await createUser(`api-${label}`, plan);
  users.push(id);
  return id;
}

async function key(userId: string, scopes: ("read" | "write" | "deploy" | "control")[], expiresIn = "30") {
  return (await createApiKey(userId, { name: "test", scopes, expiresIn: expiresIn as "30" })).secret;
}

/** Calls the endpoint serving `method path` (ids filled in); Alice's full key unless told. */
function call(method: string, path: string, options: Partial<ApiCallOptions> = {}) {
  return callApi(method, path, { ...options, key: options.key === undefined ? aliceKey : options.key });
}

beforeAll(async () => {
  // Core: unlimited bots (the tests here make more than the trial's 10).
  alice = await user("alice", "core");
  bob = await user("bob");
  aliceKey = await key(alice, ["read", "write", "deploy", "control"]);
  aliceReadKey = await key(alice, ["read"]);
  bobKey = await key(bob, ["read", "write", "deploy", "control"]);
});

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: users } } });
});

describe("API keys", () => {
  it("refuses a missing, malformed or unknown key with 401 problem details", async () => {
    const missing = await call("GET", "/bots", { key: null });
    expect(missing.status).toBe(401);
    expect(missing.headers.get("content-type")).toBe("application/problem+json");
    expect(missing.headers.get("www-authenticate")).toMatch(/^Bearer realm="cipher"/);
    expect(missing.json).toMatchObject({ status: 401, code: "unauthorized", title: "Missing or invalid API key" });
    expect((await call("GET", "/bots", { key: "not-a-key" })).status).toBe(401);
    const unknown = await call("GET", "/bots", { key: `cph_${"x".repeat(40)}` });
    expect(unknown.json).toMatchObject({ code: "unauthorized" });
  });

  it("stops a revoked key at once, logs its use once, and refuses an expired one", async () => {
    const owner = await user("revoked");
    const created = await createApiKey(owner, { name: "CI", scopes: ["read"], expiresIn: "never" });
    expect(created.secret).toMatch(/^cph_[0-9A-Za-z]{40}$/);
    const stored = await db.apiKey.findUniqueOrThrow({ where: { id: created.key.id } });
    expect(stored.hash).not.toContain(created.secret.slice(4));
    expect(JSON.stringify(stored)).not.toContain(created.secret);
    expect((await call("GET", "/bots", { key: created.secret })).status).toBe(200);
    const used = await db.apiKey.findUniqueOrThrow({ where: { id: created.key.id } });
    expect(used.lastUsedAt).not.toBeNull();

    await revokeApiKey(owner, created.key.id);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const refused = await call("GET", "/bots", { key: created.secret });
      expect(refused.status).toBe(401);
      expect(refused.json).toMatchObject({ code: "key_revoked" });
    }
    const events = await db.auditEvent.findMany({ where: { userId: owner }, select: { action: true } });
    expect(events.map((event) => event.action).sort()).toEqual([
      "api_key.created",
      "api_key.revoked",
      "api_key.revoked_used",
    ]);

    const expired = await createApiKey(owner, { name: "old", scopes: ["read"], expiresIn: "7" });
    await db.apiKey.update({ where: { id: expired.key.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await call("GET", "/bots", { key: expired.secret })).json).toMatchObject({
      status: 401,
      code: "key_expired",
    });
  });

  it("enforces each endpoint's scope with 403 naming the missing one", async () => {
    const refused = await call("POST", "/bots", {
      key: aliceReadKey,
      body: { name: "Nope", description: "", language: "javascript" },
    });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: "insufficient_scope" });
    expect((refused.json as { detail: string }).detail).toMatch(/needs the "write" scope; this key has "read"/);
    expect(refused.headers.get("www-authenticate")).toContain('scope="write"');
  });

  it("refuses a plan without API access, and creating a key on it", async () => {
    const starter = await user("starter", "starter");
    await expect(createApiKey(starter, { name: "x", scopes: ["read"], expiresIn: "30" })).rejects.toThrow(
      /API keys come with the Core, Teams and Enterprise plans/,
    );
    // A key made while the plan had API access stops working after a downgrade.
    const upgraded = await user("downgraded", "core");
    const secret = await key(upgraded, ["read"]);
    await db.user.update({ where: { id: upgraded }, data: { plan: "starter" } });
    expect((await call("GET", "/bots", { key: secret })).json).toMatchObject({ status: 403, code: "not_in_plan" });
  });
});

/** A body each endpoint accepts, so the IDOR walk reaches the ownership check behind validation. */
const validBodies: Record<string, unknown> = {
  createBot: { name: "Stolen", description: "", language: "javascript" },
  confirmBuildPlan: { answers: {} },
  updateBot: { name: "Stolen", description: "", language: "javascript" },
  deployBot: { files: [{ path: "index.js", content: "console.log('stolen')" }], restart: true },
  simulateMessage: { content: "!ping" },
  simulateInteraction: { type: "command", name: "roll" },
  simulateMemberJoin: { username: "intruder" },
  simulateReaction: { messageId: "1", emoji: "👍" },
  setTestServer: { testServer: "own" },
  createCommand: { name: "stolen", description: "Stolen", actions: [{ do: "reply", message: { text: "x" } }] },
  updateCommand: { name: "ping", description: "Stolen", actions: [{ do: "reply", message: { text: "x" } }] },
};

describe("every endpoint", () => {
  it("refuses a key without its scope (403 naming it), a revoked and an expired key (401), and a body that does not parse (422)", async () => {
    const owner = await user("every-endpoint", "core");
    const bot = (await createBuilderBot(owner, { name: "Walked", language: "javascript" })).id;
    const revoked = await createApiKey(owner, {
      name: "revoked",
      scopes: ["read", "write", "deploy", "control"],
      expiresIn: "30",
    });
    await revokeApiKey(owner, revoked.key.id);
    const expired = await createApiKey(owner, {
      name: "expired",
      scopes: ["read", "write", "deploy", "control"],
      expiresIn: "7",
    });
    await db.apiKey.update({ where: { id: expired.key.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const keyOf = new Map<string, string>();
    const onlyKeyOf = new Map<string, string>();
    for (const scope of ["read", "write", "deploy", "control"] as const) {
      const others = (["read", "write", "deploy", "control"] as const).filter((other) => other !== scope);
      keyOf.set(scope, await key(owner, others));
      onlyKeyOf.set(scope, await key(owner, [scope]));
    }
    let checked = 0;
    for (const endpoint of endpoints) {
      if (endpoint.scope === "public") continue;
      const path = endpoint.path
        .replace("{id}", endpoint.path.startsWith("/commands/") ? `${bot}:slash:ping` : bot)
        .replace("{memberId}", "1");
      const body = endpoint.body ? validBodies[endpoint.operationId] : undefined;
      const label = `${endpoint.method} ${endpoint.path}`;
      const withoutScope = await call(endpoint.method, path, { key: keyOf.get(endpoint.scope), body });
      expect(withoutScope.status, label).toBe(403);
      expect(withoutScope.json, label).toMatchObject({ code: "insufficient_scope" });
      expect((await call(endpoint.method, path, { key: revoked.secret, body })).json, label).toMatchObject({
        status: 401,
        code: "key_revoked",
      });
      expect((await call(endpoint.method, path, { key: expired.secret, body })).json, label).toMatchObject({
        status: 401,
        code: "key_expired",
      });
      if (endpoint.body) {
        const invalid = await call(endpoint.method, path, {
          key: onlyKeyOf.get(endpoint.scope),
          body: { name: 42, files: "x", type: "nope", content: "", username: "!" },
        });
        expect(invalid.status, label).toBe(422);
        expect(invalid.json, label).toMatchObject({ code: "invalid" });
      }
      checked += 1;
    }
    expect(checked).toBe(endpoints.filter((endpoint) => endpoint.scope !== "public").length);
    expect(checked).toBeGreaterThanOrEqual(30);
  });
});

describe("bots", () => {
  it("creates, reads, pages, updates and deletes bots, with field errors as problem details", async () => {
    const invalid = await call("POST", "/bots", { body: { name: "", language: "cobol" } });
    expect(invalid.status).toBe(422);
    expect(invalid.json).toMatchObject({ code: "invalid" });
    expect(Object.keys((invalid.json as { errors: object }).errors).sort()).toEqual(["language", "name"]);
    expect(
      (await call("POST", "/bots", { rawBody: "{not json", headers: { "content-type": "application/json" } })).json,
    ).toMatchObject({
      status: 400,
      code: "unreadable",
    });

    const ids: string[] = [];
    for (const name of ["First", "Second", "Third"]) {
      const created = await call("POST", "/bots", {
        body: { name, description: "From the API", language: "javascript" },
      });
      expect(created.status).toBe(201);
      expect(created.json).toMatchObject({ name, desiredState: "stopped", language: "javascript" });
      ids.push((created.json as { id: string }).id);
    }
    // The starter code: it answers /ping.
    const files = await db.botFile.findMany({ where: { botId: ids[0] }, select: { path: true } });
    expect(files.length).toBeGreaterThan(0);

    const first = await call("GET", "/bots?limit=2");
    expect(first.status).toBe(200);
    const page1 = first.json as { data: { name: string }[]; nextCursor: string | null };
    expect(page1.data.map((bot) => bot.name)).toEqual(["Third", "Second"]);
    expect(page1.nextCursor).toBeTruthy();
    const page2 = (await call("GET", `/bots?limit=2&cursor=${page1.nextCursor}`)).json as typeof page1;
    expect(page2.data.map((bot) => bot.name)).toEqual(["First"]);
    expect(page2.nextCursor).toBeNull();
    expect((await call("GET", "/bots?limit=500")).json).toMatchObject({ status: 400, code: "invalid" });

    const updated = await call("PUT", `/bots/${ids[0]}`, {
      body: { name: "Renamed", description: "Now renamed", language: "javascript" },
    });
    expect(updated.json).toMatchObject({ id: ids[0], name: "Renamed", description: "Now renamed" });
    expect((await call("DELETE", `/bots/${ids[0]}`)).status).toBe(204);
    expect((await call("GET", `/bots/${ids[0]}`)).status).toBe(404);
    expect(await db.bot.findUniqueOrThrow({ where: { id: ids[0] }, select: { archivedAt: true } })).not.toMatchObject({
      archivedAt: null,
    });
  });

  it("reports status and starts, stops and restarts a bot", async () => {
    const created = await call("POST", "/bots", { body: { name: "Runner", language: "python" } });
    const id = (created.json as { id: string }).id;
    const status = await call("GET", `/bots/${id}/status`);
    expect(status.json).toMatchObject({ id, desiredState: "stopped", connectTo: "simulator" });
    const started = await call("POST", `/bots/${id}/start`);
    expect(started.status).toBe(202);
    expect(started.json).toMatchObject({ desiredState: "running" });
    expect((await call("POST", `/bots/${id}/restart`)).json).toMatchObject({ desiredState: "running" });
    const nonce = await db.bot.findUniqueOrThrow({ where: { id }, select: { restartNonce: true } });
    expect(nonce.restartNonce).toBe(1);
    expect((await call("POST", `/bots/${id}/stop`)).json).toMatchObject({ desiredState: "stopped" });
    const actions = await db.auditEvent.findMany({ where: { userId: alice, targetId: id }, select: { action: true } });
    expect(actions.map((event) => event.action)).toEqual(
      expect.arrayContaining(["bot.created", "bot.started", "bot.restarted", "bot.stopped"]),
    );
  });

  it("answers another user's bot exactly like a missing one, on every endpoint (IDOR walk)", async () => {
    const id = (await createBuilderBot(alice, { name: "Private", language: "javascript" })).id;
    const buildId = (
      await db.botBuild.create({
        data: { userId: alice, kind: "create", description: "a /ping command", language: "javascript", steps: [] },
      })
    ).id;
    const missing = await call("GET", "/bots/doesnotexist000");
    expect((await call("GET", `/commands/${id}:slash:ping`.replace("/commands/", "/bots/"))).status).toBe(404);
    let walked = 0;
    for (const endpoint of endpoints) {
      if (!endpoint.path.includes("{id}")) continue;
      const body = endpoint.body ? validBodies[endpoint.operationId] : undefined;
      if (endpoint.body) expect(body, `a valid body for ${endpoint.operationId}`).toBeDefined();
      const target = endpoint.path.startsWith("/commands/")
        ? `${id}:slash:ping`
        : endpoint.path.startsWith("/builds/")
          ? buildId
          : id;
      const path = endpoint.path.replace("{id}", target).replace("{memberId}", "1");
      const answer = await call(endpoint.method, path, { key: bobKey, body });
      expect(answer.status, `${endpoint.method} ${endpoint.path}`).toBe(404);
      if (endpoint.path.startsWith("/builds/")) expect(answer.json).toMatchObject({ status: 404, code: "not_found" });
      else expect(answer.json).toEqual(missing.json);
      walked += 1;
    }
    expect(walked).toBeGreaterThanOrEqual(7);
    expect(await db.botVersion.count({ where: { botId: id } })).toBe(1);
    const untouched = await db.bot.findUniqueOrThrow({
      where: { id },
      select: { name: true, desiredState: true, archivedAt: true },
    });
    expect(untouched).toEqual({ name: "Private", desiredState: "stopped", archivedAt: null });
    // And Bob's list has none of Alice's bots.
    const list = (await call("GET", "/bots", { key: bobKey })).json as { data: { id: string }[] };
    expect(list.data.some((bot) => bot.id === id)).toBe(false);
  });
});

describe("deploying", () => {
  it("deploys JSON files as a new version, restarts on request, and lists the versions", async () => {
    const created = await call("POST", "/bots", { body: { name: "Deployed", language: "javascript" } });
    const id = (created.json as { id: string }).id;
    const files = [
      { path: "index.js", content: "require('./lib/hello');\n" },
      { path: "lib/hello.js", content: "console.log('hello from v2');\n" },
    ];
    const deployed = await call("PUT", `/bots/${id}/files`, { body: { files, message: "v2 from CI", restart: true } });
    expect(deployed.status, JSON.stringify(deployed.json)).toBe(200);
    expect(deployed.json).toMatchObject({ version: 2, files: 2, status: { desiredState: "running" } });
    const stored = await db.botFile.findMany({ where: { botId: id }, orderBy: { path: "asc" } });
    expect(stored.map((file) => [file.path, file.content])).toEqual(files.map((file) => [file.path, file.content]));
    const versions = (await call("GET", `/bots/${id}/versions`)).json as {
      data: { number: number; message: string }[];
    };
    expect(versions.data.map((version) => [version.number, version.message])).toEqual([
      [2, "v2 from CI"],
      [1, "Created"],
    ]);
    // A read-only key may not deploy; a bad path is refused beside its field, and nothing is saved.
    expect((await call("PUT", `/bots/${id}/files`, { key: aliceReadKey, body: { files } })).status).toBe(403);
    const bad = await call("PUT", `/bots/${id}/files`, { body: { files: [{ path: "../etc/passwd", content: "x" }] } });
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.json as { errors: object }).errors)).toEqual(["files.0.path"]);
    expect(await db.botVersion.count({ where: { botId: id } })).toBe(2);
  });

  it("deploys a zipped project with the import's checks: node_modules and .env left out", async () => {
    const created = await call("POST", "/bots", { body: { name: "Zipped", language: "javascript" } });
    const id = (created.json as { id: string }).id;
    const zip = zipSync({
      "my-bot/index.js": strToU8("console.log('zipped');\n"),
      "my-bot/package.json": strToU8('{ "name": "zipped" }\n'),
      "my-bot/node_modules/discord.js/index.js": strToU8("module.exports = {};\n"),
      "my-bot/.env": strToU8("DISCORD_TOKEN=secret-never-imported\n"),
    });
    const deployed = await call("PUT", `/bots/${id}/files?message=Zipped%20deploy`, {
      rawBody: zip,
      headers: { "content-type": "application/zip" },
    });
    expect(deployed.status, JSON.stringify(deployed.json)).toBe(200);
    expect(deployed.json).toMatchObject({ version: 2, files: 2, status: { desiredState: "stopped" } });
    const stored = await db.botFile.findMany({ where: { botId: id }, orderBy: { path: "asc" } });
    expect(stored.map((file) => file.path)).toEqual(["index.js", "package.json"]);
    expect(JSON.stringify(stored)).not.toContain("secret-never-imported");
    const broken = await call("PUT", `/bots/${id}/files`, {
      rawBody: new Uint8Array([80, 75, 3, 4, 0, 0]),
      headers: { "content-type": "application/zip" },
    });
    expect(broken.status).toBe(422);
    expect(await db.botVersion.count({ where: { botId: id } })).toBe(2);
  });

  it("pages back through the log and follows it with `after`", async () => {
    const created = await call("POST", "/bots", { body: { name: "Chatty", language: "javascript" } });
    const id = (created.json as { id: string }).id;
    await db.botLogLine.createMany({
      data: Array.from({ length: 5 }, (_, index) => ({
        botId: id,
        stream: "stdout",
        line: `line ${index + 1}`,
        at: new Date(Date.now() + index),
      })),
    });
    const newest = (await call("GET", `/bots/${id}/logs?limit=3`)).json as {
      data: { id: string; line: string }[];
      olderCursor: string | null;
    };
    expect(newest.data.map((line) => line.line)).toEqual(["line 3", "line 4", "line 5"]);
    const older = (await call("GET", `/bots/${id}/logs?limit=3&before=${newest.olderCursor}`)).json as typeof newest;
    expect(older.data.map((line) => line.line)).toEqual(["line 1", "line 2"]);
    await db.botLogLine.create({ data: { botId: id, stream: "stderr", line: "line 6", at: new Date() } });
    const followed = (await call("GET", `/bots/${id}/logs?after=${newest.data.at(-1)!.id}`)).json as typeof newest;
    expect(followed.data.map((line) => line.line)).toEqual(["line 6"]);
    expect((await call("GET", `/bots/${id}/logs?after=abc`)).status).toBe(400);

    // Followed as a stream: only what is written after it opens, as events "lines".
    const abort = new AbortController();
    const stream = await apiHandler(followBotLogsEndpoint)(
      new Request(`http://localhost:3000/api/v1/bots/${id}/logs/events`, {
        headers: { authorization: `Bearer ${aliceKey}` },
        signal: abort.signal,
      }),
      { params: Promise.resolve({ id }) },
    );
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    await db.botLogLine.create({ data: { botId: id, stream: "stdout", line: "line 7", at: new Date() } });
    let text = "";
    while (!text.includes("event: lines")) text += (await reader.read()).value ?? "";
    abort.abort();
    await reader.cancel().catch(() => undefined);
    const data = JSON.parse(/event: lines\ndata: (.*)/.exec(text)![1]!) as { line: string }[];
    expect(data.map((line) => line.line)).toEqual(["line 7"]);
    // A followed log ends once its key is revoked (checked every streamRecheck.everyMs).
    const owner = await user("follow-revoke", "core");
    const ownBot = (await createBuilderBot(owner, { name: "Followed", language: "javascript" })).id;
    const followKey = await createApiKey(owner, { name: "follow", scopes: ["read"], expiresIn: "30" });
    const before = streamRecheck.everyMs;
    streamRecheck.everyMs = 0;
    try {
      const open = await apiHandler(followBotLogsEndpoint)(
        new Request(`http://localhost:3000/api/v1/bots/${ownBot}/logs/events`, {
          headers: { authorization: `Bearer ${followKey.secret}` },
        }),
        { params: Promise.resolve({ id: ownBot }) },
      );
      expect(open.status).toBe(200);
      await revokeApiKey(owner, followKey.key.id);
      const rest = await new Response(open.body).text();
      expect(rest).toContain('event: gone\ndata: {"code":"unauthorized"}');
    } finally {
      streamRecheck.everyMs = before;
    }

    const foreign = await apiHandler(followBotLogsEndpoint)(
      new Request(`http://localhost:3000/api/v1/bots/${id}/logs/events`, {
        headers: { authorization: `Bearer ${bobKey}` },
      }),
      { params: Promise.resolve({ id }) },
    );
    expect(foreign.status).toBe(404);
  });
});

describe("commands", () => {
  const roll = {
    name: "roll",
    description: "Roll a die",
    options: [{ name: "sides", type: "integer", description: "How many sides", required: false, default: "6" }],
    actions: [
      { do: "random", min: 1, max: "{option.sides}", saveAs: "roll" },
      { do: "reply", message: { text: "You rolled {result.roll}." } },
    ],
  };

  it("adds, lists, changes and removes a Builder bot's commands, each saved as a version and compiled", async () => {
    const bot = await createBuilderBot(alice, { name: "Commands", language: "javascript" });
    const listed = (await call("GET", `/bots/${bot.id}/commands`)).json as { data: { id: string; name: string }[] };
    expect(listed.data.map((command) => command.id)).toEqual([`${bot.id}:slash:ping`]);

    const added = await call("POST", `/bots/${bot.id}/commands`, { body: roll });
    expect(added.status, JSON.stringify(added.json)).toBe(201);
    expect(added.json).toMatchObject({ id: `${bot.id}:slash:roll`, name: "roll", version: 2 });
    const state = await getBuilderState(alice, bot.id);
    expect(state.kind === "blueprint" && state.blueprint.commands.map((command) => command.name)).toEqual([
      "ping",
      "roll",
    ]);
    const compiled = await db.botFile.findFirst({ where: { botId: bot.id, path: "commands/roll.js" } });
    expect(compiled?.content).toMatch(/setName\("roll"\)/);
    expect((await call("POST", `/bots/${bot.id}/commands`, { body: roll })).json).toMatchObject({
      status: 409,
      code: "conflict",
    });

    const renamed = await call("PUT", `/commands/${bot.id}:slash:roll`, { body: { ...roll, name: "dice" } });
    expect(renamed.json).toMatchObject({ id: `${bot.id}:slash:dice`, version: 3 });
    expect(await db.botFile.findFirst({ where: { botId: bot.id, path: "commands/roll.js" } })).toBeNull();
    expect((await call("DELETE", `/commands/${bot.id}:slash:dice`)).status).toBe(204);
    expect((await call("DELETE", `/commands/${bot.id}:slash:dice`)).status).toBe(404);
    const after = (await call("GET", `/bots/${bot.id}/commands`)).json as typeof listed;
    expect(after.data.map((command) => command.name)).toEqual(["ping"]);
    expect(await db.botVersion.count({ where: { botId: bot.id } })).toBe(4);

    // A command the blueprint cannot hold is refused beside its field; nothing is saved.
    const invalid = await call("POST", `/bots/${bot.id}/commands`, { body: { ...roll, name: "Not A Name" } });
    expect(invalid.status).toBe(422);
    expect(Object.keys((invalid.json as { errors: object }).errors)).toContain("name");
    expect(await db.botVersion.count({ where: { botId: bot.id } })).toBe(4);
  });

  it("refuses the commands of a hand-written bot with 409, saying where they live", async () => {
    const created = await call("POST", "/bots", { body: { name: "Handmade", language: "javascript" } });
    const id = (created.json as { id: string }).id;
    const refused = await call("GET", `/bots/${id}/commands`);
    expect(refused.status).toBe(409);
    expect((refused.json as { detail: string }).detail).toMatch(/written by hand/);
  });
});

describe("numbers", () => {
  it("answers the dashboard's own numbers: analytics, usage and performance", async () => {
    const created = await call("POST", "/bots", { body: { name: "Counted", language: "javascript" } });
    const id = (created.json as { id: string }).id;
    const now = new Date();
    await recordAnalytics([
      {
        botId: id,
        userId: alice,
        events: [
          { at: now, kind: "command", name: "ping", actorId: "u1", durationMs: 40, ok: true },
          { at: now, kind: "command", name: "ping", actorId: "u2", durationMs: 60, ok: true },
          { at: now, kind: "command", name: "roll", actorId: "u1", durationMs: 50, ok: true },
        ],
      },
    ]);
    const analytics = await call("GET", `/bots/${id}/analytics?period=24h`);
    expect(analytics.status, JSON.stringify(analytics.json)).toBe(200);
    const dashboard = (await getAnalytics(alice, "24h")).bots.find((bot) => bot.botId === id)!;
    expect(analytics.json).toMatchObject({
      period: "24h",
      commands: 3,
      users: 2,
      uptime: dashboard.uptime,
      popularity: dashboard.popularity,
    });
    expect(dashboard.commands).toBe(3);
    const series = (analytics.json as { series: { commands: number }[] }).series;
    expect(series.reduce((total, point) => total + point.commands, 0)).toBe(3);
    expect((await call("GET", `/bots/${id}/analytics?period=1y`)).status).toBe(400);

    await db.botMetric.createMany({
      data: [0, 1].map((index) => ({
        botId: id,
        resolution: 5,
        at: new Date(now.getTime() - (2 - index) * 5000),
        cpuPercent: 12.5 + index,
        rssBytes: BigInt(64 * 1_048_576),
        latencyMs: 42 + index,
        restarts: index,
      })),
    });
    const usage = await call("GET", `/bots/${id}/usage`);
    expect(usage.json).toMatchObject({
      range: "1h",
      resolutionSeconds: 5,
      points: [
        { cpuPercent: 12.5, memoryMb: 64 },
        { cpuPercent: 13.5, memoryMb: 64 },
      ],
    });
    const performance = await call("GET", `/bots/${id}/performance?range=1h`);
    expect(performance.json).toMatchObject({
      points: [
        { latencyMs: 42, restarts: 0 },
        { latencyMs: 43, restarts: 1 },
      ],
    });
  });
});

describe("Idempotency-Key", () => {
  it("replays the first answer for a retry, refuses the key with another body, and runs nothing twice", async () => {
    const owner = await user("idempotent");
    const secret = await key(owner, ["read", "write"]);
    const body = { name: "Once", description: "", language: "javascript" };
    const headers = { "idempotency-key": "deploy-42" };
    const first = await call("POST", "/bots", { key: secret, body, headers });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const retry = await call("POST", "/bots", { key: secret, body, headers });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.json).toEqual(first.json);
    expect(await db.bot.count({ where: { userId: owner } })).toBe(1);

    const other = await call("POST", "/bots", { key: secret, body: { ...body, name: "Twice" }, headers });
    expect(other.status).toBe(422);
    expect(other.json).toMatchObject({ code: "idempotency_conflict" });
    // A refusal is kept too: the retry of a refused request is refused the same way.
    const refusedBody = { name: "", language: "javascript" };
    const refused = await call("POST", "/bots", {
      key: secret,
      body: refusedBody,
      headers: { "idempotency-key": "bad" },
    });
    expect(refused.status).toBe(422);
    const again = await call("POST", "/bots", {
      key: secret,
      body: refusedBody,
      headers: { "idempotency-key": "bad" },
    });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json).toEqual(refused.json);
    // Keys are per API key: another key's same Idempotency-Key is a new request.
    expect((await call("POST", "/bots", { key: bobKey, body: { ...body, name: "Bob's" }, headers })).status).toBe(201);
    expect(await db.bot.count({ where: { userId: owner } })).toBe(1);
  });
});

describe("rate limits", () => {
  it("reports RateLimit-* headers and answers 429 with Retry-After once a key's minute is spent", async () => {
    const owner = await user("limits");
    const secret = await key(owner, ["read"]);
    const before = env.API_RATE_LIMIT_PER_MINUTE;
    env.API_RATE_LIMIT_PER_MINUTE = 3;
    try {
      const first = await call("GET", "/bots", { key: secret });
      expect(first.headers.get("ratelimit-limit")).toBe("3");
      expect(first.headers.get("ratelimit-remaining")).toBe("2");
      expect(Number(first.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
      await call("GET", "/bots", { key: secret });
      await call("GET", "/bots", { key: secret });
      const limited = await call("GET", "/bots", { key: secret });
      expect(limited.status).toBe(429);
      expect(limited.json).toMatchObject({ code: "rate_limited" });
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      // Another key has its own budget.
      expect((await call("GET", "/bots", { key: aliceReadKey })).status).toBe(200);
    } finally {
      env.API_RATE_LIMIT_PER_MINUTE = before;
    }
  });
});
