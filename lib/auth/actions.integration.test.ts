import { beforeEach, describe, expect, it } from "vitest";

import { db } from "@/lib/db";
import { extractLinks } from "@/lib/mail/links";
import { latestEmailTo } from "@/lib/mail/outbox";
import { freshClientIp, testRequest } from "@/tests/setup/test-request";

import {
  confirmEmailAction,
  googleSignInAction,
  requestPasswordResetAction,
  resendConfirmationAction,
  signInAction,
  signUpAction,
} from "./actions";
import { googleNotConfiguredMessage } from "./messages";

const stamp = Date.now().toString(36);
let sequence = 0;

function newAccount() {
  sequence += 1;
  return {
    fullName: "Grace Hopper",
    username: `grace_${stamp}_${sequence}`,
    email: `grace-${stamp}-${sequence}@example.com`,
    password: "cobol-forever-59",
  };
}

function sessionCookie(): string | undefined {
  return testRequest.cookies.get("authjs.session-token");
}

beforeEach(() => {
  freshClientIp();
  testRequest.cookies.clear();
});

describe("signUpAction", () => {
  it("creates the account and mails the confirmation link, without signing in", async () => {
    const account = newAccount();
    await expect(signUpAction(account)).resolves.toEqual({ ok: true, data: { email: account.email } });
    expect(await latestEmailTo(account.email, "signup-confirmation")).not.toBeNull();
    expect(sessionCookie()).toBeUndefined();
  });

  it("answers field errors for invalid input, a duplicate and a common password; stores nothing", async () => {
    const invalid = await signUpAction({ fullName: "", username: "no", email: "x", password: "123" });
    expect(invalid).toMatchObject({ ok: false });
    if (!invalid.ok)
      expect(Object.keys(invalid.fieldErrors ?? {}).sort()).toEqual(["email", "fullName", "password", "username"]);

    const account = newAccount();
    await signUpAction(account);
    const duplicate = await signUpAction({
      ...newAccount(),
      email: account.email.toUpperCase(),
      password: "qwerty123",
    });
    expect(duplicate).toMatchObject({
      ok: false,
      fieldErrors: { email: expect.any(Array), password: expect.any(Array) },
    });
    expect(await db.user.count({ where: { email: account.email } })).toBe(1);
  });

  it("refuses the 11th sign-up in a minute from one address", async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      await signUpAction({ fullName: "", username: "", email: "", password: "" });
    }
    await expect(signUpAction(newAccount())).resolves.toMatchObject({ ok: false, code: "rate_limited" });
    freshClientIp();
    await expect(signUpAction(newAccount())).resolves.toMatchObject({ ok: true });
  });
});

describe("signInAction and confirmEmailAction", () => {
  it("an unconfirmed account is told to confirm; the emailed link confirms and signs in the browser that signed up", async () => {
    const account = newAccount();
    await signUpAction(account);
    await expect(signInAction({ email: account.email, password: account.password })).resolves.toMatchObject({
      ok: false,
      code: "unconfirmed",
    });
    await expect(resendConfirmationAction({ email: account.email })).resolves.toMatchObject({ ok: true });
    const mail = await latestEmailTo(account.email, "signup-confirmation");
    const link = extractLinks(mail!.html).find((href) => href.includes("/auth/confirm"))!;
    const token = new URL(link).searchParams.get("token")!;
    await expect(confirmEmailAction({ token })).resolves.toEqual({
      ok: true,
      data: { redirectTo: "/dashboard", signedIn: true },
    });
    expect(sessionCookie()).toBeTruthy();
    await expect(confirmEmailAction({ token })).resolves.toMatchObject({ ok: false, code: "invalid" });
  });

  it("signs in with the right password and honours only a same-origin callbackUrl", async () => {
    const account = newAccount();
    await signUpAction(account);
    await db.user.update({ where: { email: account.email }, data: { emailVerified: new Date() } });
    await expect(
      signInAction({ email: account.email, password: account.password, callbackUrl: "/dashboard/bots" }),
    ).resolves.toEqual({ ok: true, data: { redirectTo: "/dashboard/bots" } });
    expect(sessionCookie()).toBeTruthy();
    testRequest.cookies.clear();
    await expect(
      signInAction({ email: account.email, password: account.password, callbackUrl: "https://evil.example/" }),
    ).resolves.toEqual({ ok: true, data: { redirectTo: "/dashboard" } });
  });

  it("wrong password and unknown email get one message; the sixth try is locked out", async () => {
    const account = newAccount();
    await signUpAction(account);
    await db.user.update({ where: { email: account.email }, data: { emailVerified: new Date() } });
    const unknown = await signInAction({ email: `ghost-${stamp}@example.com`, password: "whatever-1" });
    const wrong = await signInAction({ email: account.email, password: "not-it" });
    expect(wrong).toMatchObject({ ok: false, code: "invalid" });
    expect(unknown).toEqual(wrong);
    for (let attempt = 0; attempt < 4; attempt++) await signInAction({ email: account.email, password: "not-it" });
    const locked = await signInAction({ email: account.email, password: account.password });
    expect(locked).toMatchObject({ ok: false, code: "locked" });
    if (!locked.ok) expect(locked.error).toContain("Try again in 15 minutes");
    expect(sessionCookie()).toBeUndefined();
  });

  it("answers the same for password-reset requests whether or not the account exists", async () => {
    const account = newAccount();
    await signUpAction(account);
    const known = await requestPasswordResetAction({ email: account.email });
    const unknown = await requestPasswordResetAction({ email: `ghost-${stamp}@example.com` });
    expect(known).toEqual(unknown);
    expect(await latestEmailTo(account.email, "password-reset")).not.toBeNull();
  });

  it("Google sign-in explains that it is not configured instead of failing", async () => {
    await expect(googleSignInAction()).resolves.toEqual({
      ok: false,
      error: googleNotConfiguredMessage,
      code: "google_unconfigured",
    });
  });
});
