import { afterAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";

import { subscribeToNewsletter } from "./service";

const email = `Reader-${Date.now().toString(36)}@Example.com`;

afterAll(async () => {
  await db.newsletterSubscription.deleteMany({ where: { email: email.toLowerCase() } });
});

describe("subscribeToNewsletter", () => {
  it("stores the address lower-cased, once, and reports a repeat subscription", async () => {
    await expect(subscribeToNewsletter(email)).resolves.toEqual({ alreadySubscribed: false });
    await expect(subscribeToNewsletter(email.toUpperCase())).resolves.toEqual({ alreadySubscribed: true });

    const rows = await db.newsletterSubscription.findMany({ where: { email: email.toLowerCase() } });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.confirmedAt).toBeNull();
  });
});
