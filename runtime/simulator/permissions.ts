/**
 * Discord's permission arithmetic: guild permissions from roles (owner and Administrator have
 * everything), channel overwrites on top, and the role hierarchy that decides who may act on whom.
 */
import { OverwriteType, PermissionFlagsBits, type APIRole, type APITextChannel } from "discord-api-types/v10";

import type { SimulatorGuild, SimulatorMember } from "@/lib/simulator/types";

export const allPermissions = Object.values(PermissionFlagsBits).reduce((all, bit) => all | bit, 0n);

export function rolesOf(guild: SimulatorGuild, member: SimulatorMember): APIRole[] {
  const everyone = guild.roles.find((role) => role.id === guild.id);
  const own = guild.roles.filter((role) => member.roles.includes(role.id));
  return everyone ? [everyone, ...own] : own;
}

export function guildPermissions(guild: SimulatorGuild, member: SimulatorMember): bigint {
  if (member.user.id === guild.ownerId) return allPermissions;
  const permissions = rolesOf(guild, member).reduce((sum, role) => sum | BigInt(role.permissions), 0n);
  return permissions & PermissionFlagsBits.Administrator ? allPermissions : permissions;
}

export function channelPermissions(guild: SimulatorGuild, member: SimulatorMember, channel: APITextChannel): bigint {
  let permissions = guildPermissions(guild, member);
  if (permissions & PermissionFlagsBits.Administrator) return allPermissions;
  const overwrites = channel.permission_overwrites ?? [];
  const apply = (allow: string, deny: string) => {
    permissions = (permissions & ~BigInt(deny)) | BigInt(allow);
  };
  const everyone = overwrites.find((overwrite) => overwrite.id === guild.id);
  if (everyone) apply(everyone.allow, everyone.deny);
  let allow = 0n;
  let deny = 0n;
  for (const overwrite of overwrites) {
    if (overwrite.type === OverwriteType.Role && member.roles.includes(overwrite.id)) {
      allow |= BigInt(overwrite.allow);
      deny |= BigInt(overwrite.deny);
    }
  }
  apply(allow.toString(), deny.toString());
  const own = overwrites.find(
    (overwrite) => overwrite.type === OverwriteType.Member && overwrite.id === member.user.id,
  );
  if (own) apply(own.allow, own.deny);
  return permissions;
}

export function has(permissions: bigint, flag: bigint): boolean {
  return (permissions & flag) === flag;
}

export function highestRolePosition(guild: SimulatorGuild, member: SimulatorMember): number {
  return Math.max(0, ...rolesOf(guild, member).map((role) => role.position));
}

/** Whether `actor` outranks `target` (kick, ban, timeout, nickname): the owner can never be acted on. */
export function outranks(guild: SimulatorGuild, actor: SimulatorMember, target: SimulatorMember): boolean {
  if (target.user.id === guild.ownerId) return false;
  if (actor.user.id === guild.ownerId) return true;
  return highestRolePosition(guild, actor) > highestRolePosition(guild, target);
}

/** Whether `actor` may give or take `role` (it must sit below the actor's highest role). */
export function canManageRole(guild: SimulatorGuild, actor: SimulatorMember, role: APIRole): boolean {
  if (actor.user.id === guild.ownerId) return true;
  return !role.managed && highestRolePosition(guild, actor) > role.position;
}
