import { beforeEach, describe, expect, it } from "vitest";

import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { latestEmailTo } from "@/lib/mail/outbox";
import { rateLimitedMessage } from "@/lib/rate-limit";
import { freshClientIp } from "@/tests/setup/test-request";

import { sendContactMessageAction } from "./actions";
import type { ContactInput } from "./schemas";

let counter = 0;
function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

function validMessage(email: string): ContactInput {
  return { firstName: "Ada", lastName: "Lovelace", email, subject: "Technical Support", message: "My bot is silent." };
}

beforeEach(() => {
  freshClientIp();
});

describe("sendContactMessageAction", () => {
  it("stores a valid message with the default subject and emails it to support", async () => {
    const email = uniqueEmail("visitor");
    const result = await sendContactMessageAction({ firstName: "Ada", lastName: "L", email, message: "Hello there" });
    expect(result).toEqual({ ok: true, data: { received: true } });
    const rows = await db.contactMessage.findMany({ where: { email } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      firstName: "Ada",
      lastName: "L",
      subject: "General Inquiry",
      message: "Hello there",
    });
    const mail = await latestEmailTo(env.SUPPORT_EMAIL, "contact-message");
    expect(mail?.html).toContain(email);
  });

  it("accepts fields at their caps (names 100, email 254, message 5,000)", async () => {
    const email = `${"c".repeat(254 - "@example.com".length - 8)}${Date.now().toString(36).slice(-8)}@example.com`;
    expect(email).toHaveLength(254);
    const result = await sendContactMessageAction({
      ...validMessage(email),
      firstName: "F".repeat(100),
      lastName: "L".repeat(100),
      message: "m".repeat(5000),
    });
    expect(result.ok).toBe(true);
    expect(await db.contactMessage.count({ where: { email } })).toBe(1);
  });

  it.each<[string, Partial<Record<keyof ContactInput, unknown>>, string]>([
    ["a missing first name", { firstName: undefined }, "firstName"],
    ["an empty first name", { firstName: "  " }, "firstName"],
    ["a missing last name", { lastName: "" }, "lastName"],
    ["a missing email", { email: "" }, "email"],
    ["a missing message", { message: "" }, "message"],
    ["a bad email", { email: "not-an-email" }, "email"],
    ["a subject not in the list", { subject: "Gossip" }, "subject"],
    ["a first name over 100 characters", { firstName: "F".repeat(101) }, "firstName"],
    ["a last name over 100 characters", { lastName: "L".repeat(101) }, "lastName"],
    ["an email over 254 characters", { email: `${"e".repeat(243)}@example.com` }, "email"],
    ["a message over 5,000 characters", { message: "m".repeat(5001) }, "message"],
    ["a 1 MB message", { message: "m".repeat(1024 * 1024) }, "message"],
  ])("refuses %s with a field error and stores nothing", async (_case, change, field) => {
    const email = uniqueEmail("invalid");
    const result = await sendContactMessageAction({ ...validMessage(email), ...change } as ContactInput);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.fieldErrors ?? {})).toEqual([field]);
      expect(result.error).toBe("Please check the highlighted fields.");
    }
    expect(await db.contactMessage.count({ where: { email } })).toBe(0);
  });

  it("refuses the 11th message in a minute from one IP with code rate_limited; another IP still may", async () => {
    const email = uniqueEmail("burst");
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await sendContactMessageAction(validMessage(email))).ok).toBe(true);
    }
    const refused = uniqueEmail("burst-refused");
    await expect(sendContactMessageAction(validMessage(refused))).resolves.toEqual({
      ok: false,
      error: rateLimitedMessage,
      code: "rate_limited",
    });
    expect(await db.contactMessage.count({ where: { email: refused } })).toBe(0);

    freshClientIp();
    const other = uniqueEmail("other-ip");
    expect((await sendContactMessageAction(validMessage(other))).ok).toBe(true);
    expect(await db.contactMessage.count({ where: { email: other } })).toBe(1);
  });

  it("counts invalid submissions towards the limit too", async () => {
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await sendContactMessageAction({ ...validMessage(""), message: "" })).ok).toBe(false);
    }
    const email = uniqueEmail("after-junk");
    await expect(sendContactMessageAction(validMessage(email))).resolves.toMatchObject({ code: "rate_limited" });
    expect(await db.contactMessage.count({ where: { email } })).toBe(0);
  });
});
