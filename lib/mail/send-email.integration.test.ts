import { createElement, type ComponentType, type ReactElement } from "react";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";

import ContactMessage, * as contactMessage from "@/emails/contact-message";
import NewsletterConfirmation, * as newsletterConfirmation from "@/emails/newsletter-confirmation";
import PartnerInquiryNotification, * as partnerInquiryNotification from "@/emails/partner-inquiry-notification";
import PartnerInquiryReceived, * as partnerInquiryReceived from "@/emails/partner-inquiry-received";
import PasswordReset, * as passwordReset from "@/emails/password-reset";
import SignupConfirmation, * as signupConfirmation from "@/emails/signup-confirmation";
import { db } from "@/lib/db";
import { env } from "@/lib/env";

import { extractLinks, latestEmailTo, listOutbox } from "./outbox";
import {
  EmailDeliveryError,
  oneClickUnsubscribeHeaders,
  resendClientFor,
  sendEmail,
  type ResendClient,
} from "./send-email";

const stamp = Date.now().toString(36);
const address = (label: string) => `${label}-${stamp}@example.com`;
const confirmUrl = `http://localhost:3000/auth/confirm?token=${stamp}&next=%2Fdashboard`;

function element<P extends object>(component: ComponentType<P>, props: P): ReactElement {
  return createElement(component, props);
}

function signup(to: string) {
  return {
    to,
    subject: signupConfirmation.subject,
    template: signupConfirmation.templateName,
    react: element(SignupConfirmation, { name: "Ada", confirmUrl }),
  };
}

type SendPayload = Parameters<ResendClient["emails"]["send"]>[0];

/** A stand-in for the Resend client: records what it was asked to send and answers `answer`. */
function fakeResend(answer: () => Promise<Awaited<ReturnType<ResendClient["emails"]["send"]>>>) {
  const sent: SendPayload[] = [];
  const client: ResendClient = {
    emails: {
      async send(payload) {
        sent.push(payload);
        return answer();
      },
    },
  };
  return { client, sent };
}

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  consoleError.mockRestore();
});

afterAll(async () => {
  await db.outboxEmail.deleteMany({ where: { to: { endsWith: `-${stamp}@example.com` } } });
});

describe("sendEmail without Resend", () => {
  it("uses Resend only when RESEND_API_KEY is set", () => {
    expect(resendClientFor(undefined)).toBeNull();
    expect(resendClientFor("re_test_key")).not.toBeNull();
  });

  it("stores the rendered message in the outbox, recipient lower-cased, and latestEmailTo finds it", async () => {
    const to = address("Signup").toUpperCase();
    const sent = await sendEmail(signup(`  ${to} `), { resend: null });
    expect(sent).toMatchObject({ provider: "outbox", providerId: null });

    const row = await latestEmailTo(to, "signup-confirmation");
    expect(row).not.toBeNull();
    expect(row).toMatchObject({
      id: sent.id,
      to: to.toLowerCase(),
      subject: "Confirm your Cipher account",
      template: "signup-confirmation",
      provider: "outbox",
      providerId: null,
      error: null,
    });
    expect(row?.html).toContain("<html");
    expect(row?.html).toContain("Confirm email");
    expect(row?.text).toContain("Confirm email");
    expect(row?.text).toContain(confirmUrl);
    expect(row?.text).not.toContain("<");
    expect(extractLinks(row?.html ?? "")).toContain(confirmUrl);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("finds the newest message, filtered by template, and lists the outbox newest first", async () => {
    const to = address("latest");
    await sendEmail(signup(to), { resend: null });
    await sendEmail(
      {
        to,
        subject: passwordReset.subject,
        template: passwordReset.templateName,
        react: element(PasswordReset, { name: "Ada", resetUrl: "http://localhost:3000/reset?token=1" }),
      },
      { resend: null },
    );

    expect((await latestEmailTo(to))?.template).toBe("password-reset");
    expect((await latestEmailTo(to, "signup-confirmation"))?.template).toBe("signup-confirmation");
    expect(await latestEmailTo(to, "contact-message")).toBeNull();
    expect(await latestEmailTo(address("nobody"))).toBeNull();

    const listed = await listOutbox({ to: to.toUpperCase(), limit: 10 });
    expect(listed.map((email) => email.template)).toEqual(["password-reset", "signup-confirmation"]);
    expect(listed[0]).not.toHaveProperty("html");
    expect(await listOutbox({ to, limit: 1 })).toHaveLength(1);
  });

  it("keeps a subject on one line", async () => {
    const to = address("subject");
    await sendEmail({ ...signup(to), subject: "Hello\r\nBcc: someone@example.com" }, { resend: null });
    expect((await latestEmailTo(to))?.subject).toBe("Hello Bcc: someone@example.com");
  });
});

describe("sendEmail with Resend (a fake client, no network)", () => {
  it("sends the rendered message from EMAIL_FROM and records Resend's id", async () => {
    const to = address("resend-ok");
    const { client, sent } = fakeResend(async () => ({ data: { id: "re_fake_123" }, error: null }));

    const headers = oneClickUnsubscribeHeaders("https://cipher.dev/newsletter/unsubscribe?token=u1");
    const result = await sendEmail({ ...signup(to), replyTo: "support@cipher.dev", headers }, { resend: client });

    expect(result).toMatchObject({ provider: "resend", providerId: "re_fake_123" });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      from: env.EMAIL_FROM,
      to,
      subject: "Confirm your Cipher account",
      replyTo: "support@cipher.dev",
      headers: {
        "List-Unsubscribe": "<https://cipher.dev/newsletter/unsubscribe?token=u1>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
    expect(sent[0]?.html).toContain(confirmUrl.replace("&", "&amp;"));
    expect(sent[0]?.text).toContain(confirmUrl);

    const row = await latestEmailTo(to);
    expect(row).toMatchObject({ id: result.id, provider: "resend", providerId: "re_fake_123", error: null });
    expect(row?.html).toBe(sent[0]?.html);
  });

  it("throws EmailDeliveryError on an { error } answer, records the error on the row and logs no body", async () => {
    const to = address("resend-error");
    const { client } = fakeResend(async () => ({
      data: null,
      error: { name: "validation_error", message: "Invalid `to` field.", statusCode: 422 },
    }));

    const failure = await sendEmail(signup(to), { resend: client }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(EmailDeliveryError);
    const deliveryError = failure as EmailDeliveryError;
    expect(deliveryError).toMatchObject({ template: "signup-confirmation", provider: "resend", stage: "provider" });

    const row = await latestEmailTo(to);
    expect(row?.id).toBe(deliveryError.outboxId);
    expect(row).toMatchObject({ provider: "resend", providerId: null });
    expect(row?.error).toContain("validation_error");
    expect(row?.error).toContain("Invalid `to` field.");

    expect(consoleError).toHaveBeenCalled();
    const logged = JSON.stringify(consoleError.mock.calls);
    expect(logged).toContain("signup-confirmation");
    expect(logged).not.toContain(confirmUrl);
    expect(logged).not.toContain(to);
  });

  it("throws EmailDeliveryError when the client itself throws", async () => {
    const to = address("resend-throws");
    const { client } = fakeResend(async () => {
      throw new TypeError("fetch failed");
    });

    await expect(sendEmail(signup(to), { resend: client })).rejects.toBeInstanceOf(EmailDeliveryError);
    expect((await latestEmailTo(to))?.error).toContain("fetch failed");
  });
});

describe("email templates", () => {
  const render = async (template: string, react: ReactElement) => {
    const to = address(`render-${template}`);
    await sendEmail({ to, subject: template, template, react }, { resend: null });
    const row = await latestEmailTo(to, template);
    if (!row) throw new Error(`no ${template} email stored`);
    return row;
  };

  it("signup confirmation: the confirm link, valid 24 hours", async () => {
    const row = await render("signup-confirmation", element(SignupConfirmation, { name: "Ada", confirmUrl }));
    expect(extractLinks(row.html)).toContain(confirmUrl);
    expect(row.text).toContain("Hi Ada,");
    expect(row.text).toContain("valid for 24 hours");
    expect(row.text).toContain("Cipher · Build, edit and host Discord bots");
  });

  it("password reset: the reset link, valid 1 hour, ignore if not asked", async () => {
    const resetUrl = "http://localhost:3000/auth/reset-password?token=r3s3t";
    const row = await render("password-reset", element(PasswordReset, { name: "", resetUrl }));
    expect(passwordReset.subject).toBe("Reset your Cipher password");
    expect(extractLinks(row.html)).toContain(resetUrl);
    expect(row.text).toContain("Hi there,");
    expect(row.text).toContain("valid for 1 hour");
    expect(row.text).toContain("If you did not ask to reset your password");
  });

  it("newsletter confirmation: the confirm link and a one-click unsubscribe link", async () => {
    const props = {
      confirmUrl: "http://localhost:3000/newsletter/confirm?token=n1",
      unsubscribeUrl: "http://localhost:3000/newsletter/unsubscribe?token=n1",
    };
    const row = await render("newsletter-confirmation", element(NewsletterConfirmation, props));
    expect(newsletterConfirmation.subject).toContain("newsletter");
    expect(extractLinks(row.html)).toEqual(expect.arrayContaining([props.confirmUrl, props.unsubscribeUrl]));
    expect(row.text).toContain("Unsubscribe");
  });

  it("partner inquiry received: thanks the applicant, reply within 2-3 business days", async () => {
    const row = await render(
      "partner-inquiry-received",
      element(PartnerInquiryReceived, { yourName: "Sam", companyName: "PixelForge" }),
    );
    expect(partnerInquiryReceived.subject).toContain("partnership inquiry");
    expect(row.text).toContain("Hi Sam,");
    expect(row.text).toContain("PixelForge");
    expect(row.text).toContain("2-3 business days");
  });

  it("partner inquiry notification: all nine fields, labels for choices, text escaped", async () => {
    const props = {
      companyName: "Pixel <Forge> & Co",
      partnershipType: "technology",
      yourName: "Sam Rivera",
      yourTitle: "Head of Partnerships",
      email: "sam@pixelforge.example",
      companySize: "11-50",
      website: "https://pixelforge.example",
      proposal: "Line one\nLine <b>two</b>",
      timeline: "short",
    };
    const row = await render("partner-inquiry-notification", element(PartnerInquiryNotification, props));
    expect(partnerInquiryNotification.subject(props)).toBe("New partner inquiry: Pixel <Forge> & Co");
    expect(row.html).toContain("Pixel &lt;Forge&gt; &amp; Co");
    expect(row.html).not.toContain("<b>two</b>");
    for (const text of [
      "Pixel <Forge> & Co",
      "Technology Partnership",
      "Sam Rivera",
      "Head of Partnerships",
      "sam@pixelforge.example",
      "11-50 employees",
      "https://pixelforge.example",
      "Line one",
      "Line <b>two</b>",
      "Short term (1-3 months)",
    ]) {
      expect(row.text).toContain(text);
    }
    expect(extractLinks(row.html)).toEqual(["mailto:sam@pixelforge.example", "https://pixelforge.example"]);
  });

  it("partner inquiry notification: unanswered optional fields show as a dash, unsafe websites as text", async () => {
    const row = await render(
      "partner-inquiry-notification",
      element(PartnerInquiryNotification, {
        companyName: "Solo",
        partnershipType: "other",
        yourName: "Kim",
        yourTitle: null,
        email: "kim@example.com",
        companySize: "",
        website: "javascript:alert(1)",
        proposal: "Hi",
        timeline: null,
      }),
    );
    expect(row.text).toContain("—");
    expect(extractLinks(row.html)).toEqual(["mailto:kim@example.com"]);
  });

  it("contact message: the visitor's details and message", async () => {
    const props = {
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      subject: "Technical Support",
      message: "My bot is offline.\nHelp?",
    };
    const row = await render("contact-message", element(ContactMessage, props));
    expect(contactMessage.subject(props)).toBe("Contact form: Technical Support from Ada Lovelace");
    expect(extractLinks(row.html)).toContain("mailto:ada@example.com");
    for (const text of ["Ada Lovelace", "Technical Support", "My bot is offline.", "Help?"]) {
      expect(row.text).toContain(text);
    }
  });
});
