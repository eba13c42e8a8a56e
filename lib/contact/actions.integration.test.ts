import { describe, expect, it } from "vitest";

import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { latestEmailTo } from "@/lib/mail/outbox";
import { submitPartnerInquiryAction } from "@/lib/partners/actions";

import { sendContactMessageAction } from "./actions";

const stamp = Date.now().toString(36);

describe("contact and partner inquiry actions", () => {
  it("stores a valid contact message with the default subject", async () => {
    const email = `visitor-${stamp}@example.com`;
    const result = await sendContactMessageAction({ firstName: "Ada", lastName: "L", email, message: "Hello there" });
    expect(result).toEqual({ ok: true, data: { received: true } });
    const rows = await db.contactMessage.findMany({ where: { email } });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.subject).toBe("General Inquiry");
    const mail = await latestEmailTo(env.SUPPORT_EMAIL, "contact-message");
    expect(mail?.html).toContain(email);
  });

  it("refuses an invalid contact message with field errors and stores nothing", async () => {
    const email = `bad-${stamp}@example.com`;
    const result = await sendContactMessageAction({
      firstName: "",
      lastName: "L",
      email,
      subject: "Gossip" as never,
      message: "x".repeat(5001),
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fieldErrors ?? {}).sort()).toEqual(["firstName", "message", "subject"]);
    expect(await db.contactMessage.count({ where: { email } })).toBe(0);
  });

  it("stores a partner inquiry with unanswered optional fields as null", async () => {
    const email = `partner-${stamp}@example.com`;
    const result = await submitPartnerInquiryAction({
      companyName: "PixelForge",
      partnershipType: "technology",
      yourName: "Sam",
      yourTitle: "",
      email,
      companySize: "",
      website: "",
      proposal: "Let's build an integration together.",
      timeline: "short",
    });
    expect(result.ok).toBe(true);
    const row = await db.partnerInquiry.findFirstOrThrow({ where: { email } });
    expect(row).toMatchObject({ yourTitle: null, companySize: null, website: null, timeline: "short" });
    expect((await latestEmailTo(email, "partner-inquiry-received"))?.subject).toContain("partnership inquiry");
    expect((await latestEmailTo(env.SUPPORT_EMAIL, "partner-inquiry-notification"))?.html).toContain("PixelForge");
  });

  it("refuses a partner inquiry without the required fields", async () => {
    const email = `partner-missing-${stamp}@example.com`;
    const result = await submitPartnerInquiryAction({
      companyName: "",
      partnershipType: "",
      yourName: "",
      email,
      proposal: "",
    } as never);
    expect(result.ok).toBe(false);
    expect(await db.partnerInquiry.count({ where: { email } })).toBe(0);
  });
});
