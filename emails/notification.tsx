import { Text } from "@react-email/components";

import { ActionButton, EmailLayout, greeting, styles } from "./components/layout";

export interface NotificationEmailProps {
  name: string | null;
  title: string;
  body: string;
  url: string;
}

export const templateName = "notification";

/**
 * A dashboard notification sent by email too (ticket answered, bot crashed...), when the user's
 * Preferences allow that kind. Unsubscribing is a switch in Preferences.
 */
export default function NotificationEmail({ name, title, body, url }: NotificationEmailProps) {
  return (
    <EmailLayout preview={title} heading={title}>
      <Text style={styles.text}>{greeting(name)}</Text>
      {body && <Text style={styles.text}>{body}</Text>}
      <ActionButton href={url}>Open in Cipher</ActionButton>
      <Text style={styles.muted}>
        You get these emails because of your Preferences in the Cipher dashboard; switch them off there any time.
      </Text>
    </EmailLayout>
  );
}

NotificationEmail.PreviewProps = {
  name: "Ada",
  title: "Support answered TKT-001",
  body: "My bot does not start",
  url: "http://localhost:3000/dashboard/support/tickets/TKT-001",
} satisfies NotificationEmailProps;
