"use client";

import { useEffect, useState } from "react";
import { toast } from "sonner";

import { mountToasterNow } from "@/components/toasts/deferred-toaster";
import { unexpectedErrorMessage, type ActionResult } from "@/lib/action-result";
import type { ImportAnalysis } from "@/lib/bots/import/analyze";
import type { ImportedBot } from "@/lib/bots/import/service";

import { CompleteStep } from "./complete-step";
import { MigrationSteps } from "./migration-steps";
import { ReviewStep } from "./review-step";
import { UploadStep, type UploadSource } from "./upload-step";

type State =
  | { step: "upload" }
  | { step: "review"; source: UploadSource; analysis: ImportAnalysis }
  | { step: "complete"; bot: ImportedBot };

const stepIndex = { upload: 0, review: 1, complete: 2 } as const;

/** Posts the original upload (not the preview) to the import route, which analyses it again. */
async function completeMigration(source: UploadSource, name: string): Promise<ActionResult<ImportedBot>> {
  const form = new FormData();
  form.set("name", name);
  if (source.kind === "file") form.set("file", source.file, source.file.name);
  else form.set("code", source.text);
  try {
    const response = await fetch("/api/bots/import", { method: "POST", body: form, credentials: "same-origin" });
    const body = (await response.json().catch(() => null)) as ActionResult<ImportedBot> | null;
    if (body && typeof body === "object" && "ok" in body) return body;
    if (response.status === 413) return { ok: false, error: "This upload is too large to send." };
    return { ok: false, error: unexpectedErrorMessage };
  } catch {
    return { ok: false, error: "The connection failed. Check your network and try again." };
  }
}

/** Upload → Review → Complete, for a signed-in user. */
export function MigrationWizard() {
  const [state, setState] = useState<State>({ step: "upload" });

  // Uploads via the file chooser raise toasts without a pointer event; the toaster must be there.
  useEffect(() => mountToasterNow(), []);

  useEffect(() => {
    document.getElementById("migration-step")?.focus({ preventScroll: state.step === "upload" });
  }, [state.step]);

  return (
    <div className="space-y-10">
      <MigrationSteps current={stepIndex[state.step]} />
      <div id="migration-step" tabIndex={-1} className="outline-none">
        {state.step === "upload" && (
          <UploadStep onParsed={(source, analysis) => setState({ step: "review", source, analysis })} />
        )}
        {state.step === "review" && (
          <ReviewStep
            analysis={state.analysis}
            onBack={() => setState({ step: "upload" })}
            onComplete={async (name) => {
              const result = await completeMigration(state.source, name);
              if (!result.ok) return result;
              toast.success("Migration completed!", { description: "Your bot has been successfully imported" });
              setState({ step: "complete", bot: result.data });
              return result;
            }}
          />
        )}
        {state.step === "complete" && <CompleteStep bot={state.bot} onRestart={() => setState({ step: "upload" })} />}
      </div>
    </div>
  );
}
