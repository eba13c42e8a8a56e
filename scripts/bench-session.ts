/**
 * npm run bench:session — what one session check costs. Serves the production build (as
 * `npm start` does, scripts/server.ts) on a fresh database on the PostgreSQL server of
 * TEST_DATABASE_URL (or BENCH_DATABASE_URL), signs a user in through Auth.js's own endpoints
 * (a one-time ticket, as the sign-in form does), then loads /api/session with that cookie:
 *   - requests per second and latency (autocannon in its own process, on CPU 1 when `taskset`
 *     exists): one signed-in browser hammering it (what /api/session keeps for a second answers),
 *     2,000 sessions taking turns (each request checks its session in the database), signed out;
 *   - the server's CPU time per request (from /proc, so a busy machine skews it less than req/s);
 *   - /api/health (a route handler with one `SELECT 1`, no session) as the floor to compare with.
 * Never fails for being slow. Options:
 *   --port N (3330)  --duration S (10)  --connections N (10)
 *   --profile DIR    run the server under `node --cpu-prof` and print the heaviest functions
 * Target (issue 24): /api/session ≥ 1,000 req/s signed in on 2 cores.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

import type autocannon from "autocannon";
import { encode } from "next-auth/jwt";
import pg from "pg";

import { tokenKeys } from "../lib/bots/token-keys";
import { migrateDatabase } from "./db/data-migrations";
import { projectRoot } from "./db/engine";
import { ensureProductionBuild, productionServerArgs } from "./lib/build";

const { values: options } = parseArgs({
  options: {
    port: { type: "string", default: "3330" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    profile: { type: "string" },
  },
});
const port = Number(options.port);
const base = `http://127.0.0.1:${port}`;
const autocannonBin = join(projectRoot, "node_modules", "autocannon", "autocannon.js");

async function createDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cipher_bench_session_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`).finally(() => admin.end());
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => client.end());
    },
  };
}

/** A confirmed user and a one-time sign-in ticket for it, written as lib/auth/tokens.ts does. */
async function userWithTicket(url: string): Promise<{ userId: string; ticket: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const id = `bench${randomBytes(8).toString("hex")}`;
    await client.query(`INSERT INTO "User" (id, email, "emailVerified", "updatedAt") VALUES ($1, $2, now(), now())`, [
      id,
      `${id}@example.com`,
    ]);
    const ticket = randomBytes(32).toString("base64url");
    await client.query(`INSERT INTO "VerificationToken" (identifier, token, expires) VALUES ($1, $2, $3)`, [
      `sign-in:${id}`,
      createHash("sha256").update(ticket).digest("hex"),
      new Date(Date.now() + 120_000),
    ]);
    return { userId: id, ticket };
  } finally {
    await client.end();
  }
}

function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
}

/** Signs in through Auth.js's endpoints (CSRF token, then the ticket provider's callback). */
async function signIn(ticket: string): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${base}/api/auth/callback/ticket`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: cookiesOf(csrf).join("; "),
      origin: base,
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) bench-session",
    },
    body: new URLSearchParams({ csrfToken, ticket, callbackUrl: `${base}/dashboard` }),
  });
  const session = cookiesOf(response).find((cookie) => cookie.startsWith("authjs.session-token="));
  if (!session) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  return session;
}

/**
 * `count` more sessions of the user, as the jwt callback would issue them (sealed with the
 * server's AUTH_SECRET, each with its UserSession row where that table exists): requests that
 * cycle through them find nothing kept in memory for their session.
 */
async function mintSessions(url: string, userId: string, secret: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query(`SELECT to_regclass('"UserSession"') IS NOT NULL AS "hasTable"`);
    const hasTable = (rows.rows[0] as { hasTable: boolean }).hasTable;
    const cookies: string[] = [];
    for (let i = 0; i < count; i++) {
      const sid = randomUUID();
      const at = Date.now();
      if (hasTable) {
        await client.query(
          `INSERT INTO "UserSession" (id, "userId", "sessionVersion", "userAgent", ip, "expiresAt") VALUES ($1, $2, 0, 'bench', '127.0.0.1', $3)`,
          [sid, userId, new Date(at + 30 * 86_400_000)],
        );
      }
      const token = await encode({
        token: { sub: userId, sv: 0, sid, at, via: "credentials" },
        secret,
        salt: "authjs.session-token",
      });
      cookies.push(`authjs.session-token=${token}`);
    }
    return cookies;
  } finally {
    await client.end();
  }
}

function hasTaskset(): boolean {
  try {
    execFileSync("taskset", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** utime + stime of a process, in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** autocannon run from a module, so each request can take the next of `cookies`. */
function rotatingLoad(cookies: string[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), "cipher-bench-session-"));
  writeFileSync(join(dir, "cookies.json"), JSON.stringify(cookies));
  const script = join(dir, "load.mjs");
  writeFileSync(
    script,
    `import { readFileSync } from "node:fs";
import autocannon from ${JSON.stringify(autocannonBin)};
const cookies = JSON.parse(readFileSync(${JSON.stringify(join(dir, "cookies.json"))}, "utf8"));
let next = 0;
const result = await autocannon({
  url: ${JSON.stringify(`${base}/api/session`)},
  connections: ${Number(options.connections)},
  duration: ${Number(options.duration)},
  requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, cookie: cookies[next++ % cookies.length] } }) }],
});
process.stdout.write(JSON.stringify(result));
`,
  );
  return [script];
}

async function load(
  label: string,
  server: ChildProcess,
  headers: string[],
  path = "/api/session",
  cookies?: string[],
): Promise<void> {
  let args = [autocannonBin, "--json", "-c", options.connections!, "-d", options.duration!];
  for (const header of headers) args.push("-H", header);
  args.push(`${base}${path}`);
  if (cookies) args = rotatingLoad(cookies);
  const pinned = hasTaskset();
  const before = cpuMs(server.pid!);
  const output = await new Promise<string>((resolve, reject) => {
    const child = pinned ? spawn("taskset", ["-c", "1", process.execPath, ...args]) : spawn(process.execPath, args);
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(stdout) : reject(new Error(`autocannon exited with ${code}`))));
  });
  const used = cpuMs(server.pid!) - before;
  const result = JSON.parse(output) as autocannon.Result;
  console.log(
    `${path} ${label.padEnd(10)} ${options.connections} connections ${options.duration}s${pinned ? " (load generator on CPU 1)" : ""}: ` +
      `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `server CPU ${(used / result.requests.total).toFixed(2)} ms/request, errors ${result.errors}, non-2xx ${result.non2xx}`,
  );
}

/** The functions with the most self time in a .cpuprofile, and their share. */
function printProfile(dir: string): void {
  // The main thread's profile is the largest (the module loader's worker writes its own).
  const file = readdirSync(dir)
    .filter((name) => name.endsWith(".cpuprofile"))
    .map((name) => join(dir, name))
    .sort((a, b) => statSync(b).size - statSync(a).size)[0];
  if (!file) return console.log(`no profile written in ${dir}`);
  const profile = JSON.parse(readFileSync(file, "utf8")) as {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
    samples: number[];
  };
  const counts = new Map<number, number>();
  for (const sample of profile.samples) counts.set(sample, (counts.get(sample) ?? 0) + 1);
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.replace(/^.*\/(node_modules|\.next)\//, "$1/").replace(/^file:\/\/.*\/work\/[^/]+\//, "");
    const key = `${functionName || "(anonymous)"} ${where}:${lineNumber}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + (counts.get(node.id) ?? 0));
  }
  byFunction.delete("(idle) :-1");
  const total = [...byFunction.values()].reduce((sum, count) => sum + count, 0);
  console.log(`profile ${file} (${total} busy samples), heaviest self time:`);
  for (const [key, count] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`  ${((count / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
  }
}

async function main() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("Set TEST_DATABASE_URL (or BENCH_DATABASE_URL) to a PostgreSQL server.");
  const database = await createDatabase(serverUrl);
  let server: ChildProcess | undefined;
  try {
    await migrateDatabase(database.url, tokenKeys);
    await ensureProductionBuild();
    const profileDir = options.profile;
    const authSecret = randomBytes(32).toString("base64url");
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    server = spawn(
      process.execPath,
      [
        ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
        ...productionServerArgs(port, "127.0.0.1"),
      ],
      {
        cwd: projectRoot,
        env: {
          ...process.env,
          DATABASE_URL: database.url,
          DATABASE_POOL_SIZE: "10",
          NODE_ENV: "production",
          NEXT_TELEMETRY_DISABLED: "1",
          AUTH_SECRET: authSecret,
          BOT_TOKEN_KEY: randomBytes(32).toString("base64"),
        },
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    while (
      !(await fetch(`${base}/api/health`)
        .then((r) => r.ok)
        .catch(() => false))
    ) {
      if (server.exitCode !== null) throw new Error("The server exited.");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { userId, ticket } = await userWithTicket(database.url);
    const cookie = await signIn(ticket);
    const check = (await (await fetch(`${base}/api/session`, { headers: { cookie } })).json()) as { user: unknown };
    if (!check.user) throw new Error("The session cookie was not accepted.");
    // Warm up (JIT, connection pool), then measure.
    await load("warm-up", server, [`cookie=${cookie}`]);
    await load("signed in", server, [`cookie=${cookie}`]);
    // 2,000 sessions taking turns: each request checks its session in the database.
    const many = await mintSessions(database.url, userId, authSecret, 2000);
    await load("2,000 sessions", server, [], "/api/session", many);
    await load("signed out", server, []);
    // The floor: a route handler with one trivial query (SELECT 1), no session.
    await load("baseline", server, [], "/api/health");
  } finally {
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((resolve) => server!.once("exit", resolve));
    }
    await database.drop();
  }
  if (options.profile) printProfile(options.profile);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
