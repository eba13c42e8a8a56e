/**
 * Two-factor sign-in, sign-out and "Sign out everywhere" through the real actions, Auth.js and
 * PostgreSQL: the session cookie each step sets is the one the next request sends
 * (tests/setup/next-request.ts). Only Date is faked, to move between 30-second TOTP steps.
 */
import { Secret, TOTP } from "otpauth";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { updateProfileAction } from "@/lib/account/actions";
import {
  confirmTwoFactorSetupAction,
  disableTwoFactorAction,
  signOutEverywhereAction,
  startTwoFactorSetupAction,
} from "@/lib/account/security-actions";
import { db } from "@/lib/db";
import { freshClientIp, testRequest } from "@/tests/setup/test-request";

import { signInAction, signOutAction } from "./actions";
import { hashPassword } from "./password";
import { getCurrentUser, getPendingTwoFactor } from "./session";
import { codeGuessLimit } from "./two-factor";
import { verifyTwoFactorSignInAction } from "./two-factor-actions";

vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const cookieName = "authjs.session-token";
const stamp = Date.now().toString(36);
let sequence = 0;
let clock = Date.now();

/** Moves the clock to the next 30-second step (a code of the step before is then used up). */
function nextStep() {
  clock += 30_000;
  vi.setSystemTime(clock);
}

function codeFor(secret: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, "")), digits: 6, period: 30 }).generate({
    timestamp: at,
  });
}

async function newUser() {
  sequence += 1;
  const password = `tf-secret-${stamp}-${sequence}`;
  const user = await db.user.create({
    data: {
      email: `two-factor-${stamp}-${sequence}@example.com`,
      emailVerified: new Date(),
      passwordHash: await hashPassword(password),
      profile: { create: { username: `tf_${stamp}_${sequence}`, fullName: "Tess" } },
    },
    select: { id: true, email: true },
  });
  return { ...user, password };
}

function cookie(): string | undefined {
  return testRequest.cookies.get(cookieName) || undefined;
}

function sendCookie(value: string | undefined) {
  testRequest.cookies.clear();
  if (value) testRequest.cookies.set(cookieName, value);
}

async function signInWithPassword(user: { email: string; password: string }, callbackUrl = "/dashboard/bots") {
  sendCookie(undefined);
  return signInAction({ email: user.email, password: user.password, callbackUrl });
}

/** Signs in and turns two-factor on through Account Settings; answers the secret and recovery codes. */
async function enrolledUser() {
  const user = await newUser();
  await expect(signInWithPassword(user)).resolves.toMatchObject({ ok: true });
  const setup = await startTwoFactorSetupAction();
  if (!setup.ok) throw new Error(setup.error);
  const confirmed = await confirmTwoFactorSetupAction({ code: codeFor(setup.data.secret) });
  if (!confirmed.ok) throw new Error(confirmed.error);
  nextStep();
  return { ...user, secret: setup.data.secret, recoveryCodes: confirmed.data.recoveryCodes };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  clock += 10 * 60_000;
  vi.setSystemTime(clock);
  freshClientIp();
  sendCookie(undefined);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("two-factor enrolment", () => {
  it("shows a QR code and key, turns on only with a right code, and answers 10 recovery codes once", async () => {
    const user = await newUser();
    await signInWithPassword(user);
    const setup = await startTwoFactorSetupAction();
    expect(setup).toMatchObject({ ok: true, data: { qrCode: expect.stringMatching(/^data:image\/svg\+xml;base64,/) } });
    if (!setup.ok) return;
    expect(setup.data.uri).toMatch(/^otpauth:\/\/totp\/Cipher:.+\?.*secret=/);
    expect(Buffer.from(setup.data.qrCode.split(",")[1]!, "base64").toString()).toContain("<svg");

    const wrong = await confirmTwoFactorSetupAction({ code: codeFor(setup.data.secret, Date.now() + 5 * 60_000) });
    expect(wrong).toMatchObject({ ok: false, fieldErrors: { code: [expect.stringContaining("not right")] } });
    expect(await db.twoFactor.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({ enabledAt: null });

    const confirmed = await confirmTwoFactorSetupAction({ code: codeFor(setup.data.secret) });
    expect(confirmed.ok).toBe(true);
    if (!confirmed.ok) return;
    expect(confirmed.data.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.data.recoveryCodes).size).toBe(10);

    // At rest: the secret sealed (not readable), the recovery codes only as hashes.
    const row = await db.twoFactor.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row.enabledAt).toBeInstanceOf(Date);
    expect(row.secretSealed).not.toContain(setup.data.secret.replace(/\s/g, ""));
    const stored = await db.recoveryCode.findMany({ where: { userId: user.id }, select: { codeHash: true } });
    expect(stored).toHaveLength(10);
    for (const { codeHash } of stored) {
      expect(confirmed.data.recoveryCodes.map((code) => code.replace("-", ""))).not.toContain(codeHash);
      expect(codeHash).toMatch(/^[0-9a-f]{64}$/);
    }
    // Starting over is refused while it is on.
    await expect(startTwoFactorSetupAction()).resolves.toMatchObject({ ok: false, code: "already_enabled" });
  });
});

describe("two-factor sign-in", () => {
  it("asks for the code after the password; a wrong or reused code is refused, a right one signs in", async () => {
    const user = await enrolledUser();

    const first = await signInWithPassword(user);
    expect(first).toEqual({
      ok: true,
      data: { redirectTo: `/login/two-factor?callbackUrl=${encodeURIComponent("/dashboard/bots")}` },
    });
    // The password alone is not a session: nothing signed-in works with this cookie.
    expect(cookie()).toBeTruthy();
    expect(await getCurrentUser()).toBeNull();
    expect(await getPendingTwoFactor()).toMatchObject({ userId: user.id });
    await expect(updateProfileAction({ username: "taken_over", fullName: "Eve" })).resolves.toMatchObject({
      code: "signed_out",
    });

    const wrongCode = String((Number(codeFor(user.secret)) + 1) % 1_000_000).padStart(6, "0");
    const wrong = await verifyTwoFactorSignInAction({ code: wrongCode, callbackUrl: "/dashboard/bots" });
    expect(wrong).toMatchObject({ ok: false, fieldErrors: { code: [expect.stringContaining("not right")] } });
    expect(await getCurrentUser()).toBeNull();

    const code = codeFor(user.secret);
    const pendingCookie = cookie();
    await expect(verifyTwoFactorSignInAction({ code, callbackUrl: "/dashboard/bots" })).resolves.toEqual({
      ok: true,
      data: { redirectTo: "/dashboard/bots", usedRecoveryCode: false },
    });
    expect(cookie()).not.toBe(pendingCookie);
    expect(await getCurrentUser()).toMatchObject({ id: user.id, twoFactorEnabled: true });

    // The same code, seen by someone looking over the shoulder, does not work a second time.
    await signInWithPassword(user);
    await expect(verifyTwoFactorSignInAction({ code })).resolves.toMatchObject({ ok: false });
    expect(await getCurrentUser()).toBeNull();
    // The pending cookie of the finished sign-in was revoked with it.
    sendCookie(pendingCookie);
    expect(await getPendingTwoFactor()).toBeNull();
  });

  it("accepts each recovery code once, in any case and with spaces", async () => {
    const user = await enrolledUser();
    const [recoveryCode] = user.recoveryCodes;

    await signInWithPassword(user);
    await expect(verifyTwoFactorSignInAction({ code: ` ${recoveryCode!.toUpperCase()} ` })).resolves.toMatchObject({
      ok: true,
      data: { usedRecoveryCode: true },
    });
    expect(await getCurrentUser()).toMatchObject({ id: user.id });
    expect(await db.recoveryCode.count({ where: { userId: user.id, usedAt: null } })).toBe(9);

    await signInWithPassword(user);
    await expect(verifyTwoFactorSignInAction({ code: recoveryCode! })).resolves.toMatchObject({
      ok: false,
      fieldErrors: { code: [expect.any(String)] },
    });
    expect(await getCurrentUser()).toBeNull();
  });

  it("stops guessing after 10 codes per account, whatever the address, even with the right code", async () => {
    const user = await enrolledUser();
    await signInWithPassword(user);
    for (let attempt = 0; attempt < codeGuessLimit.limit; attempt++) {
      freshClientIp(); // a new address each time: the limit is on the account
      await expect(verifyTwoFactorSignInAction({ code: "000000" })).resolves.toMatchObject({ ok: false });
    }
    freshClientIp();
    await expect(verifyTwoFactorSignInAction({ code: codeFor(user.secret) })).resolves.toMatchObject({
      ok: false,
      code: "rate_limited",
      error: expect.stringContaining("Too many codes"),
    });
    expect(await getCurrentUser()).toBeNull();
  });

  it("can be turned off only with the password and a current code", async () => {
    const user = await enrolledUser();
    await signInWithPassword(user);
    await verifyTwoFactorSignInAction({ code: codeFor(user.secret) });
    nextStep();

    await expect(disableTwoFactorAction({ code: codeFor(user.secret) })).resolves.toMatchObject({
      ok: false,
      fieldErrors: { password: [expect.any(String)] },
    });
    await expect(
      disableTwoFactorAction({ password: "not it at all", code: codeFor(user.secret) }),
    ).resolves.toMatchObject({
      ok: false,
      fieldErrors: { password: ["That password is not right."] },
    });
    await expect(disableTwoFactorAction({ password: user.password, code: "123123" })).resolves.toMatchObject({
      ok: false,
      fieldErrors: { code: [expect.any(String)] },
    });
    expect(await db.twoFactor.count({ where: { userId: user.id } })).toBe(1);

    await expect(disableTwoFactorAction({ password: user.password, code: codeFor(user.secret) })).resolves.toEqual({
      ok: true,
      data: undefined,
    });
    expect(await db.twoFactor.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.recoveryCode.count({ where: { userId: user.id } })).toBe(0);
    await expect(signInWithPassword(user)).resolves.toEqual({ ok: true, data: { redirectTo: "/dashboard/bots" } });
    expect(await getCurrentUser()).toMatchObject({ id: user.id });
  });
});

describe("ending sessions", () => {
  it("Sign Out ends the cookie on the server: a copy of it no longer works", async () => {
    const user = await newUser();
    await signInWithPassword(user);
    const copied = cookie();
    expect(await getCurrentUser()).toMatchObject({ id: user.id });

    await expect(signOutAction()).resolves.toEqual({ ok: true, data: undefined });
    sendCookie(copied);
    expect(await getCurrentUser()).toBeNull();
  });

  it("Sign out everywhere ends every other session at once and keeps this one", async () => {
    const user = await newUser();
    await signInWithPassword(user);
    const laptop = cookie();
    await signInWithPassword(user);
    const phone = cookie();
    sendCookie(laptop);
    expect(await getCurrentUser()).toMatchObject({ id: user.id });

    sendCookie(phone);
    await expect(signOutEverywhereAction()).rejects.toMatchObject({ digest: expect.stringMatching(/^NEXT_REDIRECT/) });
    const renewed = cookie();
    expect(renewed).not.toBe(phone);

    for (const old of [laptop, phone]) {
      sendCookie(old);
      expect(await getCurrentUser()).toBeNull();
    }
    sendCookie(renewed);
    expect(await getCurrentUser()).toMatchObject({ id: user.id });
  });

  it("keeps a two-factor session signed in after Sign out everywhere, without asking for a code again", async () => {
    const user = await enrolledUser();
    await signInWithPassword(user);
    await verifyTwoFactorSignInAction({ code: codeFor(user.secret) });
    await expect(signOutEverywhereAction()).rejects.toMatchObject({ digest: expect.stringMatching(/^NEXT_REDIRECT/) });
    expect(await getCurrentUser()).toMatchObject({ id: user.id });
  });
});
