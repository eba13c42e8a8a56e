import { AlertTriangle, CheckCircle2, Info } from "lucide-react";

import { cn } from "@/lib/utils";

const tones = {
  info: { icon: Info, className: "border-primary/30 bg-primary/10", iconClass: "text-primary" },
  success: { icon: CheckCircle2, className: "border-success/30 bg-success/10", iconClass: "text-success" },
  warning: { icon: AlertTriangle, className: "border-warning/30 bg-warning/10", iconClass: "text-warning" },
  error: { icon: AlertTriangle, className: "border-destructive/40 bg-destructive/10", iconClass: "text-destructive" },
} as const;

/**
 * An inline panel in an account form ("Check your email", "Confirm your address first"). It is a
 * live region, so screen readers announce it when it appears.
 */
export function AuthNotice({
  tone = "info",
  title,
  children,
  className,
}: {
  tone?: keyof typeof tones;
  title: string;
  children?: React.ReactNode;
  className?: string;
}) {
  const { icon: Icon, className: toneClass, iconClass } = tones[tone];
  return (
    <div
      role={tone === "error" || tone === "warning" ? "alert" : "status"}
      className={cn("flex gap-3 rounded-xl border p-4 text-sm", toneClass, className)}
    >
      <Icon className={cn("mt-0.5 size-4 shrink-0", iconClass)} aria-hidden="true" />
      <div className="min-w-0 space-y-2">
        <h2 className="font-semibold text-foreground">{title}</h2>
        {children && <div className="space-y-3 text-muted-foreground">{children}</div>}
      </div>
    </div>
  );
}
