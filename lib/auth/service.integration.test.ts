import { afterAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";
import { extractLinks } from "@/lib/mail/links";
import { latestEmailTo } from "@/lib/mail/outbox";

import { signUpSchema } from "./schemas";
import {
  confirmEmail,
  lockout,
  registerUser,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
  verifyCredentials,
} from "./service";
import { consumeToken, hashToken, issueToken } from "./tokens";

const stamp = Date.now().toString(36);
const created: string[] = [];

function signUpInput(name: string, overrides: Partial<Record<string, string>> = {}) {
  return signUpSchema.parse({
    fullName: `Ada ${name}`,
    username: `${name}_${stamp}`.slice(0, 32),
    email: `${name}-${stamp}@Example.com`,
    password: "violet-orbit-42",
    ...overrides,
  });
}

async function register(name: string) {
  const input = signUpInput(name);
  const result = await registerUser(input);
  if (!result.ok) throw new Error(result.error);
  created.push(input.email);
  return { ...input, userId: result.userId };
}

/** The token in the newest email of `template` to `to`, from the link to `pathname`. */
async function tokenFromEmail(to: string, template: string, pathname: string): Promise<string> {
  const mail = await latestEmailTo(to, template);
  const link = extractLinks(mail?.html ?? "").find((href) => new URL(href).pathname === pathname);
  if (!link) throw new Error(`no ${pathname} link mailed to ${to}`);
  return new URL(link).searchParams.get("token")!;
}

afterAll(async () => {
  await db.user.deleteMany({ where: { email: { in: created } } });
  await db.loginFailure.deleteMany({ where: { email: { contains: stamp } } });
});

describe("sign-up", () => {
  it("creates an unconfirmed account with its profile, a lower-cased email and an argon2id hash", async () => {
    const { email, userId, username } = await register("ada");
    expect(email).toBe(`ada-${stamp}@example.com`);
    const user = await db.user.findUnique({ where: { id: userId }, include: { profile: true } });
    expect(user?.emailVerified).toBeNull();
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user?.profile).toMatchObject({ username, fullName: "Ada ada" });
    const mail = await latestEmailTo(email, "signup-confirmation");
    expect(mail?.subject).toBe("Confirm your Cipher account");
  });

  it("refuses a taken email (any case), a taken username and a common password, storing nothing", async () => {
    const first = await register("dup");
    const again = await registerUser(
      signUpInput("dup2", { email: first.email.toUpperCase(), username: first.username, password: "password1" }),
    );
    expect(again.ok).toBe(false);
    if (!again.ok) expect(Object.keys(again.fieldErrors).sort()).toEqual(["email", "password", "username"]);
    expect(await db.user.count({ where: { email: first.email } })).toBe(1);
  });

  it("validates the form the same way in browser and server", () => {
    const result = signUpSchema.safeParse({ fullName: "", username: "AB", email: "nope", password: "12345" });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((issue) => issue.path[0]);
    expect(new Set(fields)).toEqual(new Set(["fullName", "username", "email", "password"]));
    const valid = { fullName: "Ada", username: "ada_99", email: "ada@example.com", password: "violet-orbit-42" };
    expect(signUpSchema.safeParse(valid).success).toBe(true);
    expect(signUpSchema.safeParse({ ...valid, username: "a".repeat(33) }).success).toBe(false);
    expect(signUpSchema.safeParse({ ...valid, username: "Ada-99" }).success).toBe(false);
    expect(signUpSchema.safeParse({ ...valid, email: `${"a".repeat(250)}@example.com` }).success).toBe(false);
    expect(signUpSchema.safeParse({ ...valid, fullName: "x".repeat(101) }).success).toBe(false);
  });
});

describe("email confirmation", () => {
  it("the emailed link confirms the address once", async () => {
    const { email, userId } = await register("confirm");
    const token = await tokenFromEmail(email, "signup-confirmation", "/auth/confirm");
    await expect(confirmEmail(token)).resolves.toEqual({ ok: true, userId });
    expect((await db.user.findUnique({ where: { id: userId } }))?.emailVerified).toBeInstanceOf(Date);
    await expect(confirmEmail(token)).resolves.toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses a link older than 24 hours", async () => {
    const { userId } = await register("expired");
    const token = await issueToken("confirm-email", userId, new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000));
    await expect(confirmEmail(token)).resolves.toEqual({ ok: false, reason: "expired" });
  });

  it("resending replaces the earlier link and only for unconfirmed accounts", async () => {
    const { email } = await register("resend");
    const firstToken = await tokenFromEmail(email, "signup-confirmation", "/auth/confirm");
    await resendConfirmation(email);
    const secondToken = await tokenFromEmail(email, "signup-confirmation", "/auth/confirm");
    expect(secondToken).not.toBe(firstToken);
    await expect(confirmEmail(firstToken)).resolves.toMatchObject({ ok: false });
    await expect(confirmEmail(secondToken)).resolves.toMatchObject({ ok: true });
    const before = await db.outboxEmail.count({ where: { to: email } });
    await resendConfirmation(email);
    await resendConfirmation(`nobody-${stamp}@example.com`);
    expect(await db.outboxEmail.count({ where: { to: email } })).toBe(before);
  });

  it("stores only a hash of each token, and a token of one purpose is useless for another", async () => {
    const { userId } = await register("purpose");
    const raw = await issueToken("password-reset", userId);
    expect(await db.verificationToken.count({ where: { token: raw } })).toBe(0);
    expect(await db.verificationToken.count({ where: { token: hashToken(raw) } })).toBe(1);
    await expect(consumeToken("confirm-email", raw)).resolves.toEqual({ ok: false, reason: "invalid" });
  });
});

describe("password sign-in", () => {
  it("accepts the right password, says the same for a wrong password and an unknown email", async () => {
    const { email, password, userId } = await register("signin");
    const ip = "198.51.100.10";
    await expect(verifyCredentials({ email, password, ip })).resolves.toEqual({ ok: false, reason: "unconfirmed" });
    await db.user.update({ where: { id: userId }, data: { emailVerified: new Date() } });
    await expect(verifyCredentials({ email, password, ip })).resolves.toEqual({ ok: true, userId });
    await expect(verifyCredentials({ email, password: "wrong-password", ip })).resolves.toEqual({
      ok: false,
      reason: "invalid",
    });
    await expect(verifyCredentials({ email: `ghost-${stamp}@example.com`, password, ip })).resolves.toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("locks an email and IP for 15 minutes after 5 failures, even for the right password", async () => {
    const { email, password, userId } = await register("lockout");
    await db.user.update({ where: { id: userId }, data: { emailVerified: new Date() } });
    const ip = "198.51.100.20";
    const start = new Date();
    for (let attempt = 0; attempt < lockout.failures; attempt++) {
      await expect(verifyCredentials({ email, password: "wrong", ip }, start)).resolves.toMatchObject({
        reason: "invalid",
      });
    }
    const locked = await verifyCredentials({ email, password, ip }, new Date(start.getTime() + 1000));
    expect(locked).toMatchObject({ ok: false, reason: "locked" });
    if (!locked.ok && locked.reason === "locked") expect(locked.retryAfterSeconds).toBe(15 * 60 - 1);
    // Another network is not locked out, and the lock lifts after 15 minutes.
    await expect(verifyCredentials({ email, password, ip: "198.51.100.21" })).resolves.toEqual({ ok: true, userId });
    const later = new Date(start.getTime() + lockout.windowMs + 1000);
    await expect(verifyCredentials({ email, password, ip }, later)).resolves.toEqual({ ok: true, userId });
    expect(await db.loginFailure.count({ where: { email, ip } })).toBe(0);
  });
});

describe("password reset", () => {
  it("the emailed link sets a new password once, confirms the address and ends other sessions", async () => {
    const { email, password, userId } = await register("reset");
    await requestPasswordReset(email);
    const token = await tokenFromEmail(email, "password-reset", "/reset-password");
    await expect(resetPassword(token, "password")).resolves.toMatchObject({
      ok: false,
      fieldErrors: { password: expect.any(Array) },
    });
    await expect(resetPassword(token, "a-new-secret-77")).resolves.toEqual({ ok: true, userId });
    await expect(resetPassword(token, "another-secret-88")).resolves.toEqual({ ok: false, reason: "invalid" });
    const user = await db.user.findUnique({ where: { id: userId } });
    expect(user?.sessionVersion).toBe(1);
    expect(user?.emailVerified).toBeInstanceOf(Date);
    const ip = "198.51.100.30";
    await expect(verifyCredentials({ email, password, ip })).resolves.toMatchObject({ reason: "invalid" });
    await expect(verifyCredentials({ email, password: "a-new-secret-77", ip })).resolves.toEqual({ ok: true, userId });
  });

  it("sends nothing for an unknown address and refuses an expired link", async () => {
    const before = await db.outboxEmail.count();
    await requestPasswordReset(`nobody-${stamp}@example.com`);
    expect(await db.outboxEmail.count()).toBe(before);
    const { userId } = await register("resetexp");
    const token = await issueToken("password-reset", userId, new Date(Date.now() - 60 * 60 * 1000 - 1000));
    await expect(resetPassword(token, "a-new-secret-77")).resolves.toEqual({ ok: false, reason: "expired" });
  });
});
