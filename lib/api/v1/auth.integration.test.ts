/**
 * Signing in to the REST API (POST /api/v1/auth/login, /refresh, /logout) through the real route
 * handlers on PostgreSQL: tokens that work on the other endpoints, rotation, reuse detection that
 * revokes the whole sign-in, logout, the login page's lockout, unconfirmed emails, two-factor
 * accounts, plans without API access, and the per-address limit on unknown bearer secrets.
 */
import { Secret, TOTP } from "otpauth";
import { afterAll, describe, expect, it } from "vitest";

import * as loginRoute from "@/app/api/v1/auth/login/route";
import * as logoutRoute from "@/app/api/v1/auth/logout/route";
import * as refreshRoute from "@/app/api/v1/auth/refresh/route";
import * as botsRoute from "@/app/api/v1/bots/route";
import { changePassword } from "@/lib/account/service";
import { countActiveLogins } from "@/lib/api-keys/logins";
import { createApiKey } from "@/lib/api-keys/service";
import { hashPassword } from "@/lib/auth/password";
import { endAllSessions } from "@/lib/auth/sessions";
import { beginEnrolment, confirmEnrolment } from "@/lib/auth/two-factor";
import { db } from "@/lib/db";
import { freshClientIp } from "@/tests/setup/test-request";

type Handler = (request: Request, route: { params: Promise<Record<string, string>> }) => Promise<Response>;

const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let sequence = 0;
const users: string[] = [];

async function account(options: { plan?: string; confirmed?: boolean } = {}) {
  sequence += 1;
  const password = `api-login-${stamp}-${sequence}`;
  const user = await db.user.create({
    data: {
      email: `api-login-${stamp}-${sequence}@example.com`,
      emailVerified: options.confirmed === false ? null : new Date(),
      passwordHash: await hashPassword(password),
      plan: options.plan ?? "trial",
    },
    select: { id: true, email: true },
  });
  users.push(user.id);
  return { ...user, password };
}

async function send(handler: Handler, path: string, options: { body?: unknown; bearer?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await handler(
    new Request(`http://localhost:3000/api/v1${path}`, {
      method: path === "/bots" && options.body === undefined ? "GET" : "POST",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    }),
    { params: Promise.resolve({}) },
  );
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: (text ? JSON.parse(text) : null) as Record<string, unknown>,
  };
}

const login = (body: unknown) => send(loginRoute.POST as Handler, "/auth/login", { body });
const refresh = (refreshToken: string) =>
  send(refreshRoute.POST as Handler, "/auth/refresh", { body: { refreshToken } });
const logout = (bearer: string) => send(logoutRoute.POST as Handler, "/auth/logout", { bearer });
const listBots = (bearer: string) => send(botsRoute.GET as Handler, "/bots", { bearer });

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: users } } });
});

describe("POST /api/v1/auth/login, /refresh and /logout", () => {
  it("signs in, uses the access token, rotates on refresh and signs out", async () => {
    freshClientIp();
    const user = await account();
    const signedIn = await login({ email: user.email, password: user.password });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json).toMatchObject({ tokenType: "Bearer", expiresIn: 900 });
    const { accessToken, refreshToken } = signedIn.json as { accessToken: string; refreshToken: string };
    expect(accessToken).toMatch(/^cpa_[\w-]{40}$/);
    expect(refreshToken).toMatch(/^cpr_[\w-]{40}$/);
    // Stored only as hashes.
    const stored = await db.apiLogin.findMany({ where: { userId: user.id } });
    expect(JSON.stringify(stored)).not.toContain(accessToken.slice(4));
    expect(JSON.stringify(stored)).not.toContain(refreshToken.slice(4));

    expect((await listBots(accessToken)).status).toBe(200);

    const rotated = await refresh(refreshToken);
    expect(rotated.status).toBe(200);
    const next = rotated.json as { accessToken: string; refreshToken: string };
    expect(next.accessToken).not.toBe(accessToken);
    expect(next.refreshToken).not.toBe(refreshToken);
    // The old access token ends with its rotation; the new one works.
    expect((await listBots(accessToken)).status).toBe(401);
    expect((await listBots(next.accessToken)).status).toBe(200);

    expect((await logout(next.accessToken)).status).toBe(204);
    expect((await listBots(next.accessToken)).status).toBe(401);
    const afterLogout = await refresh(next.refreshToken);
    expect(afterLogout.status).toBe(400);
    expect(afterLogout.json).toMatchObject({ code: "invalid_grant" });

    const log = await db.auditEvent.findMany({ where: { userId: user.id }, select: { action: true } });
    expect(log.map((event) => event.action).sort()).toEqual(["api.signed_in", "api.signed_out"]);
  });

  it("revokes the whole sign-in when a refresh token is used twice", async () => {
    freshClientIp();
    const user = await account();
    const first = (await login({ email: user.email, password: user.password })).json as { refreshToken: string };
    const second = (await refresh(first.refreshToken)).json as { accessToken: string; refreshToken: string };
    // An attacker replays the first refresh token: the family ends, the legitimate client's too.
    const replay = await refresh(first.refreshToken);
    expect(replay.status).toBe(400);
    expect(replay.json).toMatchObject({ code: "token_reused" });
    expect((await listBots(second.accessToken)).status).toBe(401);
    expect((await refresh(second.refreshToken)).json).toMatchObject({ code: "invalid_grant" });
    expect(await db.auditEvent.count({ where: { userId: user.id, action: "api.refresh_reused" } })).toBe(1);
    // Another sign-in of the same account is not touched.
    const other = (await login({ email: user.email, password: user.password })).json as { accessToken: string };
    expect((await listBots(other.accessToken)).status).toBe(200);
  });

  it("ends every API sign-in when the account signs out everywhere (or changes its password), but keeps API keys", async () => {
    freshClientIp();
    const user = await account();
    const first = (await login({ email: user.email, password: user.password })).json as {
      accessToken: string;
      refreshToken: string;
    };
    const { secret } = await createApiKey(user.id, { name: "CI", scopes: ["read"], expiresIn: "30" });
    expect(await countActiveLogins(user.id)).toBe(1);
    await endAllSessions(user.id);
    expect((await listBots(first.accessToken)).status).toBe(401);
    expect((await refresh(first.refreshToken)).json).toMatchObject({ code: "invalid_grant" });
    expect(await countActiveLogins(user.id)).toBe(0);
    expect((await listBots(secret)).status).toBe(200);

    // Changing the password in Account Settings ends them too.
    const second = (await login({ email: user.email, password: user.password })).json as { accessToken: string };
    expect((await listBots(second.accessToken)).status).toBe(200);
    const changed = await changePassword(user.id, {
      currentPassword: user.password,
      newPassword: `${user.password}-new`,
    });
    expect(changed.ok).toBe(true);
    expect((await listBots(second.accessToken)).status).toBe(401);
  });

  it("lets exactly one of two racing refreshes win", async () => {
    freshClientIp();
    const user = await account();
    const { refreshToken } = (await login({ email: user.email, password: user.password })).json as {
      refreshToken: string;
    };
    const results = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 400]);
  });

  it("applies the login page's rules: wrong password, lockout, unconfirmed email, plan", async () => {
    freshClientIp();
    const user = await account();
    const wrong = await login({ email: user.email, password: "not-the-password" });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({ code: "invalid_credentials", detail: "Invalid email or password." });
    for (let attempt = 0; attempt < 4; attempt += 1) await login({ email: user.email, password: "nope" });
    const locked = await login({ email: user.email, password: user.password });
    expect(locked.status).toBe(429);
    expect(locked.json).toMatchObject({ code: "locked" });
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);

    freshClientIp();
    const unconfirmed = await account({ confirmed: false });
    const refused = await login({ email: unconfirmed.email, password: unconfirmed.password });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: "unconfirmed" });

    const starter = await account({ plan: "starter" });
    const notInPlan = await login({ email: starter.email, password: starter.password });
    expect(notInPlan.status).toBe(403);
    expect(notInPlan.json).toMatchObject({ code: "not_in_plan" });

    const invalid = await login({ email: "not-an-email", password: "" });
    expect(invalid.status).toBe(422);
    expect(invalid.json).toMatchObject({ code: "invalid" });
  });

  it("asks a two-factor account for its code, and takes a right one", async () => {
    freshClientIp();
    const user = await account();
    const enrolment = await beginEnrolment(user.id);
    const totp = new TOTP({ secret: Secret.fromBase32(enrolment.secret.replace(/\s/g, "")), digits: 6, period: 30 });
    const earlier = new Date(Date.now() - 30_000);
    await confirmEnrolment(user.id, totp.generate({ timestamp: earlier.getTime() }), earlier);

    const withoutCode = await login({ email: user.email, password: user.password });
    expect(withoutCode.status).toBe(401);
    expect(withoutCode.json).toMatchObject({ code: "two_factor_required" });
    const wrongCode = await login({ email: user.email, password: user.password, code: "000000" });
    expect(wrongCode.json).toMatchObject({ code: "invalid_credentials" });
    const signedIn = await login({ email: user.email, password: user.password, code: totp.generate() });
    expect(signedIn.status).toBe(200);
  });

  it("refuses logout with an API key, and answers a flood of unknown secrets with 429", async () => {
    freshClientIp();
    const user = await account();
    const { secret } = await createApiKey(user.id, { name: "CI", scopes: ["read"], expiresIn: "30" });
    const refused = await logout(secret);
    expect(refused.status).toBe(400);
    expect((await listBots(secret)).status).toBe(200);

    freshClientIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 32; attempt += 1) {
      statuses.push((await listBots(`cph_${"y".repeat(40)}`)).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // A valid key from another address is not affected.
    freshClientIp();
    expect((await listBots(secret)).status).toBe(200);
  });
});
