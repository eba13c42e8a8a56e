import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { expect, test } from "@playwright/test";
import pg from "pg";

/**
 * `npm start` as a user runs it, with no DATABASE_URL: the embedded database, migrations, the
 * production server; and the data is still there after a stop and a start.
 */
const root = join(import.meta.dirname, "..", "..");
const appPort = 3190;
// Below the kernel's ephemeral range (32768–60999), where an outgoing connection could hold the port.
const dbPort = 29390;

function startApp(dataDir: string): { child: ChildProcess; output: () => string } {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(appPort),
    // The address the suite's build was made for (scripts/e2e-server.ts): another is another build.
    SITE_URL: process.env.SITE_URL || `http://localhost:${process.env.PORT || "3000"}`,
    EMBEDDED_DB_DIR: dataDir,
    EMBEDDED_DB_PORT: String(dbPort),
    NEXT_TELEMETRY_DISABLED: "1",
  };
  delete env.DATABASE_URL;
  delete env.DATABASE_POOL_SIZE;
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { cwd: root, env });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function waitForHttp(url: string, app: { output: () => string }) {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The app did not start:\n${app.output()}`);
}

async function stopApp(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** As the embedded database's owner, with the random password `npm start` generated next to it. */
async function query<T extends pg.QueryResultRow>(dataDir: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const password = encodeURIComponent(readFileSync(`${dataDir}.password`, "utf8").trim());
  const client = new pg.Client({ connectionString: `postgresql://postgres:${password}@127.0.0.1:${dbPort}/postgres` });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

test("npm start serves the site on the embedded database and keeps its data across restarts", async ({ isMobile }) => {
  test.skip(isMobile, "a server test; one browser project is enough");
  test.setTimeout(600_000);
  const dir = mkdtempSync(join(tmpdir(), "cipher-start-"));
  const dataDir = join(dir, "pglite");
  let app = startApp(dataDir);
  try {
    await waitForHttp(`http://127.0.0.1:${appPort}/`, app);
    expect((await fetch(`http://127.0.0.1:${appPort}/`)).status).toBe(200);
    const missing = await fetch(`http://127.0.0.1:${appPort}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Oops! Page not found");
    expect(app.output()).toContain("Applied migrations");
    // The suite's server built the app the way npm start checks it: this start serves that build.
    expect(app.output()).toContain("▲ Production build is up to date.");
    expect(app.output()).toContain("404 Not Found: /no/such/page");
    // No mail service: the local outbox opens for a browser on this machine (the real server,
    // TRUSTED_PROXY_HOPS=0, behind which Next.js adds X-Forwarded-For of its own), not for a
    // request an undeclared proxy relays.
    expect((await fetch(`http://127.0.0.1:${appPort}/dev/outbox`)).status).toBe(200);
    const relayed = await fetch(`http://127.0.0.1:${appPort}/dev/outbox`, {
      headers: { "x-forwarded-for": "203.0.113.7" },
    });
    expect(relayed.status).toBe(404);
    // The runner found its sandbox (npm test installed the isolation packages first).
    expect(app.output()).toMatch(/● Runner \S+ \(local\): 0 bots/);
    expect(app.output()).not.toContain("no new bot will start");
    expect(app.output()).toContain("the sandbox self-test passed");

    await query(
      dataDir,
      `INSERT INTO "NewsletterSubscription" (id, email, "updatedAt") VALUES ('kept', 'kept@example.com', now())`,
    );
    await stopApp(app.child);

    app = startApp(dataDir);
    await waitForHttp(`http://127.0.0.1:${appPort}/`, app);
    expect(app.output()).toContain("Migrations: up to date");
    expect(await query(dataDir, `SELECT email FROM "NewsletterSubscription"`)).toEqual([{ email: "kept@example.com" }]);
  } finally {
    await stopApp(app.child);
    rmSync(dir, { recursive: true, force: true });
  }
});
