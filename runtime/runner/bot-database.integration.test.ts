/**
 * The built-in database from both languages: a discord.py bot's `from cipher import db`, quota
 * errors reaching the bot's code as exceptions with the store's message, and the economy
 * template's balances kept across a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { loadTemplateFiles } from "@/lib/bots/templates";
import { db } from "@/lib/db";

import type { Runner } from "./runner";
import { openEventText, simulatorKey, startTestSimulator, worldIds, type TestSimulator } from "./simulator-support";
import { createBot, createUser, logText, tempDataDir, testRunner, waitFor, waitForStatus } from "./test-support";

let userId: string;
let simulator: TestSimulator;
let ids: Awaited<ReturnType<typeof worldIds>>;
let events: Awaited<ReturnType<typeof openEventText>>;
let runner: Runner;
const data = tempDataDir();

beforeAll(async () => {
  userId = await createUser("runner-bot-db");
  simulator = await startTestSimulator();
  ids = await worldIds(simulator, userId);
  events = await openEventText(simulator, userId);
  runner = await testRunner({ dataDir: data.dir, simulatorUrl: simulator.url, controlKey: simulatorKey });
});

afterAll(async () => {
  await db.bot.updateMany({ where: { userId }, data: { desiredState: "stopped" } });
  await runner?.stop();
  events?.close();
  await simulator?.close();
  await db.user.deleteMany({ where: { id: userId } });
  data.remove();
});

async function output(botId: string, marker: string) {
  await runner.reconcile();
  const text = await waitFor(
    () => logText(botId),
    (logs) => logs.includes(marker) || /Status: crashed/.test(logs),
    { timeoutMs: 20_000 },
  );
  if (!text.includes(marker)) throw new Error(text);
  return text;
}

describe("the built-in database in bot code (and the Python network guard)", () => {
  it("reaches a Node bot's code as an Error with the store's message when a limit is hit", async () => {
    const code = `
cipherDb.set("big", "x".repeat(200 * 1024)).then(
  () => console.log("RESULT stored"),
  (error) => console.log("RESULT " + (error instanceof Error) + " " + error.name + ": " + error.message),
);
setInterval(() => {}, 1000);
`;
    const botId = await createBot(userId, [{ path: "index.js", content: code }], { name: "node-quota" });
    const text = await output(botId, "RESULT");
    expect(text).toMatch(/RESULT true KvQuotaError: Values are limited to 100 KB/);
    expect(await db.botKvEntry.count({ where: { botId } })).toBe(0);
  });

  it("is `from cipher import db` in a discord.py bot: get/set/delete/list/increment, errors raised", async () => {
    const code = `
import asyncio
from cipher import db, CipherDbError


async def main():
    await db.set("greeting", {"text": "hi"})
    got = await db.get("greeting")
    count = await db.increment("count", 5)
    count = await db.increment("count")
    keys = [entry["key"] for entry in await db.list("")]
    await db.delete("greeting")
    gone = await db.get("greeting")
    try:
        await db.set("big", "x" * (200 * 1024))
        error = "none"
    except CipherDbError as failure:
        error = str(failure)
    same = cipher_db is db
    import socket
    try:
        socket.create_connection(("127.0.0.1", 5432), timeout=2)
        guard = "connected"
    except PermissionError:
        guard = "refused"
    print("GUARD", guard, flush=True)
    print("RESULT", got["text"], count, ",".join(keys), gone, same, error, flush=True)
    await asyncio.sleep(60)


asyncio.run(main())
`;
    const botId = await createBot(userId, [{ path: "main.py", content: code }], { name: "py-db", language: "python" });
    const text = await output(botId, "RESULT");
    expect(text).toMatch(/RESULT hi 6 count,greeting None True Values are limited to 100 KB/);
    // The sitecustomize's network guard (Python-level): the database's port is refused.
    expect(text).toContain("GUARD refused");
    const rows = await db.botKvEntry.findMany({ where: { botId }, select: { key: true, value: true } });
    expect(rows).toEqual([{ key: "count", value: 6 }]);
  });

  it("keeps the economy template's balances across a restart", async () => {
    const botId = await createBot(userId, await loadTemplateFiles("economy-bot"), { name: "economy" });
    await runner.reconcile();
    await waitForStatus(botId, "running", 30_000);
    const slash = async (name: string) => {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const from = events.count;
        try {
          await simulator.call("POST", `/worlds/${userId}/interactions`, {
            botId,
            channelId: ids.general,
            authorId: ids.owner,
            name,
          });
          return from;
        } catch (error) {
          if (!/: 404 /.test((error as Error).message) || Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    };
    await events.waitFor(/claimed your daily/, await slash("daily"));
    const before = await db.bot.findUniqueOrThrow({ where: { id: botId } });
    await db.bot.update({ where: { id: botId }, data: { restartNonce: { increment: 1 } } });
    await runner.reconcile();
    await waitFor(
      () => db.bot.findUniqueOrThrow({ where: { id: botId } }),
      (row) => row.status === "running" && row.startedAt !== null && row.startedAt > before.startedAt!,
      { timeoutMs: 30_000 },
    );
    await events.waitFor(/You have \*\*100\*\* coins/, await slash("balance"));
  });
});
