import { afterAll, describe, expect, it } from "vitest";

import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { issueToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db";

import { changePassword, deleteAccount, updateProfile, usernameTakenMessage, wrongPasswordMessage } from "./service";

const stamp = Date.now().toString(36);
let counter = 0;
const createdIds: string[] = [];

/** A confirmed account with a profile; `password: null` makes a Google-only account. */
async function createUser(options: { password?: string | null; username?: string } = {}) {
  counter += 1;
  const email = `settings-${stamp}-${counter}@example.com`;
  const password = options.password === undefined ? "correct horse battery" : options.password;
  const user = await db.user.create({
    data: {
      email,
      emailVerified: new Date(),
      passwordHash: password === null ? null : await hashPassword(password),
      profile: { create: { username: options.username ?? `user_${stamp}_${counter}`, fullName: "Ada Lovelace" } },
    },
    select: { id: true, email: true, sessionVersion: true },
  });
  createdIds.push(user.id);
  return user;
}

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: createdIds } } });
});

describe("updateProfile", () => {
  it("saves the username and full name, and the full name as the user's name", async () => {
    const user = await createUser();
    const username = `renamed_${stamp}`;
    await expect(updateProfile(user.id, { username, fullName: "Grace Hopper" })).resolves.toEqual({
      ok: true,
      data: { username, fullName: "Grace Hopper" },
    });
    const saved = await db.user.findUniqueOrThrow({
      where: { id: user.id },
      select: { name: true, profile: { select: { username: true, fullName: true } } },
    });
    expect(saved).toEqual({ name: "Grace Hopper", profile: { username, fullName: "Grace Hopper" } });
  });

  it("keeps the user's own username without calling it taken", async () => {
    const user = await createUser({ username: `keep_${stamp}` });
    const result = await updateProfile(user.id, { username: `keep_${stamp}`, fullName: "New Name" });
    expect(result.ok).toBe(true);
  });

  it("refuses a username someone else has, on the username field, and changes nothing", async () => {
    const other = await createUser({ username: `taken_${stamp}` });
    const user = await createUser();
    const result = await updateProfile(user.id, { username: `taken_${stamp}`, fullName: "Changed" });
    expect(result).toEqual({
      ok: false,
      error: usernameTakenMessage,
      fieldErrors: { username: [usernameTakenMessage] },
    });
    const profile = await db.profile.findUniqueOrThrow({ where: { userId: user.id } });
    expect(profile.fullName).toBe("Ada Lovelace");
    expect((await db.profile.findUniqueOrThrow({ where: { userId: other.id } })).username).toBe(`taken_${stamp}`);
  });

  it("creates the profile when the account has none yet", async () => {
    const user = await createUser();
    await db.profile.delete({ where: { userId: user.id } });
    const result = await updateProfile(user.id, { username: `fresh_${stamp}`, fullName: "Fresh" });
    expect(result.ok).toBe(true);
    expect(await db.profile.findUnique({ where: { userId: user.id } })).toMatchObject({ username: `fresh_${stamp}` });
  });
});

describe("changePassword", () => {
  it("refuses a wrong current password on its field and keeps the old password and sessions", async () => {
    const user = await createUser();
    const result = await changePassword(user.id, {
      currentPassword: "not my password",
      newPassword: "a new secret 42",
    });
    expect(result).toEqual({
      ok: false,
      error: wrongPasswordMessage,
      fieldErrors: { currentPassword: [wrongPasswordMessage] },
    });
    const saved = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(saved.sessionVersion).toBe(user.sessionVersion);
    expect(await verifyPassword(saved.passwordHash!, "correct horse battery")).toBe(true);
  });

  it("requires the current password when the account has one", async () => {
    const user = await createUser();
    const result = await changePassword(user.id, { newPassword: "a new secret 42" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fieldErrors)).toEqual(["currentPassword"]);
  });

  it("refuses a common new password on the new-password field", async () => {
    const user = await createUser();
    const result = await changePassword(user.id, {
      currentPassword: "correct horse battery",
      newPassword: "password1",
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fieldErrors)).toEqual(["newPassword"]);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion).toBe(user.sessionVersion);
  });

  it("stores the new password, bumps the session version and voids reset links", async () => {
    const user = await createUser();
    await issueToken("password-reset", user.id);
    const result = await changePassword(user.id, {
      currentPassword: "correct horse battery",
      newPassword: "a new secret 42",
    });
    expect(result).toEqual({ ok: true, data: { sessionVersion: user.sessionVersion + 1 } });
    const saved = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(saved.sessionVersion).toBe(user.sessionVersion + 1);
    expect(await verifyPassword(saved.passwordHash!, "a new secret 42")).toBe(true);
    expect(await verifyPassword(saved.passwordHash!, "correct horse battery")).toBe(false);
    expect(await db.verificationToken.count({ where: { identifier: `password-reset:${user.id}` } })).toBe(0);
  });

  it("lets a Google-only account set its first password without a current one", async () => {
    const user = await createUser({ password: null });
    const result = await changePassword(user.id, { newPassword: "a new secret 42" });
    expect(result.ok).toBe(true);
    const saved = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword(saved.passwordHash!, "a new secret 42")).toBe(true);
  });
});

describe("deleteAccount", () => {
  /** A user with a row in every table that holds something of theirs. */
  async function userWithEverything() {
    const user = await createUser();
    await db.account.create({
      data: { userId: user.id, type: "oidc", provider: "google", providerAccountId: `g-${user.id}` },
    });
    await issueToken("confirm-email", user.id);
    await issueToken("password-reset", user.id);
    await db.loginFailure.create({ data: { email: user.email, ip: "192.0.2.9" } });
    await db.newsletterSubscription.create({ data: { email: user.email } });
    return user;
  }

  async function rowsOf(user: { id: string; email: string }) {
    const [users, profiles, accounts, tokens, failures, subscriptions] = await Promise.all([
      db.user.count({ where: { id: user.id } }),
      db.profile.count({ where: { userId: user.id } }),
      db.account.count({ where: { userId: user.id } }),
      db.verificationToken.count({ where: { identifier: { endsWith: `:${user.id}` } } }),
      db.loginFailure.count({ where: { email: user.email } }),
      db.newsletterSubscription.count({ where: { email: user.email } }),
    ]);
    return { users, profiles, accounts, tokens, failures, subscriptions };
  }

  it("refuses without the email or DELETE and deletes nothing", async () => {
    const user = await userWithEverything();
    const result = await deleteAccount(user.id, "delete please");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fieldErrors)).toEqual(["confirmation"]);
    expect(await rowsOf(user)).toEqual({
      users: 1,
      profiles: 1,
      accounts: 1,
      tokens: 2,
      failures: 1,
      subscriptions: 1,
    });
  });

  it("removes the user's rows everywhere and leaves other users' rows alone", async () => {
    const user = await userWithEverything();
    const other = await userWithEverything();
    await expect(deleteAccount(user.id, user.email.toUpperCase())).resolves.toEqual({
      ok: true,
      data: { email: user.email },
    });
    expect(await rowsOf(user)).toEqual({
      users: 0,
      profiles: 0,
      accounts: 0,
      tokens: 0,
      failures: 0,
      subscriptions: 0,
    });
    expect(await rowsOf(other)).toEqual({
      users: 1,
      profiles: 1,
      accounts: 1,
      tokens: 2,
      failures: 1,
      subscriptions: 1,
    });
  });

  it("accepts the word DELETE as confirmation", async () => {
    const user = await createUser();
    expect((await deleteAccount(user.id, " DELETE ")).ok).toBe(true);
    expect(await db.user.count({ where: { id: user.id } })).toBe(0);
  });
});
