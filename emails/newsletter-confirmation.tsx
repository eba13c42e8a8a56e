import { Link, Text } from "@react-email/components";

import { ActionButton, EmailLayout, styles } from "./components/layout";

export interface NewsletterConfirmationProps {
  confirmUrl: string;
  unsubscribeUrl: string;
}

export const templateName = "newsletter-confirmation";
export const subject = "Confirm your Cipher newsletter subscription";

/**
 * Double opt-in: nobody is subscribed until they follow the link. Like every newsletter mail it
 * carries a one-click unsubscribe link (send it with `oneClickUnsubscribeHeaders` too).
 */
export default function NewsletterConfirmation({ confirmUrl, unsubscribeUrl }: NewsletterConfirmationProps) {
  return (
    <EmailLayout
      preview="One click to confirm your subscription to the Cipher newsletter."
      heading="Confirm your subscription"
      footer={
        <Text style={styles.muted}>
          Don&apos;t want these emails?{" "}
          <Link href={unsubscribeUrl} style={styles.link}>
            Unsubscribe
          </Link>
        </Text>
      }
    >
      <Text style={styles.text}>
        Someone, hopefully you, asked to receive the Cipher newsletter at this address: product updates, new tutorials
        and tips for building Discord bots.
      </Text>
      <Text style={styles.text}>Confirm your subscription to start receiving it.</Text>
      <ActionButton href={confirmUrl}>Confirm subscription</ActionButton>
      <Text style={styles.muted}>
        If you did not sign up, ignore this email: you will not be subscribed and we will not write again.
      </Text>
    </EmailLayout>
  );
}

NewsletterConfirmation.PreviewProps = {
  confirmUrl: "http://localhost:3000/newsletter/confirm?token=preview",
  unsubscribeUrl: "http://localhost:3000/newsletter/unsubscribe?token=preview",
} satisfies NewsletterConfirmationProps;
