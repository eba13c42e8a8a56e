/**
 * API keys for the public REST API (/api/v1): created with a name, scopes and an optional expiry;
 * the secret is returned once and stored only as its SHA-256 hash. Revoking takes effect on the
 * next request. Every create, revoke and use of a revoked or expired key goes to the Activity Log.
 */
import { createHash, randomBytes } from "node:crypto";

import { ActionRefusal } from "@/lib/actions";
import { recordAudit } from "@/lib/audit/service";
import { limitsFor } from "@/lib/billing/plans";
import { db } from "@/lib/db";

import type { createApiKeySchema } from "./schemas";
import { apiKeyPrefix, maxActiveApiKeys, type ApiScope } from "./scopes";

type CreateInput = ReturnType<typeof createApiKeySchema.parse>;

export interface ApiKeyView {
  id: string;
  name: string;
  /** "cph_AbCd1234…": enough to tell keys apart, never enough to use one. */
  prefix: string;
  scopes: ApiScope[];
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  revokedAt: string | null;
  state: "active" | "expired" | "revoked";
}

/** The refusal of a key the user's plan does not include. */
export const apiKeysNotInPlan =
  "API keys come with the Core, Teams and Enterprise plans (and the free trial). Upgrade on Billing & Plan to create one.";

export function hashApiKey(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** A new secret: the prefix and 40 random base62 characters (about 238 bits). */
function newSecret(): string {
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  let body = "";
  // Rejection sampling keeps every character equally likely (248 = 4 × 62).
  while (body.length < 40) {
    for (const byte of randomBytes(48)) {
      if (byte < 248 && body.length < 40) body += alphabet[byte % 62];
    }
  }
  return `${apiKeyPrefix}${body}`;
}

const columns = {
  id: true,
  name: true,
  prefix: true,
  scopes: true,
  createdAt: true,
  expiresAt: true,
  lastUsedAt: true,
  lastUsedIp: true,
  revokedAt: true,
} as const;

type Row = {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
  revokedAt: Date | null;
};

function toView(row: Row, now = new Date()): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiScope[],
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    state: row.revokedAt ? "revoked" : row.expiresAt && row.expiresAt <= now ? "expired" : "active",
  };
}

/** Keys that still work: not revoked, not expired. */
function activeKeys(userId: string, now = new Date()) {
  return { userId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] };
}

export async function apiKeysAllowed(userId: string): Promise<boolean> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { plan: true } });
  return !!user && limitsFor(user.plan).apiKeys;
}

/** A new key; its secret is in the answer and nowhere else, ever. */
export async function createApiKey(userId: string, input: CreateInput): Promise<{ key: ApiKeyView; secret: string }> {
  if (!(await apiKeysAllowed(userId))) throw new ActionRefusal(apiKeysNotInPlan, { code: "plan_limit" });
  if ((await db.apiKey.count({ where: activeKeys(userId) })) >= maxActiveApiKeys) {
    throw new ActionRefusal(
      `You have ${maxActiveApiKeys} active keys, the most one account may hold. Revoke one you no longer use first.`,
      { code: "plan_limit" },
    );
  }
  const secret = newSecret();
  const days = input.expiresIn === "never" ? null : Number(input.expiresIn);
  const row = await db.apiKey.create({
    data: {
      userId,
      name: input.name,
      prefix: secret.slice(0, apiKeyPrefix.length + 8),
      hash: hashApiKey(secret),
      scopes: input.scopes,
      expiresAt: days ? new Date(Date.now() + days * 24 * 60 * 60 * 1000) : null,
    },
    select: columns,
  });
  await recordAudit(userId, "api_key.created", { type: "api_key", id: row.id, label: row.name });
  return { key: toView(row), secret };
}

/** The user's keys, newest first: active ones, then revoked and expired ones for the record. */
export async function listApiKeys(userId: string): Promise<ApiKeyView[]> {
  const rows = await db.apiKey.findMany({ where: { userId }, orderBy: { createdAt: "desc" }, select: columns });
  const now = new Date();
  return rows.map((row) => toView(row, now));
}

export async function revokeApiKey(userId: string, keyId: string): Promise<ApiKeyView> {
  const found = await db.apiKey.findFirst({ where: { id: keyId, userId }, select: columns });
  if (!found) throw new ActionRefusal("This key no longer exists.", { code: "not_found" });
  if (found.revokedAt) return toView(found);
  const row = await db.apiKey.update({ where: { id: found.id }, data: { revokedAt: new Date() }, select: columns });
  forgetKey(row.id);
  await recordAudit(userId, "api_key.revoked", { type: "api_key", id: row.id, label: row.name });
  return toView(row);
}

export type ApiKeyCheck =
  | { ok: true; key: { id: string; userId: string; scopes: ApiScope[] } }
  | { ok: false; reason: "malformed" | "unknown" | "revoked" | "expired" | "not_in_plan" };

/** How often a key's "last used" is written at most (a busy script would otherwise write on every call). */
const lastUsedEveryMs = 60_000;
/** A revoked key hammered by a forgotten script is logged once per this interval, not per call. */
const revokedUseLoggedEveryMs = 10 * 60_000;

type KeyRow = {
  id: string;
  userId: string;
  name: string;
  scopes: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  user: { plan: string };
};

/**
 * Keys checked lately, by hash, for a few seconds: a script's burst of calls reads the key once.
 * Revoking drops the key from it at once (in this process; another web process sees it within
 * keyCacheMs). Shared by the server's modules and Next's bundle (globalThis).
 */
const keyCacheMs = 5_000;
const keyCache = ((globalThis as Record<symbol, unknown>)[Symbol.for("cipher.apiKeyCache")] ??= new Map<
  string,
  { row: KeyRow; at: number }
>()) as Map<string, { row: KeyRow; at: number }>;

/** Keys revoked by this process lately, and when: a read that started before is never cached. */
const revokedHere = ((globalThis as Record<symbol, unknown>)[Symbol.for("cipher.apiKeysRevoked")] ??= new Map<
  string,
  number
>()) as Map<string, number>;

function forgetKey(keyId: string): void {
  if (revokedHere.size >= 10_000) revokedHere.delete(revokedHere.keys().next().value!);
  revokedHere.set(keyId, Date.now());
  for (const [hash, entry] of keyCache) if (entry.row.id === keyId) keyCache.delete(hash);
}

async function keyRow(hash: string, now: number): Promise<KeyRow | null> {
  const cached = keyCache.get(hash);
  if (cached && now - cached.at < keyCacheMs && !revokedHere.has(cached.row.id)) return cached.row;
  const row = await db.apiKey.findUnique({
    where: { hash },
    select: {
      id: true,
      userId: true,
      name: true,
      scopes: true,
      expiresAt: true,
      revokedAt: true,
      lastUsedAt: true,
      user: { select: { plan: true } },
    },
  });
  if (!row) {
    keyCache.delete(hash);
    return null;
  }
  // Revoked while this read was under way: answered from the database next time, not from here.
  if ((revokedHere.get(row.id) ?? -1) >= now) return row;
  if (keyCache.size >= 10_000) keyCache.delete(keyCache.keys().next().value!);
  keyCache.set(hash, { row, at: now });
  return row;
}

/** The key a request's bearer secret names, if it may be used now. */
export async function checkApiKey(secret: string, ip: string | null): Promise<ApiKeyCheck> {
  if (!secret.startsWith(apiKeyPrefix) || secret.length > 100) return { ok: false, reason: "malformed" };
  const now = new Date();
  const row = await keyRow(hashApiKey(secret), now.getTime());
  if (!row) return { ok: false, reason: "unknown" };
  const spent = row.revokedAt ? "revoked" : row.expiresAt && row.expiresAt <= now ? "expired" : null;
  if (spent) {
    const recent = await db.auditEvent.findFirst({
      where: {
        userId: row.userId,
        action: "api_key.revoked_used",
        targetId: row.id,
        createdAt: { gt: new Date(now.getTime() - revokedUseLoggedEveryMs) },
      },
      select: { id: true },
    });
    if (!recent) {
      await recordAudit(row.userId, "api_key.revoked_used", { type: "api_key", id: row.id, label: row.name }, { ip });
    }
    return { ok: false, reason: spent };
  }
  if (!limitsFor(row.user.plan).apiKeys) return { ok: false, reason: "not_in_plan" };
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > lastUsedEveryMs) {
    row.lastUsedAt = now;
    await db.apiKey.update({ where: { id: row.id }, data: { lastUsedAt: now, lastUsedIp: ip } });
  }
  return { ok: true, key: { id: row.id, userId: row.userId, scopes: row.scopes as ApiScope[] } };
}
