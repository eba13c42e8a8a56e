import { Text } from "@react-email/components";

import { ActionButton, EmailLayout, greeting, styles } from "./components/layout";

export interface SignupConfirmationProps {
  name: string;
  confirmUrl: string;
}

export const templateName = "signup-confirmation";
export const subject = "Confirm your Cipher account";

/** Sent after sign-up; the link confirms the address and is valid for 24 hours. */
export default function SignupConfirmation({ name, confirmUrl }: SignupConfirmationProps) {
  return (
    <EmailLayout preview="Confirm your email to finish creating your Cipher account." heading="Confirm your email">
      <Text style={styles.text}>{greeting(name)}</Text>
      <Text style={styles.text}>
        Thanks for signing up for Cipher. Confirm your email address to finish creating your account and start building
        your first Discord bot.
      </Text>
      <ActionButton href={confirmUrl}>Confirm email</ActionButton>
      <Text style={styles.muted}>This link is valid for 24 hours.</Text>
      <Text style={styles.muted}>If you did not create a Cipher account, you can ignore this email.</Text>
    </EmailLayout>
  );
}

SignupConfirmation.PreviewProps = {
  name: "Ada",
  confirmUrl: "http://localhost:3000/auth/confirm?token=preview",
} satisfies SignupConfirmationProps;
