"use client";

import { AlertTriangle, ArrowLeft, FileCode } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "sonner";

import { FormField } from "@/components/site/form-field";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { ActionResult } from "@/lib/action-result";
import type { ImportAnalysis } from "@/lib/bots/import/analyze";
import { botLimitError, buildImport, sourceBytes } from "@/lib/bots/import/build";
import { botDetailsSchema, botLimits, type BotLanguage } from "@/lib/bots/schemas";

import { CommandReportList } from "./command-report";
import { DetectedCode } from "./detected-code";

const languageName: Record<BotLanguage, string> = {
  javascript: "JavaScript (discord.js)",
  typescript: "TypeScript (discord.js)",
  python: "Python (discord.py)",
};

const kindName: Record<ImportAnalysis["kind"], string> = {
  bdfd: "Bot Designer for Discord export",
  code: "Bot code",
  project: "Project (.zip)",
};

const shownFiles = 30;

/** Step 2: what was found, the bot's name, and the limits it must fit before Complete Migration. */
export function ReviewStep({
  analysis,
  onBack,
  onComplete,
}: {
  analysis: ImportAnalysis;
  onBack: () => void;
  onComplete: (name: string) => Promise<ActionResult<unknown>>;
}) {
  const [name, setName] = useState(analysis.suggestedName);
  const [nameError, setNameError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [pending, setPending] = useState(false);
  const plan = useMemo(() => buildImport(analysis, analysis.suggestedName), [analysis]);
  const limitError = botLimitError(plan.files);
  const bytes = sourceBytes(plan.files);

  const complete = async () => {
    const parsed = botDetailsSchema.shape.name.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    setNameError(undefined);
    setServerError(undefined);
    setPending(true);
    const result = await onComplete(parsed.data);
    setPending(false);
    if (!result.ok) {
      if (result.fieldErrors?.name?.[0]) setNameError(result.fieldErrors.name[0]);
      setServerError(result.error);
      toast.error("Migration failed", { description: result.error });
    }
  };

  return (
    <section
      aria-labelledby="review-heading"
      className="grid gap-6 rounded-2xl border border-border bg-card/60 p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="review-heading" className="text-xl font-semibold">
            Review your bot
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {kindName[analysis.kind]} · {plan.files.length} {plan.files.length === 1 ? "file" : "files"},{" "}
            {(bytes / 1024).toFixed(1)} KB
          </p>
        </div>
        <Badge variant="outline">{languageName[plan.language]}</Badge>
      </div>

      <FormField id="migration-name" label="Bot name" required error={nameError} className="max-w-md">
        {(control) => (
          <Input
            {...control}
            value={name}
            maxLength={botLimits.name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </FormField>

      {analysis.kind === "bdfd" && (
        <div className="grid gap-3">
          <h3 id="detected-commands" className="font-semibold">
            Detected commands ({analysis.preview.length}) ·{" "}
            {analysis.preview.filter((line) => line.status === "converted").length} can be converted
          </h3>
          <p className="text-sm text-muted-foreground">
            Each command becomes a discord.js slash command. Commands that use functions without an equivalent become
            stubs that say they still need work; the report is saved in the bot as MIGRATION.md.
          </p>
          <CommandReportList report={analysis.preview} labelledBy="detected-commands" />
        </div>
      )}

      {analysis.kind !== "bdfd" && (
        <div className="grid gap-3">
          <h3 className="font-semibold">Detected in your code</h3>
          <DetectedCode findings={analysis.findings} />
          <p className="text-sm text-muted-foreground">Your code is stored exactly as uploaded.</p>
        </div>
      )}

      {analysis.kind !== "bdfd" && (
        <div className="grid gap-2">
          <h3 id="migration-files" className="font-semibold">
            Files
          </h3>
          <ul aria-labelledby="migration-files" className="grid gap-1 font-mono text-sm">
            {plan.files.slice(0, shownFiles).map((file) => (
              <li key={file.path} className="flex min-w-0 items-center gap-2">
                <FileCode aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <span className="break-all">{file.path}</span>
              </li>
            ))}
          </ul>
          {plan.files.length > shownFiles && (
            <p className="text-sm text-muted-foreground">and {plan.files.length - shownFiles} more</p>
          )}
        </div>
      )}

      {analysis.kind === "project" && analysis.skipped.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">Left out ({analysis.skipped.length})</summary>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
            {analysis.skipped.map((line) => (
              <li key={line} className="break-all">
                {line}
              </li>
            ))}
          </ul>
        </details>
      )}

      {[...(analysis.kind === "project" ? analysis.warnings : []), limitError, serverError]
        .filter((message): message is string => Boolean(message))
        .map((message) => (
          <p
            key={message}
            role="alert"
            className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm"
          >
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
            <span>
              {message}
              {message === limitError && ` (this upload: ${plan.files.length} files, ${(bytes / 1024).toFixed(0)} KB).`}
            </span>
          </p>
        ))}

      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="outline" onClick={onBack} disabled={pending}>
          <ArrowLeft /> Back
        </Button>
        <Button type="button" onClick={complete} disabled={pending || Boolean(limitError)}>
          {pending ? "Migrating..." : "Complete Migration"}
        </Button>
      </div>
    </section>
  );
}
