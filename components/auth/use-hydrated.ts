"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False during server rendering and hydration, true after. Buttons that only work through their
 * click handler stay disabled until then, so an early click is not silently lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
