/**
 * How the web app and the runner reach the Discord simulator (runtime/simulator), and its keys:
 * the control API's bearer key (web app, runner, simulator) and the key that signs the bot
 * tokens it mints (simulator only). Both derive from AUTH_SECRET with different labels, so the
 * runtime services get them instead of AUTH_SECRET itself (scripts/lib/services.ts), and
 * knowing one says nothing about the other. Bots never see either.
 */
import { createHmac } from "node:crypto";

import { env } from "@/lib/env";

export function simulatorUrl(): string {
  return (env.SIMULATOR_URL ?? `http://127.0.0.1:${env.SIMULATOR_PORT}`).replace(/\/$/, "");
}

const labels = { control: "cipher-simulator-control-v1", tokens: "cipher-simulator-bot-tokens-v1" } as const;

function derive(secret: string | undefined, label: string): string {
  if (!secret) throw new Error("AUTH_SECRET is not set: the simulator's keys are derived from it.");
  return createHmac("sha256", secret).update(label).digest("base64url");
}

/** The simulator's keys derived from an auth secret, as the runtime services get them. */
export function deriveSimulatorKeys(authSecret: string): { controlKey: string; tokenKey: string } {
  return {
    controlKey: derive(authSecret, labels.control),
    tokenKey: derive(authSecret, labels.tokens),
  };
}

/** Bearer key of the simulator's control API (`Authorization: Bearer <key>`). */
export function simulatorControlKey(secret?: string): string {
  if (secret === undefined && env.SIMULATOR_CONTROL_KEY) return env.SIMULATOR_CONTROL_KEY;
  return derive(secret ?? env.AUTH_SECRET, labels.control);
}

/** The key the simulator signs and checks its bot tokens with (only the simulator needs it). */
export function simulatorTokenKey(): string {
  return env.SIMULATOR_TOKEN_KEY ?? derive(env.AUTH_SECRET, labels.tokens);
}
