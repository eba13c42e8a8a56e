import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod/mini";

import { validatedAction } from "@/lib/actions";
import { db } from "@/lib/db";
import { freshClientIp, testRequest } from "@/tests/setup/test-request";

import { signInAction, signUpAction } from "./actions";
import { accountLockout } from "./service";

const stamp = Date.now().toString(36);
let sequence = 0;

async function confirmedAccount() {
  sequence += 1;
  const account = {
    fullName: "Katherine Johnson",
    username: `kj_${stamp}_${sequence}`,
    email: `kj-${stamp}-${sequence}@example.com`,
    password: "trajectory-1962-orbit",
  };
  freshClientIp();
  await expect(signUpAction(account)).resolves.toMatchObject({ ok: true });
  await db.user.update({ where: { email: account.email }, data: { emailVerified: new Date() } });
  return account;
}

beforeEach(() => {
  testRequest.cookies.clear();
});

describe("sign-in throttling per account", () => {
  it("wrong passwords for one account spread over many addresses lock that account, not others", async () => {
    const victim = await confirmedAccount();
    const bystander = await confirmedAccount();
    // One guess per address: the per-address lockout (5) never triggers.
    for (let guess = 0; guess < accountLockout.failures; guess++) {
      freshClientIp();
      await expect(signInAction({ email: victim.email, password: `guess-${guess}-wrong` })).resolves.toMatchObject({
        ok: false,
        code: "invalid",
      });
    }
    freshClientIp();
    const locked = await signInAction({ email: victim.email, password: victim.password });
    expect(locked).toMatchObject({ ok: false, code: "locked" });
    expect(testRequest.cookies.get("authjs.session-token")).toBeUndefined();
    // Another account from the same address signs in as usual.
    await expect(signInAction({ email: bystander.email, password: bystander.password })).resolves.toMatchObject({
      ok: true,
    });
  });

  it("a password reset clears the lock for the account owner", async () => {
    const owner = await confirmedAccount();
    await db.loginFailure.createMany({
      data: Array.from({ length: accountLockout.failures }, (_, index) => ({
        email: owner.email,
        ip: `203.0.113.${index + 1}`,
      })),
    });
    freshClientIp();
    await expect(signInAction({ email: owner.email, password: owner.password })).resolves.toMatchObject({
      code: "locked",
    });
    const { resetPassword } = await import("./service");
    const { issueToken } = await import("./tokens");
    const user = await db.user.findUniqueOrThrow({ where: { email: owner.email } });
    await resetPassword(await issueToken("password-reset", user.id), "a-brand-new-passphrase-7");
    await expect(signInAction({ email: owner.email, password: "a-brand-new-passphrase-7" })).resolves.toMatchObject({
      ok: true,
    });
  });
});

describe("rate limits of signed-in actions", () => {
  const rule = { bucket: `test-user-keyed-${stamp}`, limit: 3, windowMs: 60_000 };
  const ping = validatedAction("test.ping", z.object({}), async () => "pong", { rateLimit: rule });

  it("count per account whatever the address, and per address for visitors", async () => {
    const alice = await confirmedAccount();
    const bob = await confirmedAccount();
    freshClientIp();
    await expect(signInAction({ email: alice.email, password: alice.password })).resolves.toMatchObject({ ok: true });
    for (let call = 0; call < rule.limit; call++) {
      freshClientIp();
      await expect(ping({})).resolves.toEqual({ ok: true, data: "pong" });
    }
    freshClientIp();
    await expect(ping({})).resolves.toMatchObject({ ok: false, code: "rate_limited" });

    // Bob behind the same address has his own budget.
    testRequest.cookies.clear();
    await expect(signInAction({ email: bob.email, password: bob.password })).resolves.toMatchObject({ ok: true });
    await expect(ping({})).resolves.toEqual({ ok: true, data: "pong" });

    // Signed out, the address counts.
    testRequest.cookies.clear();
    for (let call = 0; call < rule.limit; call++) await expect(ping({})).resolves.toMatchObject({ ok: true });
    await expect(ping({})).resolves.toMatchObject({ ok: false, code: "rate_limited" });
  });
});
