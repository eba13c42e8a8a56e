"use client";

import { CheckCircle2 } from "lucide-react";
import { useRouter } from "next/navigation";
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
import { closeTicketAction } from "@/lib/support/actions";

/** Close Ticket: the user marks their ticket resolved, after confirming. */
export function CloseTicketButton({ number, label }: { number: number; label: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  const close = () =>
    startTransition(async () => {
      try {
        const result = await closeTicketAction({ number });
        if (!result.ok) {
          toast.error("Could not close the ticket", { description: result.error });
          return;
        }
        toast.success(`${label} closed`, { description: "Reply any time to reopen it." });
        router.refresh();
      } catch {
        toast.error("Could not close the ticket", { description: unexpectedErrorMessage });
      }
    });

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="outline" disabled={pending}>
          <CheckCircle2 />
          {pending ? "Closing..." : "Close Ticket"}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Close {label}?</AlertDialogTitle>
          <AlertDialogDescription>
            It will be marked resolved. If the problem comes back, reply to reopen it.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={close}>Close Ticket</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
