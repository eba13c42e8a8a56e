/**
 * REST and control API: every malformed request gets a 4xx in Discord's error shape through the
 * one request wrapper (request.ts), the process keeps serving, and nothing unstorable gets in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";
import type { BotCredentials } from "@/lib/simulator/types";

import { rawRequest } from "./hostile-support";
import { simulatorLimits } from "./limits";
import { startSimulator, type RunningSimulator } from "./server";
import { control, controlKey, createBotRow, createOwner } from "./test-support";

let sim: RunningSimulator;
let owner: string;
let creds: BotCredentials;
let general: string;
let sam: string;
let guildId: string;
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
  process.on("uncaughtException", onUncaught);
  sim = await startSimulator({ port: 0, host: "127.0.0.1", controlKey, persist: false, rateLimitFactor: 100 });
  owner = await createOwner("rest-hostile");
  creds = await control(sim.url).credentials(await createBotRow(owner, "Target"));
  const guild = (await control(sim.url).world(owner)).guilds[0]!;
  guildId = guild.id;
  general = guild.channels.find((channel) => channel.name === "general")!.id;
  sam = guild.members.find((member) => member.user.username === "Sam")!.user.id;
});

afterAll(async () => {
  process.off("uncaughtException", onUncaught);
  expect(uncaught).toEqual([]);
  await sim?.close();
  await db.user.deleteMany({ where: { id: owner } });
});

interface ErrorBody {
  code: number;
  message: string;
  errors?: unknown;
  error?: string;
}

async function rest(
  path: string,
  init: { method?: string; body?: string | Uint8Array<ArrayBuffer>; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${sim.url}/api/v10${path}`, {
    method: init.method ?? "GET",
    headers: { authorization: `Bot ${creds.token}`, "content-type": "application/json", ...init.headers },
    body: init.body,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as ErrorBody };
}

const post = (body: string | Uint8Array<ArrayBuffer>, headers?: Record<string, string>) =>
  rest(`/channels/${general}/messages`, { method: "POST", body, headers });

function controlRaw(method: string, path: string, body?: string) {
  return fetch(`${sim.url}/control${path}`, {
    method,
    headers: { authorization: `Bearer ${controlKey}`, "content-type": "application/json" },
    body,
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as ErrorBody }));
}

/** The error tree's first `_errors` entry, with its path. */
function firstFieldError(tree: unknown, path: string[] = []): { path: string; code: string } | null {
  if (!tree || typeof tree !== "object") return null;
  const node = tree as Record<string, unknown>;
  const own = node._errors as { code: string }[] | undefined;
  if (own?.length) return { path: path.join("."), code: own[0]!.code };
  for (const [key, value] of Object.entries(node)) {
    const found = firstFieldError(value, [...path, key]);
    if (found) return found;
  }
  return null;
}

async function stillServing() {
  const response = await rest(`/channels/${general}/messages`, {
    method: "POST",
    body: JSON.stringify({ content: "still here" }),
  });
  expect(response.status).toBe(200);
}

describe("the request wrapper", () => {
  it("answers a URL that does not parse with 400 in Discord's shape (REST and control API)", async () => {
    for (const target of ["//[", "//[::1/api/v10/gateway", "http://[/control/health"]) {
      const response = await rawRequest(sim.url, [`GET ${target} HTTP/1.1\r\nHost: x\r\n\r\n`]);
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({ code: 0, message: expect.stringContaining("URL") });
    }
    await stillServing();
  });

  it("answers bad percent-encoding in a path with 400", async () => {
    expect((await rest("/channels/%E0%A4%A/messages")).status).toBe(400);
    expect((await rest("/channels/%ff/messages")).status).toBe(400);
    expect((await rest("/channels/%ED%A0%80/messages")).status).toBe(400);
    expect((await rest("/users/%00")).status).toBe(400);
    expect((await controlRaw("GET", "/worlds/%zz")).status).toBe(400);
    expect((await controlRaw("POST", "/bots/%00/credentials")).status).toBe(400);
    await stillServing();
  });

  it("answers a request line or headers Node cannot parse with a 4xx, never a crash", async () => {
    const cases = [
      "GARBAGE\r\n\r\n",
      "GET / HTTP/9.9\r\n\r\n",
      "GET /api/v10/gateway HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
      "GET /api/v10/gateway HTTP/1.1\r\nHo st: x\r\n\r\n",
      `GET /api/v10/gateway HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
      "POST /api/v10/gateway HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    ];
    for (const request of cases) {
      const response = await rawRequest(sim.url, [request]);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    await stillServing();
  });
});

describe("bodies", () => {
  it("answers JSON it cannot parse with 400 (50109), and bytes that are not UTF-8 too", async () => {
    expect((await post('{"content": "x"')).body.code).toBe(50109);
    const notUtf8 = Buffer.concat([Buffer.from('{"content":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const response = await post(new Uint8Array(notUtf8));
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/UTF-8/);
    const controlResponse = await controlRaw("POST", `/worlds/${owner}/messages`, "{nope");
    expect(controlResponse.status).toBe(400);
    expect(controlResponse.body).toMatchObject({ code: 0, error: expect.any(String) });
  });

  it("answers a body over the limit with 413, counted as it arrives (Content-Length or chunked)", async () => {
    const big = JSON.stringify({ content: "x".repeat(simulatorLimits.jsonBodyBytes) });
    expect((await post(big)).status).toBe(413);
    const head =
      `POST /api/v10/channels/${general}/messages HTTP/1.1\r\nHost: x\r\nAuthorization: Bot ${creds.token}\r\n` +
      `Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const chunk = "x".repeat(64 * 1024);
    const chunks = [
      head,
      ...Array.from({ length: 20 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`),
      "0\r\n\r\n",
    ];
    const response = await rawRequest(sim.url, chunks, { timeoutMs: 10_000 });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toMatchObject({ code: 40005 });
    await stillServing();
  });

  it("refuses JSON nested beyond the depth limit before parsing it (a 20,000-deep payload too)", async () => {
    const deep = (depth: number) => `{"content":"x","components":${"[".repeat(depth)}${"]".repeat(depth)}}`;
    const response = await post(deep(20_000));
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/deeper than 64/);
    const nested = `{"type":1,"components":`.repeat(5_000) + "[]" + "}".repeat(5_000);
    expect((await post(`{"components":[${nested}]}`)).status).toBe(400);
    expect((await controlRaw("POST", `/worlds/${owner}/messages`, deep(20_000))).status).toBe(400);
    await stillServing();
  });

  it("refuses a body built to make a regex backtrack, and goes on serving (it blocked the event loop for minutes)", async () => {
    // One pass over the text (input.ts's prepareJson); a backtracking parse would not answer
    // within the test's timeout.
    const response = await post(`"${'\\"'.repeat(450_000)}`);
    expect(response.status).toBe(400);
    await stillServing();
  });

  it("answers multipart without a boundary, or with a broken one, with 400", async () => {
    expect((await post("--x\r\n", { "content-type": "multipart/form-data" })).status).toBe(400);
    const broken = await post("--other\r\nnot a part", { "content-type": "multipart/form-data; boundary=x" });
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe(0);
    await stillServing();
  });
});

describe("query values Discord would refuse", () => {
  it("answers before=abc, around=1e5, after=-1 and a limit out of range with 400 and Discord's field errors", async () => {
    const list = (query: string) => rest(`/channels/${general}/messages?${query}`);
    for (const [query, field] of [
      ["before=abc", "before"],
      ["around=1e5", "around"],
      ["after=-1", "after"],
      ["before=", "before"],
      ["around=99999999999999999999999", "around"],
      ["limit=0", "limit"],
      ["limit=101", "limit"],
      ["limit=abc", "limit"],
      ["limit=1e2", "limit"],
    ] as const) {
      const response = await list(query);
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe(50035);
      expect(firstFieldError(response.body.errors)?.path).toBe(field);
    }
    expect((await list("limit=5&before=9223372036854775807")).status).toBe(200);
    expect((await rest(`/guilds/${guildId}/members?after=abc`)).status).toBe(400);
    expect((await rest(`/guilds/${guildId}/members?limit=1001`)).status).toBe(400);
  });
});

describe("bodies Discord would refuse", () => {
  it("answers embeds: [null], components: [null] and attachments: [null] with field errors", async () => {
    for (const [body, path] of [
      [{ embeds: [null] }, "embeds.0"],
      [{ content: "x", embeds: [5] }, "embeds.0"],
      [{ content: "x", components: [null] }, "components.0"],
      [{ content: "x", message_reference: { message_id: { $gt: 1 } } }, "message_reference.message_id"],
      [{ content: "x", message_reference: "1" }, "message_reference"],
    ] as const) {
      const response = await post(JSON.stringify(body));
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(firstFieldError(response.body.errors)?.path).toBe(path);
    }
  });

  it("answers bad permissions, overwrites, command options and channel lists with field errors", async () => {
    const role = await rest(`/guilds/${guildId}/roles`, {
      method: "POST",
      body: JSON.stringify({ name: "x", permissions: "abc" }),
    });
    expect(role.status).toBe(400);
    expect(firstFieldError(role.body.errors)?.path).toBe("permissions");
    const overwrite = await rest(`/channels/${general}`, {
      method: "PATCH",
      body: JSON.stringify({ permission_overwrites: [{ id: guildId, type: 0, allow: "x", deny: "0" }] }),
    });
    expect(overwrite.status).toBe(400);
    const nullOverwrite = await rest(`/channels/${general}`, {
      method: "PATCH",
      body: JSON.stringify({ permission_overwrites: [null] }),
    });
    expect(nullOverwrite.status).toBe(400);
    // The channel still works: no bad overwrite got in.
    await stillServing();
    const commands = `/applications/${creds.applicationId}/commands`;
    for (const body of [
      [null],
      [{ name: "ok", description: "d", options: [null] }],
      [{ name: "ok", description: "d", default_member_permissions: "x" }],
    ]) {
      expect((await rest(commands, { method: "PUT", body: JSON.stringify(body) })).status).toBe(400);
    }
    expect((await rest(`/guilds/${guildId}/channels`, { method: "PATCH", body: "[null]" })).status).toBe(400);
  });
});

describe("text PostgreSQL cannot store is refused at entry", () => {
  it("refuses NUL and lone surrogates in REST bodies, naming the field", async () => {
    for (const content of ["a\\u0000b", "a\\ud800b", "\\udfff", "x\\ud83d"]) {
      const response = await post(`{"content":"${content}"}`);
      expect(response.status).toBe(400);
      expect(firstFieldError(response.body.errors)).toEqual({ path: "content", code: "TEXT_UNSUPPORTED_CHARACTER" });
    }
    const inKey = await post('{"content":"x","embeds":[{"title":"t","\\u0000":1}]}');
    expect(inKey.status).toBe(400);
    // A well-formed pair (an emoji written as escapes) is fine and reads back exactly.
    const emoji = await post('{"content":"hi \\ud83d\\ude00"}');
    expect(emoji.status).toBe(200);
    expect((emoji.body as unknown as { content: string }).content).toBe("hi 😀");
  });

  it("refuses them in the control API, multipart file names and the audit-log reason", async () => {
    const said = await controlRaw(
      "POST",
      `/worlds/${owner}/messages`,
      `{"channelId":"${general}","authorId":"${sam}","content":"bad \\u0000"}`,
    );
    expect(said.status).toBe(400);
    expect(said.body.error).toMatch(/content: .*NUL/);
    const form = new FormData();
    form.append("payload_json", JSON.stringify({ content: "file" }));
    form.append("files[0]", new Blob(["hi"]), "bad\u0000name.txt");
    const upload = await fetch(`${sim.url}/api/v10/channels/${general}/messages`, {
      method: "POST",
      headers: { authorization: `Bot ${creds.token}` },
      body: form,
    });
    expect(upload.status).toBe(400);
    const ban = await rest(`/guilds/${guildId}/bans/${sam}`, {
      method: "PUT",
      body: "{}",
      headers: { "x-audit-log-reason": "spam%00" },
    });
    expect(ban.status).toBe(400);
  });
});
