"use client";

import { Loader2, RotateCcw } from "lucide-react";
import { useTransition } from "react";
import { toast } from "sonner";

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { resetWorldAction } from "@/lib/simulator/actions";

/** Reset, after a confirmation: the default server again; the user's bots and commands stay. */
export function ResetWorldButton({ onReset }: { onReset: () => Promise<void> }) {
  const [pending, startTransition] = useTransition();

  const reset = () =>
    startTransition(async () => {
      try {
        const result = await resetWorldAction();
        if (!result.ok) {
          toast.error("Could not reset the server", { description: result.error });
          return;
        }
        toast.success("The servers are back to their defaults", {
          description: "Your bots and their commands stayed.",
        });
        await onReset();
      } catch {
        toast.error("Could not reset the server", { description: unexpectedErrorMessage });
      }
    });

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="outline" disabled={pending}>
          {pending ? <Loader2 className="animate-spin" /> : <RotateCcw />}
          {pending ? "Resetting..." : "Reset server"}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Reset the simulated servers?</AlertDialogTitle>
          <AlertDialogDescription>
            Channels, members, roles, messages and bans go back to the defaults, in the shared server and in every
            bot&apos;s own server, and the clock to real time. Your bots and their commands stay, each in its server;
            connected bots reconnect to the fresh servers.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={reset}>Reset server</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
