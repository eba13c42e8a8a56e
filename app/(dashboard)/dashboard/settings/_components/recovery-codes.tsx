"use client";

import { Copy, Download } from "lucide-react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";

const fileName = "cipher-recovery-codes.txt";

/** The recovery codes, shown once after enrolment: copy them or download them as a text file. */
export function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  const text = [
    `Cipher recovery codes for ${email}`,
    "Each code signs you in once if you lose your authenticator app. Keep them somewhere safe.",
    "",
    ...codes,
    "",
  ].join("\n");

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      toast.success("Recovery codes copied");
    } catch {
      toast.error("Could not copy", { description: "Select the codes and copy them, or download them." });
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="grid gap-3">
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-x-6 gap-y-1.5 rounded-lg border bg-muted/40 p-4 font-mono text-sm min-[380px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={copy}>
          <Copy />
          Copy
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={download}>
          <Download />
          Download
        </Button>
      </div>
    </div>
  );
}
