import { dashboardWidth } from "@/components/dashboard/dashboard-page";
import { cn } from "@/lib/utils";

/** The Discord Simulator page while the world loads from the simulator. */
export default function SimulatorLoading() {
  const block = "rounded-xl border border-border bg-card/40 motion-safe:animate-pulse";
  return (
    <div role="status" aria-label="Loading the simulated server" className={cn(dashboardWidth, "grid gap-6")}>
      <div className="h-16 w-64 rounded-lg bg-card/40" />
      <div className={`${block} h-24`} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className={`${block} h-96`} />
        <div className="grid content-start gap-6">
          <div className={`${block} h-40`} />
          <div className={`${block} h-64`} />
        </div>
      </div>
      <span className="sr-only">Loading…</span>
    </div>
  );
}
