import { beforeEach, describe, expect, it } from "vitest";

import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { latestEmailTo } from "@/lib/mail/outbox";
import { rateLimitedMessage } from "@/lib/rate-limit";
import { freshClientIp } from "@/tests/setup/test-request";

import { submitPartnerInquiryAction } from "./actions";
import type { PartnerInquiryInput } from "./schemas";

let counter = 0;
function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

function validInquiry(email: string): PartnerInquiryInput {
  return {
    companyName: "PixelForge",
    partnershipType: "technology",
    yourName: "Sam",
    yourTitle: "CTO",
    email,
    companySize: "11-50",
    website: "https://pixelforge.example",
    proposal: "Let's build an integration together.",
    timeline: "short",
  };
}

beforeEach(() => {
  freshClientIp();
});

describe("submitPartnerInquiryAction", () => {
  it("stores a complete inquiry, notifies the team and confirms receipt to the applicant", async () => {
    const email = uniqueEmail("partner");
    await expect(submitPartnerInquiryAction(validInquiry(email))).resolves.toEqual({
      ok: true,
      data: { received: true },
    });
    const row = await db.partnerInquiry.findFirstOrThrow({ where: { email } });
    expect(row).toMatchObject({ ...validInquiry(email) });
    expect((await latestEmailTo(email, "partner-inquiry-received"))?.subject).toContain("partnership inquiry");
    expect((await latestEmailTo(env.SUPPORT_EMAIL, "partner-inquiry-notification"))?.html).toContain(email);
  });

  it("stores unanswered optional fields as null", async () => {
    const email = uniqueEmail("partner-minimal");
    const result = await submitPartnerInquiryAction({
      ...validInquiry(email),
      yourTitle: "",
      companySize: "",
      website: "",
      timeline: "",
    });
    expect(result.ok).toBe(true);
    const row = await db.partnerInquiry.findFirstOrThrow({ where: { email } });
    expect(row).toMatchObject({ yourTitle: null, companySize: null, website: null, timeline: null });
  });

  it("accepts fields at their caps (names 100, email 254, website 2,048, proposal 5,000)", async () => {
    const email = `${"p".repeat(254 - "@example.com".length - 8)}${Date.now().toString(36).slice(-8)}@example.com`;
    const website = `https://example.com/${"w".repeat(2048 - "https://example.com/".length)}`;
    const result = await submitPartnerInquiryAction({
      ...validInquiry(email),
      companyName: "C".repeat(100),
      yourName: "N".repeat(100),
      yourTitle: "T".repeat(100),
      website,
      proposal: "p".repeat(5000),
    });
    expect(result.ok).toBe(true);
    expect((await db.partnerInquiry.findFirstOrThrow({ where: { email } })).website).toBe(website);
  });

  it("refuses an inquiry without any required field, naming each one", async () => {
    const email = uniqueEmail("partner-missing");
    const result = await submitPartnerInquiryAction({
      ...validInquiry(email),
      companyName: "",
      partnershipType: "",
      yourName: " ",
      proposal: "",
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.fieldErrors ?? {}).sort()).toEqual([
        "companyName",
        "partnershipType",
        "proposal",
        "yourName",
      ]);
    }
    expect(await db.partnerInquiry.count({ where: { email } })).toBe(0);
  });

  it.each<[string, Partial<Record<keyof PartnerInquiryInput, unknown>>, string]>([
    ["a missing company name", { companyName: undefined }, "companyName"],
    ["a missing email", { email: "" }, "email"],
    ["a bad email", { email: "sam-at-pixelforge" }, "email"],
    ["a website that is not a URL", { website: "pixelforge" }, "website"],
    ["a website that is not http(s)", { website: "javascript:alert(1)" }, "website"],
    ["an unknown partnership type", { partnershipType: "reseller" }, "partnershipType"],
    ["an unknown company size", { companySize: "5000+" }, "companySize"],
    ["an unknown timeline", { timeline: "someday" }, "timeline"],
    ["a company name over 100 characters", { companyName: "C".repeat(101) }, "companyName"],
    ["a name over 100 characters", { yourName: "N".repeat(101) }, "yourName"],
    ["a title over 100 characters", { yourTitle: "T".repeat(101) }, "yourTitle"],
    ["an email over 254 characters", { email: `${"e".repeat(243)}@example.com` }, "email"],
    ["a website over 2,048 characters", { website: `https://example.com/${"w".repeat(2029)}` }, "website"],
    ["a proposal over 5,000 characters", { proposal: "p".repeat(5001) }, "proposal"],
    ["a 1 MB proposal", { proposal: "p".repeat(1024 * 1024) }, "proposal"],
  ])("refuses %s with a field error and stores nothing", async (_case, change, field) => {
    const email = uniqueEmail("partner-invalid");
    const result = await submitPartnerInquiryAction({ ...validInquiry(email), ...change } as PartnerInquiryInput);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fieldErrors ?? {})).toEqual([field]);
    expect(await db.partnerInquiry.count({ where: { email } })).toBe(0);
  });

  it("refuses the 11th inquiry in a minute from one IP with code rate_limited; another IP still may", async () => {
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await submitPartnerInquiryAction(validInquiry(uniqueEmail(`burst-${attempt}`)))).ok).toBe(true);
    }
    const refused = uniqueEmail("burst-refused");
    await expect(submitPartnerInquiryAction(validInquiry(refused))).resolves.toEqual({
      ok: false,
      error: rateLimitedMessage,
      code: "rate_limited",
    });
    expect(await db.partnerInquiry.count({ where: { email: refused } })).toBe(0);
    expect(await latestEmailTo(refused)).toBeNull();

    freshClientIp();
    const other = uniqueEmail("other-ip");
    expect((await submitPartnerInquiryAction(validInquiry(other))).ok).toBe(true);
    expect(await db.partnerInquiry.count({ where: { email: other } })).toBe(1);
  });
});
