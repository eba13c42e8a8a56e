// zod/mini: the form's JS is prefetched from pages that link to /partner-inquiry.
import { z } from "zod/mini";

import { storable } from "@/lib/validation/text";

/** Choices of the partner inquiry form (spec section 9): stored values with readable labels. */
export const partnershipTypeOptions = [
  { value: "technology", label: "Technology Partnership" },
  { value: "channel", label: "Channel Partnership" },
  { value: "integration", label: "Integration Partnership" },
  { value: "other", label: "Other" },
] as const;

export const companySizeOptions = [
  { value: "1-10", label: "1-10 employees" },
  { value: "11-50", label: "11-50 employees" },
  { value: "51-200", label: "51-200 employees" },
  { value: "201-1000", label: "201-1000 employees" },
  { value: "1000+", label: "1000+ employees" },
] as const;

export const timelineOptions = [
  { value: "immediate", label: "Immediate (within 1 month)" },
  { value: "short", label: "Short term (1-3 months)" },
  { value: "medium", label: "Medium term (3-6 months)" },
  { value: "long", label: "Long term (6+ months)" },
] as const;

export const partnerInquiryLimits = { name: 100, email: 254, website: 2048, proposal: 5000 } as const;

type Option = { readonly value: string; readonly label: string };
type OptionValues<T extends readonly Option[]> = T[number]["value"];

function valuesOf<const T extends readonly Option[]>(options: T) {
  return options.map((option) => option.value) as [OptionValues<T>, ...OptionValues<T>[]];
}

function requiredText(label: string, max: number) {
  return z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
      z.superRefine(storable(label, { multiline: true })),
    );
}

function optionalText(label: string, max: number) {
  return z
    .string()
    .check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`), z.superRefine(storable(label)));
}

/** An optional select: "" means nothing chosen, anything else must be one of the options. */
function optionalChoice<const T extends readonly Option[]>(options: T, message: string) {
  return z.union([z.literal(""), z.enum(valuesOf(options), { error: message })]);
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** Shared by the partner inquiry form (react-hook-form) and `submitPartnerInquiryAction`. */
export const partnerInquirySchema = z.object({
  companyName: requiredText("Company name", partnerInquiryLimits.name),
  partnershipType: z.pipe(
    z.string().check(z.minLength(1, "Partnership type is required")),
    z.enum(valuesOf(partnershipTypeOptions), { error: "Choose a partnership type from the list" }),
  ),
  yourName: requiredText("Your name", partnerInquiryLimits.name),
  yourTitle: optionalText("Your title", partnerInquiryLimits.name),
  email: z.pipe(requiredText("Email", partnerInquiryLimits.email), z.email("Enter a valid email address")),
  companySize: optionalChoice(companySizeOptions, "Choose a company size from the list"),
  website: optionalText("Website", partnerInquiryLimits.website).check(
    z.refine((value) => value === "" || isWebUrl(value), "Enter a full web address, like https://example.com"),
  ),
  proposal: requiredText("Partnership proposal", partnerInquiryLimits.proposal),
  timeline: optionalChoice(timelineOptions, "Choose a timeline from the list"),
});

export type PartnerInquiryInput = z.input<typeof partnerInquirySchema>;
export type PartnerInquiry = z.output<typeof partnerInquirySchema>;

/** The fields marked with * on the form (spec section 5). */
export const requiredPartnerInquiryFields = [
  "companyName",
  "partnershipType",
  "yourName",
  "email",
  "proposal",
] as const satisfies readonly (keyof PartnerInquiryInput)[];

/** Required fields left empty (or only spaces): these trigger the 'Missing Information' notice. */
export function missingPartnerInquiryFields(values: Partial<PartnerInquiryInput>) {
  return requiredPartnerInquiryFields.filter((field) => !values[field]?.trim());
}

export const emptyPartnerInquiry = {
  companyName: "",
  partnershipType: "",
  yourName: "",
  yourTitle: "",
  email: "",
  companySize: "",
  website: "",
  proposal: "",
  timeline: "",
} satisfies PartnerInquiryInput;
