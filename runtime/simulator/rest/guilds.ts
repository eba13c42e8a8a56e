/** Guilds, roles, members (nick, roles, timeout, kick) and bans, with Discord's permission checks. */
import {
  GatewayDispatchEvents,
  GatewayIntentBits,
  PermissionFlagsBits,
  type APIBan,
  type APIRole,
} from "discord-api-types/v10";

import type { SimulatorGuild, SimulatorMember } from "@/lib/simulator/types";

import { deleteMessages } from "../actions";
import { worldNow } from "../clock";
import { publish } from "../context";
import type { Router } from "../http";
import { simulatorLimits } from "../limits";
import { apiGuild } from "../payloads";
import { canManageRole, guildPermissions, has, highestRolePosition, outranks } from "../permissions";
import { snowflake } from "../snowflake";
import { findUser, makeRole } from "../world";
import {
  auditReason,
  bodyObject,
  errors,
  fieldError,
  guildOf,
  intQuery,
  isSnowflake,
  memberOf,
  noContent,
  ok,
  optionalString,
  permissionField,
  requireAuth,
  requireGuildPermission,
  selfMember,
  snowflakeQuery,
  type RestContext,
} from "./common";

const maxTimeoutMs = 28 * 24 * 60 * 60 * 1000;

function memberUpdated(context: RestContext, guild: SimulatorGuild, member: SimulatorMember): void {
  const auth = requireAuth(context);
  const data = { ...member, guild_id: guild.id };
  publish(
    context.sim,
    auth.worldUserId,
    { type: "member_update", guildId: guild.id, botId: auth.botId, data },
    { t: GatewayDispatchEvents.GuildMemberUpdate, d: data, intent: GatewayIntentBits.GuildMembers },
  );
}

function memberRemoved(
  context: RestContext,
  guild: SimulatorGuild,
  member: SimulatorMember,
  reason: "kick" | "ban",
): void {
  const auth = requireAuth(context);
  guild.members = guild.members.filter((item) => item !== member);
  const data = { guild_id: guild.id, user: member.user };
  publish(
    context.sim,
    auth.worldUserId,
    {
      type: "member_remove",
      guildId: guild.id,
      botId: auth.botId,
      data: { ...data, reason, auditLogReason: auditReason(context) },
    },
    { t: GatewayDispatchEvents.GuildMemberRemove, d: data, intent: GatewayIntentBits.GuildMembers },
  );
}

function roleEvent(context: RestContext, guild: SimulatorGuild, t: GatewayDispatchEvents, d: unknown): void {
  const auth = requireAuth(context);
  publish(context.sim, auth.worldUserId, null, { t, d, intent: GatewayIntentBits.Guilds });
  void guild;
}

/** Checks that the bot may act on `target` (kick, ban, timeout, nickname). */
function requireOutranks(guild: SimulatorGuild, actor: SimulatorMember, target: SimulatorMember): void {
  if (!outranks(guild, actor, target)) throw errors.missingPermissions();
}

function changeRoles(
  context: RestContext,
  guild: SimulatorGuild,
  actor: SimulatorMember,
  member: SimulatorMember,
  roles: string[],
): void {
  requireGuildPermission(guild, actor, PermissionFlagsBits.ManageRoles);
  const before = new Set(member.roles);
  const after = new Set(roles);
  for (const id of new Set([...before, ...after])) {
    if (before.has(id) === after.has(id)) continue;
    const role = guild.roles.find((item) => item.id === id);
    if (!role || role.id === guild.id) throw errors.unknownRole();
    if (!canManageRole(guild, actor, role)) throw errors.missingPermissions();
  }
  member.roles = [...after];
}

function editMember(context: RestContext, params: Record<string, string>) {
  const auth = requireAuth(context);
  const guild = guildOf(auth, params.guildId ?? "");
  const actor = selfMember(auth, guild);
  const target = params.userId === "@me" ? actor : memberOf(guild, params.userId ?? "");
  const body = bodyObject(context);
  const nick = optionalString(body, "nick", 32);
  if (nick !== undefined) {
    if (target === actor) requireGuildPermission(guild, actor, PermissionFlagsBits.ChangeNickname);
    else {
      requireGuildPermission(guild, actor, PermissionFlagsBits.ManageNicknames);
      requireOutranks(guild, actor, target);
    }
  }
  if (body.roles !== undefined) {
    if (!Array.isArray(body.roles) || !body.roles.every(isSnowflake))
      throw fieldError(["roles"], "BASE_TYPE_LIST", "Must be an array of snowflakes.");
    changeRoles(context, guild, actor, target, body.roles);
  }
  if (body.communication_disabled_until !== undefined) {
    const until = body.communication_disabled_until;
    requireGuildPermission(guild, actor, PermissionFlagsBits.ModerateMembers);
    requireOutranks(guild, actor, target);
    if (has(guildPermissions(guild, target), PermissionFlagsBits.Administrator)) throw errors.missingPermissions();
    if (until !== null) {
      const at = typeof until === "string" ? Date.parse(until) : NaN;
      if (Number.isNaN(at))
        throw fieldError(["communication_disabled_until"], "DATE_TYPE_PARSE", "Could not parse the date.");
      if (at - worldNow(auth.world) > maxTimeoutMs) {
        throw fieldError(
          ["communication_disabled_until"],
          "BASE_TYPE_BAD_TIMEOUT",
          "Timeout must be less than 28 days in the future.",
        );
      }
      target.communication_disabled_until = new Date(at).toISOString();
    } else {
      target.communication_disabled_until = null;
    }
  }
  if (nick !== undefined) target.nick = nick || null;
  memberUpdated(context, guild, target);
  return ok(target);
}

function setMemberRole(context: RestContext, params: Record<string, string>, add: boolean) {
  const auth = requireAuth(context);
  const guild = guildOf(auth, params.guildId ?? "");
  const actor = selfMember(auth, guild);
  const member = memberOf(guild, params.userId ?? "");
  const roleId = params.roleId ?? "";
  if (!guild.roles.some((role) => role.id === roleId)) throw errors.unknownRole();
  const roles = add ? [...new Set([...member.roles, roleId])] : member.roles.filter((id) => id !== roleId);
  changeRoles(context, guild, actor, member, roles);
  memberUpdated(context, guild, member);
  return noContent();
}

function parseRoleBody(body: Record<string, unknown>): Partial<APIRole> {
  const changes: Partial<APIRole> = {};
  const name = optionalString(body, "name", 100);
  if (name) changes.name = name;
  if (body.permissions !== undefined && body.permissions !== null) {
    changes.permissions = permissionField(body.permissions, ["permissions"]);
  }
  if (typeof body.color === "number") changes.color = body.color;
  if (typeof body.hoist === "boolean") changes.hoist = body.hoist;
  if (typeof body.mentionable === "boolean") changes.mentionable = body.mentionable;
  return changes;
}

function ban(context: RestContext, params: Record<string, string>) {
  const auth = requireAuth(context);
  const guild = guildOf(auth, params.guildId ?? "");
  const actor = selfMember(auth, guild);
  requireGuildPermission(guild, actor, PermissionFlagsBits.BanMembers);
  const userId = params.userId ?? "";
  const member = guild.members.find((item) => item.user.id === userId);
  if (member) requireOutranks(guild, actor, member);
  const user = member?.user ?? findUser(auth.world, userId);
  if (!user) throw errors.unknownUser();
  const body = context.body && typeof context.body === "object" ? (context.body as Record<string, unknown>) : {};
  const seconds =
    typeof body.delete_message_seconds === "number"
      ? body.delete_message_seconds
      : typeof body.delete_message_days === "number"
        ? body.delete_message_days * 86_400
        : 0;
  if (seconds < 0 || seconds > 604_800)
    throw fieldError(
      ["delete_message_seconds"],
      "NUMBER_TYPE_MAX",
      "Int value should be less than or equal to 604800.",
    );
  const bans = (auth.world.bans[guild.id] ??= []);
  if (!bans.some((item) => item.user.id === userId)) bans.push({ user, reason: auditReason(context) } satisfies APIBan);
  if (member) memberRemoved(context, guild, member, "ban");
  if (seconds > 0) {
    const since = worldNow(auth.world) - seconds * 1000;
    for (const channel of guild.channels) {
      const ids = (auth.world.messages[channel.id] ?? [])
        .filter((message) => message.author.id === userId && Date.parse(message.timestamp) >= since)
        .map((message) => message.id);
      if (ids.length) deleteMessages(context.sim, auth.worldUserId, auth.world, channel.id, ids, auth.botId);
    }
  }
  const data = { guild_id: guild.id, user };
  publish(
    context.sim,
    auth.worldUserId,
    { type: "ban_add", guildId: guild.id, botId: auth.botId, data: { ...data, reason: auditReason(context) } },
    { t: GatewayDispatchEvents.GuildBanAdd, d: data, intent: GatewayIntentBits.GuildModeration },
  );
  return noContent();
}

function unban(context: RestContext, params: Record<string, string>) {
  const auth = requireAuth(context);
  const guild = guildOf(auth, params.guildId ?? "");
  requireGuildPermission(guild, selfMember(auth, guild), PermissionFlagsBits.BanMembers);
  const bans = auth.world.bans[guild.id] ?? [];
  const found = bans.find((item) => item.user.id === params.userId);
  if (!found) throw errors.unknownBan();
  auth.world.bans[guild.id] = bans.filter((item) => item !== found);
  const data = { guild_id: guild.id, user: found.user };
  publish(
    context.sim,
    auth.worldUserId,
    { type: "ban_remove", guildId: guild.id, botId: auth.botId, data },
    { t: GatewayDispatchEvents.GuildBanRemove, d: data, intent: GatewayIntentBits.GuildModeration },
  );
  return noContent();
}

export function guildRoutes(router: Router<RestContext>): void {
  const guild = "/guilds/:guildId";
  router
    .add("GET", guild, (context, params) => {
      const found = guildOf(requireAuth(context), params.guildId ?? "");
      const counts =
        context.query.get("with_counts") === "true"
          ? { approximate_member_count: found.members.length, approximate_presence_count: found.members.length }
          : {};
      return ok({ ...apiGuild(found), ...counts });
    })
    .add("GET", `${guild}/roles`, (context, params) => ok(guildOf(requireAuth(context), params.guildId ?? "").roles))
    .add(
      "POST",
      `${guild}/roles`,
      (context, params) => {
        const auth = requireAuth(context);
        const found = guildOf(auth, params.guildId ?? "");
        const actor = selfMember(auth, found);
        requireGuildPermission(found, actor, PermissionFlagsBits.ManageRoles);
        if (found.roles.length >= simulatorLimits.rolesPerGuild) throw errors.maxRoles();
        const changes = parseRoleBody(bodyObject(context));
        if (changes.permissions && (BigInt(changes.permissions) & ~guildPermissions(found, actor)) !== 0n)
          throw errors.missingPermissions();
        for (const role of found.roles) if (role.position >= 1) role.position += 1;
        const role = makeRole(snowflake(), changes.name ?? "new role", 1, BigInt(changes.permissions ?? "0"), changes);
        found.roles.push(role);
        roleEvent(context, found, GatewayDispatchEvents.GuildRoleCreate, { guild_id: found.id, role });
        return ok(role);
      },
      { limit: 250, windowMs: 48 * 3_600_000 },
    )
    .add("PATCH", `${guild}/roles/:roleId`, (context, params) => {
      const auth = requireAuth(context);
      const found = guildOf(auth, params.guildId ?? "");
      const actor = selfMember(auth, found);
      requireGuildPermission(found, actor, PermissionFlagsBits.ManageRoles);
      const role = found.roles.find((item) => item.id === params.roleId);
      if (!role) throw errors.unknownRole();
      if (role.id !== found.id && actor.user.id !== found.ownerId && highestRolePosition(found, actor) <= role.position)
        throw errors.missingPermissions();
      Object.assign(role, parseRoleBody(bodyObject(context)));
      roleEvent(context, found, GatewayDispatchEvents.GuildRoleUpdate, { guild_id: found.id, role });
      return ok(role);
    })
    .add("DELETE", `${guild}/roles/:roleId`, (context, params) => {
      const auth = requireAuth(context);
      const found = guildOf(auth, params.guildId ?? "");
      const actor = selfMember(auth, found);
      requireGuildPermission(found, actor, PermissionFlagsBits.ManageRoles);
      const role = found.roles.find((item) => item.id === params.roleId);
      if (!role || role.id === found.id) throw errors.unknownRole();
      if (!canManageRole(found, actor, role)) throw errors.missingPermissions();
      found.roles = found.roles.filter((item) => item !== role);
      for (const member of found.members) member.roles = member.roles.filter((id) => id !== role.id);
      roleEvent(context, found, GatewayDispatchEvents.GuildRoleDelete, { guild_id: found.id, role_id: role.id });
      return noContent();
    })
    .add("GET", `${guild}/members`, (context, params) => {
      const found = guildOf(requireAuth(context), params.guildId ?? "");
      const limit = intQuery(context, "limit", 1, 1000, 1);
      const after = snowflakeQuery(context, "after") ?? 0n;
      const sorted = found.members.toSorted((a, b) => (BigInt(a.user.id) < BigInt(b.user.id) ? -1 : 1));
      return ok(sorted.filter((member) => BigInt(member.user.id) > after).slice(0, limit));
    })
    .add("GET", `${guild}/members/:userId`, (context, params) =>
      ok(memberOf(guildOf(requireAuth(context), params.guildId ?? ""), params.userId ?? "")),
    )
    .add("PATCH", `${guild}/members/:userId`, editMember, { limit: 10, windowMs: 10_000 })
    .add(
      "DELETE",
      `${guild}/members/:userId`,
      (context, params) => {
        const auth = requireAuth(context);
        const found = guildOf(auth, params.guildId ?? "");
        const actor = selfMember(auth, found);
        requireGuildPermission(found, actor, PermissionFlagsBits.KickMembers);
        const member = memberOf(found, params.userId ?? "");
        requireOutranks(found, actor, member);
        memberRemoved(context, found, member, "kick");
        return noContent();
      },
      { limit: 5, windowMs: 5000 },
    )
    .add("PUT", `${guild}/members/:userId/roles/:roleId`, (context, params) => setMemberRole(context, params, true), {
      limit: 10,
      windowMs: 10_000,
    })
    .add(
      "DELETE",
      `${guild}/members/:userId/roles/:roleId`,
      (context, params) => setMemberRole(context, params, false),
      { limit: 10, windowMs: 10_000 },
    )
    .add("GET", `${guild}/bans`, (context, params) => {
      const auth = requireAuth(context);
      const found = guildOf(auth, params.guildId ?? "");
      requireGuildPermission(found, selfMember(auth, found), PermissionFlagsBits.BanMembers);
      return ok(auth.world.bans[found.id] ?? []);
    })
    .add("GET", `${guild}/bans/:userId`, (context, params) => {
      const auth = requireAuth(context);
      const found = guildOf(auth, params.guildId ?? "");
      requireGuildPermission(found, selfMember(auth, found), PermissionFlagsBits.BanMembers);
      const entry = (auth.world.bans[found.id] ?? []).find((item) => item.user.id === params.userId);
      if (!entry) throw errors.unknownBan();
      return ok(entry);
    })
    .add("PUT", `${guild}/bans/:userId`, ban, { limit: 5, windowMs: 5000 })
    .add("DELETE", `${guild}/bans/:userId`, unban, { limit: 5, windowMs: 5000 });
}
