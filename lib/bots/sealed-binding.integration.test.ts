/**
 * Sealed values are bound to their row: a database writer who copies a victim's sealed token or
 * secret variable into their own bot gets nothing the app or the runner will open.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";

import { revealEnvVars, setEnvVar } from "./env-vars";
import { revealBotToken, setBotToken } from "./service";
import { SealedValueError } from "./token-crypto";

const token = "MTA5ODc2NTQzMjEwOTg3NjU0Mw.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB";
const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let victim: string;
let attacker: string;
let victimBot: string;
let attackerBot: string;

beforeAll(async () => {
  victim = (await db.user.create({ data: { email: `victim-seal-${stamp}@example.com` } })).id;
  attacker = (await db.user.create({ data: { email: `attacker-seal-${stamp}@example.com` } })).id;
  victimBot = (await db.bot.create({ data: { userId: victim, name: "Victim", language: "javascript" } })).id;
  attackerBot = (await db.bot.create({ data: { userId: attacker, name: "Mine", language: "javascript" } })).id;
});

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: [victim, attacker] } } });
});

describe("sealed values bound to their bot", () => {
  it("a bot token copied into another bot's row does not open there, and still opens in its own", async () => {
    await setBotToken(victim, victimBot, token);
    const { tokenSealed } = await db.bot.findUniqueOrThrow({ where: { id: victimBot } });
    expect(tokenSealed).toMatch(/^v2\./);
    await db.bot.update({ where: { id: attackerBot }, data: { tokenSealed } });

    await expect(revealBotToken(attacker, attackerBot)).rejects.toBeInstanceOf(SealedValueError);
    await expect(revealBotToken(victim, victimBot)).resolves.toBe(token);
  });

  it("a secret variable copied into another bot, or renamed in its own, does not open", async () => {
    await setEnvVar(victim, victimBot, { key: "API_KEY", value: "victim-secret", secret: true });
    const { value } = await db.botEnvVar.findUniqueOrThrow({
      where: { botId_key: { botId: victimBot, key: "API_KEY" } },
    });
    await db.botEnvVar.create({ data: { botId: attackerBot, key: "API_KEY", value, secret: true } });
    await expect(revealEnvVars(attackerBot)).rejects.toThrow(SealedValueError);
    await expect(revealEnvVars(attackerBot)).rejects.toThrow(/API_KEY cannot be used: it was sealed for another bot/);

    // Moving it to another name of the victim's own bot does not work either.
    await db.botEnvVar.create({ data: { botId: victimBot, key: "OTHER", value, secret: true } });
    await expect(revealEnvVars(victimBot)).rejects.toThrow(/OTHER cannot be used/);
    await db.botEnvVar.deleteMany({ where: { botId: victimBot, key: "OTHER" } });
    await expect(revealEnvVars(victimBot)).resolves.toEqual({ API_KEY: "victim-secret" });
  });
});
