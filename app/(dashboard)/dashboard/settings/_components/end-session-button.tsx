"use client";

import { Loader2, LogOut } from "lucide-react";
import { useTransition } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { endSessionAction } from "@/lib/account/security-actions";

import { unexpectedErrorMessage } from "./action-results";

const failedTitle = "Could not sign out that device";

/** Ends one other session at once: the device must sign in again. */
export function EndSessionButton({ sessionId, device }: { sessionId: string; device: string }) {
  const [pending, startTransition] = useTransition();

  const endSession = () =>
    startTransition(async () => {
      try {
        const result = await endSessionAction({ sessionId });
        if (!result.ok) toast.error(failedTitle, { description: result.error });
        else toast.success("Signed out", { description: `${device} was signed out.` });
      } catch (error) {
        console.error("Ending a session failed", error);
        toast.error(failedTitle, { description: unexpectedErrorMessage });
      }
    });

  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={pending}
      onClick={endSession}
      aria-label={`Sign out ${device}`}
    >
      {pending ? <Loader2 className="animate-spin" /> : <LogOut />}
      {pending ? "Signing out..." : "Sign Out"}
    </Button>
  );
}
