import { Check } from "lucide-react";
import Link from "next/link";

import { Badge } from "@/components/ui/badge";
import type { PlanId } from "@/lib/billing/plans";
import { formatPrice, freeTrialSummary, plans } from "@/lib/site/pricing";
import { cn } from "@/lib/utils";

/** The pricing page's four plans, side by side, with the user's own marked. Nothing to buy here. */
export function PlanComparison({ currentPlan }: { currentPlan: PlanId }) {
  return (
    <section aria-labelledby="compare-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="compare-heading" className="text-lg font-semibold">
          Compare plans
        </h2>
        <p className="text-sm text-muted-foreground">
          Every account starts with a {freeTrialSummary}. Prices are per month, billed monthly.{" "}
          <Link href="/pricing" className="text-primary underline-offset-4 hover:underline">
            See yearly prices
          </Link>
        </p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {plans.map((plan) => {
          const current = plan.id === currentPlan;
          return (
            <li key={plan.id}>
              <article
                aria-labelledby={`compare-${plan.id}`}
                className={cn(
                  "flex h-full flex-col gap-4 rounded-xl border border-border bg-card p-5",
                  current && "border-primary/60 ring-1 ring-primary/40",
                )}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 id={`compare-${plan.id}`} className="font-semibold">
                    {plan.name}
                  </h3>
                  {current ? (
                    <Badge>Current plan</Badge>
                  ) : (
                    plan.popular && <Badge variant="outline">Most Popular</Badge>
                  )}
                </div>
                <p className="flex flex-wrap items-baseline gap-x-1">
                  {plan.price ? (
                    <>
                      <span className="text-2xl font-semibold">{formatPrice(plan.price.monthly)}</span>
                      <span className="text-sm text-muted-foreground">/mo{plan.unit && ` ${plan.unit}`}</span>
                    </>
                  ) : (
                    <span className="text-2xl font-semibold">{plan.customPriceLabel}</span>
                  )}
                </p>
                <p className="text-sm text-muted-foreground">{plan.description}</p>
                <ul className="grid gap-2 border-t border-border pt-4">
                  {plan.features.map((feature) => (
                    <li key={feature} className="flex gap-2 text-sm">
                      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                      {feature}
                    </li>
                  ))}
                </ul>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
