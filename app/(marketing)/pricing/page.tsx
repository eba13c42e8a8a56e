import { ChevronDown, Gift } from "lucide-react";
import Link from "next/link";

import { CallToAction } from "@/components/product/call-to-action";
import { PageHeader } from "@/components/site/page-header";
import { Button } from "@/components/ui/button";
import { pageMetadata } from "@/lib/site/metadata";
import { freeTrialSummary, plans, pricingFaq } from "@/lib/site/pricing";

import { BillingPeriodToggle } from "./_components/billing-period-toggle";
import { PlanCard } from "./_components/plan-card";

export const metadata = pageMetadata({
  title: "Pricing",
  description:
    "Simple plans for building and hosting Discord bots: Starter, Core, Teams and Enterprise. Every plan starts with a 30-day free trial and $5 in credits.",
  path: "/pricing",
});

export default function PricingPage() {
  return (
    <>
      <PageHeader
        eyebrow="Pricing"
        title="Simple pricing for every bot builder"
        description="Start free, build as many bots as your plan allows and only add hosting when your bot is ready for your community."
      />

      <section aria-labelledby="plans-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="plans-heading" className="sr-only">
          Plans
        </h2>
        <p className="mx-auto mb-8 flex w-fit max-w-full items-center gap-2 rounded-full border border-success/30 bg-success/10 px-4 py-1.5 text-center text-sm text-success">
          <Gift className="size-4 shrink-0" aria-hidden="true" />
          Every account starts with a {freeTrialSummary}.
        </p>
        <BillingPeriodToggle>
          <ul className="mt-10 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
            {plans.map((plan) => (
              <li key={plan.id}>
                <PlanCard plan={plan} />
              </li>
            ))}
          </ul>
        </BillingPeriodToggle>
        <p className="mt-8 text-center text-sm text-muted-foreground">
          Prices in US dollars per month. Teams is priced per user.
        </p>
      </section>

      <section aria-labelledby="faq-heading" className="border-t border-border/60 bg-card/30">
        <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-20">
          <h2 id="faq-heading" className="text-center text-3xl font-semibold tracking-tight">
            Frequently asked questions
          </h2>
          <div className="mt-10 divide-y divide-border/60 rounded-xl border border-border bg-background/60">
            {pricingFaq.map((item) => (
              <details key={item.question} className="group px-5">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md py-4 font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 [&::-webkit-details-marker]:hidden">
                  <span>{item.question}</span>
                  <ChevronDown
                    className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                    aria-hidden="true"
                  />
                </summary>
                <p className="pb-5 text-sm leading-relaxed text-pretty text-muted-foreground">{item.answer}</p>
              </details>
            ))}
          </div>
        </div>
      </section>

      <CallToAction
        title="Not sure which plan fits?"
        description="Start on the free trial and pick a plan later, or talk to us about a plan for your organisation."
      >
        <Button asChild size="lg">
          <Link href="/signup">Start free trial</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/contact">Talk to sales</Link>
        </Button>
      </CallToAction>
    </>
  );
}
