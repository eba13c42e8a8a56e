import { CalendarClock, Gift } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { formatPrice } from "@/lib/site/pricing";

import type { PlanStatus } from "../plan-status";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

export function CurrentPlanCard({ status }: { status: PlanStatus }) {
  const { trial } = status;
  return (
    <section
      aria-labelledby="current-plan-heading"
      className="grid content-start gap-4 rounded-xl border border-border bg-card p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="current-plan-heading" className="text-sm font-medium text-muted-foreground">
          Current plan
        </h2>
        {trial && (
          <Badge variant={trial.daysLeft > 0 ? "outline" : "destructive"}>
            {trial.daysLeft > 0 ? "Trial" : "Trial ended"}
          </Badge>
        )}
      </div>
      <p className="text-2xl font-semibold tracking-tight">{status.planName}</p>
      {trial ? (
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div className="flex items-start gap-3 rounded-lg bg-muted/60 p-3">
            <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <div>
              <dt className="text-muted-foreground">Time left</dt>
              <dd className="font-medium">
                {trial.daysLeft > 0
                  ? `${trial.daysLeft} of ${trial.days} days left`
                  : `Ended ${dateFormat.format(trial.endsAt)}`}
              </dd>
              {trial.daysLeft > 0 && (
                <dd className="text-xs text-muted-foreground">Ends {dateFormat.format(trial.endsAt)}</dd>
              )}
            </div>
          </div>
          <div className="flex items-start gap-3 rounded-lg bg-muted/60 p-3">
            <Gift aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <div>
              <dt className="text-muted-foreground">Trial credits</dt>
              <dd className="font-medium">{formatPrice(trial.creditsCents)} in credits</dd>
              <dd className="text-xs text-muted-foreground">For the Cipher AI agent&apos;s work.</dd>
            </div>
          </div>
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground">Compare it with the other plans below.</p>
      )}
    </section>
  );
}
