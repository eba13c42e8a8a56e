/**
 * What a run connects with: the simulator's credentials for the bot, or the bot's own Discord
 * token (decrypted here, in the runner, and handed only to the bot's process).
 */
import { openToken } from "@/lib/bots/token-crypto";
import { tokenKeys } from "@/lib/bots/token-keys";

import type { RunSettings } from "./sandbox";

export class CredentialsError extends Error {}

interface SimulatorCredentials {
  token: string;
  applicationId: string;
  botUserId: string;
  guildId: string;
  apiBase: string;
  gatewayUrl: string;
}

export async function simulatorCredentials(
  simulatorUrl: string,
  controlKey: string,
  botId: string,
): Promise<RunSettings> {
  let response: Response;
  try {
    response = await fetch(`${simulatorUrl}/control/bots/${encodeURIComponent(botId)}/credentials`, {
      method: "POST",
      headers: { authorization: `Bearer ${controlKey}`, "content-type": "application/json" },
      body: "{}",
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
  };
}

/** The bot's Discord token, or null when none is set. */
export function discordToken(tokenSealed: string | null): string | null {
  return tokenSealed ? openToken(tokenSealed, tokenKeys().all) : null;
}

/** Discord tokens start with the bot's user id (base64), which is also its application id. */
export function applicationIdFromToken(token: string): string | undefined {
  const first = token.split(".")[0];
  if (!first) return undefined;
  const decoded = Buffer.from(first, "base64").toString("utf8");
  return /^\d{15,22}$/.test(decoded) ? decoded : undefined;
}
