/**
 * The Builder's save path on PostgreSQL: a blueprint becomes the bot's files and a version, hand
 * edits are noticed and kept unless the user says otherwise, files the Builder never wrote stay,
 * and another user's bot answers like a missing one.
 */
import { afterAll, describe, expect, it } from "vitest";

import { BotNotFoundError, BotVersionConflictError, getBot, listVersions, saveBotFiles } from "@/lib/bots/service";
import { db } from "@/lib/db";
import { createUser } from "@/runtime/runner/test-support";

import { compileBlueprint } from "./compile";
import { exampleBlueprints } from "./examples";
import { checkBlueprint } from "./index";
import { blueprintFileName, type Blueprint } from "./schema";
import {
  BlueprintHandEditedError,
  BlueprintInvalidError,
  createBuilderBot,
  describeChange,
  getBuilderState,
  saveBlueprint,
} from "./service";

const users: string[] = [];
async function user(label: string) {
  const id = await createUser(`blueprint-${label}`);
  users.push(id);
  return id;
}

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: users } } });
});

function example(name: keyof typeof exampleBlueprints): Blueprint {
  const checked = checkBlueprint(exampleBlueprints[name]);
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return checked.blueprint;
}

describe.each(["javascript", "python"] as const)("the Builder in %s", (language) => {
  it("creates a bot from the starter blueprint: its files are exactly the compiled project, as version 1", async () => {
    const userId = await user(`create-${language}`);
    const bot = await createBuilderBot(userId, { name: "Helper", language });
    const stored = await getBot(userId, bot.id);
    const state = await getBuilderState(userId, bot.id);
    expect(state).toMatchObject({
      kind: "blueprint",
      handEdited: [],
      blueprint: { name: "Helper", commands: [{ name: "ping" }] },
    });
    const compiled = compileBlueprint((state as { blueprint: Blueprint }).blueprint, language);
    const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : 1);
    expect(stored.files.map(({ path, content }) => ({ path, content })).sort(byPath)).toEqual(
      [...compiled].sort(byPath),
    );
    expect(stored.files.some((file) => file.path === blueprintFileName)).toBe(true);
    expect(await listVersions(userId, bot.id)).toHaveLength(1);
  });

  it("saves a new blueprint as a version named for the change, replacing generated files and keeping the user's own", async () => {
    const userId = await user(`save-${language}`);
    const bot = await createBuilderBot(userId, { name: "Dice", language });
    // A file the user added in the Code tab: not the Builder's, so it stays.
    const own = { path: "NOTES.md", content: "my notes\n" };
    const current = await getBot(userId, bot.id);
    await saveBotFiles(userId, bot.id, { files: [...current.files, own], message: "notes" });

    const version = await saveBlueprint(userId, bot.id, { blueprint: example("dice") });
    expect(version.message).toMatch(/^Builder: added \/roll, \/dice, \/choose, \/8ball, !coin; removed \/ping$/);
    const files = (await getBot(userId, bot.id)).files;
    expect(files).toContainEqual(expect.objectContaining(own));
    const expected = compileBlueprint(example("dice"), language);
    for (const file of expected) expect(files).toContainEqual(expect.objectContaining(file));
    // Nothing generated for /ping is left behind.
    const paths = new Set([...expected.map((file) => file.path), own.path]);
    expect(files.filter((file) => !paths.has(file.path))).toEqual([]);
    expect(await getBuilderState(userId, bot.id)).toMatchObject({ kind: "blueprint", handEdited: [] });
  });

  it("notices hand edits, refuses to overwrite them unless asked, and keeps them in History either way", async () => {
    const userId = await user(`edits-${language}`);
    const bot = await createBuilderBot(userId, { name: "Edited", language });
    const files = (await getBot(userId, bot.id)).files;
    const generated = files.find((file) => file.path !== blueprintFileName && /\.(js|py)$/.test(file.path))!;
    const comment = language === "python" ? "# my change" : "// my change";
    const edited = { path: generated.path, content: `${generated.content}\n${comment}\n` };
    await saveBotFiles(userId, bot.id, {
      files: files.map((file) => (file.path === edited.path ? edited : file)),
      message: "hand edit",
    });
    expect(await getBuilderState(userId, bot.id)).toMatchObject({ kind: "blueprint", handEdited: [edited.path] });

    await expect(saveBlueprint(userId, bot.id, { blueprint: example("utility") })).rejects.toBeInstanceOf(
      BlueprintHandEditedError,
    );
    const saved = await saveBlueprint(userId, bot.id, { blueprint: example("utility"), overwriteHandEdits: true });
    expect(await getBuilderState(userId, bot.id)).toMatchObject({ kind: "blueprint", handEdited: [] });
    const versions = await listVersions(userId, bot.id);
    expect(versions.map((version) => version.message)).toContain("hand edit");
    expect(saved.number).toBe(3);
  });
});

describe("refusals", () => {
  it("refuses an invalid blueprint with every problem's path, and saves nothing", async () => {
    const userId = await user("invalid");
    const bot = await createBuilderBot(userId, { name: "Strict", language: "javascript" });
    const bad = {
      ...exampleBlueprints.utility,
      commands: [{ name: "x", description: "x", actions: [{ do: "reply", message: { text: "{option.nope}" } }] }],
    };
    const error = await saveBlueprint(userId, bot.id, { blueprint: bad }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BlueprintInvalidError);
    expect((error as BlueprintInvalidError).problems).toContainEqual({
      path: "commands.0.actions.0.message.text",
      message: expect.stringMatching(/no option "nope"/),
    });
    expect(await listVersions(userId, bot.id)).toHaveLength(1);
  });

  it("another user's bot is not found, and a stale editor gets a conflict", async () => {
    const owner = await user("owner");
    const stranger = await user("stranger");
    const bot = await createBuilderBot(owner, { name: "Mine", language: "javascript" });
    await expect(saveBlueprint(stranger, bot.id, { blueprint: example("utility") })).rejects.toBeInstanceOf(
      BotNotFoundError,
    );
    await expect(getBuilderState(stranger, bot.id)).rejects.toBeInstanceOf(BotNotFoundError);
    await saveBlueprint(owner, bot.id, { blueprint: example("utility"), baseVersion: 1 });
    await expect(saveBlueprint(owner, bot.id, { blueprint: example("dice"), baseVersion: 1 })).rejects.toBeInstanceOf(
      BotVersionConflictError,
    );
  });

  it("a code bot has no blueprint; a blueprint file edited into nonsense is reported, not crashed on", async () => {
    const userId = await user("kinds");
    const code = await db.bot.create({
      data: { userId, name: "Code", language: "javascript", files: { create: [{ path: "index.js", content: "" }] } },
    });
    expect(await getBuilderState(userId, code.id)).toEqual({ kind: "code" });
    const broken = await db.bot.create({
      data: {
        userId,
        name: "Broken",
        language: "javascript",
        files: { create: [{ path: blueprintFileName, content: "{ nope" }] },
      },
    });
    expect(await getBuilderState(userId, broken.id)).toMatchObject({
      kind: "broken",
      problems: [{ message: expect.stringMatching(/not valid JSON/) }],
    });
  });
});

describe("version messages", () => {
  it("say what changed in words", () => {
    const before = example("utility");
    const after = structuredClone(before);
    after.commands[0]!.description = "Changed";
    after.commands.pop();
    expect(describeChange(before, after)).toBe("Builder: changed /ping; removed /todo");
    expect(describeChange(null, before)).toBe("Builder: added /ping, /uptime, /reverse, /serverinfo, /userinfo, /todo");
    expect(describeChange(before, before)).toBe("Builder: settings");
  });
});
