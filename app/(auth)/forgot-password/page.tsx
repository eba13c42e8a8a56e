import Link from "next/link";

import { AuthCard, authLinkClass } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { pageMetadata } from "@/lib/site/metadata";

export const metadata = {
  ...pageMetadata({
    title: "Forgot your password?",
    description: "Get a link to choose a new password for your Cipher account.",
    path: "/forgot-password",
  }),
  robots: { index: false },
};

export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the email address of your account and we'll send you a link to choose a new password."
      footer={
        <>
          Remembered it?{" "}
          <Link href="/login" className={authLinkClass}>
            Back to sign in
          </Link>
        </>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
