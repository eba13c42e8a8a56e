import { Badge } from "@/components/ui/badge";
import type { ProductStatus } from "@/lib/site/status";
import { cn } from "@/lib/utils";

/** "Available" in green or "Coming Soon" in amber, as on /features and /integrations. */
export function StatusBadge({ status, className }: { status: ProductStatus; className?: string }) {
  const available = status === "Available";
  return (
    <Badge
      variant="outline"
      className={cn(
        available ? "border-success/30 bg-success/10 text-success" : "border-warning/30 bg-warning/10 text-warning",
        className,
      )}
    >
      <span aria-hidden="true" className={cn("size-1.5 rounded-full", available ? "bg-success" : "bg-warning")} />
      {status}
    </Badge>
  );
}
