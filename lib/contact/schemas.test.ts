import { describe, expect, it } from "vitest";

import { contactSchema, contactSubjects, emptyContactForm } from "./schemas";

const valid = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  subject: "Technical Support",
  message: "My bot stops responding after a restart.",
} as const;

function fieldErrors(input: unknown) {
  const result = contactSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("contactSchema", () => {
  it("offers exactly the five subjects, General Inquiry first", () => {
    expect(contactSubjects).toEqual([
      "General Inquiry",
      "Technical Support",
      "Billing Question",
      "Feature Request",
      "Partnership",
    ]);
    expect(emptyContactForm.subject).toBe("General Inquiry");
  });

  it("accepts a complete message and trims the text fields", () => {
    expect(contactSchema.parse({ ...valid, firstName: "  Ada ", email: " ada@example.com " })).toEqual(valid);
  });

  it("defaults the subject to General Inquiry when none is sent", () => {
    const { subject: _subject, ...withoutSubject } = valid;
    expect(contactSchema.parse(withoutSubject).subject).toBe("General Inquiry");
  });

  it("requires first name, last name, email and message", () => {
    expect(Object.keys(fieldErrors(emptyContactForm)).sort()).toEqual(["email", "firstName", "lastName", "message"]);
  });

  it("treats whitespace-only fields as missing", () => {
    expect(fieldErrors({ ...valid, firstName: "   ", message: "\n\t" })).toEqual({
      firstName: "First name is required",
      message: "Message is required",
    });
  });

  it.each(["no-at-sign", "a@", "@example.com", "ada@example"])("rejects the email %j", (email) => {
    expect(fieldErrors({ ...valid, email })).toEqual({ email: "Enter a valid email address" });
  });

  it("rejects a subject that is not in the list", () => {
    expect(Object.keys(fieldErrors({ ...valid, subject: "Complaint" }))).toEqual(["subject"]);
  });

  it("caps names at 100, email at 254 and message at 5000 characters", () => {
    expect(contactSchema.safeParse({ ...valid, firstName: "a".repeat(100), message: "m".repeat(5000) }).success).toBe(
      true,
    );
    expect(Object.keys(fieldErrors({ ...valid, firstName: "a".repeat(101) }))).toEqual(["firstName"]);
    expect(Object.keys(fieldErrors({ ...valid, lastName: "a".repeat(101) }))).toEqual(["lastName"]);
    expect(Object.keys(fieldErrors({ ...valid, email: `${"a".repeat(250)}@example.com` }))).toEqual(["email"]);
    expect(Object.keys(fieldErrors({ ...valid, message: "m".repeat(5001) }))).toEqual(["message"]);
  });
});
