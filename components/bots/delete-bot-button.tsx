"use client";

import { Loader2, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";

import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { archiveBotAction } from "@/lib/bots/actions";

/**
 * Delete Bot, with a confirmation. The bot is stopped and moved to the archive with its files,
 * versions and settings (lib/bots/service.ts archiveBot).
 */
export function DeleteBotButton({ botId, botName }: { botId: string; botName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        <Trash2 /> Delete Bot
      </Button>
      <DeleteBotDialog botId={botId} botName={botName} open={open} onOpenChange={setOpen} />
    </>
  );
}

/** The confirmation itself, controlled, so a menu item can open it too. */
export function DeleteBotDialog({
  botId,
  botName,
  open,
  onOpenChange,
}: {
  botId: string;
  botName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  const remove = () =>
    startTransition(async () => {
      try {
        const result = await archiveBotAction({ botId });
        if (!result.ok) {
          toast.error("Could not delete the bot", { description: result.error });
          return;
        }
        onOpenChange(false);
        toast.success(`Deleted ${botName}`, { description: "It was moved to the archive." });
        router.push("/dashboard/bots");
        router.refresh();
      } catch {
        toast.error("Could not delete the bot", { description: unexpectedErrorMessage });
      }
    });

  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {botName}?</AlertDialogTitle>
          <AlertDialogDescription>
            The bot stops and moves to the archive with its code, versions and settings. It leaves My Bots right away.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={remove} disabled={pending}>
            {pending ? <Loader2 className="animate-spin" /> : <Trash2 />}
            {pending ? "Deleting..." : "Delete Bot"}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
