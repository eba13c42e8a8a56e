import type { PlanStatus } from "../plan-status";

function UsageMeter({ label, used, max }: { label: string; used: number; max: number | null }) {
  const percent = max ? Math.min(100, Math.round((used / max) * 100)) : 0;
  const full = max !== null && used >= max;
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className={full ? "font-medium text-destructive" : "text-muted-foreground"}>
          {max === null ? `${used} used · Unlimited` : `${used} of ${max} used`}
        </span>
      </div>
      {max !== null && (
        <div
          role="meter"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={Math.min(used, max)}
          aria-valuetext={`${used} of ${max}`}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className={full ? "h-full bg-destructive" : "h-full bg-primary-fill"} style={{ width: `${percent}%` }} />
        </div>
      )}
    </div>
  );
}

export function UsageCard({ status }: { status: PlanStatus }) {
  return (
    <section
      aria-labelledby="usage-heading"
      className="grid content-start gap-5 rounded-xl border border-border bg-card p-5 sm:p-6"
    >
      <div className="grid gap-1">
        <h2 id="usage-heading" className="text-sm font-medium text-muted-foreground">
          Limits and usage
        </h2>
        <p className="text-sm text-muted-foreground">Archived bots don&apos;t count against your plan.</p>
      </div>
      <UsageMeter label="Bots" used={status.bots.used} max={status.bots.max} />
      <UsageMeter label="Running at once" used={status.running.used} max={status.running.max} />
    </section>
  );
}
