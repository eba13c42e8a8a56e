"use client";

import { ChevronRight, Circle, CircleCheck, CircleX, FlaskConical, Loader2 } from "lucide-react";
import { Collapsible } from "radix-ui";
import { useId, useState } from "react";

import { Button } from "@/components/ui/button";
import type { CheckStatus, ProofView } from "@/lib/blueprint/proof/types";
import type { Blueprint } from "@/lib/blueprint/schema";
import { cn } from "@/lib/utils";

import { useBuilder } from "./builder-context";
import {
  formatDuration,
  isProofActive,
  proofCounts,
  proofDuration,
  proofIntro,
  proofShowLabel,
  proofSummary,
  proofTargetLabel,
  resolveProofTarget,
  transcriptText,
  type ProofItem,
} from "./proof-model";
import type { ProofState } from "./use-proof";

const saveFirst = "Save first: the check runs the saved code.";

/**
 * Starts a check of the saved code. With unsaved changes it stays focusable but inert
 * (aria-disabled), so keyboard and screen-reader users still learn why.
 */
export function CheckItButton({ proof, dirty }: { proof: ProofState; dirty: boolean }) {
  const hintId = useId();
  return (
    <>
      <Button
        variant="outline"
        onClick={() => {
          if (!dirty && !proof.busy) proof.start();
        }}
        disabled={proof.busy}
        aria-disabled={dirty || undefined}
        aria-describedby={dirty ? hintId : undefined}
        title={dirty ? saveFirst : undefined}
        className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
      >
        {proof.busy ? <Loader2 className="animate-spin" aria-hidden /> : <FlaskConical aria-hidden />}
        Check it
      </Button>
      {dirty && (
        <span id={hintId} className="sr-only">
          {saveFirst}
        </span>
      )}
    </>
  );
}

interface ProofPanelProps {
  proof: ProofState;
  dirty: boolean;
  /** The version saved now, to say when the check is of an older one. */
  version: number;
  /** Select the command or event a check is about. */
  onShow(item: ProofItem): void;
}

/** The newest check of the bot: its status, each check with what happened, and what was not checked. */
export function ProofPanel({ proof, dirty, version, onShow }: ProofPanelProps) {
  const { view, loading, loadFailed } = proof;
  if (!view) {
    return (
      <p className="flex items-center gap-2 rounded-lg border border-dashed px-3 py-2 text-sm text-muted-foreground">
        {loading ? (
          <>
            <Loader2 className="size-4 animate-spin" aria-hidden />
            Loading the last check…
          </>
        ) : (
          <>
            <FlaskConical className="size-4 shrink-0" aria-hidden />
            <span>
              {loadFailed ? "The last check could not be loaded. " : ""}
              {proofIntro}
              {dirty ? ` ${saveFirst}` : ""}
            </span>
          </>
        )}
      </p>
    );
  }
  // A new check starts with its own open/closed choices.
  return <ProofReport key={view.id} view={view} dirty={dirty} version={version} onShow={onShow} />;
}

function ProofReport({
  view,
  dirty,
  version,
  onShow,
}: {
  view: ProofView;
  dirty: boolean;
  version: number;
  onShow(item: ProofItem): void;
}) {
  const { blueprint } = useBuilder();
  const active = isProofActive(view.status);
  const counts = proofCounts(view);
  const duration = proofDuration(view);
  // All passed: the list folds away; anything else is worth reading at once.
  const [openChoice, setOpenChoice] = useState<boolean | null>(null);
  const open = openChoice ?? view.status !== "passed";

  const meta = [
    view.versionNumber !== null && `${active ? "Checking" : "Checked"} version ${view.versionNumber}`,
    duration !== null && `took ${formatDuration(duration)}`,
  ].filter(Boolean);

  return (
    <Collapsible.Root asChild open={open} onOpenChange={setOpenChoice}>
      <section aria-label="Check results" className="grid gap-3 rounded-lg border bg-card p-3 sm:p-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <StatusIcon status={view.status} className="size-5" />
          <p id="proof-status" role="status" aria-live="polite" className="font-medium">
            {proofSummary(view)}
          </p>
          {meta.length > 0 && <p className="text-sm text-muted-foreground">{meta.join(" · ")}</p>}
          {(counts.total > 0 || view.gaps.length > 0) && (
            <Collapsible.Trigger asChild>
              <Button variant="ghost" size="sm" className="ml-auto">
                <ChevronRight className={cn("transition-transform", open && "rotate-90")} aria-hidden />
                {open ? "Hide details" : "Show details"}
              </Button>
            </Collapsible.Trigger>
          )}
        </div>

        {active && <ProofProgress done={counts.done} total={counts.total} />}

        {view.error && (
          <div
            role="alert"
            className="rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2 text-sm text-destructive"
          >
            {view.error}
          </div>
        )}

        {dirty ? (
          <p className="text-sm text-muted-foreground">{saveFirst}</p>
        ) : (
          !active &&
          view.versionNumber !== null &&
          view.versionNumber < version && (
            <p className="text-sm text-muted-foreground">
              You saved version {version} since: check it again to check your changes.
            </p>
          )
        )}

        <Collapsible.Content className="grid gap-4">
          {view.checks.length > 0 && (
            <ul aria-label="Checks" className="grid gap-0.5">
              {view.checks.map((check) => (
                <CheckRow key={check.id} check={check} blueprint={blueprint} onShow={onShow} />
              ))}
            </ul>
          )}
          {view.gaps.length > 0 && (
            <div className="grid gap-2">
              <h3 className="text-sm font-semibold">Not checked</h3>
              <ul className="grid gap-2 text-sm">
                {view.gaps.map((gap, index) => {
                  const item = resolveProofTarget(blueprint, gap.target);
                  const label = proofTargetLabel(blueprint, gap.target);
                  return (
                    <li key={index} className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                      {item ? (
                        <Button
                          variant="link"
                          className="h-auto p-0 text-left font-medium whitespace-normal"
                          onClick={() => onShow(item)}
                        >
                          {label}
                        </Button>
                      ) : (
                        <span className="font-medium">{label}</span>
                      )}
                      <span className="min-w-0 text-muted-foreground">{gap.reason}</span>
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
        </Collapsible.Content>
      </section>
    </Collapsible.Root>
  );
}

export function ProofProgress({ done, total }: { done: number; total: number }) {
  const text = total ? `${done} of ${total} checks done` : "Waiting for a test server…";
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label="Checks done"
        aria-valuemin={0}
        aria-valuemax={total || undefined}
        aria-valuenow={total ? done : undefined}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn("h-full rounded-full bg-primary-fill transition-[width]", !total && "w-1/4 animate-pulse")}
          style={total ? { width: `${(done / total) * 100}%` } : undefined}
        />
      </div>
      <p className="text-xs text-muted-foreground tabular-nums">{text}</p>
    </div>
  );
}

const statusWords: Record<CheckStatus, string> = {
  pending: "Not run yet",
  running: "Running",
  passed: "Passed",
  failed: "Failed",
};

export function StatusIcon({ status, className }: { status: CheckStatus | ProofView["status"]; className?: string }) {
  const size = cn("size-4 shrink-0", className);
  switch (status) {
    case "queued":
    case "running":
      return <Loader2 className={cn(size, "animate-spin text-muted-foreground")} aria-hidden />;
    case "passed":
      return <CircleCheck className={cn(size, "text-emerald-600")} aria-hidden />;
    case "failed":
    case "error":
      return <CircleX className={cn(size, "text-destructive")} aria-hidden />;
    case "pending":
      return <Circle className={cn(size, "text-muted-foreground")} aria-hidden />;
  }
}

/** One check with what happened; `blueprint` and `onShow` (the Builder) add a button to its command or event. */
export function CheckRow({
  check,
  blueprint,
  onShow,
}: {
  check: ProofView["checks"][number];
  blueprint?: Blueprint;
  onShow?(item: ProofItem): void;
}) {
  const { status, problem, transcript, durationMs } = check.result;
  const failed = status === "failed";
  const [openChoice, setOpenChoice] = useState<boolean | null>(null);
  const open = openChoice ?? failed;
  const item = blueprint && onShow ? resolveProofTarget(blueprint, check.target) : null;

  return (
    <Collapsible.Root asChild open={open} onOpenChange={setOpenChoice}>
      <li className="rounded-md">
        <Collapsible.Trigger className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50">
          <ChevronRight
            className={cn("size-4 shrink-0 text-muted-foreground transition-transform", open && "rotate-90")}
            aria-hidden
          />
          <StatusIcon status={status} />
          <span className="sr-only">{statusWords[status]}: </span>
          <span className={cn("min-w-0 flex-1 break-words", failed && "font-medium")}>{check.title}</span>
          {durationMs !== undefined && (
            <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{formatDuration(durationMs)}</span>
          )}
        </Collapsible.Trigger>
        <Collapsible.Content className="grid justify-items-start gap-2 pt-1 pr-2 pb-3 pl-8">
          {failed && problem && <p className="text-sm break-words text-destructive">{problem}</p>}
          {transcript.length > 0 ? (
            <ol aria-label="What happened" className="grid w-full gap-1.5">
              {transcript.map((line, index) => (
                <li key={index} className="flex items-start gap-2 text-sm">
                  <span
                    aria-hidden
                    className="flex size-6 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-medium uppercase"
                  >
                    {line.who.slice(0, 1)}
                  </span>
                  <p className="min-w-0 pt-0.5 break-words">
                    <span className="font-medium">{line.who}</span>{" "}
                    <span className="text-muted-foreground">{line.what}</span> {transcriptText(line)}
                  </p>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-muted-foreground">
              {status === "pending" ? "Not run yet." : status === "running" ? "Running…" : "Nothing happened."}
            </p>
          )}
          {item && blueprint && onShow && (
            <Button
              variant="outline"
              size="sm"
              className="h-auto min-h-8 max-w-full py-1 text-left whitespace-normal"
              onClick={() => onShow(item)}
            >
              {proofShowLabel(blueprint, check.target)}
            </Button>
          )}
        </Collapsible.Content>
      </li>
    </Collapsible.Root>
  );
}
