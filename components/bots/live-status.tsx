"use client";

/**
 * The runner's view of the user's bots, live: one poll of /api/bots/status every 2 s while
 * anything on the page shows a status and the tab is visible (at once when it becomes visible
 * again), shared by every badge, control and count on the page.
 */
import { useSyncExternalStore } from "react";

import type { LiveBotStatus } from "@/lib/bots/hosting";
import { statusLabel, statusTone } from "@/lib/bots/status";
import { cn } from "@/lib/utils";

type Snapshot = { received: boolean; bots: ReadonlyMap<string, LiveBotStatus> };

const pollMs = 2_000;
const listeners = new Set<() => void>();
let snapshot: Snapshot = { received: false, bots: new Map() };
let timer: ReturnType<typeof setTimeout> | undefined;
let lastText = "";

async function poll() {
  clearTimeout(timer);
  timer = undefined;
  if (listeners.size === 0) return;
  if (document.visibilityState === "visible") {
    try {
      const response = await fetch("/api/bots/status", { cache: "no-store" });
      if (response.ok) {
        const text = await response.text();
        if (text !== lastText) {
          lastText = text;
          const { bots } = JSON.parse(text) as { bots: LiveBotStatus[] };
          snapshot = { received: true, bots: new Map(bots.map((bot) => [bot.id, bot])) };
          for (const listener of listeners) listener();
        }
      }
    } catch {
      // Offline for a moment: the next poll tries again.
    }
  }
  if (listeners.size > 0) timer = setTimeout(poll, pollMs);
}

function onVisible() {
  if (document.visibilityState === "visible") void poll();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    document.addEventListener("visibilitychange", onVisible);
    void poll();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearTimeout(timer);
      timer = undefined;
      document.removeEventListener("visibilitychange", onVisible);
    }
  };
}

const emptySnapshot: Snapshot = { received: false, bots: new Map() };

function useSnapshot(): Snapshot {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => emptySnapshot,
  );
}

/** The bot's live status, or `initial` (from the server render) until the stream says more. */
export function useBotStatus<T extends { status: string; desiredState: string }>(
  botId: string,
  initial: T,
): T & Partial<LiveBotStatus> {
  const live = useSnapshot().bots.get(botId);
  return live ? { ...initial, ...live } : initial;
}

/** How many bots the user has and how many are online, live once the stream has spoken. */
export function useLiveBotCounts<T extends { total: number; online: number }>(initial: T): T {
  const { received, bots } = useSnapshot();
  if (!received) return initial;
  const all = [...bots.values()];
  return { ...initial, total: all.length, online: all.filter((bot) => bot.status === "running").length };
}

const toneClasses = {
  online: "border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300",
  offline: "border-red-500/40 bg-red-500/10 text-red-700 dark:text-red-300",
  other: "border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-200",
} as const;

const dotClasses = { online: "bg-emerald-500", offline: "bg-red-500", other: "bg-amber-500" } as const;

/** Online / Offline / Starting… as a coloured badge that follows the runner. */
export function BotStatusBadge({
  botId,
  status,
  desiredState,
  className,
}: {
  botId: string;
  status: string;
  desiredState: string;
  className?: string;
}) {
  const live = useBotStatus(botId, { status, desiredState });
  const tone = statusTone(live.status);
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-md border px-2 py-0.5 text-xs font-medium whitespace-nowrap",
        toneClasses[tone],
        className,
      )}
      title={live.statusReason ?? undefined}
      data-status={live.status}
    >
      <span aria-hidden="true" className={cn("size-1.5 rounded-full", dotClasses[tone])} />
      {statusLabel(live.status)}
    </span>
  );
}
