/** What REST handlers share: the request context, lookups that throw Discord's errors, checks. */
import type { IncomingHttpHeaders } from "node:http";

import type { APIDMChannel, APITextChannel } from "discord-api-types/v10";

import type { SimulatorGuild, SimulatorMember } from "@/lib/simulator/types";

import type { BotAuth, Simulator } from "../context";
import { ApiError, errors, fieldError, type ParsedBody } from "../http";
import { channelPermissions, guildPermissions, has } from "../permissions";
import { findChannel, findMember } from "../world";

export interface RestContext {
  sim: Simulator;
  /** The bot calling; null only on routes without authentication. */
  auth: BotAuth | null;
  body: unknown;
  files: ParsedBody["files"];
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

/** The X-Audit-Log-Reason header, decoded. */
export function auditReason(context: RestContext): string | null {
  const raw = context.headers["x-audit-log-reason"];
  if (typeof raw !== "string") return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function requireAuth(context: RestContext): BotAuth {
  if (!context.auth) throw errors.unauthorized();
  return context.auth;
}

export function bodyObject(context: RestContext): Record<string, unknown> {
  const body = context.body;
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw fieldError([], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
  }
  return body as Record<string, unknown>;
}

export function guildOf(auth: BotAuth, guildId: string): SimulatorGuild {
  const guild = auth.world.guilds.find((item) => item.id === guildId);
  if (!guild || !findMember(guild, auth.bot.userId)) throw errors.unknownGuild();
  return guild;
}

export function selfMember(auth: BotAuth, guild: SimulatorGuild): SimulatorMember {
  const member = findMember(guild, auth.bot.userId);
  if (!member) throw errors.missingAccess();
  return member;
}

export function memberOf(guild: SimulatorGuild, userId: string): SimulatorMember {
  const member = findMember(guild, userId);
  if (!member) throw errors.unknownMember();
  return member;
}

export interface ChannelAccess {
  guild?: SimulatorGuild;
  channel: APITextChannel | APIDMChannel;
  /** The bot's permissions there (all of them in a DM it is part of). */
  permissions: bigint;
}

export function channelOf(auth: BotAuth, channelId: string): ChannelAccess {
  const found = findChannel(auth.world, channelId);
  if (!found) throw errors.unknownChannel();
  if (!found.guild) {
    const dm = found.channel as APIDMChannel;
    if (!dm.recipients?.some((user) => user.id === auth.bot.userId)) throw errors.unknownChannel();
    return { channel: dm, permissions: -1n };
  }
  const member = findMember(found.guild, auth.bot.userId);
  if (!member) throw errors.unknownChannel();
  const permissions = channelPermissions(found.guild, member, found.channel as APITextChannel);
  return { guild: found.guild, channel: found.channel, permissions };
}

export function requireChannelPermission(access: ChannelAccess, ...flags: bigint[]): void {
  if (access.permissions === -1n) return;
  for (const flag of flags) {
    if (!has(access.permissions, flag)) throw errors.missingPermissions();
  }
}

export function requireGuildPermission(guild: SimulatorGuild, member: SimulatorMember, flag: bigint): void {
  if (!has(guildPermissions(guild, member), flag)) throw errors.missingPermissions();
}

export function optionalString(
  body: Record<string, unknown>,
  key: string,
  max: number,
  min = 0,
): string | null | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== "string") throw fieldError([key], "BASE_TYPE_STRING", "Must be a string.");
  if (value.length > max) throw fieldError([key], "BASE_TYPE_MAX_LENGTH", `Must be ${max} or fewer in length.`);
  if (value.length < min) throw fieldError([key], "BASE_TYPE_MIN_LENGTH", `Must be ${min} or more in length.`);
  return value;
}

export function isSnowflake(value: unknown): value is string {
  return typeof value === "string" && /^\d{1,20}$/.test(value);
}

export function noContent(): { status: 204 } {
  return { status: 204 };
}

export function ok(body: unknown): { status: 200; body: unknown } {
  return { status: 200, body };
}

export { ApiError, errors, fieldError };
