/**
 * /api/v1/auth: signing in with an email and password instead of an API key (lib/api-keys/logins.ts):
 * login gives a 15-minute access token and a 30-day refresh token; refresh rotates them (a refresh
 * token used twice revokes the whole sign-in); logout ends the sign-in the access token is from.
 */
import { z } from "zod";

import { accessTokenSeconds, loginWithPassword, logoutFamily, refreshLogin } from "@/lib/api-keys/logins";
import { signInSchema } from "@/lib/auth/schemas";

import { endpoint, refuse } from "./endpoint";

const tokenPairSchema = z
  .object({
    accessToken: z.string().meta({ description: "Send as `Authorization: Bearer cpa_…`.", example: "cpa_…" }),
    refreshToken: z.string().meta({ description: "Exchange at /auth/refresh; works once.", example: "cpr_…" }),
    tokenType: z.literal("Bearer"),
    expiresIn: z
      .number()
      .int()
      .meta({ description: `Seconds the access token lives (${accessTokenSeconds}).` }),
    refreshExpiresAt: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "TokenPair" });

/** As many attempts per address as the login page allows. */
const loginRateLimit = { bucket: "api:login", limit: 20, windowMs: 60_000 };

export const loginEndpoint = endpoint({
  method: "POST",
  path: "/auth/login",
  operationId: "login",
  summary: "Sign in with email and password",
  description:
    "The login page's rules apply: five wrong passwords for one email from one address lock that pair for 15 minutes (429 `locked`), unconfirmed emails are refused, and an account with two-factor authentication must send `code` (a 6-digit code or a recovery code; without it: 401 `two_factor_required`). No API key is needed. For scripts that run unattended, prefer an API key.",
  tag: "Auth",
  scope: "public",
  publicRateLimit: loginRateLimit,
  body: z
    .object({
      email: signInSchema.shape.email,
      password: signInSchema.shape.password,
      code: z.string().trim().max(32).optional().meta({ description: "Two-factor code, when the account uses it." }),
    })
    .meta({ id: "LoginInput" }),
  response: tokenPairSchema,
  async handle({ body, ip }) {
    return loginWithPassword(body, ip ?? "unknown");
  },
});

export const refreshEndpoint = endpoint({
  method: "POST",
  path: "/auth/refresh",
  operationId: "refreshLogin",
  summary: "Exchange a refresh token for new tokens",
  description:
    "Returns a new access token and a new refresh token; the one sent stops working. Sending a refresh token a second time revokes every token of that sign-in (400 `token_reused`): keep only the newest.",
  tag: "Auth",
  scope: "public",
  publicRateLimit: { bucket: "api:refresh", limit: 60, windowMs: 60_000 },
  body: z.object({ refreshToken: z.string().min(1).max(200) }).meta({ id: "RefreshInput" }),
  response: tokenPairSchema,
  async handle({ body, ip }) {
    return refreshLogin(body.refreshToken, ip);
  },
});

export const logoutEndpoint = endpoint({
  method: "POST",
  path: "/auth/logout",
  operationId: "logout",
  summary: "Sign out (revoke this sign-in's tokens)",
  description:
    "Send the access token from /auth/login. Its refresh token stops working too. API keys are revoked on Tools → API Keys instead.",
  tag: "Auth",
  scope: "read",
  async handle({ userId, credential }) {
    if (credential?.kind !== "login") {
      refuse(400, "invalid", "This signs out a login's tokens; revoke an API key on Tools → API Keys instead.");
    }
    await logoutFamily(credential.familyId, userId);
  },
});
