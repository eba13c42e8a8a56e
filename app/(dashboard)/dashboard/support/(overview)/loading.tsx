import { dashboardWidth } from "@/components/dashboard/dashboard-page";
import { cn } from "@/lib/utils";

/** The Support screen while its tickets and stats load (only this segment: ticket pages answer 404 themselves). */
export default function SupportLoading() {
  const block = "rounded-xl border border-border bg-card/40 motion-safe:animate-pulse";
  return (
    <div role="status" aria-label="Loading support" className={cn(dashboardWidth, "grid gap-6")}>
      <div className="h-16 w-64 rounded-lg bg-card/40" />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className={`${block} h-36`} />
        ))}
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className={`${block} h-24`} />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className={`${block} h-72`} />
        <div className={`${block} h-72`} />
      </div>
      <span className="sr-only">Loading…</span>
    </div>
  );
}
