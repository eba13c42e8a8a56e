import { afterAll, describe, expect, it } from "vitest";

import { planLimits } from "@/lib/billing/plans";
import { db } from "@/lib/db";

import { BotNotFoundError, createBot, getVersion, listVersions, restoreVersion, saveBotFiles } from "./service";

const stamp = Date.now().toString(36);
const users: string[] = [];

async function newUser(label: string, plan: string) {
  const user = await db.user.create({ data: { email: `versions-${label}-${stamp}@example.com`, plan } });
  users.push(user.id);
  return user.id;
}

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: users } } });
});

describe("a bot's version history is bounded by the plan", () => {
  it("a trial bot keeps its last 100 saves, as Core does: each save beyond drops the oldest, which can no longer be opened", async () => {
    const kept = planLimits.trial.keptVersions;
    expect(kept).toBe(planLimits.core.keptVersions);
    const userId = await newUser("trial", "trial");
    const bot = await createBot(userId, {
      name: "Saver",
      language: "javascript",
      files: [{ path: "index.js", content: "// 1\n" }],
    });
    for (let number = 2; number <= kept + 5; number += 1) {
      await saveBotFiles(userId, bot.id, {
        files: [{ path: "index.js", content: `// ${number}\n` }],
        message: `v${number}`,
      });
    }
    const versions = await listVersions(userId, bot.id);
    expect(versions).toHaveLength(kept);
    expect(versions[0]!.number).toBe(kept + 5);
    expect(versions.at(-1)!.number).toBe(6);
    expect(await db.botVersion.count({ where: { botId: bot.id } })).toBe(kept);
    await expect(getVersion(userId, bot.id, 5)).rejects.toThrow(BotNotFoundError);
    // Restoring a kept version still works and counts as a save.
    const restored = await restoreVersion(userId, bot.id, 6);
    expect(restored.number).toBe(kept + 6);
    expect((await getVersion(userId, bot.id, kept + 6)).files).toEqual([{ path: "index.js", content: "// 6\n" }]);
    expect(await listVersions(userId, bot.id)).toHaveLength(kept);
  });

  it("a larger plan keeps more, and pruning one user's bot never touches another's", async () => {
    const core = await newUser("core", "core");
    const trial = await newUser("neighbour", "trial");
    const files = [{ path: "index.js", content: "//\n" }];
    const big = await createBot(core, { name: "Core bot", language: "javascript", files });
    const other = await createBot(trial, { name: "Other", language: "javascript", files });
    for (let number = 2; number <= 30; number += 1) {
      await saveBotFiles(core, big.id, { files, message: `v${number}` });
    }
    expect(await listVersions(core, big.id)).toHaveLength(30);
    expect(await listVersions(trial, other.id)).toHaveLength(1);
  });
});
