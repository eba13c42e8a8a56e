"use client";

import { Copy } from "lucide-react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { clipboardMessages } from "@/lib/site/contact";

/** Copies the support address; when the browser refuses, the toast gives the address instead. */
export function CopyEmailButton({ email }: { email: string }) {
  async function copyEmail() {
    try {
      if (!navigator.clipboard) throw new Error("Clipboard API unavailable");
      await navigator.clipboard.writeText(email);
      toast.success(clipboardMessages.copied);
    } catch (error) {
      console.error("Copying the support address failed", error);
      toast.error(clipboardMessages.failed(email));
    }
  }

  return (
    <Button type="button" variant="outline" className="w-full" onClick={copyEmail}>
      <Copy /> Copy email address
    </Button>
  );
}
