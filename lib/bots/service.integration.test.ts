import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";

import {
  BotNotFoundError,
  createBot,
  getBot,
  listBots,
  listVersions,
  removeBotToken,
  revealBotToken,
  saveBotFiles,
  setBotToken,
} from "./service";

const stamp = Date.now().toString(36);
const token = "MTA5ODc2NTQzMjEwOTg3NjU0Mw.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB";
let alice: string;
let bob: string;

beforeAll(async () => {
  alice = (await db.user.create({ data: { email: `alice-${stamp}@example.com` } })).id;
  bob = (await db.user.create({ data: { email: `bob-${stamp}@example.com` } })).id;
});

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: [alice, bob] } } });
});

const files = [
  { path: "index.js", content: "console.log('hi');\n" },
  { path: "commands/ping.js", content: "module.exports = {};\n" },
];

describe("bots", () => {
  it("creates a bot with its files and a first version, listed only for its owner", async () => {
    const bot = await createBot(alice, { name: "Helper", language: "javascript", files });
    expect(bot).toMatchObject({ name: "Helper", status: "stopped", desiredState: "stopped", tokenLast4: null });
    expect((await listBots(alice)).map((item) => item.id)).toContain(bot.id);
    expect((await listBots(bob)).map((item) => item.id)).not.toContain(bot.id);
    const loaded = await getBot(alice, bot.id);
    expect(loaded.files.map((file) => file.path)).toEqual(["commands/ping.js", "index.js"]);
    expect(await listVersions(alice, bot.id)).toMatchObject([{ number: 1, message: "Created" }]);
  });

  it("each save replaces the files and adds a numbered version", async () => {
    const bot = await createBot(alice, { name: "Saver", language: "javascript", files });
    const saved = await saveBotFiles(alice, bot.id, {
      files: [{ path: "index.js", content: "// v2\n" }],
      message: "Trim to one file",
    });
    expect(saved).toMatchObject({ number: 2, message: "Trim to one file" });
    expect((await getBot(alice, bot.id)).files).toEqual([{ path: "index.js", content: "// v2\n" }]);
    const version = await db.botVersion.findFirst({ where: { botId: bot.id, number: 1 } });
    expect(version?.files).toEqual(files.toSorted((a, b) => a.path.localeCompare(b.path)));
  });

  it("refuses duplicate paths, unsafe paths, more than 200 files and more than 1 MB", async () => {
    const bot = await createBot(alice, { name: "Limits", language: "javascript", files });
    const save = (next: { path: string; content: string }[]) =>
      saveBotFiles(alice, bot.id, { files: next, message: "x" });
    await expect(save([files[0]!, files[0]!])).rejects.toThrow(/Two files are named index.js/);
    await expect(save([{ path: "../etc/passwd", content: "" }])).rejects.toThrow();
    await expect(save([{ path: "/", content: "" }])).rejects.toThrow();
    const many = Array.from({ length: 201 }, (_, index) => ({ path: `f${index}.js`, content: "" }));
    await expect(save(many)).rejects.toThrow(/at most 200 files/);
    await expect(save([{ path: "big.js", content: "x".repeat(1024 * 1024 + 1) }])).rejects.toThrow(/1 MB/);
    expect(await listVersions(alice, bot.id)).toHaveLength(1);
  });

  it("stores the token sealed, shows only its last 4 characters, and can remove it", async () => {
    const bot = await createBot(alice, { name: "Tokened", language: "javascript", files });
    await expect(setBotToken(alice, bot.id, ` ${token} `)).resolves.toEqual({ masked: "••••89AB" });
    const row = await db.bot.findUnique({ where: { id: bot.id } });
    expect(row?.tokenSealed).not.toContain(token);
    expect(row?.tokenLast4).toBe("89AB");
    expect(JSON.stringify(await listBots(alice))).not.toContain(token);
    expect(JSON.stringify(await getBot(alice, bot.id))).not.toContain(token);
    await expect(revealBotToken(alice, bot.id)).resolves.toBe(token);
    await expect(setBotToken(alice, bot.id, "not a token")).rejects.toThrow(/doesn't look like a Discord bot token/);
    await removeBotToken(alice, bot.id);
    await expect(revealBotToken(alice, bot.id)).resolves.toBeNull();
  });

  it("a new or removed token restarts a bot connected to Discord (new restartNonce), not one on the simulator", async () => {
    const nonce = async (id: string) => (await db.bot.findUniqueOrThrow({ where: { id } })).restartNonce;
    const discord = await createBot(alice, { name: "On Discord", language: "javascript", files });
    await db.bot.update({ where: { id: discord.id }, data: { connectTo: "discord" } });
    const simulated = await createBot(alice, { name: "On the simulator", language: "javascript", files });
    const [discordBefore, simulatedBefore] = [await nonce(discord.id), await nonce(simulated.id)];

    await setBotToken(alice, discord.id, token);
    await setBotToken(alice, simulated.id, token);
    expect(await nonce(discord.id)).toBe(discordBefore + 1);
    expect(await nonce(simulated.id)).toBe(simulatedBefore);

    await removeBotToken(alice, discord.id);
    expect(await nonce(discord.id)).toBe(discordBefore + 2);
    await expect(removeBotToken(bob, discord.id)).rejects.toThrow(BotNotFoundError);
    expect(await nonce(discord.id)).toBe(discordBefore + 2);
  });

  it("another user cannot read, save, list versions of, set, reveal or remove the token of a bot", async () => {
    const bot = await createBot(alice, { name: "Private", language: "javascript", files });
    await setBotToken(alice, bot.id, token);
    await expect(getBot(bob, bot.id)).rejects.toThrow(BotNotFoundError);
    await expect(saveBotFiles(bob, bot.id, { files, message: "mine now" })).rejects.toThrow(BotNotFoundError);
    await expect(listVersions(bob, bot.id)).rejects.toThrow(BotNotFoundError);
    await expect(setBotToken(bob, bot.id, token)).rejects.toThrow(BotNotFoundError);
    await expect(revealBotToken(bob, bot.id)).rejects.toThrow(BotNotFoundError);
    await expect(removeBotToken(bob, bot.id)).rejects.toThrow(BotNotFoundError);
    await expect(revealBotToken(alice, bot.id)).resolves.toBe(token);
    expect(await listVersions(alice, bot.id)).toHaveLength(1);
  });
});
