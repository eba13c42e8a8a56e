"use client";

import { ArrowRight, Check, Loader2 } from "lucide-react";
import Link from "next/link";
import { useTransition } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { dismissChecklistAction } from "@/lib/onboarding/actions";
import type { ChecklistStep, ChecklistStepId } from "@/lib/onboarding/milestones";
import { cn } from "@/lib/utils";

const copy: Record<ChecklistStepId, { title: string; detail: string; action: string }> = {
  create: {
    title: "Create a bot",
    detail: "Describe it in plain words, build it from blocks, or start from a template.",
    action: "Create a bot",
  },
  test: {
    title: "Try it in the Test tab",
    detail: "Send it a message or a slash command in a simulated server. No Discord needed.",
    action: "Open the Test tab",
  },
  token: {
    title: "Add its Discord token",
    detail: "Copy it from the Bot page of your application in the Discord Developer Portal.",
    action: "Add the token",
  },
  start: {
    title: "Start it on Discord",
    detail: "Switch it to Discord under Settings → Hosting, then press Start.",
    action: "Open Hosting settings",
  },
  invite: {
    title: "Invite it to your server",
    detail: "Invite to server makes Discord's link with the permissions its code uses.",
    action: "Invite to server",
  },
};

/** The dashboard home's first-run checklist: each step as the user's data says it stands. */
export function FirstRunChecklist({ steps }: { steps: ChecklistStep[] }) {
  const [hiding, startHiding] = useTransition();
  const done = steps.filter((step) => step.done).length;
  const next = steps.find((step) => !step.done);

  function hide() {
    startHiding(async () => {
      const result = await dismissChecklistAction().catch(() => null);
      if (!result?.ok) toast.error("Couldn't hide the checklist", { description: result?.error ?? "Try again." });
    });
  }

  return (
    <section
      aria-labelledby="checklist-heading"
      className="grid gap-4 rounded-2xl border border-border bg-card/60 p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="checklist-heading" className="text-lg font-semibold">
            From idea to a bot in your server
          </h2>
          <p className="text-sm text-muted-foreground">
            {done} of {steps.length} done. Each step ticks itself off when you do it.
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={hide} disabled={hiding} className="text-muted-foreground">
          {hiding && <Loader2 className="animate-spin" />}
          Hide checklist
        </Button>
      </div>
      <div
        role="progressbar"
        aria-label="Checklist progress"
        aria-valuemin={0}
        aria-valuemax={steps.length}
        aria-valuenow={done}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-all"
          style={{ width: `${(done / steps.length) * 100}%` }}
        />
      </div>
      <ol className="grid gap-2">
        {steps.map((step, index) => {
          const text = copy[step.id];
          const isNext = step === next;
          return (
            <li
              key={step.id}
              aria-current={isNext ? "step" : undefined}
              className={cn(
                "grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 rounded-xl border px-3 py-3 sm:grid-cols-[auto_minmax(0,1fr)_auto]",
                isNext ? "border-primary/40 bg-primary/5" : "border-transparent",
              )}
            >
              <span
                className={cn(
                  "grid size-7 shrink-0 place-items-center rounded-full border text-xs font-semibold",
                  step.done ? "border-success/40 bg-success/15 text-success" : "border-border text-muted-foreground",
                )}
              >
                {step.done ? <Check className="size-4" aria-hidden="true" /> : index + 1}
              </span>
              <span className="min-w-0">
                <span className={cn("block font-medium", step.done && "text-muted-foreground line-through")}>
                  {text.title}
                  <span className="sr-only">{step.done ? " (done)" : " (to do)"}</span>
                </span>
                <span className="block text-sm text-muted-foreground">{text.detail}</span>
              </span>
              {!step.done && (
                <Button
                  asChild
                  size="sm"
                  variant={isNext ? "default" : "outline"}
                  className="col-start-2 justify-self-start sm:col-start-auto sm:justify-self-end"
                >
                  <Link href={step.href}>
                    {text.action}
                    <ArrowRight />
                  </Link>
                </Button>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
