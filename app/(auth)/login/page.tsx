import Link from "next/link";
import { redirect } from "next/navigation";

import { AuthCard, authLinkClass } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { safeCallbackUrl } from "@/lib/auth/callback-url";
import { getCurrentUser, getPendingTwoFactor } from "@/lib/auth/session";
import { twoFactorStepPath } from "@/lib/auth/two-factor";
import { firstParam, type SearchParams } from "@/lib/request/search-params";
import { pageMetadata } from "@/lib/site/metadata";

export const metadata = pageMetadata({
  title: "Sign In",
  description: "Sign in to Cipher to build, edit and host your Discord bots.",
  path: "/login",
});

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = firstParam(params.callbackUrl);
  if (await getCurrentUser()) redirect(safeCallbackUrl(callbackUrl));
  // Password (or Google) accepted in this browser, the authenticator code not yet given.
  if (await getPendingTwoFactor()) redirect(twoFactorStepPath(safeCallbackUrl(callbackUrl)));

  return (
    <AuthCard
      title="Sign in to Cipher"
      description="Welcome back. Pick up where your bots left off."
      footer={
        <>
          Don&apos;t have an account?{" "}
          <Link href="/signup" className={authLinkClass}>
            Sign up
          </Link>
        </>
      }
    >
      <LoginForm
        callbackUrl={callbackUrl}
        oauthError={firstParam(params.error)}
        confirmed={firstParam(params.confirmed) === "1"}
      />
    </AuthCard>
  );
}
