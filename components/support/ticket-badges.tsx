import { Badge } from "@/components/ui/badge";
import {
  ticketPriorityLabels,
  ticketStatusLabels,
  type TicketPriority,
  type TicketStatus,
} from "@/lib/support/schemas";
import { cn } from "@/lib/utils";

const statusStyles: Record<TicketStatus, string> = {
  open: "border-warning/40 bg-warning/10 text-warning",
  "in-progress": "border-primary/40 bg-primary/10 text-primary",
  resolved: "border-success/40 bg-success/10 text-success",
};

const priorityStyles: Record<TicketPriority, string> = {
  high: "border-destructive/40 bg-destructive/10 text-destructive",
  medium: "border-border text-foreground",
  low: "border-border text-muted-foreground",
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return (
    <Badge variant="outline" className={cn(statusStyles[status])}>
      {ticketStatusLabels[status]}
    </Badge>
  );
}

export function TicketPriorityBadge({ priority }: { priority: TicketPriority }) {
  return (
    <Badge variant="outline" className={cn(priorityStyles[priority])}>
      <span className="sr-only">Priority: </span>
      {ticketPriorityLabels[priority]}
      <span aria-hidden="true"> priority</span>
    </Badge>
  );
}
