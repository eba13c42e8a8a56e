import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

import type { CurrentUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { freshClientIp } from "@/tests/setup/test-request";

import { changePasswordAction, deleteAccountAction, updateProfileAction } from "./actions";
import { sessionEndedMessage } from "./schemas";

// Who is signed in, and the cookie work Auth.js would do, are stood in for: these tests are about
// what the actions let through and what they change in the database.
const signedIn = vi.hoisted(() => ({ user: null as CurrentUser | null }));
const startSession = vi.hoisted(() => vi.fn(async () => {}));
const signOut = vi.hoisted(() => vi.fn(async () => {}));
const redirect = vi.hoisted(() =>
  vi.fn((url: string) => {
    throw new Error(`redirect:${url}`);
  }),
);

vi.mock("@/lib/auth/session", () => ({ getCurrentUser: async () => signedIn.user }));
vi.mock("@/lib/auth/start-session", () => ({ startSession }));
vi.mock("@/lib/auth", () => ({ signOut }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));
vi.mock("next/navigation", () => ({ redirect }));

const stamp = Date.now().toString(36);
const createdIds: string[] = [];
let counter = 0;

async function signInAs(options: { hasPassword?: boolean; session?: CurrentUser["session"] } = {}) {
  counter += 1;
  const { hashPassword } = await import("@/lib/auth/password");
  const user = await db.user.create({
    data: {
      email: `actions-${stamp}-${counter}@example.com`,
      emailVerified: new Date(),
      passwordHash: options.hasPassword === false ? null : await hashPassword("correct horse battery"),
      profile: { create: { username: `act_${stamp}_${counter}`, fullName: "Ada" } },
    },
    select: { id: true, email: true, sessionVersion: true },
  });
  createdIds.push(user.id);
  signedIn.user = {
    id: user.id,
    email: user.email,
    emailVerified: true,
    hasPassword: options.hasPassword !== false,
    username: `act_${stamp}_${counter}`,
    fullName: "Ada",
    image: null,
    twoFactorEnabled: false,
    session: options.session ?? { id: "test-session", signedInAt: new Date(), signedInWith: "credentials" },
  };
  return { ...user, username: signedIn.user.username! };
}

beforeEach(() => {
  freshClientIp();
  signedIn.user = null;
  startSession.mockClear();
  signOut.mockClear();
});

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: createdIds } } });
});

describe("account actions", () => {
  it("refuse everything once the session has ended", async () => {
    const ended = { ok: false, error: sessionEndedMessage, code: "signed_out" };
    await expect(updateProfileAction({ username: "someone", fullName: "X" })).resolves.toEqual(ended);
    await expect(
      changePasswordAction({
        currentPassword: "x",
        newPassword: "a new secret 42",
        confirmPassword: "a new secret 42",
      }),
    ).resolves.toEqual(ended);
    await expect(deleteAccountAction({ confirmation: "DELETE", password: "x" })).resolves.toEqual(ended);
  });

  it("update the profile, with field errors for an invalid or taken username", async () => {
    const other = await signInAs();
    const user = await signInAs();
    const invalid = await updateProfileAction({ username: "No Spaces!", fullName: "" });
    expect(invalid.ok).toBe(false);
    if (!invalid.ok) expect(Object.keys(invalid.fieldErrors ?? {}).sort()).toEqual(["fullName", "username"]);

    const taken = await updateProfileAction({ username: other.username, fullName: "Grace" });
    expect(taken).toMatchObject({ ok: false, fieldErrors: { username: [expect.stringContaining("taken")] } });
    expect((await db.profile.findUniqueOrThrow({ where: { userId: user.id } })).fullName).toBe("Ada");

    const saved = await updateProfileAction({ username: `  grace_${stamp}  `, fullName: " Grace Hopper " });
    expect(saved).toEqual({ ok: true, data: { username: `grace_${stamp}`, fullName: "Grace Hopper" } });
  });

  it("change the password only with the right current one, then renew this browser's session", async () => {
    const user = await signInAs();
    const wrong = await changePasswordAction({
      currentPassword: "wrong",
      newPassword: "a new secret 42",
      confirmPassword: "a new secret 42",
    });
    expect(wrong).toMatchObject({ ok: false, fieldErrors: { currentPassword: [expect.any(String)] } });

    const mismatch = await changePasswordAction({
      currentPassword: "correct horse battery",
      newPassword: "a new secret 42",
      confirmPassword: "a new secret 43",
    });
    expect(mismatch).toMatchObject({ ok: false, fieldErrors: { confirmPassword: ["The passwords do not match"] } });
    expect(startSession).not.toHaveBeenCalled();

    await expect(
      changePasswordAction({
        currentPassword: "correct horse battery",
        newPassword: "a new secret 42",
        confirmPassword: "a new secret 42",
      }),
    ).rejects.toThrow("redirect:/dashboard/settings");
    expect(startSession).toHaveBeenCalledWith(user.id, { secondFactorVerified: true });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion).toBe(user.sessionVersion + 1);
  });

  it("let a Google-only account set a first password only right after signing in with Google", async () => {
    const stale = await signInAs({
      hasPassword: false,
      session: { id: "old", signedInAt: new Date(Date.now() - 11 * 60 * 1000), signedInWith: "google" },
    });
    await expect(
      changePasswordAction({ newPassword: "a new secret 42", confirmPassword: "a new secret 42" }),
    ).resolves.toMatchObject({ ok: false, code: "reauth_google" });
    expect((await db.user.findUniqueOrThrow({ where: { id: stale.id } })).passwordHash).toBeNull();

    const user = await signInAs({
      hasPassword: false,
      session: { id: "fresh", signedInAt: new Date(Date.now() - 60 * 1000), signedInWith: "google" },
    });
    await expect(
      changePasswordAction({ newPassword: "a new secret 42", confirmPassword: "a new secret 42" }),
    ).rejects.toThrow("redirect:/dashboard/settings");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).not.toBeNull();
  });

  it("delete the account only when confirmed with the password, then sign out and go to /", async () => {
    const user = await signInAs();
    const refused = await deleteAccountAction({ confirmation: "nope", password: "correct horse battery" });
    expect(refused).toMatchObject({ ok: false, fieldErrors: { confirmation: [expect.any(String)] } });
    // Re-authentication: a session cookie alone (left open, or copied) cannot delete the account.
    const noPassword = await deleteAccountAction({ confirmation: user.email });
    expect(noPassword).toMatchObject({ ok: false, fieldErrors: { password: [expect.any(String)] } });
    const wrongPassword = await deleteAccountAction({ confirmation: user.email, password: "not my password" });
    expect(wrongPassword).toMatchObject({ ok: false, fieldErrors: { password: ["That password is not right."] } });
    expect(await db.user.count({ where: { id: user.id } })).toBe(1);

    await expect(deleteAccountAction({ confirmation: user.email, password: "correct horse battery" })).rejects.toThrow(
      "redirect:/",
    );
    expect(signOut).toHaveBeenCalledWith({ redirect: false });
    expect(await db.user.count({ where: { id: user.id } })).toBe(0);
  });
});

describe("account deletion for a Google-only account", () => {
  it("needs a Google sign-in from the last 10 minutes", async () => {
    const stale = await signInAs({
      hasPassword: false,
      session: { id: "s1", signedInAt: new Date(Date.now() - 30 * 60 * 1000), signedInWith: "google" },
    });
    await expect(deleteAccountAction({ confirmation: "DELETE" })).resolves.toMatchObject({
      ok: false,
      code: "reauth_google",
    });
    expect(await db.user.count({ where: { id: stale.id } })).toBe(1);

    const fresh = await signInAs({
      hasPassword: false,
      session: { id: "s2", signedInAt: new Date(), signedInWith: "google" },
    });
    await expect(deleteAccountAction({ confirmation: "DELETE" })).rejects.toThrow("redirect:/");
    expect(await db.user.count({ where: { id: fresh.id } })).toBe(0);
  });
});
