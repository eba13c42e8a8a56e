/**
 * The one-time re-seal: values sealed before the binding ("v1") become "v2" values bound to
 * their bot, open again in the app, and a second run changes nothing.
 */
import { createCipheriv, randomBytes } from "node:crypto";

import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { revealEnvVars } from "@/lib/bots/env-vars";
import { revealBotToken } from "@/lib/bots/service";
import type { TokenKey } from "@/lib/bots/token-crypto";
import { tokenKeys } from "@/lib/bots/token-keys";
import { db } from "@/lib/db";
import { env } from "@/lib/env";

import { resealLegacySecrets, runDataMigrations } from "./data-migrations";

const token = "MTA5ODc2NTQzMjEwOTg3NjU0Mw.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB";
let userId: string;
let botId: string;

/** A value as the first version stored it: no associated data. */
function sealLegacy(value: string, key: TokenKey): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key.key, iv);
  const ciphertext = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
  return ["v1", key.id, ...[iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString("base64url"))].join(".");
}

beforeAll(async () => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  userId = (await db.user.create({ data: { email: `reseal-${stamp}@example.com` } })).id;
  const key = tokenKeys().current;
  botId = (
    await db.bot.create({
      data: {
        userId,
        name: "Legacy",
        language: "javascript",
        tokenSealed: sealLegacy(token, key),
        envVars: { create: [{ key: "API_KEY", value: sealLegacy("legacy-secret", key), secret: true }] },
      },
    })
  ).id;
});

afterAll(async () => {
  await db.user.deleteMany({ where: { id: userId } });
});

describe("re-sealing values stored before the binding", () => {
  it("makes them bound v2 values that open for their own bot, once", async () => {
    await expect(revealBotToken(userId, botId)).rejects.toThrow(/never re-sealed/);

    const report = await runDataMigrations(env.DATABASE_URL!, tokenKeys);
    expect(report.done.join()).toMatch(/re-sealed \d+ secret/);
    expect(report.skipped).toEqual([]);

    const bot = await db.bot.findUniqueOrThrow({ where: { id: botId }, include: { envVars: true } });
    expect(bot.tokenSealed).toMatch(/^v2\./);
    expect(bot.envVars[0]?.value).toMatch(/^v2\./);
    await expect(revealBotToken(userId, botId)).resolves.toBe(token);
    await expect(revealEnvVars(botId)).resolves.toEqual({ API_KEY: "legacy-secret" });

    // Idempotent: nothing left to do, and no key is needed to find that out.
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      const again = await resealLegacySecrets(client, () => {
        throw new Error("no key should be needed");
      });
      expect(again).toEqual({ done: [], skipped: [] });
    } finally {
      await client.end();
    }
  });
});
