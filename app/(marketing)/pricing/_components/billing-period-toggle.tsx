"use client";

import { useState } from "react";

import { billingPeriods, defaultBillingPeriod, type BillingPeriod } from "@/lib/site/pricing";
import { cn } from "@/lib/utils";

/**
 * The monthly/yearly toggle. It only sets `data-period` on the wrapper: the plans are rendered on the
 * server with both prices, and CSS (`in-data-[period=yearly]:…`) shows the one for the chosen period.
 */
export function BillingPeriodToggle({ children }: { children: React.ReactNode }) {
  const [period, setPeriod] = useState<BillingPeriod>(defaultBillingPeriod);
  return (
    <div data-period={period}>
      <div
        role="group"
        aria-label="Billing period"
        className="mx-auto flex w-fit items-center gap-1 rounded-full border border-border bg-card/60 p-1"
      >
        {billingPeriods.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={period === option.value}
            onClick={() => setPeriod(option.value)}
            className={cn(
              "inline-flex h-9 items-center gap-2 rounded-full px-4 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60",
              period === option.value && "bg-primary-fill text-primary-foreground hover:text-primary-foreground",
            )}
          >
            {option.label}
            {option.hint && (
              <span
                className={cn(
                  "rounded-full px-1.5 py-0.5 text-[11px] leading-none",
                  period === option.value ? "bg-background/40" : "bg-success/15 text-success",
                )}
              >
                {option.hint}
              </span>
            )}
          </button>
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {period === "yearly" ? "Showing yearly prices" : "Showing monthly prices"}
      </p>
      {children}
    </div>
  );
}
