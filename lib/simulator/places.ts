/**
 * The channels and roles the simulator made in a bot's own test server for its blueprint
 * (runtime/simulator/bot-places.ts), in words for the Test tab and the bot's log.
 */

export interface BotPlaces {
  channels: string[];
  roles: string[];
}

function list(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** "#suggestions and the Gamer role", "#a, #b and the Gamer and VIP roles"; "" for none. */
export function describePlaces(places: BotPlaces): string {
  const channels = places.channels.map((name) => `#${name}`);
  const roles = places.roles.length
    ? [`the ${list(places.roles)} ${places.roles.length === 1 ? "role" : "roles"}`]
    : [];
  return list([...channels, ...roles]);
}

/** Of the places made for the bot, those its server still has (a member may have deleted one). */
export function placesStillThere(
  places: BotPlaces | undefined,
  guild: { channels: { name: string }[]; roles: { name: string }[] },
): BotPlaces {
  const has = (items: { name: string }[], name: string) =>
    items.some((item) => item.name.toLowerCase() === name.toLowerCase());
  return {
    channels: (places?.channels ?? []).filter((name) => has(guild.channels, name)),
    roles: (places?.roles ?? []).filter((name) => has(guild.roles, name)),
  };
}
