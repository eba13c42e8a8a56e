"use client";

import { Eraser } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { cleanArchiveAction } from "@/lib/archive/actions";

import { ConfirmDialog } from "./confirm-dialog";

/** Clean Archive: deletes for good the items archived more than 30 days ago, after a confirmation. */
export function CleanArchiveButton({
  olderCount,
  variant = "outline",
  className,
}: {
  /** Items older than 30 days right now (the job usually removes them within the hour). */
  olderCount: number;
  variant?: "outline" | "destructive";
  className?: string;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();

  const clean = () =>
    startTransition(async () => {
      try {
        const result = await cleanArchiveAction();
        if (!result.ok) {
          toast.error("Could not clean the archive", { description: result.error });
          return;
        }
        setOpen(false);
        const { purged } = result.data;
        toast.success(
          purged === 0 ? "Nothing to clean" : `Deleted ${purged} ${purged === 1 ? "item" : "items"} for good`,
          { description: purged === 0 ? "No item is older than 30 days." : undefined },
        );
        router.refresh();
      } catch {
        toast.error("Could not clean the archive", { description: unexpectedErrorMessage });
      }
    });

  return (
    <>
      <Button variant={variant} className={className} onClick={() => setOpen(true)}>
        <Eraser /> Clean Archive
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Clean the archive?"
        description={
          olderCount === 0
            ? "Items archived more than 30 days ago are deleted for good. None is that old right now, so nothing will change."
            : `${olderCount} ${olderCount === 1 ? "item was" : "items were"} archived more than 30 days ago and will be deleted for good. This cannot be undone.`
        }
        confirmLabel="Clean Archive"
        pendingLabel="Cleaning..."
        pending={pending}
        onConfirm={clean}
      />
    </>
  );
}
