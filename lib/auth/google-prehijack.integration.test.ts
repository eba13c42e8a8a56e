/**
 * "Continue with Google" through the real Auth.js handlers (app/api/auth/[...nextauth]) and our
 * configuration, with Google's endpoints answered in-process through Auth.js's customFetch hook
 * (no network): discovery, the token endpoint and an RS256-signed ID token for the address.
 */
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import type GoogleProvider from "next-auth/providers/google";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { freshClientIp, testRequest } from "@/tests/setup/test-request";

// Types only: the modules themselves are imported once Google sign-in is configured (beforeAll).
import type * as ActionsModule from "./actions";
import type * as AuthModule from "./index";
import type * as SessionModule from "./session";
import type * as StartSessionModule from "./start-session";

const google = vi.hoisted(() => ({
  /** The Google account the next sign-in comes back as. */
  account: { sub: "", email: "" },
  nonce: undefined as string | undefined,
  fetch: undefined as ((input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) | undefined,
}));

vi.mock("next-auth/providers/google", async (importOriginal) => {
  const { default: Google } = await importOriginal<{ default: typeof GoogleProvider }>();
  const { customFetch: hook } = await import("next-auth");
  return {
    default: (options: Parameters<typeof Google>[0]) =>
      Google({ ...options, [hook]: (input: RequestInfo | URL, init?: RequestInit) => google.fetch!(input, init) }),
  };
});

const issuer = "https://accounts.google.com";
const clientId = "cipher-test.apps.googleusercontent.com";
const site = "http://localhost:3000";
const stamp = Date.now().toString(36);
const savedGoogle = { id: env.AUTH_GOOGLE_ID, secret: env.AUTH_GOOGLE_SECRET };

let handlers: typeof AuthModule.handlers;
let actions: typeof ActionsModule;
let startSession: typeof StartSessionModule.startSession;
let getCurrentUser: typeof SessionModule.getCurrentUser;

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "test", alg: "RS256", use: "sig" };
  google.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const json = (body: unknown) => Response.json(body, { headers: { "content-type": "application/json" } });
    if (url.pathname === "/.well-known/openid-configuration") {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/o/oauth2/v2/auth`,
        token_endpoint: "https://oauth2.googleapis.com/token",
        userinfo_endpoint: "https://openidconnect.googleapis.com/v1/userinfo",
        jwks_uri: "https://www.googleapis.com/oauth2/v3/certs",
        id_token_signing_alg_values_supported: ["RS256"],
      });
    }
    if (url.pathname === "/oauth2/v3/certs") return json({ keys: [jwk] });
    if (url.pathname === "/token" && init?.method === "POST") {
      const idToken = await new SignJWT({
        email: google.account.email,
        email_verified: true,
        name: "Victim Person",
        ...(google.nonce ? { nonce: google.nonce } : {}),
      })
        .setProtectedHeader({ alg: "RS256", kid: "test" })
        .setIssuer(issuer)
        .setAudience(clientId)
        .setSubject(google.account.sub)
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(privateKey);
      return json({ access_token: "test-access", token_type: "Bearer", expires_in: 3600, id_token: idToken });
    }
    return new Response("not found", { status: 404 });
  };
  // lib/auth reads these when it is first imported: Google sign-in is configured for this file.
  env.AUTH_GOOGLE_ID = clientId;
  env.AUTH_GOOGLE_SECRET = "test-secret";
  ({ handlers } = await import("./index"));
  actions = await import("./actions");
  ({ startSession } = await import("./start-session"));
  ({ getCurrentUser } = await import("./session"));
});

afterAll(() => {
  env.AUTH_GOOGLE_ID = savedGoogle.id;
  env.AUTH_GOOGLE_SECRET = savedGoogle.secret;
});

beforeEach(() => {
  freshClientIp();
  testRequest.cookies = new Map();
});

/** A browser's cookie jar for the Auth.js requests. */
class Jar {
  cookies = new Map<string, string>();
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** Signs in with "Continue with Google" as the given Google account; answers where it ended. */
async function continueWithGoogle(account: { sub: string; email: string }): Promise<{ location: string; jar: Jar }> {
  google.account = account;
  const jar = new Jar();
  const csrfResponse = await handlers.GET(new NextRequest(`${site}/api/auth/csrf`));
  jar.take(csrfResponse);
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };

  const start = await handlers.POST(
    new NextRequest(`${site}/api/auth/signin/google`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
      body: new URLSearchParams({ csrfToken, callbackUrl: "/dashboard" }).toString(),
    }),
  );
  jar.take(start);
  const authorize = new URL(start.headers.get("location")!);
  expect(authorize.origin + authorize.pathname).toBe(`${issuer}/o/oauth2/v2/auth`);
  google.nonce = authorize.searchParams.get("nonce") ?? undefined;

  const callback = new URL(`${site}/api/auth/callback/google`);
  callback.searchParams.set("code", "test-code");
  const state = authorize.searchParams.get("state");
  if (state) callback.searchParams.set("state", state);
  const done = await handlers.GET(new NextRequest(callback, { headers: { cookie: jar.header() } }));
  jar.take(done);
  return { location: done.headers.get("location") ?? "", jar };
}

describe("Google sign-in and an unconfirmed sign-up with the same address (pre-hijacking)", () => {
  it("the attacker's password and sessions stop working; the Google user gets a fresh account", async () => {
    const email = `victim-${stamp}@example.com`;
    const attacker = {
      fullName: "Not The Victim",
      username: `squatter_${stamp}`,
      email,
      password: "attacker-knows-this-9",
    };
    await expect(actions.signUpAction(attacker)).resolves.toMatchObject({ ok: true });
    const squatted = await db.user.findUniqueOrThrow({ where: { email } });
    // However the attacker might hold a session for the unconfirmed row, it must end.
    testRequest.cookies = new Map();
    await startSession(squatted.id);
    const attackerBrowser = new Map(testRequest.cookies);
    expect((await getCurrentUser())?.id).toBe(squatted.id);

    const { location, jar } = await continueWithGoogle({ sub: `google-${stamp}-1`, email });
    expect(location).toBe(`${site}/dashboard`);
    expect(jar.cookies.has("authjs.session-token")).toBe(true);

    const owner = await db.user.findUniqueOrThrow({
      where: { email },
      include: { accounts: true, profile: true },
    });
    expect(owner.id).not.toBe(squatted.id);
    expect(owner.passwordHash).toBeNull();
    expect(owner.emailVerified).not.toBeNull();
    expect(owner.accounts.map((account) => account.provider)).toEqual(["google"]);
    expect(owner.profile?.username).not.toBe(attacker.username);
    expect(await db.verificationToken.count({ where: { identifier: { endsWith: `:${squatted.id}` } } })).toBe(0);

    // The attacker's password no longer signs in to the address…
    testRequest.cookies = new Map();
    await expect(actions.signInAction({ email, password: attacker.password })).resolves.toMatchObject({
      ok: false,
      code: "invalid",
    });
    // …and the session the attacker held is over.
    testRequest.cookies = attackerBrowser;
    await expect(getCurrentUser()).resolves.toBeNull();
  });

  it("a confirmed account with the address is linked to Google and keeps its password", async () => {
    const email = `owner-${stamp}@example.com`;
    const account = { fullName: "Real Owner", username: `owner_${stamp}`, email, password: "owner-password-1234" };
    await actions.signUpAction(account);
    const user = await db.user.update({ where: { email }, data: { emailVerified: new Date() } });

    const { location } = await continueWithGoogle({ sub: `google-${stamp}-2`, email });
    expect(location).toBe(`${site}/dashboard`);
    const linked = await db.user.findUniqueOrThrow({ where: { email }, include: { accounts: true } });
    expect(linked.id).toBe(user.id);
    expect(linked.accounts.map((entry) => entry.provider)).toEqual(["google"]);
    testRequest.cookies = new Map();
    await expect(actions.signInAction({ email, password: account.password })).resolves.toMatchObject({ ok: true });
  });
});

describe("accounts left unconfirmed", () => {
  it("are purged after 48 hours with their tokens; confirmed and recent ones stay", async () => {
    const { purgeUnconfirmedAccounts } = await import("./unconfirmed");
    const old = new Date(Date.now() - 49 * 60 * 60 * 1000);
    const stale = await db.user.create({ data: { email: `stale-${stamp}@example.com`, createdAt: old } });
    const recent = await db.user.create({ data: { email: `recent-${stamp}@example.com` } });
    const confirmed = await db.user.create({
      data: { email: `kept-${stamp}@example.com`, createdAt: old, emailVerified: old },
    });
    await db.verificationToken.create({
      data: { identifier: `confirm-email:${stale.id}`, token: `t-${stamp}`, expires: new Date(Date.now() + 1000) },
    });
    expect(await purgeUnconfirmedAccounts()).toBeGreaterThanOrEqual(1);
    expect(await db.user.findUnique({ where: { id: stale.id } })).toBeNull();
    expect(await db.verificationToken.count({ where: { identifier: `confirm-email:${stale.id}` } })).toBe(0);
    expect(await db.user.findUnique({ where: { id: recent.id } })).not.toBeNull();
    expect(await db.user.findUnique({ where: { id: confirmed.id } })).not.toBeNull();
  });

  it("free their email and username for a new sign-up at once after 48 hours", async () => {
    const email = `again-${stamp}@example.com`;
    const first = { fullName: "First", username: `again_${stamp}`, email, password: "first-password-5678" };
    await expect(actions.signUpAction(first)).resolves.toMatchObject({ ok: true });
    await expect(actions.signUpAction({ ...first, password: "second-password-5678" })).resolves.toMatchObject({
      ok: false,
    });
    await db.user.update({ where: { email }, data: { createdAt: new Date(Date.now() - 49 * 60 * 60 * 1000) } });
    await expect(actions.signUpAction({ ...first, password: "second-password-5678" })).resolves.toMatchObject({
      ok: true,
    });
  });

  it("run as a pg-boss job on the app's database", async () => {
    const { default: PgBoss } = await import("pg-boss");
    const { inject } = await import("vitest");
    const { scheduleUnconfirmedAccountPurge, unconfirmedPurgeQueue } = await import("./unconfirmed-purge-job");
    const stale = await db.user.create({
      data: { email: `job-${stamp}@example.com`, createdAt: new Date(Date.now() - 49 * 60 * 60 * 1000) },
    });
    const boss = new PgBoss({ connectionString: inject("databaseUrl"), max: 1, schedule: false });
    await boss.start();
    try {
      await scheduleUnconfirmedAccountPurge(boss, { pollingIntervalSeconds: 0.5, schedule: false });
      await boss.send(unconfirmedPurgeQueue, {});
      await expect
        .poll(async () => db.user.findUnique({ where: { id: stale.id } }), { timeout: 20_000, interval: 250 })
        .toBeNull();
    } finally {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    }
  });
});
