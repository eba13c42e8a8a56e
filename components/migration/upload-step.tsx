"use client";

import { ClipboardPaste, FileUp } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { analyzeImport, type ImportAnalysis } from "@/lib/bots/import/analyze";
import { acceptAttribute, checkUpload, extensionOf } from "@/lib/bots/import/limits";

export type UploadSource = { kind: "file"; file: File } | { kind: "paste"; text: string };

/** Step 1: a file (.bd, .json, .js, .ts, .py, .txt, .zip) or pasted code, read in the browser for the review. */
export function UploadStep({ onParsed }: { onParsed: (source: UploadSource, analysis: ImportAnalysis) => void }) {
  const fileInputId = useId();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);

  const readFile = async (file: File) => {
    const refused = checkUpload(file.name, file.size);
    if (refused) {
      toast.error("File not accepted", { description: refused });
      return;
    }
    setBusy(true);
    try {
      const data = new Uint8Array(await file.arrayBuffer());
      const result = await analyzeImport({ kind: "file", fileName: file.name, data });
      if (!result.ok) {
        const isJson = [".json", ".bd"].includes(extensionOf(file.name));
        if (result.reason === "parse" && isJson) {
          toast.error("Error parsing file", { description: result.error });
        } else {
          toast.error("File not accepted", { description: result.error });
        }
        return;
      }
      toast.success("File uploaded successfully", { description: `Parsed ${file.name} - Ready for migration` });
      onParsed({ kind: "file", file }, result.analysis);
    } catch {
      toast.error("Error parsing file", { description: "Please check your file format and try again" });
    } finally {
      setBusy(false);
    }
  };

  const processCode = async () => {
    if (!code.trim()) {
      toast.error("No code provided", { description: "Please paste your bot code" });
      return;
    }
    try {
      const result = await analyzeImport({ kind: "paste", text: code });
      if (!result.ok) {
        toast.error("Error processing code", {
          description: result.reason === "parse" ? "Please check your code format and try again" : result.error,
        });
        return;
      }
      toast.success("Code processed successfully", { description: "Ready for migration" });
      onParsed({ kind: "paste", text: code }, result.analysis);
    } catch {
      toast.error("Error processing code", { description: "Please check your code format and try again" });
    }
  };

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section
        aria-labelledby="upload-file"
        className="grid content-start gap-4 rounded-2xl border border-border bg-card/60 p-6"
      >
        <div>
          <h2 id="upload-file" className="flex items-center gap-2 text-lg font-semibold">
            <FileUp className="size-5 text-primary" aria-hidden="true" /> Upload a file
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            A Bot Designer for Discord export (.bd, .json), one code file (.js, .ts, .py, .txt) or your whole project as
            a .zip.
          </p>
        </div>
        <Label
          htmlFor={fileInputId}
          className="flex min-h-36 cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-border p-6 text-center text-sm font-normal hover:border-primary has-[:focus-visible]:border-ring has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50"
        >
          <FileUp className="size-6 text-muted-foreground" aria-hidden="true" />
          <span className="font-medium">{busy ? "Reading…" : "Choose a file"}</span>
          <span className="text-xs text-muted-foreground">Files up to 2 MB, zips up to 10 MB and 500 entries</span>
          <input
            id={fileInputId}
            type="file"
            accept={acceptAttribute}
            aria-label="Bot file"
            className="sr-only"
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void readFile(file);
            }}
          />
        </Label>
        <p className="text-xs text-muted-foreground">
          A zip&apos;s files are kept as they are; node_modules/, .git/, .env and binary files are left out.
        </p>
      </section>

      <section
        aria-labelledby="paste-code"
        className="grid content-start gap-4 rounded-2xl border border-border bg-card/60 p-6"
      >
        <div>
          <h2 id="paste-code" className="flex items-center gap-2 text-lg font-semibold">
            <ClipboardPaste className="size-5 text-primary" aria-hidden="true" /> Paste your code
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            discord.js or discord.py code, or the text of an exported JSON file.
          </p>
        </div>
        <Label htmlFor="migration-code" className="sr-only">
          Bot code
        </Label>
        <Textarea
          id="migration-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder={'const { Client, GatewayIntentBits } = require("discord.js");'}
          spellCheck={false}
          className="max-h-80 min-h-36 font-mono text-xs"
        />
        <Button type="button" onClick={processCode} className="justify-self-start">
          Process Code
        </Button>
      </section>
    </div>
  );
}
