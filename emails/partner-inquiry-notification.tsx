import { Link, Text } from "@react-email/components";

import { companySizeOptions, partnershipTypeOptions, timelineOptions } from "@/lib/partners/schemas";

import { Divider, EmailLayout, Field, isSafeHref, MultilineText, styles } from "./components/layout";

/** The nine fields of the partner inquiry form; unanswered optional ones may be empty or null. */
export interface PartnerInquiryNotificationProps {
  companyName: string;
  partnershipType: string;
  yourName: string;
  yourTitle?: string | null;
  email: string;
  companySize?: string | null;
  website?: string | null;
  proposal: string;
  timeline?: string | null;
}

export const templateName = "partner-inquiry-notification";

export function subject({ companyName }: Pick<PartnerInquiryNotificationProps, "companyName">): string {
  return `New partner inquiry: ${companyName}`;
}

function labelOf(options: readonly { value: string; label: string }[], value: string | null | undefined) {
  if (!value) return null;
  return options.find((option) => option.value === value)?.label ?? value;
}

/** Internal, to SUPPORT_EMAIL: everything the applicant sent from /partner-inquiry. */
export default function PartnerInquiryNotification(props: PartnerInquiryNotificationProps) {
  const { companyName, yourName, yourTitle, email, website, proposal } = props;
  return (
    <EmailLayout preview={`${yourName} from ${companyName} sent a partnership inquiry.`} heading="New partner inquiry">
      <Text style={styles.text}>
        {yourName} from <strong>{companyName}</strong> sent a partnership inquiry. They were told to expect an answer
        within 2-3 business days.
      </Text>
      <Divider />
      <Field label="Company name">{companyName}</Field>
      <Field label="Partnership type">{labelOf(partnershipTypeOptions, props.partnershipType)}</Field>
      <Field label="Name">{yourName}</Field>
      <Field label="Title">{yourTitle}</Field>
      <Field label="Email">
        <Link href={`mailto:${email}`} style={styles.link}>
          {email}
        </Link>
      </Field>
      <Field label="Company size">{labelOf(companySizeOptions, props.companySize)}</Field>
      <Field label="Website">
        {website && isSafeHref(website) ? (
          <Link href={website} style={styles.link}>
            {website}
          </Link>
        ) : (
          website
        )}
      </Field>
      <Field label="Timeline">{labelOf(timelineOptions, props.timeline)}</Field>
      <Text style={styles.label}>Partnership proposal</Text>
      <MultilineText text={proposal} style={{ marginTop: 0 }} />
    </EmailLayout>
  );
}

PartnerInquiryNotification.PreviewProps = {
  companyName: "PixelForge",
  partnershipType: "technology",
  yourName: "Sam Rivera",
  yourTitle: "Head of Partnerships",
  email: "sam@pixelforge.example",
  companySize: "11-50",
  website: "https://pixelforge.example",
  proposal: "We build moderation dashboards.\nLet's integrate them with Cipher bots.",
  timeline: "short",
} satisfies PartnerInquiryNotificationProps;
