/**
 * The channels and roles a blueprint names that the scratch server must have before the bot
 * connects (#suggestions, a "Verified" role): the proof adds the ones the default server lacks,
 * so what the bot does there can be checked (lib/blueprint/named-places.ts collects them).
 */
import { namedPlaces, type NamedPlaces } from "../named-places";
import type { Blueprint } from "../schema";

export type ScratchSetup = NamedPlaces;

export function scratchSetup(blueprint: Blueprint): ScratchSetup {
  return namedPlaces(blueprint);
}
