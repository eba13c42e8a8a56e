import { afterEach, describe, expect, it, vi } from "vitest";

import { hashToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db";
import { extractLinks } from "@/lib/mail/outbox";
import type * as SendEmailModule from "@/lib/mail/send-email";
import { sendEmail } from "@/lib/mail/send-email";

import {
  confirmationLifetimeMs,
  confirmationLinkState,
  confirmSubscription,
  subscribeToNewsletter,
  unsubscribe,
  unsubscribeLinkState,
} from "./service";

// The real sendEmail (outbox), wrapped so one test can make delivery fail.
vi.mock("@/lib/mail/send-email", async (importOriginal) => {
  const actual = await importOriginal<typeof SendEmailModule>();
  return { ...actual, sendEmail: vi.fn(actual.sendEmail) };
});

let counter = 0;
function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@Example.com`;
}

async function row(email: string) {
  return db.newsletterSubscription.findUnique({ where: { email: email.toLowerCase() } });
}

async function confirmationEmails(email: string) {
  return db.outboxEmail.findMany({
    where: { to: email.toLowerCase(), template: "newsletter-confirmation" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

/** The token of the `pathname` link in the newest confirmation email to `email`. */
async function emailedToken(email: string, pathname: string): Promise<string> {
  const mails = await confirmationEmails(email);
  const html = mails.at(-1)?.html ?? "";
  const link = extractLinks(html)
    .map((href) => new URL(href))
    .find((url) => url.pathname === pathname);
  if (!link) throw new Error(`no ${pathname} link mailed to ${email}`);
  return link.searchParams.get("token")!;
}

afterEach(() => {
  vi.mocked(sendEmail).mockClear();
});

describe("subscribeToNewsletter", () => {
  it("stores the address lower-cased and unconfirmed, with only the hash of a 7-day token", async () => {
    const email = uniqueEmail("Reader");
    const before = Date.now();
    await expect(subscribeToNewsletter(email)).resolves.toBe("confirmation-sent");
    const after = Date.now();

    const stored = await row(email);
    expect(stored).toMatchObject({ email: email.toLowerCase(), confirmedAt: null, unsubscribedAt: null });
    const token = await emailedToken(email, "/newsletter/confirm");
    expect(stored?.confirmTokenHash).toBe(hashToken(token));
    expect(stored?.confirmTokenHash).not.toContain(token);
    // Seven days from the moment it was issued, which lies between `before` and `after`.
    const expires = stored!.confirmTokenExpires!.getTime();
    expect(expires).toBeGreaterThanOrEqual(before + confirmationLifetimeMs);
    expect(expires).toBeLessThanOrEqual(after + confirmationLifetimeMs);
  });

  it("mails confirm and unsubscribe links on SITE_URL, with one-click unsubscribe headers", async () => {
    const email = uniqueEmail("links");
    await subscribeToNewsletter(email);
    const stored = await row(email);

    const [mail] = await confirmationEmails(email);
    expect(mail?.subject).toBe("Confirm your Cipher newsletter subscription");
    const links = extractLinks(mail!.html).map((href) => new URL(href));
    const confirm = links.find((url) => url.pathname === "/newsletter/confirm");
    const unsubscribeLink = links.find((url) => url.pathname === "/newsletter/unsubscribe");
    expect(confirm?.origin).toBe("http://localhost:3000");
    expect(unsubscribeLink?.searchParams.get("token")).toBe(stored?.unsubscribeToken);

    const sent = vi.mocked(sendEmail).mock.calls.at(-1)?.[0];
    expect(sent?.headers).toEqual({
      "List-Unsubscribe": `<http://localhost:3000/api/newsletter/unsubscribe?token=${stored?.unsubscribeToken}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("subscribing again while unconfirmed keeps one row and mails a new link; the old one stops working", async () => {
    const email = uniqueEmail("twice");
    await subscribeToNewsletter(email);
    const firstToken = await emailedToken(email, "/newsletter/confirm");
    await expect(subscribeToNewsletter(email.toUpperCase())).resolves.toBe("confirmation-sent");
    const secondToken = await emailedToken(email, "/newsletter/confirm");

    expect(await db.newsletterSubscription.count({ where: { email: email.toLowerCase() } })).toBe(1);
    expect(await confirmationEmails(email)).toHaveLength(2);
    expect(secondToken).not.toBe(firstToken);
    await expect(confirmationLinkState(firstToken)).resolves.toBe("invalid");
    await expect(confirmationLinkState(secondToken)).resolves.toBe("valid");
  });

  it("a confirmed subscriber who subscribes again gets no new email", async () => {
    const email = uniqueEmail("confirmed");
    await subscribeToNewsletter(email);
    await confirmSubscription(await emailedToken(email, "/newsletter/confirm"));

    await expect(subscribeToNewsletter(email)).resolves.toBe("already-subscribed");
    expect(await confirmationEmails(email)).toHaveLength(1);
    expect((await row(email))?.confirmedAt).not.toBeNull();
  });

  it("someone who unsubscribed is back to unconfirmed with a new confirmation email", async () => {
    const email = uniqueEmail("returning");
    await subscribeToNewsletter(email);
    await confirmSubscription(await emailedToken(email, "/newsletter/confirm"));
    await unsubscribe((await row(email))!.unsubscribeToken);

    await expect(subscribeToNewsletter(email)).resolves.toBe("confirmation-sent");
    expect(await row(email)).toMatchObject({ confirmedAt: null, unsubscribedAt: null });
    expect(await confirmationEmails(email)).toHaveLength(2);
    await expect(confirmSubscription(await emailedToken(email, "/newsletter/confirm"))).resolves.toBe("confirmed");
  });

  it("when the email cannot be sent, a new address is not stored and the error is thrown", async () => {
    const email = uniqueEmail("mail-down");
    vi.mocked(sendEmail).mockRejectedValueOnce(new Error("mail is down"));
    await expect(subscribeToNewsletter(email)).rejects.toThrow("mail is down");
    expect(await row(email)).toBeNull();
  });

  it("when the email cannot be sent again, a pending subscription keeps its earlier, still valid link", async () => {
    const email = uniqueEmail("mail-down-again");
    await subscribeToNewsletter(email);
    const token = await emailedToken(email, "/newsletter/confirm");
    const before = await row(email);

    vi.mocked(sendEmail).mockRejectedValueOnce(new Error("mail is down"));
    await expect(subscribeToNewsletter(email)).rejects.toThrow("mail is down");
    const after = await row(email);
    expect(after).toMatchObject({
      confirmTokenHash: before?.confirmTokenHash,
      confirmTokenExpires: before?.confirmTokenExpires,
      confirmedAt: null,
      unsubscribedAt: null,
    });
    await expect(confirmSubscription(token)).resolves.toBe("confirmed");
  });

  it("when the email cannot be sent, someone who unsubscribed stays unsubscribed", async () => {
    const email = uniqueEmail("mail-down-unsubscribed");
    await subscribeToNewsletter(email);
    await unsubscribe((await row(email))!.unsubscribeToken);
    const before = await row(email);

    vi.mocked(sendEmail).mockRejectedValueOnce(new Error("mail is down"));
    await expect(subscribeToNewsletter(email)).rejects.toThrow("mail is down");
    expect((await row(email))?.unsubscribedAt).toEqual(before?.unsubscribedAt);
  });
});

describe("confirmSubscription", () => {
  it("a valid link confirms once; the same link again is invalid", async () => {
    const email = uniqueEmail("confirm");
    await subscribeToNewsletter(email);
    const token = await emailedToken(email, "/newsletter/confirm");

    await expect(confirmationLinkState(token)).resolves.toBe("valid");
    expect((await row(email))?.confirmedAt).toBeNull(); // looking at the link changes nothing
    await expect(confirmSubscription(token)).resolves.toBe("confirmed");
    const stored = await row(email);
    expect(stored?.confirmedAt).toBeInstanceOf(Date);
    expect(stored).toMatchObject({ confirmTokenHash: null, confirmTokenExpires: null });

    await expect(confirmSubscription(token)).resolves.toBe("invalid");
    await expect(confirmationLinkState(token)).resolves.toBe("invalid");
  });

  it("a link older than 7 days is expired and confirms nothing", async () => {
    const email = uniqueEmail("expired");
    await subscribeToNewsletter(email);
    const token = await emailedToken(email, "/newsletter/confirm");
    const later = new Date(Date.now() + confirmationLifetimeMs + 60_000);

    await expect(confirmationLinkState(token, later)).resolves.toBe("expired");
    await expect(confirmSubscription(token, later)).resolves.toBe("expired");
    expect((await row(email))?.confirmedAt).toBeNull();
  });

  it("unknown, empty and oversized tokens are invalid", async () => {
    for (const token of ["", "not-a-token", "x".repeat(10_000)]) {
      await expect(confirmSubscription(token)).resolves.toBe("invalid");
      await expect(confirmationLinkState(token)).resolves.toBe("invalid");
    }
  });

  it("two presses at once confirm once", async () => {
    const email = uniqueEmail("race");
    await subscribeToNewsletter(email);
    const token = await emailedToken(email, "/newsletter/confirm");
    const outcomes = await Promise.all([confirmSubscription(token), confirmSubscription(token)]);
    expect(outcomes.filter((outcome) => outcome === "confirmed")).toHaveLength(1);
  });
});

describe("unsubscribe", () => {
  it("unsubscribes, idempotently, keeping the first time, and kills a pending confirmation link", async () => {
    const email = uniqueEmail("leaving");
    await subscribeToNewsletter(email);
    const confirmToken = await emailedToken(email, "/newsletter/confirm");
    const { unsubscribeToken } = (await row(email))!;

    await expect(unsubscribeLinkState(unsubscribeToken)).resolves.toBe("subscribed");
    await expect(unsubscribe(unsubscribeToken)).resolves.toBe("unsubscribed");
    const first = (await row(email))?.unsubscribedAt;
    expect(first).toBeInstanceOf(Date);
    await expect(unsubscribe(unsubscribeToken)).resolves.toBe("unsubscribed");
    expect((await row(email))?.unsubscribedAt).toEqual(first);
    await expect(unsubscribeLinkState(unsubscribeToken)).resolves.toBe("unsubscribed");

    await expect(confirmSubscription(confirmToken)).resolves.toBe("invalid");
    expect((await row(email))?.confirmedAt).toBeNull();
  });

  it("an unknown token unsubscribes nobody", async () => {
    await expect(unsubscribe("00000000-0000-0000-0000-000000000000")).resolves.toBe("invalid");
    await expect(unsubscribeLinkState("")).resolves.toBe("invalid");
  });
});
