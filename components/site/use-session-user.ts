"use client";

import { useEffect, useSyncExternalStore } from "react";

export type SessionUser = { greeting: string; email: string };

/** "loading" until /api/session first answers; the public pages are static, so the server cannot say. */
export type SessionState =
  { status: "loading" } | { status: "signed-out" } | { status: "signed-in"; user: SessionUser };

const loading: SessionState = { status: "loading" };

// One answer shared by every header on the page and kept across client-side navigations (the
// header remounts when the route group changes), so a known state never flashes back to loading.
let state: SessionState = loading;
let request: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** The latest known session state (the store's snapshot). */
export function sessionSnapshot(): SessionState {
  return state;
}

function setState(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function fetchSession(): Promise<void> {
  try {
    const response = await fetch("/api/session", { cache: "no-store", credentials: "same-origin" });
    if (!response.ok) throw new Error(`GET /api/session answered ${response.status}`);
    const body = (await response.json()) as { user: SessionUser | null };
    setState(body.user ? { status: "signed-in", user: body.user } : { status: "signed-out" });
  } catch (error) {
    // The navigation still works signed out; the dashboard checks the session itself.
    console.error("Reading the session failed", error);
    if (state.status === "loading") setState({ status: "signed-out" });
  } finally {
    request = null;
  }
}

/** Asks the server again who is signed in (one request at a time). */
export function refreshSessionUser(): Promise<void> {
  request ??= fetchSession();
  return request;
}

/** Who is signed in, for the public navigation bar. Reads /api/session after mount. */
export function useSessionUser(): SessionState {
  const current = useSyncExternalStore(subscribe, sessionSnapshot, () => loading);
  useEffect(() => {
    void refreshSessionUser();
  }, []);
  return current;
}
