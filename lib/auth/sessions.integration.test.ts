/**
 * Sessions end on the server, at once: a cookie copied before Sign Out, before "Sign out" of that
 * device in Account Settings → Security, before "Sign out everywhere" or before a password change
 * or reset no longer works, not in the route handlers (/api/session, whose answers are kept for a
 * moment, and Auth.js's own /api/auth/session) nor for pages and actions (getCurrentUser).
 */
import { NextRequest } from "next/server";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

import { GET as sessionRoute } from "@/app/api/session/route";
import { changePasswordAction } from "@/lib/account/actions";
import { endSessionAction, signOutEverywhereAction } from "@/lib/account/security-actions";
import { db } from "@/lib/db";
import { freshClientIp, testRequest } from "@/tests/setup/test-request";

import { signOutAction } from "./actions";
import { handlers } from "./index";
import { hashPassword } from "./password";
import { keptSessionAnswer } from "./session-answer";
import { resetPassword } from "./service";
import { getCurrentUser } from "./session";
import { listActiveSessions } from "./sessions";
import { startSession } from "./start-session";
import { issueToken } from "./tokens";

vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn() }));

const stamp = Date.now().toString(36);
const password = "correct-horse-battery-42";
const userIds: string[] = [];

async function newUser(label: string): Promise<string> {
  const user = await db.user.create({
    data: {
      email: `sessions-${label}-${stamp}@example.com`,
      emailVerified: new Date(),
      passwordHash: await hashPassword(password),
      profile: { create: { username: `s_${label}_${stamp}`.slice(0, 30) } },
    },
  });
  userIds.push(user.id);
  return user.id;
}

type Browser = Map<string, string>;

/** Signs `userId` in as a new browser (real Auth.js sign-in with a one-time ticket): its cookies. */
async function signedInBrowser(userId: string, userAgent?: string): Promise<Browser> {
  testRequest.cookies = new Map();
  freshClientIp();
  testRequest.userAgent = userAgent;
  await startSession(userId);
  return new Map(testRequest.cookies);
}

function browse(browser: Browser): void {
  testRequest.cookies = new Map(browser);
}

/**
 * GET /api/session as this browser: through its route handler, and as the production server
 * answers it from memory right after (lib/auth/session-answer.ts), which must agree or defer.
 */
async function whoAmI(browser: Browser): Promise<unknown> {
  browse(browser);
  const { user } = (await (await sessionRoute()).json()) as { user: unknown };
  const fromMemory = keptSessionAnswer(cookieHeader(browser));
  if (fromMemory !== undefined) expect(fromMemory.user).toEqual(user);
  // A session just checked is known for a second: the next ask does not reach the route.
  if (user !== null) expect(fromMemory).toEqual({ user });
  return user;
}

function cookieHeader(browser: Browser): string {
  return [...browser].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** Auth.js's own endpoint, GET /api/auth/session, with this browser's cookie. */
async function authJsSession(browser: Browser): Promise<unknown> {
  const cookie = cookieHeader(browser);
  const response = await handlers.GET(
    new NextRequest("http://localhost:3000/api/auth/session", { headers: { cookie, host: "localhost:3000" } }),
  );
  return response.json();
}

async function expectSignedIn(browser: Browser) {
  expect(await whoAmI(browser)).toMatchObject({ email: expect.stringContaining("@example.com") });
  browse(browser);
  expect(await getCurrentUser()).not.toBeNull();
}

async function expectSignedOut(browser: Browser) {
  // The server's memory never greets an ended session, even within the second it keeps answers.
  expect(keptSessionAnswer(cookieHeader(browser))?.user ?? null).toBeNull();
  expect(await whoAmI(browser)).toBeNull();
  browse(browser);
  expect(await getCurrentUser()).toBeNull();
  expect(await authJsSession(browser)).toBeNull();
}

beforeEach(() => {
  freshClientIp();
});

afterAll(async () => {
  testRequest.userAgent = undefined;
  await db.user.deleteMany({ where: { id: { in: userIds } } });
});

describe("ending sessions", () => {
  it("a cookie copied before Sign Out no longer works afterwards, anywhere", async () => {
    const userId = await newUser("copy");
    const browser = await signedInBrowser(userId);
    const copy = new Map(browser);
    await expectSignedIn(copy);
    expect(await authJsSession(copy)).toMatchObject({ user: { id: userId } });

    browse(browser);
    await expect(signOutAction()).resolves.toEqual({ ok: true, data: undefined });
    await expectSignedOut(copy);
  });

  it("Security lists each device, and signing one out ends it at once; this device stays", async () => {
    const userId = await newUser("list");
    const laptop = await signedInBrowser(
      userId,
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    );
    const laptopIp = testRequest.ip;
    const phone = await signedInBrowser(
      userId,
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    );
    // The phone's answer is kept for a moment: the end must reach it anyway.
    await expectSignedIn(phone);

    const sessions = await listActiveSessions(userId);
    expect(sessions).toHaveLength(2);
    expect(sessions.map((session) => session.userAgent).join()).toMatch(/Macintosh.*iPhone|iPhone.*Macintosh/);
    expect(sessions.map((session) => session.ip)).toContain(laptopIp);

    browse(laptop);
    const laptopSession = (await getCurrentUser())!.session.id!;
    const phoneSession = sessions.find((session) => session.id !== laptopSession)!.id;
    // Its own session is ended with Log Out, not from the list.
    expect(await endSessionAction({ sessionId: laptopSession })).toMatchObject({ ok: false });
    // Someone else's session id ends nothing.
    const stranger = await newUser("stranger");
    const strangerBrowser = await signedInBrowser(stranger);
    browse(strangerBrowser);
    const strangerSession = (await getCurrentUser())!.session.id!;
    browse(laptop);
    await endSessionAction({ sessionId: strangerSession });
    await expectSignedIn(strangerBrowser);

    browse(laptop);
    await expect(endSessionAction({ sessionId: phoneSession })).resolves.toEqual({ ok: true, data: undefined });
    await expectSignedOut(phone);
    await expectSignedIn(laptop);
    expect((await listActiveSessions(userId)).map((session) => session.id)).toEqual([laptopSession]);
  });

  it("Sign out everywhere ends the other sessions at once and keeps this browser", async () => {
    const userId = await newUser("everywhere");
    const other = await signedInBrowser(userId);
    const browser = await signedInBrowser(userId);
    await expectSignedIn(other);
    browse(browser);
    await expect(signOutEverywhereAction()).rejects.toThrow(/NEXT_REDIRECT/);
    const renewed = new Map(testRequest.cookies);
    await expectSignedOut(other);
    await expectSignedOut(browser);
    await expectSignedIn(renewed);
    expect(await listActiveSessions(userId)).toHaveLength(1);
  });

  it("a password change ends the other sessions at once", async () => {
    const userId = await newUser("change");
    const other = await signedInBrowser(userId);
    const browser = await signedInBrowser(userId);
    await expectSignedIn(other);
    browse(browser);
    const newPassword = "another-horse-battery-43";
    await expect(
      changePasswordAction({ currentPassword: password, newPassword, confirmPassword: newPassword }),
    ).rejects.toThrow(/NEXT_REDIRECT/);
    const renewed = new Map(testRequest.cookies);
    await expectSignedOut(other);
    await expectSignedIn(renewed);
    expect(await listActiveSessions(userId)).toHaveLength(1);
  });

  it("a password reset ends every session at once", async () => {
    const userId = await newUser("reset");
    const browser = await signedInBrowser(userId);
    await expectSignedIn(browser);
    const token = await issueToken("password-reset", userId);
    await expect(resetPassword(token, "a-brand-new-secret-44")).resolves.toMatchObject({ ok: true });
    await expectSignedOut(browser);
    expect(await listActiveSessions(userId)).toEqual([]);
  });
});

describe("the production server's answer from memory (/api/session without Next.js)", () => {
  it("is shared with Next.js's copy of the modules: one process, one store", async () => {
    const userId = await newUser("shared");
    const browser = await signedInBrowser(userId);
    await expectSignedIn(browser);
    // scripts/server.ts loads lib/auth apart from Next.js's bundle: a second instance of the modules.
    vi.resetModules();
    const second = await import("./session-answer");
    expect(second.keptSessionAnswer).not.toBe(keptSessionAnswer);
    expect(second.keptSessionAnswer(cookieHeader(browser))).toMatchObject({ user: { email: expect.any(String) } });
    // …and an end in one instance reaches the other at once.
    browse(browser);
    await expect(signOutAction()).resolves.toEqual({ ok: true, data: undefined });
    expect(second.keptSessionAnswer(cookieHeader(browser))).toBeUndefined();
  });

  it("answers signed out without a session cookie, and defers a cookie it never saw or cannot read", () => {
    expect(keptSessionAnswer(undefined)).toEqual({ user: null });
    expect(keptSessionAnswer("theme=dark; other=1")).toEqual({ user: null });
    expect(keptSessionAnswer("authjs.session-token=not-a-real-cookie")).toBeUndefined();
    expect(keptSessionAnswer("authjs.session-token=%E0%A4%A")).toBeUndefined();
  });
});
