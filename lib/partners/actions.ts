"use server";

import { validatedAction, type ActionResult } from "@/lib/actions";

import { partnerInquirySchema, type PartnerInquiryInput } from "./schemas";
import { savePartnerInquiry } from "./service";

// Stored now; the notification and confirmation emails join with the mail work, behind this action.
const submitPartnerInquiry = validatedAction("partners.inquiry", partnerInquirySchema, async (inquiry) => {
  await savePartnerInquiry(inquiry);
  return { received: true as const };
});

export async function submitPartnerInquiryAction(
  input: PartnerInquiryInput,
): Promise<ActionResult<{ received: true }>> {
  return submitPartnerInquiry(input);
}
