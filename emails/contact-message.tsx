import { Link, Text } from "@react-email/components";

import { Divider, EmailLayout, Field, MultilineText, styles } from "./components/layout";

export interface ContactMessageProps {
  firstName: string;
  lastName: string;
  email: string;
  subject: string;
  message: string;
}

export const templateName = "contact-message";

export function subject({ subject: topic, firstName, lastName }: ContactMessageProps): string {
  return `Contact form: ${topic} from ${`${firstName} ${lastName}`.trim()}`;
}

/** Internal, to SUPPORT_EMAIL with replyTo set to the visitor: a message sent from /contact. */
export default function ContactMessage({ firstName, lastName, email, subject: topic, message }: ContactMessageProps) {
  const name = `${firstName} ${lastName}`.trim();
  return (
    <EmailLayout preview={`${name} wrote about ${topic}.`} heading="New message from the contact form">
      <Text style={styles.text}>
        {name} sent a message from the contact page. Reply to this email to answer them directly.
      </Text>
      <Divider />
      <Field label="Name">{name}</Field>
      <Field label="Email">
        <Link href={`mailto:${email}`} style={styles.link}>
          {email}
        </Link>
      </Field>
      <Field label="Subject">{topic}</Field>
      <Text style={styles.label}>Message</Text>
      <MultilineText text={message} style={{ marginTop: 0 }} />
    </EmailLayout>
  );
}

ContactMessage.PreviewProps = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  subject: "General Inquiry",
  message: "Hello!\nCan Cipher host a bot in 200 servers?",
} satisfies ContactMessageProps;
