import PartnerInquiryNotification, {
  subject as notificationSubject,
  templateName as notificationTemplate,
} from "@/emails/partner-inquiry-notification";
import PartnerInquiryReceived, {
  subject as receivedSubject,
  templateName as receivedTemplate,
} from "@/emails/partner-inquiry-received";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { sendEmail } from "@/lib/mail/send-email";

import type { PartnerInquiry } from "./schemas";

/**
 * Stores an application from /partner-inquiry (unanswered optional fields become null), then
 * notifies the partnerships team and confirms receipt to the applicant. The row is written
 * first, so a mail failure never loses the application.
 */
export async function savePartnerInquiry(inquiry: PartnerInquiry): Promise<string> {
  const orNull = (value: string | undefined) => (value ? value : null);
  const data = {
    companyName: inquiry.companyName,
    partnershipType: inquiry.partnershipType,
    yourName: inquiry.yourName,
    yourTitle: orNull(inquiry.yourTitle),
    email: inquiry.email,
    companySize: orNull(inquiry.companySize),
    website: orNull(inquiry.website),
    proposal: inquiry.proposal,
    timeline: orNull(inquiry.timeline),
  };
  const { id } = await db.partnerInquiry.create({ data, select: { id: true } });
  await sendEmail({
    to: env.SUPPORT_EMAIL,
    replyTo: data.email,
    subject: notificationSubject(data),
    template: notificationTemplate,
    react: <PartnerInquiryNotification {...data} />,
  });
  await sendEmail({
    to: data.email,
    subject: receivedSubject,
    template: receivedTemplate,
    react: <PartnerInquiryReceived yourName={data.yourName} companyName={data.companyName} />,
  });
  return id;
}
