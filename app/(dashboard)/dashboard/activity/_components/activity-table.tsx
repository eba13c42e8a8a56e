import { auditActions, type AuditAction } from "@/lib/audit/service";

interface ActivityEvent {
  id: string;
  action: string;
  targetType: string | null;
  targetLabel: string | null;
  ip: string | null;
  createdAt: Date;
}

// Rendered on the server, which does not know the visitor's time zone: UTC, and said so.
const timeFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

function actionLabel(action: string): string {
  return action in auditActions ? auditActions[action as AuditAction] : action;
}

export function ActivityTable({ events }: { events: ActivityEvent[] }) {
  return (
    // One card per event below 640 px (table-cards); focusable so keyboard users can scroll it.
    <div
      role="region"
      aria-label="Activity"
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-border bg-card focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      <table className="table-cards w-full text-sm sm:min-w-[36rem]">
        <caption className="sr-only">Your account&apos;s activity, newest first</caption>
        <thead className="border-b border-border text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Time (UTC)
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Action
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Target
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              IP address
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {events.map((event) => (
            <tr key={event.id}>
              <td data-label="Time (UTC)" className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                <time dateTime={event.createdAt.toISOString()}>{timeFormat.format(event.createdAt)}</time>
              </td>
              <td data-label="Action" className="px-4 py-3 font-medium">
                {actionLabel(event.action)}
              </td>
              <td data-label="Target" className="max-w-64 truncate px-4 py-3" title={event.targetLabel ?? undefined}>
                {event.targetLabel ??
                  (event.targetType ? event.targetType : <span className="text-muted-foreground">—</span>)}
              </td>
              <td
                data-label="IP address"
                className="px-4 py-3 font-mono text-xs whitespace-nowrap text-muted-foreground"
              >
                {event.ip ?? "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
