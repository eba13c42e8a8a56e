/**
 * Issue 24 through the real production server (scripts/server.ts + Next.js): every route handler
 * and every page with a parameter, sent malformed and hostile requests by a signed-in user and by
 * a stranger, as raw HTTP (so nothing normalises the bytes on the way). No answer may be a 5xx,
 * the server must keep serving, and what the user saved before is still there afterwards.
 */
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";

import fc from "fast-check";

import { fuzzParameters } from "../fuzz/settings";
import { e2eBaseUrl } from "./server-info";
import { expect, hasDatabase, query, test } from "./support";
import { createAccount, signIn } from "./support-accounts";

test.skip(({ isMobile }) => isMobile, "server behaviour does not depend on the screen");
test.skip(!hasDatabase(), "needs the e2e server's database");

const origin = new URL(e2eBaseUrl);

type Answer = { status: number; body: string };

/**
 * One raw HTTP/1.1 request; its status, once the answer's head has arrived (streams such as the
 * simulator's events never end, so the body is not waited for).
 */
function send(head: string, body: Buffer | string = ""): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(origin.port), origin.hostname);
    let text = "";
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.split("\r\n\r\n").slice(1).join("\r\n\r\n") });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within 20 s to ${head.split("\n")[0]}`));
    }, 20_000);
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString("latin1");
      if (text.includes("\r\n\r\n")) finish();
    });
    socket.on("error", () => {});
    socket.on("close", finish);
    socket.write(`${head.replace(/\r?\n/g, "\r\n")}\r\n`);
    // Not end(): a client that half-closes its side has the server drop the request (Node's default).
    socket.write(body);
  });
}

function request(method: string, target: string, { cookie = "", headers = "", body = "" } = {}): Promise<Answer> {
  const length = Buffer.byteLength(body);
  const lines = [
    `${method} ${target} HTTP/1.1`,
    `Host: ${origin.host}`,
    "Connection: close",
    `Origin: ${origin.origin}`,
    ...(cookie ? [`Cookie: ${cookie}`] : []),
    ...(headers ? [headers] : []),
    ...(method === "GET" || method === "HEAD" ? [] : [`Content-Length: ${length}`]),
  ];
  return send(`${lines.join("\n")}\n`, body);
}

/** What people and attackers put in a URL: raw, so broken escapes stay broken. */
const hostileSegment = fc.oneof(
  fc.constantFrom(
    "%00",
    "%E0%A4%A",
    "%zz",
    "%ED%A0%80",
    "%F0%9F%98",
    "2147483648",
    "99999999999999999999",
    "-1",
    "1e5",
    "0x10",
    "NaN",
    "..%2F..%2Fetc%2Fpasswd",
    "%2e%2e",
    "%E2%80%AE",
    "%E2%80%8B",
    "a".repeat(3000),
    "TKT-0",
    "%",
  ),
  fc.string({ unit: "binary-ascii", maxLength: 20 }).map((text) => encodeURIComponent(text)),
  fc.integer().map(String),
);

const hostileBody = fc.oneof(
  fc.constantFrom(
    "",
    "null",
    "[]",
    "{",
    '{"a":"\\u0000"}',
    '{"botId":"\\ud800"}',
    `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
    '{"ids":[1e400]}',
    "\u0000\u0001\u0002",
  ),
  fc.json({ maxDepth: 3 }),
  fc.string({ unit: "binary", maxLength: 50 }).map((text) => JSON.stringify({ q: text, name: text, botId: text })),
);

const routes: ((segment: string, botId: string) => string)[] = [
  (s) => `/api/search?q=${s}`,
  (s) => `/api/analytics?range=${s}&botId=${s}`,
  (s) => `/api/archive/${s}/download`,
  (s) => `/api/archive/download?ids=${s}`,
  (s, bot) => `/api/bots/${bot}/logs/download?level=${s}&cursor=${s}`,
  (s) => `/api/bots/${s}/logs/download`,
  (s, bot) => `/api/bots/${bot}/metrics?range=${s}`,
  (s) => `/api/bots/${s}/metrics`,
  (s) => `/api/bots/status?ids=${s}`,
  (s) => `/api/notifications?limit=${s}&cursor=${s}`,
  (s, bot) => `/api/simulator/world?botId=${s}&bot=${bot}`,
  (s) => `/api/simulator/events?botId=${s}&after=${s}`,
  (s) => `/api/newsletter/unsubscribe?token=${s}`,
  (s) => `/api/hosting?range=${s}`,
  () => `/api/session`,
  () => `/api/health`,
  (s) => `/api/auth/callback/credentials?callbackUrl=${s}`,
  (s) => `/api/auth/session?${s}`,
  (s, bot) => `/dashboard/bots/${bot}/history/${s}`,
  (s, bot) => `/dashboard/bots/${bot}/database?page=${s}&prefix=${s}`,
  (s, bot) => `/dashboard/bots/${bot}/logs?level=${s}&q=${s}`,
  (s) => `/dashboard/bots/${s}`,
  (s) => `/dashboard/bots/${s}/settings`,
  (s) => `/dashboard/support/tickets/${s}`,
  (s) => `/dashboard/support/admin/tickets/${s}`,
  (s) => `/dashboard/activity?page=${s}`,
  (s) => `/blog/${s}`,
  (s) => `/tutorials/${s}`,
  (s) => `/${s}`,
  (s) => `/login?callbackUrl=${s}`,
  (s) => `/templates?category=${s}`,
];

test("hostile requests to every route never get a 5xx, and the server keeps serving", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const account = await createAccount(testInfo, { label: "hostile" });
  await signIn(page, account, "/dashboard");
  const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
  const [bot] = await query<{ id: string }>(
    `INSERT INTO "Bot" (id, "userId", name, language, "updatedAt") VALUES ($1, $2, 'Kept', 'javascript', now()) RETURNING id`,
    [`hostile${Date.now().toString(36)}`, account.id],
  );
  await query(
    `INSERT INTO "BotFile" (id, "botId", path, content, "updatedAt") VALUES ($1, $2, 'index.js', $3, now())`,
    [`hostilefile${Date.now().toString(36)}`, bot!.id, "console.log('still here');"],
  );

  let sent = 0;
  const failures: string[] = [];
  const methods = ["GET", "POST", "PUT", "DELETE"] as const;
  await fc.assert(
    fc.asyncProperty(
      fc.nat({ max: routes.length - 1 }),
      hostileSegment,
      fc.constantFrom(...methods),
      hostileBody,
      fc.boolean(),
      async (index, segment, method, body, signedIn) => {
        const target = routes[index]!(segment, bot!.id);
        const answer = await request(method, target, {
          cookie: signedIn ? cookie : "",
          headers: method === "GET" ? "" : "Content-Type: application/json",
          body: method === "GET" ? "" : body,
        });
        sent += 1;
        if (answer.status === 0 || answer.status >= 500)
          failures.push(`${answer.status} ${method} ${target.slice(0, 120)}`);
      },
    ),
    fuzzParameters(300),
  );

  // Request-level problems, answered by the server's guard before Next.js.
  const badHost = await send(`GET /login HTTP/1.1\nHost: exa mple.com\nConnection: close\n`);
  expect(badHost.status).toBe(400);
  // Every server action, sent arguments Next.js cannot decode: a 400, not its 500.
  const manifest = JSON.parse(
    readFileSync(join(process.cwd(), ".next/server/server-reference-manifest.json"), "utf8"),
  ) as {
    node: Record<string, unknown>;
  };
  const actionIds = Object.keys(manifest.node);
  expect(actionIds.length).toBeGreaterThan(20);
  for (const id of actionIds) {
    for (const body of ["not json", '["$Q99"]', "[", '[{"a":"$@7"}]']) {
      const answer = await request("POST", "/", {
        cookie,
        headers: `Next-Action: ${id}\nContent-Type: text/plain;charset=UTF-8\nAccept: text/x-component`,
        body,
      });
      sent += 1;
      if (answer.status === 0 || answer.status >= 500) failures.push(`${answer.status} action ${id} with ${body}`);
    }
  }
  const latin1 = await request("POST", "/contact", {
    headers: "Content-Type: application/x-www-form-urlencoded; charset=ISO-8859-1",
    body: "name=caf%E9",
  });
  expect(latin1.status).toBe(415);
  sent += 2;

  console.log(`[fuzz] routes through the real server: ${sent} requests, ${failures.length} answers of 5xx`);
  expect(failures).toEqual([]);

  // Still serving, and nothing the user saved is missing.
  expect((await request("GET", "/api/health")).status).toBe(200);
  await page.goto(`/dashboard/bots/${bot!.id}/code`);
  await expect(page.getByText("still here")).toBeVisible({ timeout: 30_000 });
});
