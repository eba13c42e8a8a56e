"use client";

import { Loader2, Play, RotateCw, Square } from "lucide-react";
import { useTransition } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { unexpectedErrorMessage, type ActionResult } from "@/lib/action-result";
import { restartBotAction, startBotAction, stopBotAction } from "@/lib/bots/actions";
import { showsStop } from "@/lib/bots/status";

import { BotStatusBadge, useBotStatus } from "./live-status";

/**
 * Start / Stop / Restart with the live status badge. The buttons only record what the user wants;
 * the badge changes when the runner has done it.
 */
export function BotPowerControls({
  botId,
  botName,
  status,
  desiredState,
  size = "sm",
  compact = false,
}: {
  botId: string;
  botName: string;
  status: string;
  desiredState: string;
  size?: "sm" | "default";
  /** Cards: the badge and Start/Stop only. */
  compact?: boolean;
}) {
  const live = useBotStatus(botId, { status, desiredState });
  const [pending, startTransition] = useTransition();
  const running = showsStop(live.status, live.desiredState);

  const run = (action: (input: { botId: string }) => Promise<ActionResult<void>>, done: string, failed: string) =>
    startTransition(async () => {
      try {
        const result = await action({ botId });
        if (result.ok) toast.success(done);
        else toast.error(failed, { description: result.error });
      } catch {
        toast.error(failed, { description: unexpectedErrorMessage });
      }
    });

  return (
    <div className="flex flex-wrap items-center gap-2">
      <BotStatusBadge botId={botId} status={status} desiredState={desiredState} />
      {running ? (
        <Button
          size={size}
          variant="outline"
          disabled={pending}
          aria-label={compact ? `Stop ${botName}` : undefined}
          onClick={() => run(stopBotAction, `Stopping ${botName}`, "Could not stop the bot")}
        >
          {pending ? <Loader2 className="animate-spin" /> : <Square />}
          Stop
        </Button>
      ) : (
        <Button
          size={size}
          disabled={pending}
          aria-label={compact ? `Start ${botName}` : undefined}
          onClick={() => run(startBotAction, `Starting ${botName}`, "Could not start the bot")}
        >
          {pending ? <Loader2 className="animate-spin" /> : <Play />}
          Start
        </Button>
      )}
      {!compact && (
        <Button
          size={size}
          variant="outline"
          disabled={pending}
          onClick={() => run(restartBotAction, `Restarting ${botName}`, "Could not restart the bot")}
        >
          <RotateCw />
          Restart
        </Button>
      )}
      {!compact && live.status === "crashed" && live.statusReason && (
        <p className="basis-full text-sm text-amber-800 dark:text-amber-200" role="status">
          {live.statusReason}
        </p>
      )}
    </div>
  );
}
