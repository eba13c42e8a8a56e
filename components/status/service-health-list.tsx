import { CircleAlert, CircleCheck, CircleX, type LucideIcon } from "lucide-react";

import type { HealthLevel, ServiceHealth } from "@/lib/hosting/service-health";
import { cn } from "@/lib/utils";

export const healthLevelLabels: Record<HealthLevel, string> = {
  operational: "Operational",
  degraded: "Degraded",
  down: "Down",
};

const levelStyles: Record<HealthLevel, { icon: LucideIcon; badge: string; iconColor: string }> = {
  operational: {
    icon: CircleCheck,
    badge: "border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300",
    iconColor: "text-emerald-500",
  },
  degraded: {
    icon: CircleAlert,
    badge: "border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-200",
    iconColor: "text-amber-500",
  },
  down: {
    icon: CircleX,
    badge: "border-red-500/40 bg-red-500/10 text-red-700 dark:text-red-300",
    iconColor: "text-red-500",
  },
};

export function HealthBadge({ level }: { level: HealthLevel }) {
  return (
    <span className={cn("rounded-md border px-2 py-0.5 text-xs font-medium", levelStyles[level].badge)}>
      {healthLevelLabels[level]}
    </span>
  );
}

/**
 * One row per service: its name, level and one sentence. `details` (Hosting) adds the last
 * exit and restart count, and the stderr lines an operator may see.
 */
export function ServiceHealthList({
  services,
  details = false,
  className,
}: {
  services: Pick<ServiceHealth, "label" | "level" | "summary" | "lastExit" | "restarts" | "lastStderr">[];
  details?: boolean;
  className?: string;
}) {
  return (
    <ul className={cn("divide-y divide-border rounded-xl border border-border bg-card/60", className)}>
      {services.map((service) => {
        const Icon = levelStyles[service.level].icon;
        return (
          <li key={service.label} className="grid gap-1.5 p-4" data-service={service.label}>
            <div className="flex flex-wrap items-center gap-2">
              <Icon aria-hidden="true" className={cn("size-4 shrink-0", levelStyles[service.level].iconColor)} />
              <span className="font-medium">{service.label}</span>
              <span className="ml-auto">
                <HealthBadge level={service.level} />
              </span>
            </div>
            {service.level !== "operational" && <p className="text-sm text-muted-foreground">{service.summary}</p>}
            {details && service.lastExit && (
              <p className="text-xs text-muted-foreground">
                Last unexpected exit: {service.lastExit} · {service.restarts}{" "}
                {service.restarts === 1 ? "restart" : "restarts"} since the platform started
              </p>
            )}
            {details && service.lastStderr && (
              <pre
                aria-label={`${service.label}: last error output`}
                className="max-h-40 overflow-auto rounded-md border border-dashed bg-muted/40 p-2 text-xs whitespace-pre-wrap"
              >
                {service.lastStderr}
              </pre>
            )}
          </li>
        );
      })}
    </ul>
  );
}
