"use client";

import { Loader2, Server } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { toast } from "sonner";

import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { setTestServerAction } from "@/lib/simulator/actions";
import type { TestServer } from "@/lib/simulator/schemas";

const choices: Record<TestServer, { label: string; done: string }> = {
  own: { label: "Its own server", done: "It now has a server of its own" },
  shared: { label: "Shared with your other bots", done: "It moved to the shared server" },
};

/**
 * Which simulated server the Test tab's bot is in: a server of its own (no other bot answers
 * there), or the shared one where the user's bots that work together meet. A running bot moves
 * at once (it reconnects).
 */
export function TestServerPicker({
  botId,
  setting,
  guildName,
  ownServer,
  running,
}: {
  botId: string;
  setting: TestServer;
  guildName: string;
  /** Whether the server it is in now is its own. */
  ownServer: boolean;
  /** The bot is running (a move restarts it). */
  running: boolean;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  const choose = (next: TestServer) =>
    startTransition(async () => {
      try {
        const result = await setTestServerAction({ botId, testServer: next });
        if (!result.ok) {
          toast.error("Could not move the bot", { description: result.error });
          return;
        }
        if (!result.data.applied) {
          toast.success("Saved", { description: "The simulator is not reachable; the bot moves when it is back." });
        } else if (next === "own" && !result.data.ownServer) {
          toast.warning("It stays in the shared server", {
            description: "Your bots already have as many servers of their own as the simulator keeps.",
          });
        } else {
          toast.success(choices[next].done, running ? { description: "It restarts to join it." } : undefined);
        }
        router.refresh();
      } catch {
        toast.error("Could not move the bot", { description: unexpectedErrorMessage });
      }
    });

  const explanation = ownServer
    ? "Only this bot is in this server, so no other bot's replies show up here."
    : setting === "own"
      ? "Your bots already have as many servers of their own as the simulator keeps, so this one is in the shared server."
      : "Every bot of yours set to the shared server is here, for bots that work together.";

  return (
    <section
      aria-label="Test server"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-border bg-card/60 p-3"
    >
      <Server aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 flex-1 basis-60 gap-0.5">
        <p className="font-medium break-words" data-testid="test-server-name">
          {guildName}
        </p>
        <p className="text-sm text-muted-foreground">{explanation}</p>
      </div>
      <div className="grid w-full gap-1.5 sm:w-64">
        <Label htmlFor="test-server" className="flex items-center gap-1.5">
          Test in
          {pending && <Loader2 aria-label="Moving the bot" className="size-3.5 animate-spin" />}
        </Label>
        <NativeSelect
          id="test-server"
          value={setting}
          disabled={pending}
          onChange={(event) => choose(event.target.value as TestServer)}
        >
          {(Object.keys(choices) as TestServer[]).map((value) => (
            <NativeSelectOption key={value} value={value}>
              {choices[value].label}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </div>
    </section>
  );
}
