/** What REST handlers share: the request context, lookups that throw Discord's errors, checks. */
import type { IncomingHttpHeaders } from "node:http";

import type { APIDMChannel, APITextChannel } from "discord-api-types/v10";

import type { SimulatorGuild, SimulatorMember } from "@/lib/simulator/types";

import type { BotAuth, Simulator } from "../context";
import { ApiError, errors, fieldError, type ParsedBody } from "../http";
import { unstorableCharacter } from "../input";
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

/** The X-Audit-Log-Reason header, decoded (it is kept with bans: no NUL or lone surrogates). */
export function auditReason(context: RestContext): string | null {
  const raw = context.headers["x-audit-log-reason"];
  if (typeof raw !== "string") return null;
  let reason = raw;
  try {
    reason = decodeURIComponent(raw);
  } catch {
    // Discord keeps a reason that is not percent-encoded as it came.
  }
  const character = unstorableCharacter(reason);
  if (character) throw errors.badRequest(`the X-Audit-Log-Reason header contains ${character}.`);
  return reason.slice(0, 512);
}

const maxSnowflake = 2n ** 64n - 1n;

/** Discord's answer to a query value it cannot read, e.g. `Value "abc" is not snowflake.` */
function queryError(key: string, raw: string, kind: string): ApiError {
  const shown = raw.length > 40 ? `${raw.slice(0, 40)}…` : raw;
  return fieldError([key], "NUMBER_TYPE_COERCE", `Value ${JSON.stringify(shown)} is not ${kind}.`);
}

/** A snowflake query parameter (`before`, `after`, `around`): null when absent, 400 when not a snowflake. */
export function snowflakeQuery(context: RestContext, key: string): bigint | null {
  const raw = context.query.get(key);
  if (raw === null) return null;
  if (!/^\d{1,20}$/.test(raw) || BigInt(raw) > maxSnowflake) throw queryError(key, raw, "snowflake");
  return BigInt(raw);
}

/** An integer query parameter within [min, max] (`limit`): the fallback when absent, else 400 as Discord. */
export function intQuery(context: RestContext, key: string, min: number, max: number, fallback: number): number {
  const raw = context.query.get(key);
  if (raw === null) return fallback;
  if (!/^-?\d{1,16}$/.test(raw)) throw queryError(key, raw, "int");
  const value = Number(raw);
  if (value < min) throw fieldError([key], "NUMBER_TYPE_MIN", `Int value should be greater than or equal to ${min}.`);
  if (value > max) throw fieldError([key], "NUMBER_TYPE_MAX", `Int value should be less than or equal to ${max}.`);
  return value;
}

/** A permission bitfield in a body (a string of digits, or a non-negative integer), as a string. */
export function permissionField(value: unknown, path: (string | number)[]): string {
  const text = typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? String(value) : value;
  if (typeof text !== "string" || !/^\d{1,20}$/.test(text) || BigInt(text) > maxSnowflake) {
    throw fieldError(path, "NUMBER_TYPE_COERCE", `Value ${JSON.stringify(String(value).slice(0, 40))} is not int.`);
  }
  return BigInt(text).toString();
}

/** An object inside a body (an embed, a component, an overwrite…); Discord's error otherwise. */
export function objectAt(value: unknown, path: (string | number)[]): Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw fieldError(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
  }
  return value as Record<string, unknown>;
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
