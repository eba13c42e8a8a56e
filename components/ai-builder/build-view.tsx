"use client";

import {
  CircleAlert,
  CircleCheck,
  CircleDashed,
  CircleX,
  Code2,
  FlaskConical,
  Loader2,
  Play,
  Square,
} from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition } from "react";
import { toast } from "sonner";

import { NotUnderstoodList, PlanReviewForm } from "@/components/ai-builder/plan-review-form";
import { proofCounts } from "@/components/builder/proof-model";
import { CheckRow, ProofProgress } from "@/components/builder/proof-panel";
import { VersionDiff } from "@/components/code-editor/version-diff";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { unexpectedErrorMessage, type ActionResult } from "@/lib/action-result";
import { acceptChangeAction, cancelBuildAction, discardChangeAction } from "@/lib/ai-builder/build/actions";
import {
  buildStepTitles,
  finishedBuildStatuses,
  type BuildStatus,
  type BuildStep,
  type BuildView as View,
} from "@/lib/ai-builder/build/types";
import type { WordCheck } from "@/lib/blueprint/proof/types";
import { startBotAction } from "@/lib/bots/actions";
import { cn } from "@/lib/utils";

const pollMs = 1000;

const statusBadge: Record<BuildStatus, { label: string; className: string }> = {
  queued: { label: "Queued", className: "border-border text-muted-foreground" },
  running: { label: "Building", className: "border-primary/50 text-primary" },
  planned: { label: "Waiting for you", className: "border-amber-500/50 text-amber-700 dark:text-amber-300" },
  review: { label: "Waiting for you", className: "border-amber-500/50 text-amber-300" },
  succeeded: { label: "Built and proven", className: "border-emerald-500/50 text-emerald-700 dark:text-emerald-300" },
  failed: { label: "Not done", className: "border-red-500/50 text-red-700 dark:text-red-300" },
  refused: { label: "Refused", className: "border-red-500/50 text-red-700 dark:text-red-300" },
  cancelled: { label: "Cancelled", className: "border-border text-muted-foreground" },
  error: { label: "Stopped", className: "border-red-500/50 text-red-700 dark:text-red-300" },
};

/** A build as it happens: its steps, the plan, each check as it runs, a change's diff, and what to do next. */
export function BuildView({ initial }: { initial: View }) {
  const [view, setView] = useState(initial);
  const finished = finishedBuildStatuses.includes(view.status);
  const waiting = view.status === "review" || view.status === "planned";

  useEffect(() => {
    if (finished || waiting) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Polling, only if the live stream is refused (e.g. too many live views open elsewhere).
    const poll = async () => {
      try {
        const response = await fetch(`/api/builds/${view.id}`, { cache: "no-store" });
        if (response.ok && !stopped) setView((await response.json()) as View);
      } catch {
        // A dropped request: the next poll tries again.
      }
      if (!stopped) timer = setTimeout(poll, pollMs);
    };
    const stream = new EventSource(`/api/builds/${view.id}/stream`);
    stream.addEventListener("build", (event) => {
      if (!stopped) setView(JSON.parse((event as MessageEvent<string>).data) as View);
    });
    const end = () => stream.close();
    stream.addEventListener("end", end);
    stream.addEventListener("gone", end);
    // The browser reconnects a dropped stream by itself; a refused one is closed for good.
    stream.addEventListener("error", () => {
      if (stream.readyState === EventSource.CLOSED && !stopped && timer === undefined) timer = setTimeout(poll, pollMs);
    });
    return () => {
      stopped = true;
      stream.close();
      clearTimeout(timer);
    };
  }, [view.id, finished, waiting]);

  const leftOut = view.plan?.notUnderstood.length ?? 0;
  // "Built and proven" only when nothing the user asked for was left out.
  const badge =
    view.status === "succeeded" && leftOut > 0
      ? {
          label: `Built, ${leftOut} ${leftOut === 1 ? "part" : "parts"} left out`,
          className: "border-amber-500/50 text-amber-700 dark:text-amber-300",
        }
      : statusBadge[view.status];
  return (
    <div className="grid gap-6">
      <section aria-labelledby="build-request" className="grid gap-2 rounded-xl border border-border bg-card/60 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="build-request" className="text-sm font-semibold">
            {view.kind === "change" ? "The change you asked for" : "What you asked for"}
          </h2>
          <Badge variant="outline" className={badge.className}>
            {badge.label}
          </Badge>
          <span className="text-xs text-muted-foreground">
            {view.language === "python" ? "Python" : "JavaScript"} ·{" "}
            {view.engine === "offline" ? "offline builder" : view.engine}
          </span>
        </div>
        <blockquote className="border-l-2 border-primary/50 pl-3 text-sm [overflow-wrap:anywhere] whitespace-pre-wrap">
          {view.description}
        </blockquote>
        {!finished && !waiting && <CancelButton buildId={view.id} onDone={setView} />}
      </section>

      <Steps steps={view.steps} />

      {view.message && (
        <p
          role={view.status === "succeeded" ? "status" : "alert"}
          className={cn(
            "rounded-lg border px-3 py-2 text-sm",
            view.status === "succeeded"
              ? "border-emerald-500/40 bg-emerald-500/10"
              : view.status === "cancelled"
                ? "border-border bg-muted/40"
                : "border-destructive/50 bg-destructive/10",
          )}
        >
          {view.message}
        </p>
      )}

      <NextSteps view={view} />

      {view.status === "planned" && view.plan && <PlanReviewForm view={view} onQueued={setView} />}

      {view.status !== "planned" && view.plan && (
        <section aria-labelledby="build-plan" className="grid gap-3">
          <h2 id="build-plan" className="text-lg font-semibold">
            The plan
          </h2>
          {view.plan.languageNote && (
            <p className="flex gap-2 text-sm">
              <Code2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              <span className="min-w-0 [overflow-wrap:anywhere]">{view.plan.languageNote}</span>
            </p>
          )}
          {view.plan.lines.length > 0 ? (
            <ul className="grid gap-1.5 text-sm">
              {view.plan.lines.map((line, index) => {
                const from = view.plan?.items?.[index]?.from;
                return (
                  <li key={index} className="flex gap-2">
                    <CircleCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                    <span className="grid min-w-0 gap-0.5">
                      <span className="[overflow-wrap:anywhere]">{line}</span>
                      {from && (
                        <span className="text-xs [overflow-wrap:anywhere] text-muted-foreground">
                          From your words: <q>{from}</q>
                        </span>
                      )}
                    </span>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">Nothing to build.</p>
          )}
          {view.plan.notUnderstood.length > 0 && (
            <div className="grid gap-2 rounded-lg border border-amber-500/40 bg-amber-500/5 p-3">
              <h3 className="flex items-center gap-2 text-sm font-semibold">
                <CircleAlert className="size-4 text-amber-400" aria-hidden /> Not built
              </h3>
              <NotUnderstoodList notes={view.plan.notUnderstood} />
            </div>
          )}
        </section>
      )}

      {view.proposal && (waiting || view.versionNumber !== null) && (
        <section aria-labelledby="build-diff" className="grid gap-3">
          <h2 id="build-diff" className="text-lg font-semibold">
            {waiting ? "Review the change" : `The change (saved as version ${view.versionNumber})`}
          </h2>
          <p className="text-sm text-muted-foreground">{view.proposal.summary}</p>
          {waiting && <ReviewButtons buildId={view.id} onDone={setView} />}
          {view.proposal.changed.length > 0 ? (
            <VersionDiff
              proposed
              files={view.proposal.changed.map((file) => ({
                path: file.path,
                status: file.status,
                current: file.before,
                version: file.after,
              }))}
            />
          ) : (
            <p className="text-sm text-muted-foreground">No file changes.</p>
          )}
        </section>
      )}

      {view.proof && (
        <section aria-labelledby="build-proof" className="grid gap-3">
          <h2 id="build-proof" className="flex items-center gap-2 text-lg font-semibold">
            <FlaskConical className="size-5" aria-hidden /> Checks in the simulator
          </h2>
          {["queued", "running"].includes(view.proof.status) && (
            <ProofProgress done={proofCounts(view.proof).done} total={proofCounts(view.proof).total} />
          )}
          {view.proof.error && <p className="text-sm text-destructive">{view.proof.error}</p>}
          {view.proof.checks.length > 0 && (
            <ul aria-label="Checks" className="grid gap-0.5 rounded-lg border bg-card p-2">
              {view.proof.checks.map((check) => (
                <CheckRow key={check.id} check={check} />
              ))}
            </ul>
          )}
          {view.proof.words.length > 0 && <WordChecks checks={view.proof.words} />}
          {view.proof.gaps.length > 0 && (
            <div className="grid gap-1 text-sm">
              <h3 className="font-semibold">Not checked</h3>
              <ul className="grid gap-1 text-muted-foreground">
                {view.proof.gaps.map((gap, index) => (
                  <li key={index}>{gap.reason}</li>
                ))}
              </ul>
            </div>
          )}
        </section>
      )}
    </div>
  );
}

const wordStatus: Record<WordCheck["status"], string> = {
  passed: "Holds",
  failed: "Does not hold",
  unseen: "Not seen in the checks",
};

/** The checks taken from the user's own words: each with the words it came from. */
function WordChecks({ checks }: { checks: WordCheck[] }) {
  const failed = checks.filter((check) => check.status === "failed").length;
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold">
        From your words{" "}
        <span className="font-normal text-muted-foreground">
          · {failed ? `${failed} of ${checks.length} do not hold` : `all ${checks.length} hold`}
        </span>
      </h3>
      <ul aria-label="From your words" className="grid gap-1 rounded-lg border bg-card p-2 text-sm">
        {checks.map((check, index) => (
          <li key={index} className="flex items-start gap-2 rounded-md px-2 py-1.5">
            {check.status === "passed" ? (
              <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-500" aria-hidden />
            ) : check.status === "failed" ? (
              <CircleX className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
            ) : (
              <CircleDashed className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
            )}
            <span className="sr-only">{wordStatus[check.status]}: </span>
            <span className="grid min-w-0 gap-0.5">
              <span className={cn("break-words", check.status === "failed" && "font-medium")}>{check.title}</span>
              <span className="text-xs [overflow-wrap:anywhere] text-muted-foreground">
                You wrote <q>{check.words}</q>
              </span>
              {check.problem && (
                <span
                  className={cn(
                    "break-words",
                    check.status === "failed" ? "text-destructive" : "text-muted-foreground",
                  )}
                >
                  {check.problem}
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function StepIcon({ status }: { status: BuildStep["status"] }) {
  const size = "size-5 shrink-0";
  switch (status) {
    case "running":
      return <Loader2 className={cn(size, "animate-spin text-primary")} aria-hidden />;
    case "done":
      return <CircleCheck className={cn(size, "text-emerald-500")} aria-hidden />;
    case "failed":
      return <CircleX className={cn(size, "text-destructive")} aria-hidden />;
    default:
      return <CircleDashed className={cn(size, "text-muted-foreground")} aria-hidden />;
  }
}

const stepWords: Record<BuildStep["status"], string> = {
  pending: "not started",
  running: "in progress",
  done: "done",
  failed: "failed",
  skipped: "skipped",
};

function Steps({ steps }: { steps: BuildStep[] }) {
  const current = steps.find((step) => step.status === "running");
  return (
    <section aria-labelledby="build-steps" className="grid gap-2">
      <h2 id="build-steps" className="sr-only">
        Steps
      </h2>
      <p className="sr-only" role="status" aria-live="polite">
        {current ? `${buildStepTitles[current.key]}…` : ""}
      </p>
      <ol className="grid gap-0 sm:grid-cols-5 sm:gap-2">
        {steps.map((step) => (
          <li
            key={step.key}
            className={cn(
              "flex items-start gap-2 border-l-2 py-2 pl-3 sm:border-t-2 sm:border-l-0 sm:pt-3 sm:pl-0",
              step.status === "done" && "border-emerald-500/60",
              step.status === "running" && "border-primary",
              step.status === "failed" && "border-destructive",
              (step.status === "pending" || step.status === "skipped") && "border-border",
            )}
          >
            <StepIcon status={step.status} />
            <div className="grid min-w-0 gap-0.5">
              <span className={cn("text-sm font-medium", step.status === "skipped" && "text-muted-foreground")}>
                {buildStepTitles[step.key]}
                <span className="sr-only">: {stepWords[step.status]}</span>
              </span>
              {step.detail && (
                <span className="text-xs [overflow-wrap:anywhere] text-muted-foreground">{step.detail}</span>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function NextSteps({ view }: { view: View }) {
  const router = useRouter();
  const [starting, startTransition] = useTransition();
  if (!finishedBuildStatuses.includes(view.status)) return null;
  const bot = view.bot;
  if (!bot) {
    return (
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link href={`/dashboard/bots/new?prompt=${encodeURIComponent(view.description.slice(0, 2000))}`}>
            Change the description
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/dashboard/bots/new#templates-heading">Start from a template</Link>
        </Button>
      </div>
    );
  }
  const start = () =>
    startTransition(async () => {
      let result: ActionResult<void>;
      try {
        result = await startBotAction({ botId: bot.id });
      } catch {
        toast.error("Could not start the bot", { description: unexpectedErrorMessage });
        return;
      }
      if (!result.ok) {
        toast.error("Could not start the bot", { description: result.error });
        return;
      }
      toast.success(`${bot.name} is starting`);
      router.push(`/dashboard/bots/${bot.id}/test`);
    });
  return (
    <div className="flex flex-wrap gap-2">
      {view.status === "succeeded" && (
        <Button onClick={start} disabled={starting}>
          {starting ? <Loader2 className="animate-spin" aria-hidden /> : <Play aria-hidden />} Start and test it
        </Button>
      )}
      <Button asChild variant={view.status === "succeeded" ? "outline" : "default"}>
        <Link href={`/dashboard/bots/${bot.id}/test`}>Open the Test tab</Link>
      </Button>
      <Button asChild variant="outline">
        <Link href={`/dashboard/bots/${bot.id}`}>Open {bot.name}</Link>
      </Button>
    </div>
  );
}

function CancelButton({ buildId, onDone }: { buildId: string; onDone(view: View): void }) {
  const [pending, startTransition] = useTransition();
  const cancel = () =>
    startTransition(async () => {
      try {
        const result = await cancelBuildAction({ buildId });
        if (!result.ok) toast.error("Could not cancel", { description: result.error });
        else toast.info("Cancelling: the build stops at its next step.");
        const response = await fetch(`/api/builds/${buildId}`, { cache: "no-store" });
        if (response.ok) onDone((await response.json()) as View);
      } catch {
        toast.error("Could not cancel", { description: unexpectedErrorMessage });
      }
    });
  return (
    <Button variant="outline" size="sm" onClick={cancel} disabled={pending} className="justify-self-start">
      {pending ? <Loader2 className="animate-spin" aria-hidden /> : <Square aria-hidden />} Cancel build
    </Button>
  );
}

function ReviewButtons({ buildId, onDone }: { buildId: string; onDone(view: View): void }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const act = (accept: boolean) =>
    startTransition(async () => {
      try {
        const result = accept ? await acceptChangeAction({ buildId }) : await discardChangeAction({ buildId });
        if (!result.ok) {
          toast.error(accept ? "Could not save the change" : "Could not discard the change", {
            description: result.error,
          });
          return;
        }
        toast.success(accept ? "Saved as a new version; proving it now" : "Discarded: nothing was changed");
        const response = await fetch(`/api/builds/${buildId}`, { cache: "no-store" });
        if (response.ok) onDone((await response.json()) as View);
        router.refresh();
      } catch {
        toast.error("Something went wrong", { description: unexpectedErrorMessage });
      }
    });
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => act(true)} disabled={pending}>
        {pending && <Loader2 className="animate-spin" aria-hidden />} Save as a new version
      </Button>
      <Button variant="outline" onClick={() => act(false)} disabled={pending}>
        Discard
      </Button>
    </div>
  );
}
