import { Monitor, Smartphone } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { describeDevice } from "@/lib/auth/device";
import type { ActiveSession } from "@/lib/auth/sessions";

import { EndSessionButton } from "./end-session-button";

const signedInDate = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

/** "Active now" within two minutes (last use is kept to the minute), else "Last active 3 hours ago". */
function lastActive(lastSeenAt: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - lastSeenAt.getTime()) / 60_000);
  if (minutes < 2) return "Active now";
  if (minutes < 60) return `Last active ${relative.format(-minutes, "minute")}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Last active ${relative.format(-hours, "hour")}`;
  return `Last active ${relative.format(-Math.floor(hours / 24), "day")}`;
}

/** Security › Sessions: where the account is signed in, this browser first. */
export function ActiveSessions({
  sessions,
  currentId,
  now = new Date(),
}: {
  sessions: ActiveSession[];
  currentId: string | null;
  now?: Date;
}) {
  const ordered = [...sessions].sort((a, b) => Number(b.id === currentId) - Number(a.id === currentId));
  return (
    <ul aria-label="Signed-in devices" className="divide-y divide-border rounded-lg border border-border">
      {ordered.map((session) => {
        const device = describeDevice(session.userAgent);
        const current = session.id === currentId;
        const Icon = /iPhone|Android|iPad/.test(device) ? Smartphone : Monitor;
        return (
          // Narrow screens: the button goes under the text, so the details keep the row's width.
          <li key={session.id} className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 px-4 py-3 sm:flex">
            <Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
            <div className="grid min-w-0 flex-1 gap-0.5">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                {device}
                {current && <Badge variant="secondary">This device</Badge>}
              </p>
              <p className="text-xs break-words text-muted-foreground">
                {[
                  session.ip ? `IP ${session.ip}` : null,
                  current ? "Active now" : lastActive(session.lastSeenAt, now),
                  `Signed in ${signedInDate.format(session.createdAt)}${session.signedInWith === "google" ? " with Google" : ""}`,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            </div>
            {!current && (
              <div className="col-start-2 sm:ml-auto">
                <EndSessionButton sessionId={session.id} device={device} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
