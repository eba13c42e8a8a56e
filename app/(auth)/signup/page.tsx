import { LayoutTemplate } from "lucide-react";
import Link from "next/link";
import { redirect } from "next/navigation";

import { AuthCard, authLinkClass } from "@/components/auth/auth-card";
import { PendingPrompt } from "@/components/auth/pending-prompt";
import { SignupForm } from "@/components/auth/signup-form";
import { SignupStart } from "@/components/auth/signup-start";
import { defaultAfterSignIn } from "@/lib/auth/callback-url";
import { maxCarriedPrompt } from "@/lib/auth/schemas";
import { getCurrentUser } from "@/lib/auth/session";
import { botTemplates, getBotTemplate } from "@/lib/bots/templates";
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
  const query = await searchParams;
  const prompt = firstParam(query.prompt)?.trim();
  // The template chosen on /templates: made into a running bot when the confirmation link signs in.
  const template = getBotTemplate(firstParam(query.template) ?? "");
  const outboxHref = await outboxLinkForNotice();

  return (
    <AuthCard
      title="Create your account"
      description="Start building Discord bots with AI. Free to start, no card needed."
      footer={
        <>
          Already have an account?{" "}
          <Link
            href={
              template
                ? `/login?callbackUrl=${encodeURIComponent(`/dashboard/bots/new#${template.id}`)}`
                : prompt
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
      {template ? (
        <div className="mb-6 flex gap-3 rounded-xl border border-primary/30 bg-primary/10 p-4 text-sm">
          <LayoutTemplate className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <p className="min-w-0 text-muted-foreground">
            Starting from the <span className="font-medium text-foreground">{template.name}</span> template: it is ready
            to try in the Test tab as soon as you confirm your email.{" "}
            <Link href="/signup" className={authLinkClass}>
              Choose another way
            </Link>
          </p>
        </div>
      ) : (
        prompt && <PendingPrompt prompt={prompt} />
      )}
      {template || prompt ? (
        <SignupForm
          outboxHref={outboxHref}
          prompt={template ? undefined : prompt?.slice(0, maxCarriedPrompt) || undefined}
          template={template?.id}
        />
      ) : (
        // Get Started: the two ways in (words or a template) lead, above the account's fields.
        <SignupStart
          outboxHref={outboxHref}
          templates={botTemplates.map((item) => ({ id: item.id, name: item.name }))}
        />
      )}
    </AuthCard>
  );
}
