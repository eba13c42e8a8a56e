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

/** A dashboard page: Back to Dashboard, the title with an optional line under it, then the content. */
export function DashboardPage({
  title,
  description,
  back = true,
  children,
  className,
}: {
  title: string;
  description?: string;
  back?: boolean;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("mx-auto grid w-full max-w-5xl gap-6", className)}>
      <div className="grid gap-3">
        {back && <BackToDashboard className="justify-self-start" />}
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
          {description && <p className="text-muted-foreground">{description}</p>}
        </div>
      </div>
      {children}
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
