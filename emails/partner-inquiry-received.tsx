import { Text } from "@react-email/components";

import { EmailLayout, greeting, styles } from "./components/layout";

export interface PartnerInquiryReceivedProps {
  yourName: string;
  companyName: string;
}

export const templateName = "partner-inquiry-received";
export const subject = "We received your Cipher partnership inquiry";

/** To the applicant, after /partner-inquiry: we reply within 2-3 business days. */
export default function PartnerInquiryReceived({ yourName, companyName }: PartnerInquiryReceivedProps) {
  return (
    <EmailLayout
      preview="Thank you for your partnership inquiry. We'll get back to you within 2-3 business days."
      heading="Thanks for your inquiry"
    >
      <Text style={styles.text}>{greeting(yourName)}</Text>
      <Text style={styles.text}>
        Thank you for your interest in partnering with Cipher. We received the partnership inquiry for{" "}
        <strong>{companyName}</strong>, and our partnerships team will get back to you within 2-3 business days.
      </Text>
      <Text style={styles.text}>There is nothing else you need to do until then.</Text>
      <Text style={styles.muted}>The Cipher partnerships team</Text>
    </EmailLayout>
  );
}

PartnerInquiryReceived.PreviewProps = {
  yourName: "Sam",
  companyName: "PixelForge",
} satisfies PartnerInquiryReceivedProps;
