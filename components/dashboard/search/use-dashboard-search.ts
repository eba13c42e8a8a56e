"use client";

import { useEffect, useState } from "react";

import { suggestedPages } from "@/lib/search/pages";
import type { SearchGroup, SearchResponse } from "@/lib/search/types";

export type SearchState =
  | { status: "idle" | "loading" | "done"; groups: SearchGroup[] }
  | { status: "error"; groups: SearchGroup[]; message: string };

type Answer = { query: string; groups: SearchGroup[]; error?: string };

const suggestions: SearchGroup[] = [{ id: "pages", label: "Go to", results: suggestedPages }];
const debounceMs = 150;
const failed = "Search failed. Please try again.";

/**
 * As-you-type search: waits for a pause in typing, then asks /api/search. A newer query aborts
 * the request of the older one, so results never arrive out of order.
 */
export function useDashboardSearch(query: string): SearchState {
  const trimmed = query.trim();
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (!trimmed) return;
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const response = await fetch(`/api/search?q=${encodeURIComponent(trimmed)}`, {
          signal: controller.signal,
          headers: { accept: "application/json" },
        });
        const body = (await response.json()) as Partial<SearchResponse> & { error?: string };
        if (!response.ok) throw new Error(body.error ?? failed);
        setAnswer({ query: trimmed, groups: body.groups ?? [] });
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error("Search failed", error);
        setAnswer({
          query: trimmed,
          groups: [],
          error: error instanceof Error && error.message ? error.message : failed,
        });
      }
    }, debounceMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed]);

  if (!trimmed) return { status: "idle", groups: suggestions };
  // Until the new answer arrives, the previous one stays on screen so the list does not flicker.
  if (answer?.query !== trimmed) return { status: "loading", groups: answer?.groups ?? [] };
  if (answer.error) return { status: "error", groups: [], message: answer.error };
  return { status: "done", groups: answer.groups };
}
