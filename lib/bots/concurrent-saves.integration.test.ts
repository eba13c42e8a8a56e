import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { restoreArchiveItemAction } from "@/lib/archive/actions";
import { listArchive, restoreArchivedBot, restoreArchivedBots } from "@/lib/archive/service";
import type { CurrentUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { signedInSession } from "@/tests/setup/signed-in";

import { restoreVersionAction, saveBotFilesAction } from "./actions";
import { EnvVarError, listEnvVars, setEnvVar } from "./env-vars";
import { envVarLimits } from "./schemas";
import {
  archiveBot,
  BotFilesError,
  BotVersionConflictError,
  createBot,
  getBot,
  listBots,
  listVersions,
  restoreVersion,
  saveBotFiles,
} from "./service";

// Who is signed in is stood in for; the database, locks and transactions are real.
const signedIn = vi.hoisted(() => ({ user: null as CurrentUser | null }));
vi.mock("@/lib/auth/session", () => ({ getCurrentUser: async () => signedIn.user }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const stamp = Date.now().toString(36);
let userId: string;

beforeAll(async () => {
  const user = await db.user.create({
    data: { email: `races-${stamp}@example.com`, emailVerified: new Date(), plan: "core" },
  });
  userId = user.id;
  signedIn.user = {
    id: user.id,
    email: user.email,
    emailVerified: true,
    hasPassword: true,
    username: `races_${stamp}`,
    fullName: "Racer",
    image: null,
    ...signedInSession,
  };
});

afterAll(async () => {
  await db.user.deleteMany({ where: { id: userId } });
});

const newBot = async (name: string) =>
  (await createBot(userId, { name, language: "javascript", files: [{ path: "index.js", content: "// 1\n" }] })).id;

describe("two saves of one bot at the same moment", () => {
  it("five saves at once each become their own version, none fails", async () => {
    const botId = await newBot("Five at once");
    const saves = await Promise.allSettled(
      [1, 2, 3, 4, 5].map((n) =>
        saveBotFiles(userId, botId, { files: [{ path: "index.js", content: `// save ${n}\n` }], message: `save ${n}` }),
      ),
    );
    expect(saves.map((save) => save.status)).toEqual(Array(5).fill("fulfilled"));
    const numbers = saves.map((save) => (save as PromiseFulfilledResult<{ number: number }>).value.number);
    expect(numbers.toSorted()).toEqual([2, 3, 4, 5, 6]);
    const versions = await listVersions(userId, botId);
    expect(versions.map((version) => version.number)).toEqual([6, 5, 4, 3, 2, 1]);
    // The working copy is the newest version's files.
    const newest = versions[0]!.message.replace("save ", "");
    expect((await getBot(userId, botId)).files).toEqual([{ path: "index.js", content: `// save ${newest}\n` }]);
  });

  it("five editors that opened version 1 and save at once: one wins, the others are told the bot changed", async () => {
    const botId = await newBot("Five editors");
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        saveBotFilesAction({
          botId,
          files: [{ path: "index.js", content: `// editor ${n}\n` }],
          message: `editor ${n}`,
          baseVersion: 1,
        }),
      ),
    );
    expect(results.filter((result) => result.ok)).toEqual([{ ok: true, data: expect.objectContaining({ number: 2 }) }]);
    const refused = results.filter((result) => !result.ok);
    expect(refused).toHaveLength(4);
    for (const result of refused) {
      expect(result).toEqual({
        ok: false,
        code: "conflict",
        error: "This bot changed meanwhile: version 2 was saved after you opened it. Reload to see the latest version.",
      });
    }
    expect((await listVersions(userId, botId)).map((version) => version.number)).toEqual([2, 1]);
  });

  it("restores and saves racing each other are numbered one after another", async () => {
    const botId = await newBot("Restore race");
    await saveBotFiles(userId, botId, { files: [{ path: "index.js", content: "// 2\n" }], message: "two" });
    const results = await Promise.all([
      restoreVersion(userId, botId, 1),
      restoreVersion(userId, botId, 1),
      saveBotFiles(userId, botId, { files: [{ path: "index.js", content: "// 3\n" }], message: "three" }),
      restoreVersion(userId, botId, 2),
      restoreVersion(userId, botId, 1),
    ]);
    expect(results.map((result) => result.number).toSorted()).toEqual([3, 4, 5, 6, 7]);
  });

  it("a stale save after the race is still a conflict", async () => {
    const botId = await newBot("Stale");
    await saveBotFiles(userId, botId, { files: [{ path: "index.js", content: "// 2\n" }], message: "two" });
    await expect(
      saveBotFiles(userId, botId, { files: [{ path: "a.js", content: "" }], message: "old", baseVersion: 1 }),
    ).rejects.toThrow(BotVersionConflictError);
  });
});

describe("file paths that cannot both exist on a disk", () => {
  it("are refused by the editor's save, naming both paths", async () => {
    const botId = await newBot("Editor clash");
    const attempts: [string, string, string][] = [
      ["lib", "lib/x.js", '"lib" is a file, so "lib/x.js" cannot be in a folder of that name'],
      ["package.json", "package.json/x.js", '"package.json" is a file, so "package.json/x.js"'],
      ["a/./b.js", "a/b.js", '"a/./b.js" and "a/b.js" are the same file'],
      ["Index.js", "index.js", '"Index.js" and "index.js" differ only in upper and lower case'],
    ];
    for (const [first, second, message] of attempts) {
      const result = await saveBotFilesAction({
        botId,
        files: [
          { path: first, content: "" },
          { path: second, content: "" },
        ],
        message: "clash",
      });
      // What the editor's toast shows: the first field error.
      if (result.ok) throw new Error(`${first} and ${second} were accepted`);
      expect(Object.values(result.fieldErrors ?? {}).flat()[0]).toContain(message);
    }
    for (const path of [".", "", "CON", "lib/nul.js", "x".repeat(201)]) {
      const result = await saveBotFilesAction({ botId, files: [{ path, content: "" }], message: "bad" });
      expect(result, path).toMatchObject({ ok: false });
    }
    expect(await listVersions(userId, botId)).toHaveLength(1);
  });

  it("are stored normalised when they are one file", async () => {
    const botId = await newBot("Normalised");
    await saveBotFiles(userId, botId, {
      files: [
        { path: "/src//./index.js", content: "a" },
        { path: "lib\\util.js", content: "b" },
      ],
      message: "x",
    });
    expect((await getBot(userId, botId)).files.map((file) => file.path)).toEqual(["lib/util.js", "src/index.js"]);
  });

  it("in a version saved before the rule: restoring it is refused with both paths, and nothing changes", async () => {
    const botId = await newBot("Old version");
    // A version stored before the rule existed (written as the old code did).
    await db.botVersion.create({
      data: {
        botId,
        number: 2,
        message: "old",
        files: [
          { path: "lib", content: "" },
          { path: "lib/x.js", content: "" },
        ],
      },
    });
    await expect(restoreVersion(userId, botId, 2)).rejects.toThrow(BotFilesError);
    const result = await restoreVersionAction({ botId, number: 2 });
    expect(result).toEqual({
      ok: false,
      code: "invalid",
      error:
        'Version 2 cannot be restored: "lib" is a file, so "lib/x.js" cannot be in a folder of that name. Rename one of them.',
    });
    expect((await getBot(userId, botId)).files).toEqual([{ path: "index.js", content: "// 1\n" }]);
  });

  it("in an archived bot saved before the rule: restoring it is refused with both paths; it stays archived", async () => {
    const botId = await newBot("Old archived");
    await db.botFile.createMany({
      data: [
        { botId, path: "Index.js", content: "" },
        { botId, path: "src/a.js", content: "" },
      ],
    });
    await archiveBot(userId, botId);
    const bothNamed =
      /^Old archived cannot be restored: "(Index|index)\.js" and "(?!\1)(Index|index)\.js" differ only in upper and lower case/;
    await expect(restoreArchivedBot(userId, botId)).rejects.toThrow(bothNamed);
    const result = await restoreArchiveItemAction({ id: botId });
    expect(result).toMatchObject({ ok: false, code: "invalid" });
    expect(result.ok || result.error).toMatch(bothNamed);
    const bulk = await restoreArchivedBots(userId, [botId]);
    expect(bulk.restored).toEqual([]);
    expect(bulk.filesError?.message).toMatch(bothNamed);
    expect((await listBots(userId)).map((bot) => bot.id)).not.toContain(botId);
    expect((await listArchive(userId)).map((item) => item.id)).toContain(botId);
  });
});

describe("other writes of one bot at the same moment", () => {
  it("five variables added at once under the same name: one row, no error", async () => {
    const botId = await newBot("Variables at once");
    const results = await Promise.allSettled(
      [1, 2, 3, 4, 5].map((n) =>
        setEnvVar(userId, botId, { key: "API_URL", value: `https://example.com/${n}`, secret: false }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(Array(5).fill("fulfilled"));
    expect(await listEnvVars(userId, botId)).toHaveLength(1);
  });

  it("the per-bot variable limit holds when the last free places are raced for", async () => {
    const botId = await newBot("Variables at the limit");
    for (let index = 0; index < envVarLimits.perBot - 2; index += 1) {
      await setEnvVar(userId, botId, { key: `V${index}`, value: "x", secret: false });
    }
    const results = await Promise.allSettled(
      [1, 2, 3, 4, 5].map((n) => setEnvVar(userId, botId, { key: `RACE_${n}`, value: "x", secret: false })),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(2);
    for (const result of results.filter((item) => item.status === "rejected")) {
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(EnvVarError);
    }
    expect(await listEnvVars(userId, botId)).toHaveLength(envVarLimits.perBot);
  });
});
