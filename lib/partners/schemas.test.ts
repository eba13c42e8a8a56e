import { describe, expect, it } from "vitest";

import {
  companySizeOptions,
  emptyPartnerInquiry,
  missingPartnerInquiryFields,
  partnerInquirySchema,
  partnershipTypeOptions,
  timelineOptions,
  type PartnerInquiryInput,
} from "./schemas";

const valid = {
  companyName: "Acme Games",
  partnershipType: "integration",
  yourName: "Grace Hopper",
  yourTitle: "Head of Partnerships",
  email: "grace@acme.example",
  companySize: "51-200",
  website: "https://acme.example",
  proposal: "We would like to offer our leaderboard API as a Cipher integration.",
  timeline: "short",
} satisfies PartnerInquiryInput;

function errorFields(input: unknown) {
  const result = partnerInquirySchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join(".")).sort();
}

describe("partner inquiry options", () => {
  it("match the spec's stored values", () => {
    expect(partnershipTypeOptions.map((o) => o.value)).toEqual(["technology", "channel", "integration", "other"]);
    expect(companySizeOptions.map((o) => o.value)).toEqual(["1-10", "11-50", "51-200", "201-1000", "1000+"]);
    expect(timelineOptions.map((o) => o.value)).toEqual(["immediate", "short", "medium", "long"]);
  });
});

describe("partnerInquirySchema", () => {
  it("accepts a complete inquiry", () => {
    expect(partnerInquirySchema.parse(valid)).toEqual(valid);
  });

  it("accepts an inquiry with only the required fields and leaves the optional fields empty", () => {
    const parsed = partnerInquirySchema.parse({
      ...emptyPartnerInquiry,
      companyName: " Acme ",
      partnershipType: "other",
      yourName: "Grace",
      email: "grace@acme.example",
      proposal: "Let's talk.",
    });
    expect(parsed).toEqual({
      companyName: "Acme",
      partnershipType: "other",
      yourName: "Grace",
      yourTitle: "",
      email: "grace@acme.example",
      companySize: "",
      website: "",
      proposal: "Let's talk.",
      timeline: "",
    });
  });

  it("requires company name, partnership type, your name, email and proposal", () => {
    expect(errorFields(emptyPartnerInquiry)).toEqual([
      "companyName",
      "email",
      "partnershipType",
      "proposal",
      "yourName",
    ]);
  });

  it("rejects values outside the option lists", () => {
    expect(errorFields({ ...valid, partnershipType: "reseller", companySize: "5000", timeline: "someday" })).toEqual([
      "companySize",
      "partnershipType",
      "timeline",
    ]);
  });

  it.each(["not-an-email", "grace@", "grace@acme"])("rejects the email %j", (email) => {
    expect(errorFields({ ...valid, email })).toEqual(["email"]);
  });

  it.each(["acme.example", "javascript:alert(1)", "ftp://acme.example", "https://localhost"])(
    "rejects the website %j",
    (website) => {
      expect(errorFields({ ...valid, website })).toEqual(["website"]);
    },
  );

  it("accepts http and https websites", () => {
    expect(errorFields({ ...valid, website: "http://acme.example/partners?ref=cipher" })).toEqual([]);
  });

  it("caps names, title and company at 100, email at 254, website at 2048 and proposal at 5000", () => {
    const long = (n: number) => "a".repeat(n);
    expect(errorFields({ ...valid, companyName: long(100), yourName: long(100), yourTitle: long(100) })).toEqual([]);
    expect(errorFields({ ...valid, companyName: long(101) })).toEqual(["companyName"]);
    expect(errorFields({ ...valid, yourName: long(101) })).toEqual(["yourName"]);
    expect(errorFields({ ...valid, yourTitle: long(101) })).toEqual(["yourTitle"]);
    expect(errorFields({ ...valid, email: `${long(250)}@acme.example` })).toEqual(["email"]);
    expect(errorFields({ ...valid, website: `https://acme.example/${long(2048)}` })).toEqual(["website"]);
    expect(errorFields({ ...valid, proposal: long(5000) })).toEqual([]);
    expect(errorFields({ ...valid, proposal: long(5001) })).toEqual(["proposal"]);
  });
});

describe("missingPartnerInquiryFields", () => {
  it("lists the required fields that are empty or blank", () => {
    expect(missingPartnerInquiryFields({ ...valid, companyName: "  ", proposal: "" })).toEqual([
      "companyName",
      "proposal",
    ]);
  });

  it("ignores empty optional fields and badly formatted required ones", () => {
    expect(missingPartnerInquiryFields({ ...valid, yourTitle: "", website: "", email: "not-an-email" })).toEqual([]);
  });
});
