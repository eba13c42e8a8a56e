import { redirect } from "next/navigation";

import { AuthCard } from "@/components/auth/auth-card";
import { TwoFactorForm } from "@/components/auth/two-factor-form";
import { safeCallbackUrl } from "@/lib/auth/callback-url";
import { getCurrentUser, getPendingTwoFactor } from "@/lib/auth/session";
import { firstParam, type SearchParams } from "@/lib/request/search-params";
import { pageMetadata } from "@/lib/site/metadata";

export const metadata = pageMetadata({
  title: "Two-factor authentication",
  description: "Enter the code from your authenticator app to finish signing in to Cipher.",
  path: "/login/two-factor",
});

/** The second sign-in step of accounts with two-factor authentication. */
export default async function TwoFactorPage({ searchParams }: { searchParams: SearchParams }) {
  const callbackUrl = safeCallbackUrl(firstParam((await searchParams).callbackUrl));
  if (await getCurrentUser()) redirect(callbackUrl);
  const pending = await getPendingTwoFactor();
  if (!pending) redirect(`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`);

  return (
    <AuthCard
      title="Two-factor authentication"
      description={
        <>
          Enter the 6-digit code from your authenticator app for{" "}
          <strong className="[overflow-wrap:anywhere] text-foreground">{pending.email}</strong>.
        </>
      }
    >
      <TwoFactorForm callbackUrl={callbackUrl} />
    </AuthCard>
  );
}
