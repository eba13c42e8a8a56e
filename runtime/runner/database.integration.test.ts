import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";

import type { Runner } from "./runner";
import { createBot, createUser, logText, startFakeCredentials, tempDataDir, testRunner, waitFor } from "./test-support";

// A plain script using the built-in database the preload provides; it exits by itself when done.
const script = `
(async () => {
  const store = globalThis.cipherDb;
  await store.set("greeting", { text: "hi", at: new Date(0) });
  await store.increment("visits", 2);
  await store.increment("visits");
  console.log("GET " + JSON.stringify(await store.get("greeting")));
  console.log("LIST " + JSON.stringify(await store.list("v")));
  await store.set("", 1).catch((error) => console.log("REFUSED " + error.name + ": " + error.message));
  console.log("DONE " + Object.keys(globalThis).includes("cipherDb"));
})();
`;

let userId: string;
let simulator: Awaited<ReturnType<typeof startFakeCredentials>>;
const data = tempDataDir();
let runner: Runner | null = null;

beforeAll(async () => {
  userId = await createUser("runner-database");
  simulator = await startFakeCredentials();
});

// A failed test must not leave its runner running: two runners on one data folder fight.
afterEach(async () => {
  await db.bot.updateMany({ where: { userId }, data: { desiredState: "stopped" } });
  await runner?.stop();
  runner = null;
});

afterAll(async () => {
  await runner?.stop();
  await simulator.close();
  await db.user.deleteMany({ where: { id: userId } });
  data.remove();
});

describe("the built-in database inside a bot", () => {
  it("is globalThis.cipherDb, stored in BotKvEntry for that bot, and lets a finished script exit", async () => {
    const botId = await createBot(userId, [{ path: "index.js", content: script }], { restartPolicy: "stay-stopped" });
    runner = await testRunner({ dataDir: data.dir, simulatorUrl: simulator.url });
    const logs = await waitFor(
      () => logText(botId),
      (text) => text.includes("DONE"),
    );
    expect(JSON.parse(/GET (.*)/.exec(logs)![1]!)).toEqual({ text: "hi", at: "1970-01-01T00:00:00.000Z" });
    expect(logs).toContain('LIST [{"key":"visits","value":3}]');
    expect(logs).toMatch(/REFUSED KvValidationError: .+/);
    expect(logs).toContain("DONE false");
    const rows = await db.botKvEntry.findMany({ where: { botId }, orderBy: { key: "asc" } });
    expect(rows.map((row) => [row.key, row.value])).toEqual([
      ["greeting", { text: "hi", at: "1970-01-01T00:00:00.000Z" }],
      ["visits", 3],
    ]);
    // It exited on its own (exit code 0): with stay-stopped that is final.
    await waitFor(
      () => db.bot.findUniqueOrThrow({ where: { id: botId } }),
      (bot) => bot.status === "crashed" && bot.exitCode === 0,
    );
    await runner.stop();
    runner = null;
  });
});
