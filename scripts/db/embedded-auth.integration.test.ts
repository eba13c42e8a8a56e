/** The embedded database asks for its random password; it is kept in .data/ (mode 0600), not a constant. */
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";

import { startEmbeddedPostgres } from "./embedded";

const dir = mkdtempSync(join(tmpdir(), "cipher-embedded-auth-"));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function connects(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    // A refused connection is closed by the server; end() would wait for it forever.
    return (error as { code?: string }).code ?? (error as Error).message;
  }
  try {
    return String((await client.query("SELECT 1 AS one")).rows[0]?.one);
  } finally {
    await client.end();
  }
}

describe("the embedded database's password", () => {
  it("refuses a wrong password or another user and accepts its own", async () => {
    const server = await startEmbeddedPostgres({ dataDir: "memory://", port: 0 });
    try {
      const url = new URL(server.url);
      expect(url.password).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(await connects(server.url)).toBe("1");
      url.password = "postgres";
      expect(await connects(url.toString())).toBe("28P01");
      const other = new URL(server.url);
      other.username = "cipher_runner";
      expect(await connects(other.toString())).toBe("28000");
    } finally {
      await server.stop();
    }
  });

  it("is generated once beside the data folder, readable only by its owner, and kept across restarts", async () => {
    const dataDir = join(dir, "pglite");
    const first = await startEmbeddedPostgres({ dataDir, port: 0 });
    await first.stop();
    const saved = readFileSync(`${dataDir}.password`, "utf8").trim();
    expect(statSync(`${dataDir}.password`).mode & 0o777).toBe(0o600);
    expect(new URL(first.url).password).toBe(saved);
    const second = await startEmbeddedPostgres({ dataDir, port: 0 });
    try {
      expect(new URL(second.url).password).toBe(saved);
      expect(await connects(second.url)).toBe("1");
    } finally {
      await second.stop();
    }
  });
});
