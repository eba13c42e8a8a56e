/**
 * Every /api/v1 endpoint, called with a valid key of every scope and hostile input (fast-check):
 * random and malformed bodies (wrong types, NUL, huge strings, deep nesting, not JSON at all),
 * hostile query strings and path ids, the user's own real bot id so ownership checks pass and
 * deeper code runs. Each answer must be a problem or a success — never a 5xx — except 503
 * `simulator_unavailable` (no simulator runs in this suite: the honest answer).
 *
 * npm test runs a seeded, bounded pass; `npm run fuzz` many more (tests/fuzz/settings.ts).
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createApiKey } from "@/lib/api-keys/service";
import { apiHandler, type Endpoint } from "@/lib/api/v1/endpoint";
import { endpoints } from "@/lib/api/v1/registry";
import { db } from "@/lib/db";
import { freshClientIp } from "@/tests/setup/test-request";

import { hostileNumber, hostileText } from "./arbitraries";
import { fuzzParameters } from "./settings";

// Builds are queued for the job runner, not run in this process.
vi.mock("@/lib/ai-builder/build/job", async (original) => ({
  ...(await original<object>()),
  enqueueBuild: vi.fn(async () => undefined),
}));

const stamp = Date.now().toString(36);
let userId = "";
let botId = "";
let secret = "";

const hostileString = fc.oneof(
  hostileText(["../../etc/passwd", "index.js", "{user.mention}", '\'; DROP TABLE "User"; --', "javascript", "roll"]),
  fc.nat({ max: 2 }).map((size) => "z".repeat([1_000, 70_000, 1_200_000][size]!)),
);

function hostileValue(): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    { weight: 4, arbitrary: hostileString },
    { weight: 2, arbitrary: hostileNumber() },
    fc.boolean(),
    fc.constant(null),
    fc.constant(botId),
  );
  const keys = fc.constantFrom(
    "name",
    "description",
    "language",
    "prompt",
    "files",
    "restart",
    "message",
    "content",
    "member",
    "channel",
    "type",
    "options",
    "messageId",
    "emoji",
    "username",
    "email",
    "password",
    "refreshToken",
    "actions",
    "trigger",
  );
  const value = fc.oneof(
    { weight: 4, arbitrary: leaf },
    fc.array(leaf, { maxLength: 4 }),
    fc.array(fc.record({ path: hostileString, content: hostileString }), { maxLength: 3 }),
    fc.dictionary(hostileString, leaf, { maxKeys: 3 }),
  );
  return fc.oneof(
    { weight: 6, arbitrary: fc.dictionary(keys, value, { maxKeys: 6 }) },
    fc.anything({ maxDepth: 3 }),
    fc.constant(JSON.parse('{"a":'.repeat(2_000) + "1" + "}".repeat(2_000)) as unknown),
  );
}

const pathId = fc.oneof(
  { weight: 4, arbitrary: fc.constant("__bot__") },
  hostileString.map((text) => encodeURIComponent(text).slice(0, 300)),
  fc.constantFrom("0", "-1", "9".repeat(30), "%00", "..%2F..", "1"),
);

beforeAll(async () => {
  const row = await db.user.create({ data: { email: `fuzz-api-${stamp}@example.com`, plan: "core" } });
  userId = row.id;
  botId = (await db.bot.create({ data: { userId, name: "Fuzz target", language: "javascript" } })).id;
  secret = (
    await createApiKey(userId, { name: "fuzz", scopes: ["read", "write", "deploy", "control"], expiresIn: "30" })
  ).secret;
});

afterAll(async () => {
  await db.user.deleteMany({ where: { id: userId } });
});

describe("every /api/v1 endpoint under hostile input", () => {
  it("answers each request with a problem or a success, never a 5xx", async () => {
    const statuses = new Map<number, number>();
    const arbitrary = fc.record({
      endpoint: fc.constantFrom(...(endpoints as Endpoint[])),
      id: pathId,
      body: fc.oneof(
        { weight: 5, arbitrary: hostileValue().map((value) => JSON.stringify(value) ?? "null") },
        hostileString,
      ),
      json: fc.boolean(),
      query: fc.dictionary(fc.constantFrom("limit", "cursor", "after", "before", "days"), hostileString, {
        maxKeys: 3,
      }),
    });
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ endpoint, id, body, json, query }) => {
        freshClientIp();
        const value = id === "__bot__" ? botId : id;
        const path = endpoint.path.replace("{id}", value).replace("{memberId}", value);
        const search = new URLSearchParams(query).toString();
        const withBody = endpoint.method !== "GET";
        const response = await apiHandler(endpoint)(
          new Request(`http://localhost:3000/api/v1${path}${search ? `?${search}` : ""}`, {
            method: endpoint.method,
            headers: {
              authorization: `Bearer ${secret}`,
              ...(withBody ? { "content-type": json ? "application/json" : "application/zip" } : {}),
            },
            body: withBody ? body : undefined,
          }),
          { params: Promise.resolve({ id: decodeURIComponent(value), memberId: value }) },
        );
        // A stream that opened (a followed log) stays open: its status is the answer, so it is closed.
        const streaming = response.ok && response.headers.get("content-type")?.startsWith("text/event-stream");
        let text = "";
        if (streaming) await response.body?.cancel().catch(() => undefined);
        else text = await response.text().catch(() => "");
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500) {
          expect(response.status, `${endpoint.method} ${path}: ${text.slice(0, 300)}`).toBe(503);
          expect(text).toContain("simulator_unavailable");
        }
      }),
      fuzzParameters(300),
    );
    // The bot is still there and still the user's.
    expect(await db.bot.count({ where: { id: botId, userId } })).toBe(1);
    console.log(`[fuzz:api] statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
  }, 180_000);
});
