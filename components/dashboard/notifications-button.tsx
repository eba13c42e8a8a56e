"use client";

import { Bell, BellOff, CheckCheck, Loader2 } from "lucide-react";
import Link from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { markNotificationsReadAction } from "@/lib/notifications/actions";
import { cn } from "@/lib/utils";

interface BellNotification {
  id: string;
  kind: string;
  title: string;
  body: string;
  href: string | null;
  readAt: string | null;
  createdAt: string;
}

type Bell = { notifications: BellNotification[]; unread: number };

const refreshMs = 60_000;
const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto", style: "short" });
const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];

/** "just now", "5 min. ago", "yesterday"… */
function timeAgo(iso: string, now: number): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return "just now";
}

/**
 * The top bar's bell: the unread count, and a list of the latest notifications (bot crashed,
 * ticket answered, archive item expiring). Refreshed when opened and every minute while the tab
 * is visible.
 */
export function NotificationsButton() {
  const [open, setOpen] = useState(false);
  const [bell, setBell] = useState<Bell | null>(null);
  const [failed, setFailed] = useState(false);
  const [markingAll, setMarkingAll] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const inFlight = useRef<AbortController | null>(null);

  const refresh = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      const response = await fetch("/api/notifications", { signal: controller.signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      setBell((await response.json()) as Bell);
      setFailed(false);
      setNow(Date.now());
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error("Loading notifications failed", error);
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    const tick = () => document.visibilityState === "visible" && void refresh();
    tick();
    const timer = window.setInterval(tick, refreshMs);
    document.addEventListener("visibilitychange", tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", tick);
      inFlight.current?.abort();
    };
  }, [refresh]);

  async function markRead(ids?: string[]) {
    const previous = bell;
    const readAt = new Date().toISOString();
    // Optimistic: the list and badge change at once; a failure puts them back.
    setBell(
      (current) =>
        current && {
          notifications: current.notifications.map((item) =>
            !ids || ids.includes(item.id) ? { ...item, readAt: item.readAt ?? readAt } : item,
          ),
          unread: ids
            ? Math.max(0, current.unread - current.notifications.filter((n) => ids.includes(n.id) && !n.readAt).length)
            : 0,
        },
    );
    try {
      const result = await markNotificationsReadAction(ids ? { ids } : {});
      if (!result.ok) throw new Error(result.error);
      setBell((current) => current && { ...current, unread: result.data.unread });
    } catch (error) {
      console.error("Marking notifications read failed", error);
      setBell(previous);
      toast.error("Could not mark as read", { description: "Please try again." });
    }
  }

  async function markAllRead() {
    setMarkingAll(true);
    await markRead();
    setMarkingAll(false);
  }

  const unread = bell?.unread ?? 0;
  const notifications = bell?.notifications ?? [];

  return (
    <Popover
      open={open}
      onOpenChange={(value) => {
        setOpen(value);
        if (value) void refresh();
      }}
    >
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
        >
          <Bell className="size-5" />
          {unread > 0 && (
            <span
              aria-hidden="true"
              data-testid="notifications-badge"
              className="absolute top-1 right-1 grid h-4 min-w-4 place-items-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white"
            >
              {unread > 9 ? "9+" : unread}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" collisionPadding={12} className="w-[min(22rem,calc(100vw-1.5rem))] p-0">
        <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
          <h2 className="text-sm font-semibold">Notifications</h2>
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2 text-xs"
            disabled={unread === 0 || markingAll}
            onClick={() => void markAllRead()}
          >
            {markingAll ? <Loader2 className="animate-spin" /> : <CheckCheck />}
            Mark all as read
          </Button>
        </div>

        {bell === null && !failed ? (
          <p className="flex items-center justify-center gap-2 py-8 text-sm text-muted-foreground">
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            Loading...
          </p>
        ) : failed && bell === null ? (
          <p role="alert" className="px-4 py-8 text-center text-sm text-destructive">
            Notifications could not be loaded.
          </p>
        ) : notifications.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
            <BellOff aria-hidden="true" className="size-6 text-muted-foreground" />
            <p className="text-sm font-medium">No notifications yet</p>
            <p className="text-xs text-muted-foreground">Alerts about your bots and tickets will show up here.</p>
          </div>
        ) : (
          <ul aria-label="Notifications" className="max-h-[min(24rem,60dvh)] divide-y divide-border overflow-y-auto">
            {notifications.map((item) => (
              <li key={item.id}>
                <NotificationItem
                  item={item}
                  now={now}
                  onOpen={() => {
                    if (!item.readAt) void markRead([item.id]);
                    if (item.href?.startsWith("/")) setOpen(false);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}

function NotificationItem({ item, now, onOpen }: { item: BellNotification; now: number; onOpen: () => void }) {
  const unread = !item.readAt;
  const content = (
    <>
      <span
        aria-hidden="true"
        className={cn("mt-1.5 size-2 shrink-0 rounded-full", unread ? "bg-primary" : "bg-transparent")}
      />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className={cn("text-sm", unread ? "font-semibold" : "font-medium text-muted-foreground")}>
          {item.title}
          {unread && <span className="sr-only"> (unread)</span>}
        </span>
        {item.body && <span className="line-clamp-2 text-xs text-muted-foreground">{item.body}</span>}
        <time dateTime={item.createdAt} className="text-[11px] text-muted-foreground">
          {timeAgo(item.createdAt, now)}
        </time>
      </span>
    </>
  );
  const className =
    "flex w-full gap-3 px-4 py-3 text-left transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-none";
  // Only paths inside the app are followed.
  const href = item.href?.startsWith("/") && !item.href.startsWith("//") ? item.href : null;
  return href ? (
    <Link href={href} onClick={onOpen} className={className}>
      {content}
    </Link>
  ) : (
    <button type="button" onClick={onOpen} className={className}>
      {content}
    </button>
  );
}
