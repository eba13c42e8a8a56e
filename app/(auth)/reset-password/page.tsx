import Link from "next/link";

import { AuthCard, authLinkClass } from "@/components/auth/auth-card";
import { missingTokenMessages } from "@/components/auth/auth-messages";
import { ResetLinkProblem, ResetPasswordForm } from "@/components/auth/reset-password-form";
import { firstParam, type SearchParams } from "@/lib/request/search-params";
import { pageMetadata } from "@/lib/site/metadata";

export const metadata = {
  ...pageMetadata({
    title: "Choose a new password",
    description: "Set a new password for your Cipher account.",
    path: "/reset-password",
  }),
  robots: { index: false },
};

export default async function ResetPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const token = firstParam((await searchParams).token);

  return (
    <AuthCard
      title="Choose a new password"
      description="You'll be signed in with it right away, and signed out on your other devices."
      footer={
        <Link href="/login" className={authLinkClass}>
          Back to sign in
        </Link>
      }
    >
      {token ? <ResetPasswordForm token={token} /> : <ResetLinkProblem message={missingTokenMessages.reset} />}
    </AuthCard>
  );
}
