import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";

import { defaultPreferences } from "./schemas";
import { getPreferences, savePreferences } from "./service";

const stamp = Date.now().toString(36);
let alice: string;
let bob: string;

beforeAll(async () => {
  alice = (await db.user.create({ data: { email: `prefs-alice-${stamp}@example.com` } })).id;
  bob = (await db.user.create({ data: { email: `prefs-bob-${stamp}@example.com` } })).id;
});

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: [alice, bob] } } });
});

describe("preferences", () => {
  it("are the defaults before anything is saved", async () => {
    expect(await getPreferences(alice)).toEqual(defaultPreferences);
  });

  it("round-trip, and saving again replaces them", async () => {
    const saved = { theme: "light", emailBotAlerts: false, emailTicketUpdates: true, emailProductNews: true } as const;
    expect(await savePreferences(alice, saved)).toEqual(saved);
    expect(await getPreferences(alice)).toEqual(saved);
    await savePreferences(alice, { ...saved, theme: "dark", emailProductNews: false });
    expect(await getPreferences(alice)).toEqual({ ...saved, theme: "dark", emailProductNews: false });
  });

  it("belong to one user only", async () => {
    expect(await getPreferences(bob)).toEqual(defaultPreferences);
  });

  it("fall back to the system theme when the stored one is unknown", async () => {
    await db.userPreferences.update({ where: { userId: alice }, data: { theme: "sepia" } });
    expect((await getPreferences(alice)).theme).toBe("system");
  });
});
