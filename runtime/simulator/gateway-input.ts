/**
 * What the gateway lets in: every client frame is decoded here, in one place, into a payload or
 * the close code Discord would send; and each IP address gets a bounded number of connections.
 */
import { GatewayCloseCodes, GatewayOpcodes } from "discord-api-types/v10";
import type { RawData } from "ws";

import { TokenBucket } from "@/lib/rate-limit/token-bucket";

import { decodeUtf8, InputError, parseJsonText } from "./input";
import { simulatorLimits } from "./limits";

export interface ClientPayload {
  op: GatewayOpcodes;
  d: unknown;
}

export type DecodedFrame = { payload: ClientPayload } | { close: { code: number; reason: string } };

/** Opcodes a client may send (Discord's "Send" column). */
const clientOpcodes = new Set<number>([
  GatewayOpcodes.Heartbeat,
  GatewayOpcodes.Identify,
  GatewayOpcodes.PresenceUpdate,
  GatewayOpcodes.VoiceStateUpdate,
  GatewayOpcodes.Resume,
  GatewayOpcodes.RequestGuildMembers,
  GatewayOpcodes.RequestSoundboardSounds,
  GatewayOpcodes.RequestChannelInfo,
]);

/** What a client may send before IDENTIFY (or RESUME) has succeeded. */
const beforeIdentify = new Set<number>([GatewayOpcodes.Heartbeat, GatewayOpcodes.Identify, GatewayOpcodes.Resume]);

const decodeError = { code: GatewayCloseCodes.DecodeError, reason: "Error while decoding payload." };

function bytesOf(raw: RawData): Buffer {
  if (Buffer.isBuffer(raw)) return raw;
  if (Array.isArray(raw)) return Buffer.concat(raw);
  return Buffer.from(raw);
}

/**
 * One client frame (text or binary, both JSON as with `encoding=json`): over 4,096 bytes, not
 * UTF-8, not JSON, nested too deep or not an object → 4002; an opcode a client may not send →
 * 4001; anything but a heartbeat, IDENTIFY or RESUME before identifying → 4003.
 */
export function decodeFrame(raw: RawData, identified: boolean): DecodedFrame {
  const bytes = bytesOf(raw);
  if (bytes.byteLength > simulatorLimits.gatewayPayloadBytes) return { close: decodeError };
  let payload: unknown;
  try {
    payload = parseJsonText(decodeUtf8(bytes));
  } catch (error) {
    if (error instanceof InputError) return { close: decodeError };
    throw error;
  }
  if (payload === null || typeof payload !== "object" || Array.isArray(payload)) return { close: decodeError };
  const { op, d } = payload as { op?: unknown; d?: unknown };
  if (typeof op !== "number" || !clientOpcodes.has(op)) {
    return { close: { code: GatewayCloseCodes.UnknownOpcode, reason: "Unknown opcode." } };
  }
  if (!identified && !beforeIdentify.has(op)) {
    return { close: { code: GatewayCloseCodes.NotAuthenticated, reason: "Not authenticated." } };
  }
  return { payload: { op: op as GatewayOpcodes, d } };
}

/** Per-IP caps on gateway connections: how many at once, and how fast new ones may open. */
export class ConnectionLimiter {
  private readonly open = new Map<string, number>();
  private readonly rates = new Map<string, { bucket: TokenBucket; usedAt: number }>();
  private sweepAt = Date.now() + 60_000;

  /** Takes a slot for a new connection from `ip`; false when it is over a cap. */
  admit(ip: string, now = Date.now()): boolean {
    this.sweep(now);
    if ((this.open.get(ip) ?? 0) >= simulatorLimits.gatewayConnectionsPerIp) return false;
    let rate = this.rates.get(ip);
    if (!rate) {
      const bucket = new TokenBucket(
        simulatorLimits.gatewayConnectsPerIpPerSecond,
        simulatorLimits.gatewayConnectsPerIpBurst,
        now,
      );
      rate = { bucket, usedAt: now };
      this.rates.set(ip, rate);
    }
    rate.usedAt = now;
    if (!rate.bucket.take(now)) return false;
    this.open.set(ip, (this.open.get(ip) ?? 0) + 1);
    return true;
  }

  /** Gives the slot back (the connection closed, or its upgrade failed). */
  release(ip: string): void {
    const count = (this.open.get(ip) ?? 0) - 1;
    if (count > 0) this.open.set(ip, count);
    else this.open.delete(ip);
  }

  private sweep(now: number): void {
    if (now < this.sweepAt) return;
    this.sweepAt = now + 60_000;
    // A bucket idle long enough to be full again holds nothing worth keeping.
    const refillMs = (simulatorLimits.gatewayConnectsPerIpBurst / simulatorLimits.gatewayConnectsPerIpPerSecond) * 1000;
    for (const [ip, rate] of this.rates) if (!this.open.has(ip) && now - rate.usedAt > refillMs) this.rates.delete(ip);
  }
}
