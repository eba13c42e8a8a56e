import { ArrowRight, Building2, CheckCircle2 } from "lucide-react";
import Link from "next/link";

import { CodeWindow } from "@/components/landing/code-window";
import { SectionHeading } from "@/components/landing/section-heading";
import { CallToAction } from "@/components/product/call-to-action";
import { FeatureCard } from "@/components/product/feature-card";
import { PageHeader } from "@/components/site/page-header";
import { Button } from "@/components/ui/button";
import { advancedCodeExample, advancedFeatures, enterpriseHighlights } from "@/lib/site/advanced-features";
import { pageMetadata } from "@/lib/site/metadata";
import { freeTrialSummary } from "@/lib/site/pricing";

export const metadata = pageMetadata({
  title: "Advanced Features",
  description:
    "Versioned code editing, a built-in database, webhooks, analytics, auto-restart with health checks and team collaboration for serious Discord bots.",
  path: "/advanced-features",
});

export default function AdvancedFeaturesPage() {
  return (
    <>
      <PageHeader
        eyebrow="Advanced features"
        title="Power tools for serious bots"
        description="When your bot grows past the basics, Cipher grows with it: real code with versions, storage, webhooks, analytics and hosting that heals itself."
      >
        <Button asChild size="lg" className="shadow-[0_0_24px_var(--glow)]">
          <Link href="/signup">
            Start building <ArrowRight />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/contact">Talk to sales</Link>
        </Button>
      </PageHeader>

      <section aria-labelledby="advanced-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <h2 id="advanced-heading" className="text-2xl font-semibold tracking-tight">
          Built for bots that matter
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {advancedFeatures.map((feature) => (
            <li key={feature.name}>
              <FeatureCard
                name={feature.name}
                description={feature.description}
                icon={feature.icon}
                points={feature.highlights}
                status={feature.status}
              />
            </li>
          ))}
        </ul>
      </section>

      <section className="border-y border-border/60 bg-card/30">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[2fr_3fr]">
          <div>
            <p className="text-sm font-medium tracking-wide text-primary uppercase">Code you own</p>
            <h2 className="mt-2 text-3xl font-semibold tracking-tight text-balance">
              Ask for a ticket command, get real discord.js
            </h2>
            <p className="mt-4 text-pretty text-muted-foreground">
              “Add a /ticket command that opens a private channel only the member and staff can see.” This is the kind
              of code Cipher writes: readable, idiomatic and yours to change.
            </p>
            <ul className="mt-6 space-y-2.5">
              {advancedCodeExample.points.map((point) => (
                <li key={point} className="flex gap-2 text-sm text-muted-foreground">
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" /> {point}
                </li>
              ))}
            </ul>
          </div>
          <div className="min-w-0">
            <CodeWindow filename={advancedCodeExample.filename} code={advancedCodeExample.code} />
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading
          eyebrow="Enterprise"
          title="Cipher for organisations"
          description="Coming soon: run every community bot in your company from one place, with the controls your security team asks for. Talk to us about what you need."
        />
        <ul className="mt-12 grid gap-4 md:grid-cols-3">
          {enterpriseHighlights.map((item) => {
            const Icon = item.icon;
            return (
              <li key={item.title} className="rounded-xl border border-border bg-card/60 p-6">
                <Icon className="size-6 text-primary" aria-hidden="true" />
                <h3 className="mt-4 font-semibold">{item.title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{item.description}</p>
              </li>
            );
          })}
        </ul>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link href="/contact">
              <Building2 /> Contact Sales
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/pricing">Compare plans</Link>
          </Button>
        </div>
      </section>

      <CallToAction
        title="Put these tools to work"
        description={`Start with a ${freeTrialSummary}. Team and enterprise controls come with the Teams and Enterprise plans.`}
      >
        <Button asChild size="lg">
          <Link href="/signup">
            Get started <ArrowRight />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/contact">Contact us</Link>
        </Button>
      </CallToAction>
    </>
  );
}
