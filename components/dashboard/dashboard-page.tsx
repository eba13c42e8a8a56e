import { ArrowLeft } from "lucide-react";
import Link from "next/link";

import { Button } from "@/components/ui/button";
import { dashboardHome } from "@/lib/dashboard/navigation";
import { cn } from "@/lib/utils";

/** The Back to Dashboard link every section page has. */
export function BackToDashboard({ className }: { className?: string }) {
  return (
    <Button asChild variant="ghost" size="sm" className={cn("-ml-2 text-muted-foreground", className)}>
      <Link href={dashboardHome}>
        <ArrowLeft />
        Back to Dashboard
      </Link>
    </Button>
  );
}

/** Every dashboard screen's content width: the header sits in the same place on each. */
export const dashboardWidth = "mx-auto w-full max-w-6xl";

/**
 * A dashboard page: Back to Dashboard, the title with an optional line under it, then the content.
 * One width for every page; `narrow` keeps forms to a readable line length under the same header.
 */
export function DashboardPage({
  title,
  description,
  back = true,
  narrow = false,
  children,
  className,
}: {
  title: string;
  description?: string;
  back?: boolean;
  narrow?: boolean;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={cn(dashboardWidth, "grid gap-6", className)}>
      <div className="grid gap-3">
        {back && <BackToDashboard className="justify-self-start" />}
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
          {description && <p className="text-muted-foreground">{description}</p>}
        </div>
      </div>
      {narrow ? <div className="grid w-full max-w-3xl gap-6">{children}</div> : children}
    </div>
  );
}

/** What a section shows before it has anything: an icon, a heading and one honest sentence. */
export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-card/40 px-6 py-16 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="max-w-md text-sm text-muted-foreground">{children}</div>
    </section>
  );
}
