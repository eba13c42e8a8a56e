import { db } from "@/lib/db";

import type { PartnerInquiry } from "./schemas";

/** Stores an application from /partner-inquiry; unanswered optional fields become null. */
export async function savePartnerInquiry(inquiry: PartnerInquiry): Promise<string> {
  const orNull = (value: string | undefined) => (value ? value : null);
  const { id } = await db.partnerInquiry.create({
    data: {
      companyName: inquiry.companyName,
      partnershipType: inquiry.partnershipType,
      yourName: inquiry.yourName,
      yourTitle: orNull(inquiry.yourTitle),
      email: inquiry.email,
      companySize: orNull(inquiry.companySize),
      website: orNull(inquiry.website),
      proposal: inquiry.proposal,
      timeline: orNull(inquiry.timeline),
    },
    select: { id: true },
  });
  return id;
}
