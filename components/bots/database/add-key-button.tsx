"use client";

import { Plus } from "lucide-react";
import { useState } from "react";

import { Button } from "@/components/ui/button";

import { EntryDialog, type EntryDialogMode } from "./entry-dialog";

export function AddKeyButton({ botId }: { botId: string }) {
  const [target, setTarget] = useState<EntryDialogMode | null>(null);
  return (
    <>
      <Button onClick={() => setTarget({ mode: "create" })}>
        <Plus />
        Add key
      </Button>
      <EntryDialog botId={botId} target={target} onOpenChange={(open) => !open && setTarget(null)} />
    </>
  );
}
