"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";

import { useBotStatus } from "./live-status";

/**
 * Reloads the page's server data when the bot crashes or recovers while the page is open, so the
 * crash card appears (or goes) without a manual reload.
 */
export function RefreshOnCrash({
  botId,
  status,
  desiredState,
}: {
  botId: string;
  status: string;
  desiredState: string;
}) {
  const router = useRouter();
  const live = useBotStatus(botId, { status, desiredState });
  const crashed = live.status === "crashed" || live.status === "restarting";
  const shown = useRef(crashed);
  useEffect(() => {
    if (shown.current === crashed) return;
    shown.current = crashed;
    router.refresh();
  }, [crashed, router]);
  return null;
}
