import { readFileSync } from "node:fs";
import path from "node:path";

import { strToU8, zipSync, type Zippable } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";

import { BotLimitError, createBot, getBot, listBots } from "../service";
import { guideProjectFiles, guideProjectPaths, guideProjectZip } from "./fixtures/guide-project";
import { codeLikeText } from "./fixtures/hostile-zips";
import { importBot, ImportError } from "./service";

const stamp = Date.now().toString(36);
const users: string[] = [];
const fixture = (name: string) => readFileSync(path.join(__dirname, "fixtures", name));

async function newUser(label: string, plan = "trial") {
  const user = await db.user.create({ data: { email: `import-${label}-${stamp}@example.com`, plan } });
  users.push(user.id);
  return user.id;
}

let alice: string;
let bob: string;
beforeAll(async () => {
  alice = await newUser("alice");
  bob = await newUser("bob");
});
afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: users } } });
});

describe("importing a bot", () => {
  it("a BDFD export becomes a discord.js bot with converted commands and MIGRATION.md, owned by the importer only", async () => {
    const bot = await importBot(alice, {
      source: { kind: "file", fileName: "helper.json", data: fixture("bdfd-export.json") },
      name: "Helper Bot",
    });
    expect(bot.kind).toBe("bdfd");
    expect(bot.report?.map((line) => line.status)).toContain("stub");
    const stored = await getBot(alice, bot.id);
    expect(stored).toMatchObject({ name: "Helper Bot", language: "javascript" });
    const paths = stored.files.map((file) => file.path);
    expect(paths).toEqual(
      expect.arrayContaining(["MIGRATION.md", "index.js", "lib/bdfd.js", "commands/ping.js", "package.json"]),
    );
    expect(stored.files.find((file) => file.path === "MIGRATION.md")?.content).toContain("/ping (commands/ping.js)");
    expect((await listBots(bob)).map((item) => item.id)).not.toContain(bot.id);
    await expect(getBot(bob, bot.id)).rejects.toThrow("Bot not found");
  });

  it("a guide-layout zip is stored unmodified, without its top folder and clutter", async () => {
    const bot = await importBot(alice, {
      source: { kind: "file", fileName: "guide-bot.zip", data: guideProjectZip() },
      name: "Guide bot",
    });
    const stored = await getBot(alice, bot.id);
    expect(stored.language).toBe("javascript");
    expect(stored.files.map((file) => file.path)).toEqual(guideProjectPaths);
    for (const file of stored.files) expect(file.content).toBe(guideProjectFiles[file.path]);
    expect(bot.report).toBeNull();
  });

  it("raw code is stored unchanged under the language's entry file", async () => {
    const python = fixture("discordpy-bot.py").toString("utf8");
    const py = await importBot(alice, { source: { kind: "paste", text: python }, name: "Py bot" });
    expect(await getBot(alice, py.id)).toMatchObject({
      language: "python",
      files: [{ path: "main.py", content: python }],
    });
    const ts = await importBot(alice, {
      source: { kind: "file", fileName: "bot.ts", data: strToU8("const a: number = 1;\n") },
      name: "TS bot",
    });
    expect(await getBot(alice, ts.id)).toMatchObject({ language: "typescript", files: [{ path: "index.ts" }] });
  });

  it("refuses what cannot be parsed or stored, with the messages the user sees", async () => {
    const refuse = (source: Parameters<typeof importBot>[1]["source"]) => importBot(bob, { source, name: "Nope" });
    await expect(refuse({ kind: "file", fileName: "x.json", data: strToU8("{") })).rejects.toThrow(
      new ImportError("Please check your file format and try again"),
    );
    await expect(refuse({ kind: "file", fileName: "x.js", data: new Uint8Array(2 * 1024 * 1024 + 1) })).rejects.toThrow(
      "Files are limited to 2 MB",
    );
    const many: Zippable = {};
    for (let index = 0; index < 201; index += 1) many[`commands/c${index}.js`] = strToU8("//");
    await expect(refuse({ kind: "file", fileName: "many.zip", data: zipSync(many) })).rejects.toThrow(
      "A bot can have at most 200 files",
    );
    // Text that packs like code (a run of one letter would be refused as a zip bomb first).
    const big = { "a.js": strToU8(codeLikeText(600_000, 1)), "b.js": strToU8(codeLikeText(600_000, 2)) };
    await expect(refuse({ kind: "file", fileName: "big.zip", data: zipSync(big) })).rejects.toThrow(
      "A bot's source is limited to 1 MB in all",
    );
    expect(await listBots(bob)).toEqual([]);
  });

  it("stops at the plan's bot limit (Starter's 10)", async () => {
    const carol = await newUser("carol", "starter");
    for (let index = 0; index < 10; index += 1) {
      await createBot(carol, {
        name: `Bot ${index}`,
        language: "javascript",
        files: [{ path: "index.js", content: "" }],
      });
    }
    await expect(
      importBot(carol, { source: { kind: "paste", text: "console.log(1)" }, name: "Eleventh" }),
    ).rejects.toBeInstanceOf(BotLimitError);
  });
});
