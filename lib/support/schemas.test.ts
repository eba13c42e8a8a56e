import { describe, expect, it } from "vitest";

import { faqEntries, searchFaq } from "./faq";
import { draftSchema, formatTicketNumber, parseTicketNumber, ticketFormSchema, ticketHref } from "./schemas";

describe("ticket numbers", () => {
  it("read as TKT-001 and link to the thread", () => {
    expect(formatTicketNumber(1)).toBe("TKT-001");
    expect(formatTicketNumber(42)).toBe("TKT-042");
    expect(formatTicketNumber(1234)).toBe("TKT-1234");
    expect(ticketHref(7)).toBe("/dashboard/support/tickets/TKT-007");
  });

  it("parse from the URL in either form, and nothing else", () => {
    expect(parseTicketNumber("TKT-001")).toBe(1);
    expect(parseTicketNumber("tkt-12")).toBe(12);
    expect(parseTicketNumber("3")).toBe(3);
    for (const bad of ["TKT-000", "0", "-1", "TKT-1a", "abc", "", "TKT-9999999999"]) {
      expect(parseTicketNumber(bad)).toBeNull();
    }
  });
});

describe("ticket form", () => {
  it("requires a subject and a description, within their caps", () => {
    expect(ticketFormSchema.safeParse({ subject: "a", category: "account", description: "b" }).success).toBe(true);
    expect(ticketFormSchema.safeParse({ subject: " ", category: "account", description: "b" }).success).toBe(false);
    expect(
      ticketFormSchema.safeParse({ subject: "x".repeat(121), category: "account", description: "b" }).success,
    ).toBe(false);
    expect(
      ticketFormSchema.safeParse({ subject: "a", category: "account", description: "y".repeat(5001) }).success,
    ).toBe(false);
  });

  it("keeps a draft with only a subject or only a description, not an empty one", () => {
    expect(draftSchema.safeParse({ subject: "a", category: "billing", description: "" }).success).toBe(true);
    expect(draftSchema.safeParse({ subject: "", category: "billing", description: "b" }).success).toBe(true);
    expect(draftSchema.safeParse({ subject: " ", category: "billing", description: "" }).success).toBe(false);
  });
});

describe("FAQ search", () => {
  it("matches every word anywhere in the question, answer or category", () => {
    expect(searchFaq(faqEntries, "")).toHaveLength(faqEntries.length);
    expect(searchFaq(faqEntries, "TOKEN securely").map((entry) => entry.slug)).toEqual(["token-security"]);
    expect(searchFaq(faqEntries, "billing").map((entry) => entry.slug)).toContain("free-trial");
    expect(searchFaq(faqEntries, "zzz")).toEqual([]);
  });

  it("has unique slugs", () => {
    expect(new Set(faqEntries.map((entry) => entry.slug)).size).toBe(faqEntries.length);
  });
});
