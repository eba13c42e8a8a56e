"use server";

import { validatedAction, type ActionResult } from "@/lib/actions";
import { formRateLimit } from "@/lib/rate-limit";

import { partnerInquirySchema, type PartnerInquiryInput } from "./schemas";
import { savePartnerInquiry } from "./service";

// Stored, then the team is notified and the applicant gets a receipt (lib/partners/service.tsx).
const submitPartnerInquiry = validatedAction(
  "partners.inquiry",
  partnerInquirySchema,
  async (inquiry) => {
    await savePartnerInquiry(inquiry);
    return { received: true as const };
  },
  { rateLimit: formRateLimit("partner-inquiry") },
);

export async function submitPartnerInquiryAction(
  input: PartnerInquiryInput,
): Promise<ActionResult<{ received: true }>> {
  return submitPartnerInquiry(input);
}
