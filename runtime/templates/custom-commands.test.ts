import { PermissionFlagsBits } from "discord.js";
import { describe, expect, it, vi } from "vitest";

import { fakeInteraction, loadModule, memoryDb, type CommandModule, type Db, type EventModule } from "./test-support";

interface TriggersModule {
  MAX_TRIGGERS_PER_SERVER: number;
  normalizeTrigger(text: string): string;
  triggerKey(guildId: string, trigger: string): string;
  validateCustomCommand(trigger: string, response: string): { ok: true } | { ok: false; reason: string };
}

const triggers = loadModule<TriggersModule>("custom-commands", "lib/triggers.js");
const cc = loadModule<CommandModule>("custom-commands", "commands/cc.js");
const messageCreate = loadModule<EventModule>("custom-commands", "events/messageCreate.js");

async function runCc(
  db: Db,
  subcommand: string,
  options: Record<string, string> = {},
  permissions = [PermissionFlagsBits.ManageGuild],
) {
  const fake = fakeInteraction({ subcommand, options, permissions });
  await cc.execute(fake.interaction, { db });
  return fake;
}

function fakeMessage(content: string, options: { bot?: boolean; guildId?: string } = {}) {
  const send = vi.fn(async () => ({}));
  return {
    message: {
      content,
      author: { bot: options.bot ?? false },
      guildId: options.guildId ?? "guild-1",
      inGuild: () => true,
      channel: { send },
    },
    send,
  };
}

describe("trigger rules", () => {
  it("matches triggers regardless of case and extra spaces", () => {
    expect(triggers.normalizeTrigger("  Hello   THERE ")).toBe("hello there");
    expect(triggers.triggerKey("g", "Hi")).toBe(triggers.triggerKey("g", " hi "));
  });

  it("refuses empty or over-long triggers and responses", () => {
    expect(triggers.validateCustomCommand("hi", "hello")).toEqual({ ok: true });
    expect(triggers.validateCustomCommand("   ", "hello").ok).toBe(false);
    expect(triggers.validateCustomCommand("hi", " ").ok).toBe(false);
    expect(triggers.validateCustomCommand("x".repeat(101), "hello").ok).toBe(false);
    expect(triggers.validateCustomCommand("hi", "x".repeat(2001)).ok).toBe(false);
  });
});

describe("/cc", () => {
  it("adds, lists and removes triggers", async () => {
    const db = memoryDb("custom-commands");
    expect((await runCc(db, "add", { trigger: "Rules", response: "Read #rules please" })).lastText()).toContain(
      "Added `rules`",
    );
    expect((await runCc(db, "add", { trigger: "rules", response: "Be nice" })).lastText()).toContain("Updated `rules`");
    await runCc(db, "add", { trigger: "faq", response: "See the pinned messages" });

    const listed = (await runCc(db, "list")).lastText();
    expect(listed).toContain("**Custom commands (2)**");
    expect(listed).toContain("`rules` → Be nice");
    expect(listed).toContain("`faq` → See the pinned messages");

    expect((await runCc(db, "remove", { trigger: "RULES" })).lastText()).toBe("Removed `rules`.");
    expect((await runCc(db, "remove", { trigger: "rules" })).lastText()).toContain("There is no custom command");
    expect(await db.list("cc:")).toHaveLength(1);
  });

  it("says when there are no triggers yet", async () => {
    expect((await runCc(memoryDb("custom-commands"), "list")).lastText()).toContain("No custom commands yet");
  });

  it("needs Manage Server", async () => {
    const db = memoryDb("custom-commands");
    const fake = await runCc(db, "add", { trigger: "hi", response: "hello" }, []);
    expect(fake.lastText()).toContain("Manage Server");
    expect(await db.list("cc:")).toEqual([]);
  });

  it("stops at the per-server limit", async () => {
    const db = memoryDb("custom-commands");
    for (let i = 0; i < triggers.MAX_TRIGGERS_PER_SERVER; i += 1) {
      await db.set(triggers.triggerKey("guild-1", `t${i}`), { trigger: `t${i}`, response: "r" });
    }
    expect((await runCc(db, "add", { trigger: "one more", response: "r" })).lastText()).toContain("remove one first");
  });
});

describe("answering triggers (events/messageCreate.js)", () => {
  it("answers a message equal to a stored trigger, without pinging anyone", async () => {
    const db = memoryDb("custom-commands");
    await runCc(db, "add", { trigger: "good bot", response: "Thank you! @everyone" });
    const { message, send } = fakeMessage("  Good   Bot ");
    await messageCreate.execute(message, { db });
    expect(send).toHaveBeenCalledWith({ content: "Thank you! @everyone", allowedMentions: { parse: [] } });
  });

  it("ignores messages that only contain a trigger, other servers' triggers, and bots", async () => {
    const db = memoryDb("custom-commands");
    await runCc(db, "add", { trigger: "good bot", response: "Thank you!" });
    for (const fake of [
      fakeMessage("what a good bot"),
      fakeMessage("good bot", { guildId: "other" }),
      fakeMessage("good bot", { bot: true }),
    ]) {
      await messageCreate.execute(fake.message, { db });
      expect(fake.send).not.toHaveBeenCalled();
    }
  });
});
