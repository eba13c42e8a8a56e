import { afterAll, describe, expect, inject, it } from "vitest";

import { archiveBot, createBot } from "@/lib/bots/service";
import { db } from "@/lib/db";

import { archivePurgeQueue, createArchivePurgeJob, type ArchivePurgeJob } from "./purge-job";

const dayMs = 24 * 60 * 60 * 1000;
const stamp = Date.now().toString(36);
let job: ArchivePurgeJob | undefined;
let userId: string | undefined;

afterAll(async () => {
  await job?.stop();
  if (userId) await db.user.delete({ where: { id: userId } });
});

async function until(check: () => Promise<boolean>, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

describe("the archive purge job (pg-boss)", () => {
  it("runs on this database next to the app's pool and purges only items older than 30 days", async () => {
    const user = await db.user.create({ data: { email: `purge-job-${stamp}@example.com` } });
    userId = user.id;
    const ids: string[] = [];
    for (const [name, daysAgo] of [
      ["Expired", 31],
      ["Kept", 5],
    ] as const) {
      const bot = await createBot(user.id, { name, language: "javascript", files: [] });
      await archiveBot(user.id, bot.id);
      await db.bot.update({ where: { id: bot.id }, data: { archivedAt: new Date(Date.now() - daysAgo * dayMs) } });
      ids.push(bot.id);
    }

    // The schedule is hourly; the test enqueues a run as the cron tick would.
    job = await createArchivePurgeJob(inject("databaseUrl"), { pollingIntervalSeconds: 0.5, schedule: false });
    await job.boss.send(archivePurgeQueue, {});
    const purged = await until(async () => (await db.bot.findUnique({ where: { id: ids[0] } })) === null, 20_000);
    expect(purged).toBe(true);
    expect(await db.bot.findUnique({ where: { id: ids[1] } })).not.toBeNull();
  });
});
