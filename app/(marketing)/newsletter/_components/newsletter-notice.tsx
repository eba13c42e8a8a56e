import type { LucideIcon } from "lucide-react";

import { cn } from "@/lib/utils";

const tones = {
  primary: "bg-primary/15 text-primary",
  success: "bg-success/15 text-success",
  warning: "bg-warning/15 text-warning",
  muted: "bg-muted text-muted-foreground",
} as const;

/**
 * The one card of the newsletter link pages (confirm, unsubscribe): an icon, the page's h1, a
 * sentence and the actions. Announced politely, since its content changes after a button press.
 */
export function NewsletterNotice({
  icon: Icon,
  tone,
  title,
  children,
  actions,
}: {
  icon: LucideIcon;
  tone: keyof typeof tones;
  title: string;
  children: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <section className="relative isolate flex min-h-[60vh] items-center justify-center overflow-hidden px-4 py-16 sm:py-24">
      <div className="absolute inset-0 -z-10 bg-grid [mask-image:radial-gradient(ellipse_at_center,black,transparent_70%)]" />
      <div
        aria-live="polite"
        className="w-full max-w-lg rounded-2xl border border-border bg-card/80 p-6 text-center shadow-sm backdrop-blur sm:p-10"
      >
        <span className={cn("mx-auto flex size-12 items-center justify-center rounded-full", tones[tone])}>
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-2xl font-semibold tracking-tight text-balance sm:text-3xl">{title}</h1>
        <div className="mt-3 text-pretty text-muted-foreground">{children}</div>
        {actions && <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div>}
      </div>
    </section>
  );
}
