import Link from "next/link";
import { redirect } from "next/navigation";

import { AuthCard, authLinkClass } from "@/components/auth/auth-card";
import { PendingPrompt } from "@/components/auth/pending-prompt";
import { SignupForm } from "@/components/auth/signup-form";
import { defaultAfterSignIn } from "@/lib/auth/callback-url";
import { maxCarriedPrompt } from "@/lib/auth/schemas";
import { getCurrentUser } from "@/lib/auth/session";
import { outboxLinkForNotice } from "@/lib/mail/outbox-access";
import { firstParam, type SearchParams } from "@/lib/request/search-params";
import { pageMetadata } from "@/lib/site/metadata";

export const metadata = pageMetadata({
  title: "Create your account",
  description:
    "Create a free Cipher account: describe a Discord bot in plain words, edit the code it writes and host it with live logs.",
  path: "/signup",
});

export default async function SignupPage({ searchParams }: { searchParams: SearchParams }) {
  if (await getCurrentUser()) redirect(defaultAfterSignIn);
  const prompt = firstParam((await searchParams).prompt)?.trim();

  return (
    <AuthCard
      title="Create your account"
      description="Start building Discord bots with AI. Free to start, no card needed."
      footer={
        <>
          Already have an account?{" "}
          <Link
            href={
              prompt
                ? `/login?callbackUrl=${encodeURIComponent(`/dashboard/bots/new?prompt=${encodeURIComponent(prompt.slice(0, maxCarriedPrompt))}`)}`
                : "/login"
            }
            className={authLinkClass}
          >
            Sign in
          </Link>
        </>
      }
    >
      {prompt && <PendingPrompt prompt={prompt} />}
      <SignupForm outboxHref={await outboxLinkForNotice()} prompt={prompt?.slice(0, maxCarriedPrompt) || undefined} />
    </AuthCard>
  );
}
