import { randomBytes } from "node:crypto";

import { strFromU8, unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";

import { archiveBot, createBot } from "@/lib/bots/service";
import { db } from "@/lib/db";

import { archivedBotIds, zipExportStream } from "./export";

const stamp = Date.now().toString(36);
const users: string[] = [];

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: users } } });
});

async function archivedBigBot(userId: string, name: string) {
  // 300 kB of hex: compresses to about half, so one bot is several zip chunks.
  const content = `// ${randomBytes(150_000).toString("hex")}\n`;
  const bot = await createBot(userId, { name, language: "javascript", files: [{ path: "index.js", content }] });
  await archiveBot(userId, bot.id);
  return bot.id;
}

async function readAll(reader: ReadableStreamDefaultReader<Uint8Array>, first: Uint8Array[]) {
  const chunks = [...first];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return unzipSync(new Uint8Array(Buffer.concat(chunks)));
}

describe("Bulk Download is streamed", () => {
  it("loads each item only when the reader gets to it: items removed after the first chunk are not in the zip", async () => {
    const user = await db.user.create({ data: { email: `stream-export-${stamp}@example.com` } });
    users.push(user.id);
    const ids: string[] = [];
    for (let index = 0; index < 4; index += 1) ids.push(await archivedBigBot(user.id, `Big ${index}`));
    const order = await archivedBotIds(user.id, ids);
    expect(order.sort()).toEqual([...ids].sort());

    const reader = zipExportStream(user.id, order).getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // Had the zip been built up front, all four would be in it already.
    await db.bot.deleteMany({ where: { id: { in: order.slice(1) } } });
    const files = await readAll(reader, [first.value!]);
    const names = Object.values(files).map((file) => (JSON.parse(strFromU8(file)) as { bot: { id: string } }).bot.id);
    expect(names).toEqual([order[0]]);
  });

  it("a full download holds every item, each as its own JSON file", async () => {
    const user = await db.user.create({ data: { email: `stream-export-all-${stamp}@example.com` } });
    users.push(user.id);
    const ids = [await archivedBigBot(user.id, "One"), await archivedBigBot(user.id, "Two")];
    const stream = zipExportStream(user.id, await archivedBotIds(user.id, ids));
    const files = await readAll(stream.getReader(), []);
    const parsed = Object.values(files).map(
      (file) => JSON.parse(strFromU8(file)) as { bot: { name: string }; files: { content: string }[] },
    );
    expect(parsed.map((entry) => entry.bot.name).sort()).toEqual(["One", "Two"]);
    expect(parsed.every((entry) => entry.files[0]!.content.length > 300_000)).toBe(true);
  });
});
