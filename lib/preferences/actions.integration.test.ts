import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

import type { CurrentUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { signedInSession } from "@/tests/setup/signed-in";
import { freshClientIp } from "@/tests/setup/test-request";

import { savePreferencesAction } from "./actions";
import { getPreferences } from "./service";

const signedIn = vi.hoisted(() => ({ user: null as CurrentUser | null }));
vi.mock("@/lib/auth/session", () => ({ getCurrentUser: async () => signedIn.user }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const stamp = Date.now().toString(36);
const users: string[] = [];
const choice = { theme: "light", emailBotAlerts: false, emailTicketUpdates: false, emailProductNews: true } as const;

async function signIn(label: string): Promise<string> {
  const user = await db.user.create({ data: { email: `prefs-action-${label}-${stamp}@example.com` } });
  users.push(user.id);
  signedIn.user = {
    id: user.id,
    email: user.email,
    emailVerified: true,
    hasPassword: true,
    username: null,
    fullName: null,
    image: null,
    ...signedInSession,
  };
  return user.id;
}

beforeEach(() => {
  freshClientIp();
  signedIn.user = null;
});
afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: users } } });
});

describe("savePreferencesAction", () => {
  it("refuses a signed-out visitor", async () => {
    expect(await savePreferencesAction(choice)).toMatchObject({ ok: false, code: "signed_out" });
  });

  it("saves the signed-in user's choice", async () => {
    const id = await signIn("save");
    expect(await savePreferencesAction(choice)).toEqual({ ok: true, data: choice });
    expect(await getPreferences(id)).toEqual(choice);
  });

  it("refuses a theme it does not know, and keeps what was saved", async () => {
    const id = await signIn("junk");
    const result = await savePreferencesAction({ ...choice, theme: "sepia" as "light" });
    expect(result).toMatchObject({ ok: false, fieldErrors: { theme: [expect.any(String)] } });
    expect((await getPreferences(id)).theme).toBe("system");
  });
});
