import type { APIMessage } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";

import { addBotToGuild, defaultGuild, makeMember, makeUser, type StoredBot } from "@/runtime/simulator/world";

import type { WorldSnapshot } from "./types";
import {
  botsByChannel,
  botsOf,
  channelsByCategory,
  membersOf,
  roleColour,
  rolesByPosition,
  serversOf,
  timedOutUntil,
  worldTime,
} from "./world-view";

const hour = 60 * 60 * 1000;

function storedBot(botId: string, username: string): StoredBot {
  const user = makeUser(username, true);
  return { botId, applicationId: user.id, userId: user.id, username } as StoredBot;
}

function snapshot(overrides: Partial<WorldSnapshot> = {}): WorldSnapshot {
  return {
    guilds: [defaultGuild()],
    bots: [],
    messages: {},
    bans: {},
    modals: [],
    clock: { offsetMs: 0, now: new Date().toISOString() },
    ...overrides,
  };
}

describe("the Discord Simulator page's view of a world", () => {
  it("lists text channels, then voice channels, in Discord's order, under Discord's default categories", () => {
    const guild = defaultGuild();
    const groups = channelsByCategory(guild);
    expect(groups.map((group) => group.name)).toEqual(["Text Channels", "Voice Channels"]);
    expect(groups[0]!.channels.map((channel) => channel.name)).toEqual(["general", "bot-commands", "mod-log"]);
    expect(groups[0]!.channels[0]).toMatchObject({ kind: "text", topic: "General chat", slowmode: 0 });
    expect(groups[1]!.channels).toEqual([expect.objectContaining({ name: "Lounge", kind: "voice" })]);
  });

  it("puts a channel under its category when it has one", () => {
    const guild = defaultGuild();
    const category = { ...guild.channels[0]!, id: "900", name: "Staff", type: 4, position: 9 } as never;
    guild.channels.push(category);
    guild.channels[2]!.parent_id = "900";
    const groups = channelsByCategory(guild);
    expect(groups.map((group) => group.name)).toEqual(["Text Channels", "Staff", "Voice Channels"]);
    expect(groups[1]!.channels.map((channel) => channel.name)).toEqual(["mod-log"]);
  });

  it("tells a timed-out member by the world's clock, not the real one", () => {
    const guild = defaultGuild();
    const sam = guild.members.find((member) => member.user.username === "Sam")!;
    const realNow = Date.parse("2030-01-01T12:00:00Z");
    sam.communication_disabled_until = new Date(realNow + hour).toISOString();
    expect(timedOutUntil(sam, worldTime(snapshot(), realNow))?.toISOString()).toBe("2030-01-01T13:00:00.000Z");
    // The world's clock moved two hours ahead: the timeout has run out there.
    const ahead = snapshot({ clock: { offsetMs: 2 * hour, now: "" } });
    expect(timedOutUntil(sam, worldTime(ahead, realNow))).toBeNull();
    expect(
      membersOf(guild, worldTime(ahead, realNow)).find((member) => member.name === "Sam")?.timedOutUntil,
    ).toBeNull();
  });

  it("lists people before bots, with their roles highest first, the owner marked", () => {
    const guild = defaultGuild();
    addBotToGuild(guild, storedBot("bot-1", "Helper"));
    guild.members.push(makeMember(makeUser("zed"), []));
    const members = membersOf(guild, Date.now());
    expect(members.map((member) => member.name)).toEqual(["Alex", "Riley", "Sam", "You", "zed", "Helper"]);
    const you = members.find((member) => member.name === "You")!;
    expect(you).toMatchObject({ owner: true, bot: false, colour: "#e74c3c" });
    expect(you.roles.map((role) => role.name)).toEqual(["Admin"]);
    expect(members.at(-1)).toMatchObject({ bot: true, roles: [expect.objectContaining({ name: "Helper" })] });
  });

  it("lists roles highest first with their colour and member count", () => {
    const guild = defaultGuild();
    const roles = rolesByPosition(guild);
    expect(roles.map((role) => role.name)).toEqual(["Admin", "Moderator", "Member", "@everyone"]);
    expect(roles[0]).toMatchObject({ colour: "#e74c3c", members: 1 });
    expect(roles[2]).toMatchObject({ colour: null, members: 2 });
    expect(roles[3]).toMatchObject({ members: 4 });
    expect(roleColour(0x00ff)).toBe("#0000ff");
  });

  it("shows only the user's own bots, connected or not, and which channels each posted in", () => {
    const helper = storedBot("bot-1", "Helper");
    const archived = storedBot("bot-gone", "Gone");
    const world = snapshot({
      bots: [
        {
          botId: "bot-1",
          applicationId: helper.applicationId,
          userId: helper.userId,
          username: "Helper",
          connected: true,
          intents: 1,
          commands: [{} as never],
        },
        {
          botId: "bot-gone",
          applicationId: archived.applicationId,
          userId: archived.userId,
          username: "Gone",
          connected: true,
          intents: 1,
          commands: [],
        },
      ],
      messages: {
        "10": [{ id: "1", author: { id: helper.userId, username: "Helper" } } as APIMessage],
        "11": [{ id: "2", author: { id: archived.userId, username: "Gone" } } as APIMessage],
      },
    });
    const own = [
      { id: "bot-1", name: "Helper bot" },
      { id: "bot-2", name: "New bot" },
    ];
    const shared = world.guilds[0]!;
    addBotToGuild(shared, helper);
    expect(botsOf(world, own)).toEqual([
      {
        botId: "bot-1",
        name: "Helper bot",
        connected: true,
        commands: 1,
        inWorld: true,
        onDiscord: false,
        guildId: shared.id,
      },
      {
        botId: "bot-2",
        name: "New bot",
        connected: false,
        commands: 0,
        inWorld: false,
        onDiscord: false,
        guildId: null,
      },
    ]);
    const byChannel = botsByChannel(world, own);
    expect(byChannel.get("10")?.map((bot) => bot.botId)).toEqual(["bot-1"]);
    expect(byChannel.has("11")).toBe(false);
  });

  it("offers the shared server first, then the user's bots' own servers by name, not a deleted bot's", () => {
    const shared = defaultGuild();
    const zeta = defaultGuild("You", undefined, { botId: "bot-z", name: "Zeta Test Server" });
    const alpha = defaultGuild("You", undefined, { botId: "bot-a", name: "Alpha Test Server" });
    const gone = defaultGuild("You", undefined, { botId: "bot-gone", name: "Gone Test Server" });
    // Alpha tests in its own server; Zeta moved to the shared one, and its own server waits for it.
    const alphaBot = storedBot("bot-a", "Alpha");
    const zetaBot = storedBot("bot-z", "Zeta");
    addBotToGuild(alpha, alphaBot);
    addBotToGuild(shared, zetaBot);
    const entry = (bot: StoredBot) => ({ ...bot, connected: false, intents: null, commands: [] });
    const world = snapshot({ guilds: [shared, zeta, gone, alpha], bots: [entry(alphaBot), entry(zetaBot)] });
    const own = [
      { id: "bot-z", name: "Zeta" },
      { id: "bot-a", name: "Alpha" },
    ];
    expect(serversOf(world, own)).toEqual([
      { id: shared.id, name: "Cipher Test Server", ownerBot: null, inUse: true },
      { id: alpha.id, name: "Alpha Test Server", ownerBot: { id: "bot-a", name: "Alpha" }, inUse: true },
      { id: zeta.id, name: "Zeta Test Server", ownerBot: { id: "bot-z", name: "Zeta" }, inUse: false },
    ]);
  });
});
