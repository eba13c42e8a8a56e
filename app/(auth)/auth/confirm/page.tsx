import Link from "next/link";

import { AuthCard, authLinkClass } from "@/components/auth/auth-card";
import { missingTokenMessages } from "@/components/auth/auth-messages";
import { ConfirmEmail } from "@/components/auth/confirm-email";
import { firstParam, type SearchParams } from "@/lib/request/search-params";
import { pageMetadata } from "@/lib/site/metadata";

export const metadata = {
  ...pageMetadata({
    title: "Confirm your email",
    description: "Confirm the email address of your Cipher account.",
    path: "/auth/confirm",
  }),
  robots: { index: false },
};

export default async function ConfirmEmailPage({ searchParams }: { searchParams: SearchParams }) {
  const token = firstParam((await searchParams).token) ?? null;

  return (
    <AuthCard
      title="Confirm your email"
      footer={
        <>
          Already confirmed?{" "}
          <Link href="/login" className={authLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <ConfirmEmail key={token} token={token} invalidMessage={missingTokenMessages.confirm} />
    </AuthCard>
  );
}
