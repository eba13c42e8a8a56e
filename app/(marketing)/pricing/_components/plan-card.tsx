import { Check } from "lucide-react";
import Link from "next/link";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  formatPrice,
  monthlyPriceNote,
  priceFor,
  savingsBadge,
  yearlyTotalCents,
  type PricingPlan,
} from "@/lib/site/pricing";
import { cn } from "@/lib/utils";

/** The price block of one billing period; shown or hidden by the toggle's `data-period`. */
function PeriodPrice({ plan, period }: { plan: PricingPlan; period: "monthly" | "yearly" }) {
  const cents = priceFor(plan, period);
  if (cents === null) return null;
  const badge = savingsBadge(plan, period);
  const note = monthlyPriceNote(plan, period);
  const yearlyTotal = yearlyTotalCents(plan);
  return (
    <div
      data-price-period={period}
      className={period === "monthly" ? "in-data-[period=yearly]:hidden" : "hidden in-data-[period=yearly]:block"}
    >
      <p className="flex flex-wrap items-baseline gap-x-1.5">
        <span className="text-4xl font-semibold tracking-tight">{formatPrice(cents)}</span>
        <span className="text-sm text-muted-foreground">
          <span aria-hidden="true">/mo</span>
          <span className="sr-only">per month</span>
          {plan.unit && ` ${plan.unit}`}
        </span>
      </p>
      {period === "monthly" ? (
        <p className="mt-2 text-sm text-muted-foreground">Billed monthly</p>
      ) : (
        <div className="mt-2 space-y-1.5 text-sm text-muted-foreground">
          {yearlyTotal !== null && (
            <p>
              {formatPrice(yearlyTotal)} billed yearly{plan.unit && ` ${plan.unit}`}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-2">
            {note && <span>{note}</span>}
            {badge && (
              <Badge variant="outline" className="border-success/30 bg-success/10 text-success">
                {badge}
              </Badge>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

export function PlanCard({ plan }: { plan: PricingPlan }) {
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      className={cn(
        "relative flex h-full flex-col rounded-2xl border border-border bg-card/60 p-6",
        plan.popular && "border-primary/60 bg-card shadow-[0_0_40px_var(--glow)] ring-1 ring-primary/40",
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={`plan-${plan.id}`} className="text-lg font-semibold">
          {plan.name}
        </h3>
        {plan.popular && <Badge className="shadow-[0_0_16px_var(--glow)]">Most Popular</Badge>}
      </div>
      <p className="mt-2 text-sm text-pretty text-muted-foreground md:min-h-15">{plan.description}</p>

      <div className="mt-6 md:min-h-30">
        {plan.price ? (
          <>
            <PeriodPrice plan={plan} period="monthly" />
            <PeriodPrice plan={plan} period="yearly" />
          </>
        ) : (
          <div>
            <p className="text-4xl font-semibold tracking-tight">{plan.customPriceLabel}</p>
            {plan.terms && <p className="mt-2 text-sm text-muted-foreground">{plan.terms}</p>}
          </div>
        )}
      </div>

      <Button asChild size="lg" variant={plan.popular ? "default" : "outline"} className="mt-6 w-full">
        <Link href={plan.href}>
          {plan.buttonText}
          <span className="sr-only"> with {plan.name}</span>
        </Link>
      </Button>

      <ul className="mt-6 space-y-3 border-t border-border/60 pt-6">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2.5 text-sm">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
    </article>
  );
}
