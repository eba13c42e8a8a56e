"use client";

import { useCallback, useEffect, useState } from "react";
import { toast } from "sonner";

import { unexpectedErrorMessage } from "@/lib/action-result";
import { startProofAction } from "@/lib/blueprint/actions";
import type { ProofView } from "@/lib/blueprint/proof/types";

import { fetchProof, isProofActive, queuedProof } from "./proof-model";

const pollMs = 1_000;

export interface ProofState {
  /** The newest check (null: none has run, or it is still loading). */
  view: ProofView | null;
  loading: boolean;
  /** The first load failed (the panel says so; a new check still works). */
  loadFailed: boolean;
  /** A check is being asked for, queued or running. */
  busy: boolean;
  start(): void;
}

/**
 * The bot's newest check: loaded once, then polled every second while it is queued or running
 * and the tab is visible (at once when the tab shows again), until it finishes or the panel goes.
 */
export function useProof(botId: string): ProofState {
  const [view, setView] = useState<ProofView | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadFailed, setLoadFailed] = useState(false);
  const [starting, setStarting] = useState(false);

  const loadLatest = useCallback(
    (signal?: AbortSignal) =>
      fetchProof(botId, undefined, signal).then(
        (loaded) => {
          if (signal?.aborted) return;
          setLoadFailed(false);
          setLoading(false);
          if (loaded.kind === "none") return;
          // A check started meanwhile is newer than what this answer knew.
          setView((current) =>
            current && current.id !== loaded.view.id && isProofActive(current.status) ? current : loaded.view,
          );
        },
        () => {
          if (signal?.aborted) return;
          setLoadFailed(true);
          setLoading(false);
        },
      ),
    [botId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void loadLatest(controller.signal);
    return () => controller.abort();
  }, [loadLatest]);

  const proofId = view?.id;
  const active = view ? isProofActive(view.status) : false;

  useEffect(() => {
    if (!proofId || !active) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight = false;
    let lastText = "";

    const poll = async () => {
      clearTimeout(timer);
      timer = undefined;
      // Hidden: the next poll waits for the tab to show again (onVisible).
      if (inFlight || document.visibilityState !== "visible") return;
      inFlight = true;
      let finished = false;
      try {
        const loaded = await fetchProof(botId, proofId, controller.signal);
        if (loaded.kind === "none") finished = true;
        else if (loaded.text !== lastText) {
          lastText = loaded.text;
          finished = !isProofActive(loaded.view.status);
          setView(loaded.view);
        }
      } catch {
        // Offline for a moment, or aborted: the next poll (if any) tries again.
      } finally {
        inFlight = false;
      }
      if (!finished && !controller.signal.aborted) timer = setTimeout(poll, pollMs);
    };
    const onVisible = () => {
      if (document.visibilityState === "visible" && !inFlight) void poll();
    };

    timer = setTimeout(poll, pollMs);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      controller.abort();
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [botId, proofId, active]);

  const start = useCallback(() => {
    setStarting(true);
    void (async () => {
      try {
        const result = await startProofAction({ botId });
        if (result.ok) {
          setView(queuedProof(result.data.id));
        } else {
          toast.error(result.error);
          // "Already running": show the one that runs.
          void loadLatest();
        }
      } catch {
        toast.error(unexpectedErrorMessage);
      } finally {
        setStarting(false);
      }
    })();
  }, [botId, loadLatest]);

  return { view, loading, loadFailed, busy: starting || active, start };
}
