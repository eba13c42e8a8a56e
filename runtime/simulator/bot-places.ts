/**
 * What a bot's own test server needs for its blueprint: the channels and roles it names
 * (#suggestions, a "Gamer" role; lib/blueprint/named-places.ts), made when the runner starts the
 * bot there (`places` in POST /control/bots/:botId/credentials). Only in the bot's own server:
 * the shared one is every bot's, so a bot's names are never made there. The server remembers
 * what was made for the bot (`botPlaces`), so the Test tab can say so and a reset makes them again.
 */
import { GatewayDispatchEvents, GatewayIntentBits } from "discord-api-types/v10";

import { channelNamePattern, namedPlacesLimit, roleNamePattern } from "@/lib/blueprint/named-places";
import type { BotPlaces } from "@/lib/simulator/places";
import type { SimulatorGuild } from "@/lib/simulator/types";

import { publish, type Simulator } from "./context";
import { ControlError } from "./control-error";
import { simulatorLimits } from "./limits";
import { snowflake } from "./snowflake";
import { makeRole, makeTextChannel } from "./world";

const none = (): BotPlaces => ({ channels: [], roles: [] });

function names(value: unknown, key: string, pattern: RegExp): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > namedPlacesLimit)
    throw new ControlError(400, `places.${key} must be a list of at most ${namedPlacesLimit} names.`);
  return value.map((name) => {
    if (typeof name !== "string" || !pattern.test(name))
      throw new ControlError(400, `places.${key}: "${String(name).slice(0, 100)}" is not a valid name.`);
    return name;
  });
}

/** `places` of a credentials request (absent: none). */
export function readPlaces(body: Record<string, unknown>): BotPlaces {
  const places = body.places;
  if (places === undefined) return none();
  if (places === null || typeof places !== "object" || Array.isArray(places))
    throw new ControlError(400, "places must be { channels, roles }.");
  const { channels, roles } = places as Record<string, unknown>;
  return { channels: names(channels, "channels", channelNamePattern), roles: names(roles, "roles", roleNamePattern) };
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Makes the places the server lacks (any case: the bots look names up in any case), as text
 * channels after the others and roles at the bottom (below the bot's own role, so it may give
 * and take them), and tells connected bots and the Test tab. Returns what it made.
 */
export function addBotPlaces(
  sim: Simulator,
  worldId: string,
  guild: SimulatorGuild,
  botId: string,
  places: BotPlaces,
): BotPlaces {
  if (guild.botId !== botId) return none();
  const added = none();
  for (const name of places.channels) {
    if (guild.channels.some((channel) => same(channel.name, name))) continue;
    if (guild.channels.length >= simulatorLimits.channelsPerGuild) break;
    const channel = makeTextChannel(guild.id, name.toLowerCase(), guild.channels.length);
    guild.channels.push(channel);
    added.channels.push(channel.name);
    publish(
      sim,
      worldId,
      { type: "channel_create", guildId: guild.id, channelId: channel.id, data: channel },
      { t: GatewayDispatchEvents.ChannelCreate, d: channel, intent: GatewayIntentBits.Guilds },
    );
  }
  for (const name of places.roles) {
    if (guild.roles.some((role) => same(role.name, name))) continue;
    if (guild.roles.length >= simulatorLimits.rolesPerGuild) break;
    for (const role of guild.roles) if (role.position >= 1) role.position += 1;
    const role = makeRole(snowflake(), name, 1, 0n);
    guild.roles.push(role);
    added.roles.push(role.name);
    publish(sim, worldId, null, {
      t: GatewayDispatchEvents.GuildRoleCreate,
      d: { guild_id: guild.id, role },
      intent: GatewayIntentBits.Guilds,
    });
  }
  const kept = guild.botPlaces ?? none();
  guild.botPlaces = {
    channels: [...kept.channels, ...added.channels.filter((name) => !kept.channels.some((old) => same(old, name)))],
    roles: [...kept.roles, ...added.roles.filter((name) => !kept.roles.some((old) => same(old, name)))],
  };
  sim.worlds.changed(worldId);
  return added;
}

/** A reset server gets the places made for its bot again (quietly: its bots reconnect anyway). */
export function restoreBotPlaces(guild: SimulatorGuild, places: BotPlaces | undefined): void {
  if (!places || !guild.botId) return;
  for (const name of places.channels) {
    if (!guild.channels.some((channel) => same(channel.name, name)))
      guild.channels.push(makeTextChannel(guild.id, name, guild.channels.length));
  }
  for (const name of places.roles) {
    if (guild.roles.some((role) => same(role.name, name))) continue;
    for (const role of guild.roles) if (role.position >= 1) role.position += 1;
    guild.roles.push(makeRole(snowflake(), name, 1, 0n));
  }
  guild.botPlaces = { channels: [...places.channels], roles: [...places.roles] };
}
