/**
 * What a run connects with: the simulator's credentials for the bot, or the bot's own Discord
 * token (decrypted here, in the runner, and handed only to the bot's process).
 */
import { namedPlacesInFiles } from "@/lib/blueprint/named-places";
import { revealBotVariables } from "@/lib/bots/env-vars";
import { openToken, sealedFor, SealedValueError } from "@/lib/bots/token-crypto";
import { tokenKeys } from "@/lib/bots/token-keys";
import type { BotPlaces } from "@/lib/simulator/places";

import type { RunSettings } from "./sandbox";

/** Errors that no restart can fix: the user must change something first. */
export class ConfigurationError extends Error {}

export class CredentialsError extends Error {}

interface SimulatorCredentials {
  token: string;
  applicationId: string;
  botUserId: string;
  guildId: string;
  apiBase: string;
  gatewayUrl: string;
  placesAdded?: BotPlaces;
}

/**
 * The channels and roles a blueprint bot's files name (#suggestions, a "Gamer" role), for its
 * own test server to have; none for a code bot or a blueprint that does not read.
 */
export function blueprintPlaces(files: { path: string; content: string }[]): BotPlaces {
  return namedPlacesInFiles(files);
}

/**
 * The simulator's credentials for the bot; `places` are made in its own test server if it lacks
 * them (never in the shared one). `placesAdded`: what this start made there.
 */
export async function simulatorCredentials(
  simulatorUrl: string,
  controlKey: string,
  botId: string,
  places: BotPlaces = { channels: [], roles: [] },
): Promise<RunSettings & { placesAdded: BotPlaces }> {
  let response: Response;
  try {
    response = await fetch(`${simulatorUrl}/control/bots/${encodeURIComponent(botId)}/credentials`, {
      method: "POST",
      headers: { authorization: `Bearer ${controlKey}`, "content-type": "application/json" },
      body: JSON.stringify(places.channels.length || places.roles.length ? { places } : {}),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new CredentialsError(
      `The Discord simulator is not reachable at ${simulatorUrl} (${(error as Error).message}).`,
    );
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    throw new CredentialsError(`The Discord simulator refused the bot: ${body.error ?? response.status}`);
  }
  const credentials = (await response.json()) as SimulatorCredentials;
  return {
    token: credentials.token,
    applicationId: credentials.applicationId,
    guildId: credentials.guildId,
    apiBase: credentials.apiBase,
    gatewayUrl: credentials.gatewayUrl,
    placesAdded: credentials.placesAdded ?? { channels: [], roles: [] },
  };
}

/**
 * The bot's Discord token, or null when none is set. A sealed token that is not this bot's
 * (copied from another bot's row, altered) is refused: the bot stays stopped with the reason.
 */
export function discordToken(botId: string, tokenSealed: string | null): string | null {
  if (!tokenSealed) return null;
  try {
    return openToken(tokenSealed, tokenKeys().all, sealedFor.botToken(botId));
  } catch (error) {
    if (error instanceof SealedValueError) {
      throw new ConfigurationError(
        `The stored bot token cannot be used: ${error.message}. Enter it again in Settings.`,
      );
    }
    throw error;
  }
}

/**
 * The bot's environment variables in clear, with the names of the secret ones; a secret that is
 * not this bot's is refused like a token.
 */
export async function botVariables(
  botId: string,
): Promise<{ variables: Record<string, string>; secretKeys: Set<string> }> {
  try {
    return await revealBotVariables(botId);
  } catch (error) {
    if (error instanceof SealedValueError) {
      throw new ConfigurationError(`${error.message}. Enter it again in Settings → Environment.`);
    }
    throw error;
  }
}

/** Discord tokens start with the bot's user id (base64), which is also its application id. */
export function applicationIdFromToken(token: string): string | undefined {
  const first = token.split(".")[0];
  if (!first) return undefined;
  const decoded = Buffer.from(first, "base64").toString("utf8");
  return /^\d{15,22}$/.test(decoded) ? decoded : undefined;
}
