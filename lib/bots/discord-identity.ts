/**
 * Asks Discord who a bot token belongs to (GET /users/@me). The token goes only into the
 * Authorization header; it is never logged or returned.
 */
import { env } from "@/lib/env";

export type BotIdentityResult =
  | { ok: true; user: { id: string; username: string; discriminator?: string; avatar: string | null } }
  | { ok: false; reason: "rejected" | "unreachable" | "unexpected"; message: string };

export async function fetchBotIdentity(
  token: string,
  { base = env.DISCORD_API_BASE, timeoutMs = 5000 }: { base?: string; timeoutMs?: number } = {},
): Promise<BotIdentityResult> {
  let response: Response;
  try {
    response = await fetch(`${base.replace(/\/+$/, "")}/users/@me`, {
      headers: { Authorization: `Bot ${token}`, "User-Agent": "DiscordBot (https://cipher.dev, 1.0) Cipher" },
      signal: AbortSignal.timeout(timeoutMs),
      cache: "no-store",
    });
  } catch {
    return {
      ok: false,
      reason: "unreachable",
      message: "Couldn't reach Discord to check the token. Your token is saved; try again in a moment.",
    };
  }
  if (response.status === 401 || response.status === 403) {
    return {
      ok: false,
      reason: "rejected",
      message:
        "Discord rejected this token. Copy a fresh one from the Bot page of your application in the Discord Developer Portal.",
    };
  }
  if (!response.ok) {
    return {
      ok: false,
      reason: "unexpected",
      message: `Discord answered ${response.status} while checking the token. Try again in a moment.`,
    };
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body.id !== "string" || typeof body.username !== "string") {
    return { ok: false, reason: "unexpected", message: "Discord's answer did not describe a bot user." };
  }
  return {
    ok: true,
    user: {
      id: body.id,
      username: body.username,
      discriminator: typeof body.discriminator === "string" ? body.discriminator : undefined,
      avatar: typeof body.avatar === "string" ? body.avatar : null,
    },
  };
}
