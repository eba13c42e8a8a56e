import { ArrowRight, ArrowUpRight, Info, LayoutTemplate } from "lucide-react";
import Link from "next/link";

import { CallToAction } from "@/components/product/call-to-action";
import { PageHeader } from "@/components/site/page-header";
import { Button } from "@/components/ui/button";
import { guideSteps } from "@/lib/site/getting-started";
import { pageMetadata } from "@/lib/site/metadata";
import { freeTrialSummary } from "@/lib/site/pricing";

export const metadata = pageMetadata({
  title: "Getting Started",
  description:
    "Create your Cipher account, connect your Discord bot token, build your bot in the Visual Bot Builder, then edit, test and host it: a four-step guide.",
  path: "/getting-started",
});

export default function GettingStartedPage() {
  return (
    <>
      <PageHeader
        eyebrow="Getting started"
        title="Your first bot in four steps"
        description="From an empty account to a bot online in your server in about ten minutes. No servers to rent and no boilerplate to copy."
      >
        <Button asChild size="lg" className="shadow-[0_0_24px_var(--glow)]">
          <Link href="/signup">
            Create your account <ArrowRight />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/templates">
            <LayoutTemplate /> Browse templates
          </Link>
        </Button>
      </PageHeader>

      <section aria-labelledby="guide-heading" className="mx-auto max-w-4xl px-4 py-16 sm:px-6 sm:py-20">
        <h2 id="guide-heading" className="text-2xl font-semibold tracking-tight">
          The guide
        </h2>
        <aside className="mt-6 flex gap-3 rounded-xl border border-primary/30 bg-primary/10 p-4 text-sm">
          <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <p>
            <span className="font-medium">Before you start:</span>{" "}
            <span className="text-muted-foreground">
              you need a Discord account and the Manage Server permission on the server you want to add your bot to.
            </span>
          </p>
        </aside>

        <ol className="mt-10 space-y-6">
          {guideSteps.map((step, index) => (
            <li key={step.title} className="relative flex gap-4 sm:gap-6">
              <div className="flex flex-col items-center">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full border border-primary/40 bg-primary/15 font-mono text-sm font-semibold text-primary">
                  {index + 1}
                </span>
                {index < guideSteps.length - 1 && <span className="mt-2 w-px flex-1 bg-border" aria-hidden="true" />}
              </div>
              <article className="min-w-0 flex-1 rounded-xl border border-border bg-card/60 p-5 sm:p-6">
                <h3 className="text-lg font-semibold">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-2 text-sm text-pretty text-muted-foreground">{step.description}</p>
                <ol className="mt-4 list-decimal space-y-2 pl-5 text-sm marker:text-muted-foreground">
                  {step.instructions.map((instruction) => (
                    <li key={instruction} className="pl-1">
                      {instruction}
                    </li>
                  ))}
                </ol>
                {step.link &&
                  (step.link.external ? (
                    <Button asChild variant="outline" size="sm" className="mt-5">
                      <a href={step.link.href} target="_blank" rel="noopener noreferrer">
                        {step.link.label} <ArrowUpRight />
                        <span className="sr-only">(opens in a new tab)</span>
                      </a>
                    </Button>
                  ) : (
                    <Button asChild variant="outline" size="sm" className="mt-5">
                      <Link href={step.link.href}>
                        {step.link.label} <ArrowRight />
                      </Link>
                    </Button>
                  ))}
              </article>
            </li>
          ))}
        </ol>
      </section>

      <CallToAction
        title="Ready to build?"
        description={`Start with a ${freeTrialSummary}, from a blank prompt or from one of our templates.`}
      >
        <Button asChild size="lg">
          <Link href="/signup">
            Sign up free <ArrowRight />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/templates">View templates</Link>
        </Button>
      </CallToAction>
    </>
  );
}
