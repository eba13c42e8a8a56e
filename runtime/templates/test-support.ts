// Helpers for the template tests: load a template's CommonJS modules with Node's own require
// (the templates are plain Node code, not part of the Vite module graph) and fake just enough of
// discord.js's interaction, member and guild objects to run a command.
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { vi } from "vitest";

export const templatesRoot = path.dirname(fileURLToPath(import.meta.url));

const requireFromHere = createRequire(import.meta.url);

/** Requires a file of a template, e.g. loadModule("moderation-bot", "commands/warn.js"). */
export function loadModule<T>(templateId: string, file: string): T {
  return requireFromHere(path.join(templatesRoot, templateId, file)) as T;
}

export interface Db {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<boolean>;
  list(prefix?: string): Promise<{ key: string; value: unknown }[]>;
  increment(key: string, by?: number): Promise<number>;
}

export interface DbModule {
  createJsonDb(file: string | null): Db;
}

export function memoryDb(templateId = "moderation-bot"): Db {
  return loadModule<DbModule>(templateId, "lib/db.js").createJsonDb(null);
}

export interface SlashCommandJson {
  name: string;
  description: string;
  options?: { name: string; description: string; type: number; required?: boolean; options?: unknown[] }[];
}

export interface CommandModule {
  data: { name: string; toJSON(): SlashCommandJson };
  execute(interaction: unknown, context: { db: Db }): Promise<unknown>;
}

export interface EventModule {
  name: string;
  once?: boolean;
  execute(...args: unknown[]): Promise<unknown> | unknown;
}

export interface FakeUser {
  id: string;
  tag: string;
  bot: boolean;
  toString(): string;
}

export function fakeUser(id: string, options: { bot?: boolean } = {}): FakeUser {
  return { id, tag: `user-${id}`, bot: options.bot ?? false, toString: () => `<@${id}>` };
}

export interface FakeMember {
  id: string;
  user: FakeUser;
  roles: { highest: { position: number; comparePositionTo(other: { position: number }): number } };
  moderatable: boolean;
  bannable: boolean;
  voice: { channel: { id: string } | null };
  send: ReturnType<typeof vi.fn>;
  timeout: ReturnType<typeof vi.fn>;
  toString(): string;
}

export function fakeMember(
  id: string,
  options: {
    rolePosition?: number;
    bot?: boolean;
    moderatable?: boolean;
    bannable?: boolean;
    voiceChannelId?: string;
  } = {},
): FakeMember {
  const position = options.rolePosition ?? 1;
  return {
    id,
    user: fakeUser(id, { bot: options.bot }),
    roles: { highest: { position, comparePositionTo: (other) => position - other.position } },
    moderatable: options.moderatable ?? true,
    bannable: options.bannable ?? true,
    voice: { channel: options.voiceChannelId ? { id: options.voiceChannelId } : null },
    send: vi.fn(async () => ({})),
    timeout: vi.fn(async () => undefined),
    toString: () => `<@${id}>`,
  };
}

export function fakeGuild(id = "guild-1", ownerId = "owner") {
  return {
    id,
    name: "Test Server",
    ownerId,
    members: { ban: vi.fn(async () => undefined), unban: vi.fn(async () => undefined) },
    channels: { cache: { find: () => undefined } },
  };
}

type OptionValue = string | number | FakeUser | FakeMember | null;

export interface FakeInteractionInput {
  commandName?: string;
  guild?: ReturnType<typeof fakeGuild>;
  member?: FakeMember;
  /** Permission flags (from PermissionFlagsBits) the user has. */
  permissions?: bigint[];
  /** Permission flags the bot has in the channel. */
  appPermissions?: bigint[];
  options?: Record<string, OptionValue>;
  subcommand?: string;
  channel?: unknown;
}

export type Reply = { content?: string; flags?: number; allowedMentions?: unknown } | string;

/** A chat-input interaction that records what the command replies. */
export function fakeInteraction(input: FakeInteractionInput = {}) {
  const guild = input.guild ?? fakeGuild();
  const member = input.member ?? fakeMember("moderator", { rolePosition: 10 });
  const permissions = new Set(input.permissions ?? []);
  const appPermissions = new Set(input.appPermissions ?? []);
  const options = input.options ?? {};
  const replies: Reply[] = [];

  const option = (name: string, required = false) => {
    const value = options[name] ?? null;
    if (value === null && required) throw new Error(`Missing required option "${name}"`);
    return value;
  };

  const interaction = {
    commandName: input.commandName ?? "test",
    guild,
    guildId: guild.id,
    member,
    user: member.user,
    channel: input.channel ?? null,
    replied: false,
    deferred: false,
    memberPermissions: { has: (flag: bigint) => permissions.has(flag) },
    appPermissions: { has: (flag: bigint) => appPermissions.has(flag) },
    inGuild: () => true,
    inCachedGuild: () => true,
    isChatInputCommand: () => true,
    options: {
      getMember: (name: string) => {
        const value = option(name);
        return value && typeof value === "object" && "roles" in value ? value : null;
      },
      getUser: (name: string, required?: boolean) => {
        const value = option(name, required);
        if (value && typeof value === "object") return "user" in value ? value.user : value;
        return null;
      },
      getString: (name: string, required?: boolean) => option(name, required) as string | null,
      getInteger: (name: string, required?: boolean) => option(name, required) as number | null,
      getSubcommand: () => input.subcommand ?? "",
    },
    reply: vi.fn(async (payload: Reply) => {
      interaction.replied = true;
      replies.push(payload);
    }),
    deferReply: vi.fn(async () => {
      interaction.deferred = true;
    }),
    editReply: vi.fn(async (payload: Reply) => {
      replies.push(payload);
    }),
    followUp: vi.fn(async (payload: Reply) => {
      replies.push(payload);
    }),
    client: { commands: new Map<string, CommandModule>() },
  };

  return {
    interaction,
    replies,
    /** The text of the last reply. */
    lastText: () => textOf(replies.at(-1)),
  };
}

export function textOf(reply: Reply | undefined): string {
  if (reply === undefined) return "";
  return typeof reply === "string" ? reply : (reply.content ?? "");
}
