import { formatBytes } from "@/lib/bots/kv-schemas";
import { cn } from "@/lib/utils";

function Meter({ id, label, used, max, text }: { id: string; label: string; used: number; max: number; text: string }) {
  const percent = max > 0 ? Math.min(100, (used / max) * 100) : 0;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span id={id} className="font-medium">
          {label}
        </span>
        <span className="text-muted-foreground tabular-nums">{text}</span>
      </div>
      <div
        role="meter"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={used}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn("h-full rounded-full", percent >= 90 ? "bg-destructive" : "bg-primary")}
          // A sliver stays visible once anything is stored.
          style={{ width: `${used > 0 ? Math.max(percent, 1) : 0}%` }}
        />
      </div>
    </div>
  );
}

/** Keys and bytes used against the bot's quotas. */
export function UsageMeters({
  keys,
  bytes,
  limits,
}: {
  keys: number;
  bytes: number;
  limits: { maxKeys: number; maxTotalBytes: number; maxValueBytes: number };
}) {
  return (
    <section aria-label="Database usage" className="grid gap-3 rounded-xl border border-border bg-card/60 p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Meter
          id="kv-usage-keys"
          label="Keys"
          used={keys}
          max={limits.maxKeys}
          text={`${keys.toLocaleString("en-US")} of ${limits.maxKeys.toLocaleString("en-US")}`}
        />
        <Meter
          id="kv-usage-bytes"
          label="Storage"
          used={bytes}
          max={limits.maxTotalBytes}
          text={`${formatBytes(bytes)} of ${formatBytes(limits.maxTotalBytes)}`}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        Each value can hold up to {formatBytes(limits.maxValueBytes)} of JSON. Sizes count the value&apos;s JSON text.
      </p>
    </section>
  );
}
