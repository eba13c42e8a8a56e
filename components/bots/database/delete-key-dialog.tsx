"use client";

import { useTransition } from "react";
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
import { deleteBotKeyAction } from "@/lib/bots/kv-actions";

/** Asks before deleting a key: there is no undo. */
export function DeleteKeyDialog({
  botId,
  entryKey,
  onOpenChange,
}: {
  botId: string;
  /** null: closed. */
  entryKey: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [pending, startTransition] = useTransition();

  const remove = (key: string) =>
    startTransition(async () => {
      try {
        const result = await deleteBotKeyAction({ botId, key });
        if (!result.ok) {
          toast.error("Could not delete the key", { description: result.error });
          return;
        }
        toast.success("Key deleted", { description: key });
        onOpenChange(false);
      } catch {
        toast.error("Could not delete the key", { description: unexpectedErrorMessage });
      }
    });

  return (
    <AlertDialog open={entryKey !== null} onOpenChange={(open) => !pending && onOpenChange(open)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle className="break-all">Delete {entryKey}?</AlertDialogTitle>
          <AlertDialogDescription>
            The key and its value are removed for good; your bot gets null when it reads this key. This cannot be
            undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" disabled={pending} onClick={() => entryKey !== null && remove(entryKey)}>
            {pending ? "Deleting..." : "Delete key"}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
