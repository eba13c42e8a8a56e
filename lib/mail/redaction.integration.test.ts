/**
 * Stored emails do not keep live confirmation and reset links: redacted at once when a mail
 * provider sends the message; in the local outbox (no provider) shown until used or expired.
 */
import { createElement } from "react";
import { afterAll, describe, expect, it } from "vitest";

import PasswordReset, * as passwordReset from "@/emails/password-reset";
import { requestPasswordReset, resetPassword } from "@/lib/auth/service";
import { db } from "@/lib/db";

import { extractLinks, getOutboxEmail, latestEmailTo, listOutbox } from "./outbox";
import { redactedMark, redactUsedSecret } from "./redact";
import { sendEmail, type ResendClient } from "./send-email";

const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const address = (label: string) => `${label}-redact-${stamp}@example.com`;
const secretToken = () => `${stamp}${Math.random().toString(36).slice(2)}-live_Token`;

function resetMail(to: string, token: string, expiresAt = new Date(Date.now() + 60 * 60 * 1000)) {
  return {
    to,
    subject: passwordReset.subject,
    template: passwordReset.templateName,
    react: createElement(PasswordReset, {
      name: "Ada",
      resetUrl: `http://localhost:3000/reset-password?token=${token}`,
    }),
    secrets: { values: [token], expiresAt },
  };
}

afterAll(async () => {
  await db.outboxEmail.deleteMany({ where: { to: { contains: `-redact-${stamp}@` } } });
  await db.user.deleteMany({ where: { email: { contains: `-redact-${stamp}@` } } });
});

describe("stored emails and live links", () => {
  it("a message a provider sends is stored with its token redacted; the recipient gets the link", async () => {
    const token = secretToken();
    const sent: string[] = [];
    const resend: ResendClient = {
      emails: {
        async send(payload) {
          sent.push(payload.html, payload.text);
          return { data: { id: "re_1" }, error: null };
        },
      },
    };
    const { id } = await sendEmail(resetMail(address("provider"), token), { resend });
    const stored = await db.outboxEmail.findUniqueOrThrow({ where: { id } });
    expect(sent.join()).toContain(token);
    expect(stored.html).not.toContain(token);
    expect(stored.text).not.toContain(token);
    expect(stored.html).toContain(`token=${redactedMark}`);
    expect(stored.secretHashes).toEqual([]);
  });

  it("in the local outbox the link shows until it is used", async () => {
    const token = secretToken();
    const { id } = await sendEmail(resetMail(address("outbox"), token), { resend: null });
    expect(extractLinks((await getOutboxEmail(id))!.html).join()).toContain(token);
    await redactUsedSecret(token);
    const stored = (await getOutboxEmail(id))!;
    expect(stored.html + stored.text).not.toContain(token);
    expect(stored.html).toContain(redactedMark);
    expect(stored.secretHashes).toEqual([]);
  });

  it("in the local outbox an expired link is redacted the next time the outbox is read", async () => {
    const token = secretToken();
    const { id } = await sendEmail(resetMail(address("expired"), token, new Date(Date.now() - 1000)), {
      resend: null,
    });
    await listOutbox({ limit: 1 });
    const stored = await db.outboxEmail.findUniqueOrThrow({ where: { id } });
    expect(stored.html + stored.text).not.toContain(token);
  });

  it("a password reset link is redacted from the outbox once used", async () => {
    const email = address("reset");
    await db.user.create({ data: { email, emailVerified: new Date() } });
    await requestPasswordReset(email);
    const mail = (await latestEmailTo(email, passwordReset.templateName))!;
    const link = extractLinks(mail.html).find((href) => href.includes("/reset-password"))!;
    const token = new URL(link).searchParams.get("token")!;
    expect(mail.text).toContain(token);

    expect(await resetPassword(token, "a much longer passphrase 42")).toMatchObject({ ok: true });
    const stored = await db.outboxEmail.findUniqueOrThrow({ where: { id: mail.id } });
    expect(stored.html + stored.text).not.toContain(token);
    expect(stored.html).toContain(`token=${redactedMark}`);
  });
});
