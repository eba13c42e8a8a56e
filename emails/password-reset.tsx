import { Text } from "@react-email/components";

import { ActionButton, EmailLayout, greeting, styles } from "./components/layout";

export interface PasswordResetProps {
  name: string;
  resetUrl: string;
}

export const templateName = "password-reset";
export const subject = "Reset your Cipher password";

/** Sent when someone asks to reset the password; the link is valid for 1 hour. */
export default function PasswordReset({ name, resetUrl }: PasswordResetProps) {
  return (
    <EmailLayout preview="Use this link within 1 hour to choose a new Cipher password." heading="Reset your password">
      <Text style={styles.text}>{greeting(name)}</Text>
      <Text style={styles.text}>
        We received a request to reset the password of your Cipher account. Choose a new password with the button below.
      </Text>
      <ActionButton href={resetUrl}>Reset password</ActionButton>
      <Text style={styles.muted}>This link is valid for 1 hour and can be used once.</Text>
      <Text style={styles.muted}>
        If you did not ask to reset your password, ignore this email: your password stays the same.
      </Text>
    </EmailLayout>
  );
}

PasswordReset.PreviewProps = {
  name: "Ada",
  resetUrl: "http://localhost:3000/auth/reset-password?token=preview",
} satisfies PasswordResetProps;
