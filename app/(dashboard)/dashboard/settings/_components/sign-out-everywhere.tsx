"use client";

import { Loader2, LogOut } from "lucide-react";
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
import { signOutEverywhereAction } from "@/lib/account/security-actions";

import { isRedirectSignal, unexpectedErrorMessage } from "./action-results";

const failedTitle = "Could not sign out everywhere";

/** Ends every other session at once (session version); this browser stays signed in. */
export function SignOutEverywhere() {
  const [pending, startTransition] = useTransition();

  const signOutEverywhere = () =>
    startTransition(async () => {
      try {
        const result = await signOutEverywhereAction();
        if (!result.ok) toast.error(failedTitle, { description: result.error });
      } catch (error) {
        if (isRedirectSignal(error)) {
          toast.success("Signed out everywhere", { description: "Every other device and browser was signed out." });
          return;
        }
        console.error("Signing out everywhere failed", error);
        toast.error(failedTitle, { description: unexpectedErrorMessage });
      }
    });

  return (
    <div className="grid gap-3 sm:flex sm:items-center sm:justify-between sm:gap-6">
      <p className="text-sm text-muted-foreground">
        Lost a device, or signed in on a shared computer? End every other session at once. This browser stays signed in.
      </p>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button type="button" variant="outline" className="justify-self-start" disabled={pending}>
            {pending ? <Loader2 className="animate-spin" /> : <LogOut />}
            {pending ? "Signing out..." : "Sign Out Everywhere"}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Sign out everywhere?</AlertDialogTitle>
            <AlertDialogDescription>
              Every other browser and device signed in to your account is signed out right away and must sign in again.
              This browser stays signed in.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={signOutEverywhere}>Sign Out Everywhere</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
