import { CheckCircle2, type LucideIcon } from "lucide-react";

import type { ProductStatus } from "@/lib/site/status";
import { cn } from "@/lib/utils";

import { StatusBadge } from "./status-badge";

/** A product card: icon, optional status badge, name (an h3), description and a short list of points. */
export function FeatureCard({
  name,
  description,
  icon: Icon,
  points,
  status,
  className,
}: {
  name: string;
  description: string;
  icon: LucideIcon;
  points?: string[];
  status?: ProductStatus;
  className?: string;
}) {
  const upcoming = status === "Coming Soon";
  return (
    <article
      className={cn(
        "flex h-full flex-col rounded-xl border border-border bg-card/60 p-6 transition-colors hover:border-primary/40 hover:bg-card",
        upcoming && "border-dashed",
        className,
      )}
    >
      <div className="flex items-start justify-between gap-4">
        <span
          className={cn(
            "flex size-11 items-center justify-center rounded-lg",
            upcoming ? "bg-muted text-muted-foreground" : "bg-primary/15 text-primary",
          )}
        >
          <Icon className="size-5" aria-hidden="true" />
        </span>
        {status && <StatusBadge status={status} />}
      </div>
      <h3 className="mt-5 text-lg font-semibold">{name}</h3>
      <p className="mt-2 text-sm text-pretty text-muted-foreground">{description}</p>
      {points && points.length > 0 && (
        <ul className="mt-5 space-y-2 border-t border-border/60 pt-5">
          {points.map((point) => (
            <li key={point} className="flex gap-2 text-sm">
              <CheckCircle2
                className={cn("mt-0.5 size-4 shrink-0", upcoming ? "text-muted-foreground" : "text-success")}
                aria-hidden="true"
              />
              {point}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
