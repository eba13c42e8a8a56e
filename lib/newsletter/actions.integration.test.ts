import { beforeEach, describe, expect, it } from "vitest";

import { POST as oneClickUnsubscribe } from "@/app/api/newsletter/unsubscribe/route";
import { db } from "@/lib/db";
import { extractLinks, latestEmailTo } from "@/lib/mail/outbox";
import { rateLimitedMessage } from "@/lib/rate-limit";
import { freshClientIp } from "@/tests/setup/test-request";

import { confirmSubscriptionAction, subscribeAction, unsubscribeAction } from "./actions";

let counter = 0;
function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

async function row(email: string) {
  return db.newsletterSubscription.findUnique({ where: { email } });
}

async function emailedToken(email: string, pathname: string): Promise<string> {
  const mail = await latestEmailTo(email, "newsletter-confirmation");
  const link = extractLinks(mail?.html ?? "")
    .map((href) => new URL(href))
    .find((url) => url.pathname === pathname);
  if (!link) throw new Error(`no ${pathname} link mailed to ${email}`);
  return link.searchParams.get("token")!;
}

function oneClickRequest(token: string, body: BodyInit | null = "List-Unsubscribe=One-Click") {
  return new Request(`http://localhost:3000/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: "POST",
    headers: body === null ? {} : { "content-type": "application/x-www-form-urlencoded" },
    body,
  });
}

beforeEach(() => {
  freshClientIp();
});

describe("subscribeAction", () => {
  it("accepts a valid address, stores it unconfirmed and mails the confirmation link", async () => {
    const email = uniqueEmail("reader");
    await expect(subscribeAction({ email: `  ${email.toUpperCase()} ` })).resolves.toEqual({
      ok: true,
      data: { received: true },
    });
    expect(await row(email)).toMatchObject({ confirmedAt: null, unsubscribedAt: null });
    expect(await latestEmailTo(email, "newsletter-confirmation")).not.toBeNull();
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["without @", "no-at-sign"],
    ["over 254 characters", `${"a".repeat(250)}@example.com`],
  ])("refuses an email that is %s with a field error and stores nothing", async (_case, email) => {
    const result = await subscribeAction({ email } as never);
    expect(result).toMatchObject({ ok: false, fieldErrors: { email: [expect.any(String)] } });
    if (typeof email === "string" && email.includes("@")) expect(await row(email.toLowerCase())).toBeNull();
  });

  it("answers the same success for a new, a pending and a confirmed address; one row, no mail once confirmed", async () => {
    const email = uniqueEmail("repeat");
    const success = { ok: true, data: { received: true } };
    await expect(subscribeAction({ email })).resolves.toEqual(success);
    await expect(subscribeAction({ email })).resolves.toEqual(success);
    expect(await db.outboxEmail.count({ where: { to: email, template: "newsletter-confirmation" } })).toBe(2);

    await confirmSubscriptionAction({ token: await emailedToken(email, "/newsletter/confirm") });
    await expect(subscribeAction({ email })).resolves.toEqual(success);
    expect(await db.outboxEmail.count({ where: { to: email, template: "newsletter-confirmation" } })).toBe(2);
    expect(await db.newsletterSubscription.count({ where: { email } })).toBe(1);
  });

  it("refuses the 11th subscription in a minute from one IP with code rate_limited; another IP still may", async () => {
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await subscribeAction({ email: uniqueEmail(`burst-${attempt}`) })).ok).toBe(true);
    }
    const refused = uniqueEmail("burst-11");
    await expect(subscribeAction({ email: refused })).resolves.toEqual({
      ok: false,
      error: rateLimitedMessage,
      code: "rate_limited",
    });
    expect(await row(refused)).toBeNull();
    expect(await latestEmailTo(refused)).toBeNull();

    freshClientIp();
    const other = uniqueEmail("other-ip");
    expect((await subscribeAction({ email: other })).ok).toBe(true);
    expect(await row(other)).not.toBeNull();
  });
});

describe("confirmSubscriptionAction", () => {
  it("confirms with the mailed link once; a reused link answers invalid", async () => {
    const email = uniqueEmail("confirm");
    await subscribeAction({ email });
    const token = await emailedToken(email, "/newsletter/confirm");

    await expect(confirmSubscriptionAction({ token })).resolves.toEqual({ ok: true, data: { status: "confirmed" } });
    expect((await row(email))?.confirmedAt).toBeInstanceOf(Date);
    await expect(confirmSubscriptionAction({ token })).resolves.toEqual({ ok: true, data: { status: "invalid" } });
  });

  it("answers expired for a link past its 7 days", async () => {
    const email = uniqueEmail("expired");
    await subscribeAction({ email });
    const token = await emailedToken(email, "/newsletter/confirm");
    await db.newsletterSubscription.update({
      where: { email },
      data: { confirmTokenExpires: new Date(Date.now() - 1) },
    });

    await expect(confirmSubscriptionAction({ token })).resolves.toEqual({ ok: true, data: { status: "expired" } });
    expect((await row(email))?.confirmedAt).toBeNull();
  });

  it("refuses an empty token as a field error", async () => {
    await expect(confirmSubscriptionAction({ token: "" })).resolves.toMatchObject({
      ok: false,
      fieldErrors: { token: [expect.any(String)] },
    });
  });
});

describe("unsubscribeAction", () => {
  it("unsubscribes with the mailed link, and answers the same when pressed again", async () => {
    const email = uniqueEmail("leaving");
    await subscribeAction({ email });
    await confirmSubscriptionAction({ token: await emailedToken(email, "/newsletter/confirm") });
    const token = await emailedToken(email, "/newsletter/unsubscribe");

    const unsubscribed = { ok: true, data: { status: "unsubscribed" } };
    await expect(unsubscribeAction({ token })).resolves.toEqual(unsubscribed);
    expect((await row(email))?.unsubscribedAt).toBeInstanceOf(Date);
    await expect(unsubscribeAction({ token })).resolves.toEqual(unsubscribed);
  });

  it("answers invalid for an unknown link", async () => {
    await expect(unsubscribeAction({ token: "no-such-token" })).resolves.toEqual({
      ok: true,
      data: { status: "invalid" },
    });
  });
});

describe("POST /api/newsletter/unsubscribe (RFC 8058 one-click)", () => {
  it("unsubscribes on List-Unsubscribe=One-Click and answers 200, also when repeated", async () => {
    const email = uniqueEmail("one-click");
    await subscribeAction({ email });
    const { unsubscribeToken } = (await row(email))!;

    const response = await oneClickUnsubscribe(oneClickRequest(unsubscribeToken));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ unsubscribed: true });
    expect((await row(email))?.unsubscribedAt).toBeInstanceOf(Date);
    expect((await oneClickUnsubscribe(oneClickRequest(unsubscribeToken))).status).toBe(200);
  });

  it("accepts the body as multipart form data too", async () => {
    const email = uniqueEmail("one-click-multipart");
    await subscribeAction({ email });
    const { unsubscribeToken } = (await row(email))!;
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const request = new Request(`http://localhost:3000/api/newsletter/unsubscribe?token=${unsubscribeToken}`, {
      method: "POST",
      body: form,
    });
    expect((await oneClickUnsubscribe(request)).status).toBe(200);
    expect((await row(email))?.unsubscribedAt).toBeInstanceOf(Date);
  });

  it("answers 404 JSON for an unknown or missing token", async () => {
    for (const request of [
      oneClickRequest("no-such-token"),
      new Request("http://localhost:3000/api/newsletter/unsubscribe", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      }),
    ]) {
      const response = await oneClickUnsubscribe(request);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    }
  });

  it("answers 400 JSON without the one-click body and unsubscribes nobody", async () => {
    const email = uniqueEmail("one-click-no-body");
    await subscribeAction({ email });
    const { unsubscribeToken } = (await row(email))!;

    for (const body of [null, "", "List-Unsubscribe=Later", "{}"]) {
      const response = await oneClickUnsubscribe(oneClickRequest(unsubscribeToken, body));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    }
    expect((await row(email))?.unsubscribedAt).toBeNull();
  });
});
