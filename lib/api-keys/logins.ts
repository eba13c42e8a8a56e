/**
 * Signing in to the REST API with an email and password (POST /api/v1/auth/login), for scripts
 * and tools that act as a person rather than with an API key: a short-lived access token (15
 * minutes) and a refresh token (30 days) that rotates on every use. Both are stored only as
 * SHA-256. A refresh token used a second time means it was copied: the whole family (every token
 * from that sign-in) is revoked and the Activity Log says so (OAuth 2.0 Security BCP, §4.14).
 *
 * The sign-in is the login page's: the same lockout (five failures per email and address, twenty
 * per email), the same confirmed-email rule, the second factor when the account has one, and the
 * plan rule of API keys. An access token may do what the account may: every scope.
 */
import { createHash, randomBytes } from "node:crypto";

import { ActionRefusal } from "@/lib/actions";
import { recordAudit } from "@/lib/audit/service";
import { invalidCredentialsMessage, lockedMessage, unconfirmedMessage, verifyCredentials } from "@/lib/auth/service";
import { isTwoFactorEnabled, verifySecondFactor } from "@/lib/auth/two-factor";
import { limitsFor } from "@/lib/billing/plans";
import { db } from "@/lib/db";

import { apiScopes, type ApiScope } from "./scopes";
import { apiKeysNotInPlan } from "./service";

export const accessTokenPrefix = "cpa_";
export const refreshTokenPrefix = "cpr_";
export const accessTokenSeconds = 15 * 60;
export const refreshTokenDays = 30;

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  tokenType: "Bearer";
  expiresIn: number;
  refreshExpiresAt: string;
}

/** Why a login, refresh or token was refused; the API maps each to its status and problem code. */
export class LoginRefusal extends Error {
  constructor(
    readonly code:
      | "invalid_credentials"
      | "unconfirmed"
      | "locked"
      | "two_factor_required"
      | "not_in_plan"
      | "invalid_grant"
      | "token_reused",
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

const hash = (secret: string) => createHash("sha256").update(secret).digest("hex");
const secret = (prefix: string) => `${prefix}${randomBytes(30).toString("base64url")}`;

async function issue(userId: string, familyId: string, ip: string | null, now: Date): Promise<TokenPair> {
  const accessToken = secret(accessTokenPrefix);
  const refreshToken = secret(refreshTokenPrefix);
  const refreshExpiresAt = new Date(now.getTime() + refreshTokenDays * 86_400_000);
  // Now and then, rows whose refresh token has expired go (nothing can use them any more).
  if (Math.random() < 0.01)
    void db.apiLogin.deleteMany({ where: { refreshExpiresAt: { lt: now } } }).catch(() => undefined);
  await db.apiLogin.create({
    data: {
      userId,
      familyId,
      accessHash: hash(accessToken),
      refreshHash: hash(refreshToken),
      accessExpiresAt: new Date(now.getTime() + accessTokenSeconds * 1000),
      refreshExpiresAt,
      ip,
      createdAt: now,
    },
  });
  return {
    accessToken,
    refreshToken,
    tokenType: "Bearer",
    expiresIn: accessTokenSeconds,
    refreshExpiresAt: refreshExpiresAt.toISOString(),
  };
}

/** POST /v1/auth/login: the login page's checks, then a new family of tokens. */
export async function loginWithPassword(
  input: { email: string; password: string; code?: string },
  ip: string,
  now = new Date(),
): Promise<TokenPair> {
  const result = await verifyCredentials({ email: input.email, password: input.password, ip }, now);
  if (!result.ok) {
    if (result.reason === "locked")
      throw new LoginRefusal("locked", lockedMessage(result.retryAfterSeconds), result.retryAfterSeconds);
    if (result.reason === "unconfirmed") throw new LoginRefusal("unconfirmed", unconfirmedMessage);
    throw new LoginRefusal("invalid_credentials", invalidCredentialsMessage);
  }
  const { userId } = result;
  if (await isTwoFactorEnabled(userId)) {
    if (!input.code) {
      throw new LoginRefusal(
        "two_factor_required",
        "This account uses two-factor authentication: send the 6-digit code from your app (or a recovery code) as `code`.",
      );
    }
    try {
      const factor = await verifySecondFactor(userId, input.code, now);
      if (factor === "recovery-code") await recordAudit(userId, "auth.recovery_code_used", undefined, { ip });
    } catch (error) {
      if (error instanceof ActionRefusal) {
        // Too many codes tried for this account: a wait, not a wrong code.
        if (error.details.code === "rate_limited") throw new LoginRefusal("locked", error.message, 15 * 60);
        throw new LoginRefusal("invalid_credentials", error.message);
      }
      throw error;
    }
  }
  const user = await db.user.findUnique({ where: { id: userId }, select: { plan: true } });
  if (!user || !limitsFor(user.plan).apiKeys) throw new LoginRefusal("not_in_plan", apiKeysNotInPlan);
  const pair = await issue(userId, randomBytes(16).toString("hex"), ip, now);
  await recordAudit(userId, "api.signed_in", { type: "api_login" }, { ip });
  return pair;
}

/**
 * POST /v1/auth/refresh: the next pair for a refresh token, which is then spent. Two refreshes
 * racing with one token: exactly one wins, the other counts as reuse and ends the family.
 */
export async function refreshLogin(refreshToken: string, ip: string | null, now = new Date()): Promise<TokenPair> {
  const invalid = () =>
    new LoginRefusal(
      "invalid_grant",
      "This refresh token is not valid (expired, signed out or unknown). Sign in again.",
    );
  if (!refreshToken.startsWith(refreshTokenPrefix) || refreshToken.length > 100) throw invalid();
  const row = await db.apiLogin.findUnique({
    where: { refreshHash: hash(refreshToken) },
    select: { id: true, userId: true, familyId: true, refreshExpiresAt: true, rotatedAt: true, revokedAt: true },
  });
  if (!row || row.revokedAt || row.refreshExpiresAt <= now) throw invalid();
  const { count } = await db.apiLogin.updateMany({
    where: { id: row.id, rotatedAt: null, revokedAt: null },
    data: { rotatedAt: now },
  });
  if (count !== 1) {
    await db.apiLogin.updateMany({ where: { familyId: row.familyId, revokedAt: null }, data: { revokedAt: now } });
    await recordAudit(row.userId, "api.refresh_reused", { type: "api_login" }, { ip });
    throw new LoginRefusal(
      "token_reused",
      "This refresh token was already used, so it may have been copied: every token from this sign-in is now revoked. Sign in again.",
    );
  }
  const user = await db.user.findUnique({ where: { id: row.userId }, select: { plan: true } });
  if (!user || !limitsFor(user.plan).apiKeys) throw new LoginRefusal("not_in_plan", apiKeysNotInPlan);
  return issue(row.userId, row.familyId, ip, now);
}

/** POST /v1/auth/logout: every token of the sign-in the access token belongs to stops working. */
export async function logoutFamily(familyId: string, userId: string, now = new Date()): Promise<void> {
  await db.apiLogin.updateMany({ where: { familyId, userId, revokedAt: null }, data: { revokedAt: now } });
  await recordAudit(userId, "api.signed_out", { type: "api_login" });
}

export type AccessTokenCheck =
  | { ok: true; login: { familyId: string; userId: string; scopes: ApiScope[] } }
  | { ok: false; reason: "malformed" | "unknown" | "expired" | "not_in_plan" };

/** The sign-in an access token belongs to, if it may be used now (not expired, rotated or revoked). */
export async function checkAccessToken(token: string, now = new Date()): Promise<AccessTokenCheck> {
  if (!token.startsWith(accessTokenPrefix) || token.length > 100) return { ok: false, reason: "malformed" };
  const row = await db.apiLogin.findUnique({
    where: { accessHash: hash(token) },
    select: {
      userId: true,
      familyId: true,
      accessExpiresAt: true,
      rotatedAt: true,
      revokedAt: true,
      user: { select: { plan: true } },
    },
  });
  if (!row || row.revokedAt || row.rotatedAt) return { ok: false, reason: "unknown" };
  if (row.accessExpiresAt <= now) return { ok: false, reason: "expired" };
  if (!limitsFor(row.user.plan).apiKeys) return { ok: false, reason: "not_in_plan" };
  return { ok: true, login: { familyId: row.familyId, userId: row.userId, scopes: [...apiScopes] } };
}

/** Sign-ins to the API that still work (a refresh token not yet expired, rotated or revoked). */
export async function countActiveLogins(userId: string, now = new Date()): Promise<number> {
  return db.apiLogin.count({ where: { userId, revokedAt: null, rotatedAt: null, refreshExpiresAt: { gt: now } } });
}
