"use client";

import { Loader2, RotateCcw } from "lucide-react";
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
import { restoreVersionAction } from "@/lib/bots/actions";

export function RestoreVersionButton({ botId, number }: { botId: string; number: number }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  const restore = () =>
    startTransition(async () => {
      try {
        const result = await restoreVersionAction({ botId, number });
        if (!result.ok) {
          toast.error("Could not restore", { description: result.error });
          return;
        }
        toast.success(`Restored version ${number}`, { description: `Saved as version ${result.data.number}.` });
        router.push(`/dashboard/bots/${botId}/code`);
      } catch {
        toast.error("Could not restore", { description: unexpectedErrorMessage });
      }
    });

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button disabled={pending}>
          {pending ? <Loader2 className="animate-spin" /> : <RotateCcw />}
          {pending ? "Restoring..." : `Restore version ${number}`}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Restore version {number}?</AlertDialogTitle>
          <AlertDialogDescription>
            Its files become the bot&apos;s code as a new version. The current code stays in History, so you can come
            back to it.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={restore}>Restore</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
