"use client";

import { useCallback, useEffect, useRef, useState } from "react";

import type { SimulatorEvent, SimulatorEventType, WorldSnapshot } from "@/lib/simulator/types";

/** Events that change nothing this page shows. */
const ignored = new Set<SimulatorEventType>(["typing_start", "interaction_create", "modal_open", "modal_close"]);

export type LiveState = "connecting" | "live" | "paused";

/**
 * The user's world kept current: the Test tab's event stream (/api/simulator/events) says that
 * something changed, and the snapshot (/api/simulator/world, small) is fetched again, at most
 * every 300 ms. `refresh` does the same by hand, e.g. after an action or while the stream is down.
 */
export function useLiveWorld(initial: WorldSnapshot) {
  const [world, setWorld] = useState(initial);
  const [live, setLive] = useState<LiveState>("connecting");
  const [error, setError] = useState<string | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  // Only the newest answer is applied, when two refreshes overlap.
  const sequence = useRef(0);

  const refresh = useCallback(async () => {
    const mine = ++sequence.current;
    setRefreshing(true);
    try {
      const response = await fetch("/api/simulator/world", { cache: "no-store" });
      const body = (await response.json().catch(() => null)) as (WorldSnapshot & { error?: string }) | null;
      if (mine !== sequence.current) return;
      if (!response.ok || !body || !Array.isArray(body.guilds)) {
        setError(body?.error ?? "The simulator could not be reached. Try Refresh in a moment.");
        return;
      }
      setWorld(body);
      setError(null);
    } catch {
      if (mine === sequence.current) setError("The simulator could not be reached. Try Refresh in a moment.");
    } finally {
      if (mine === sequence.current) setRefreshing(false);
    }
  }, []);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refresh(), 300);
    };
    const source = new EventSource("/api/simulator/events");
    source.onopen = () => {
      setLive("live");
      // Anything that changed while the stream was down.
      soon();
    };
    source.onerror = () => setLive("paused");
    source.onmessage = (raw) => {
      let event: SimulatorEvent;
      try {
        event = JSON.parse(raw.data as string) as SimulatorEvent;
      } catch {
        return;
      }
      if (!ignored.has(event.type)) soon();
    };
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [refresh]);

  return { world, live, error, refresh, refreshing };
}

/** Real time now, updated every `intervalMs`, so a timeout that ran out stops being shown. */
export function useNow(intervalMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
