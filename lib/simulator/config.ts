/**
 * How the web app and the runner reach the Discord simulator (runtime/simulator), and the key
 * its control API expects. The key is derived from AUTH_SECRET, which the web app, the runner
 * and the simulator all have and bots never see.
 */
import { createHmac } from "node:crypto";

import { env } from "@/lib/env";

export function simulatorUrl(): string {
  return (env.SIMULATOR_URL ?? `http://127.0.0.1:${env.SIMULATOR_PORT}`).replace(/\/$/, "");
}

/** Bearer key of the simulator's control API (`Authorization: Bearer <key>`). */
export function simulatorControlKey(secret: string | undefined = env.AUTH_SECRET): string {
  if (!secret) throw new Error("AUTH_SECRET is not set: the simulator's control key is derived from it.");
  return createHmac("sha256", secret).update("cipher-simulator-control-v1").digest("base64url");
}
