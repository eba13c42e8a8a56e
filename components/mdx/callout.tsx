import { Info, Lightbulb, TriangleAlert } from "lucide-react";

import { cn } from "@/lib/utils";

const styles = {
  info: { icon: Info, className: "border-primary/40 bg-primary/10", label: "Note" },
  tip: { icon: Lightbulb, className: "border-success/40 bg-success/10", label: "Tip" },
  warning: { icon: TriangleAlert, className: "border-warning/40 bg-warning/10", label: "Warning" },
} as const;

export function Callout({ type = "info", children }: { type?: keyof typeof styles; children: React.ReactNode }) {
  const style = styles[type] ?? styles.info;
  const Icon = style.icon;
  return (
    <aside className={cn("not-prose my-6 flex gap-3 rounded-lg border p-4 text-sm leading-relaxed", style.className)}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div>
        <span className="sr-only">{style.label}: </span>
        {children}
      </div>
    </aside>
  );
}
