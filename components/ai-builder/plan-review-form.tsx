"use client";

import { CircleAlert, CircleCheck, MessageCircleQuestion, Pencil } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { toast } from "sonner";

import { FormField, FormSubmitButton } from "@/components/site/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { cancelBuildAction, confirmPlanAction } from "@/lib/ai-builder/build/actions";
import { markWords, type PlanField, type PlanItem } from "@/lib/ai-builder/build/plan-review";
import type { BuildView } from "@/lib/ai-builder/build/types";
import type { NotUnderstood } from "@/lib/ai-builder/types";
import { cn } from "@/lib/utils";

/** "c0.s0o1" → "plan-c0-s0o1": an element id. */
const domId = (id: string) => `plan-${id.replace(/[^a-z0-9]/gi, "-")}`;

/**
 * The plan before any code (issue 34): the questions the builder asks, each line with the words it
 * came from and what can be fixed on it, the words it did not understand marked in the
 * description. "Build it" sends the answers and fixes; the page then follows the build.
 */
export function PlanReviewForm({ view, onQueued }: { view: BuildView; onQueued(view: BuildView): void }) {
  const plan = view.plan!;
  const items = plan.items ?? [];
  const questions = plan.questions ?? [];
  const [answers, setAnswers] = useState<Record<string, string>>(() =>
    Object.fromEntries(questions.map((question) => [question.id, question.value])),
  );
  const [fields, setFields] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const discard = async () => {
    setDiscarding(true);
    try {
      const result = await cancelBuildAction({ buildId: view.id });
      if (!result.ok) {
        toast.error("Could not discard the plan", { description: result.error });
        return;
      }
      const response = await fetch(`/api/builds/${view.id}`, { cache: "no-store" });
      if (response.ok) onQueued((await response.json()) as BuildView);
    } catch {
      toast.error("Could not discard the plan", { description: unexpectedErrorMessage });
    } finally {
      setDiscarding(false);
    }
  };
  // A command named without saying what it does is asked about above, not listed again.
  const notUnderstood = plan.notUnderstood.filter((note) => !note.refused && !note.command);
  // A fix being made: its error goes, and the summary with it.
  const clearError = (id: string) => {
    setProblem(null);
    setErrors((was) => {
      if (!(id in was)) return was;
      const { [id]: _gone, ...rest } = was;
      return rest;
    });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      const changed = Object.fromEntries(
        Object.entries(fields).filter(([id, value]) => {
          const field = items.flatMap((item) => item.fields).find((f) => f.id === id);
          return field && field.value !== value;
        }),
      );
      const given = Object.fromEntries(Object.entries(answers).filter(([, value]) => value.trim()));
      const result = await confirmPlanAction({ buildId: view.id, fields: changed, answers: given });
      if (!result.ok) {
        const next = Object.fromEntries(
          Object.entries(result.fieldErrors ?? {}).flatMap(([id, messages]) =>
            messages?.[0] ? [[id, messages[0]]] : [],
          ),
        );
        setErrors(next);
        setProblem(result.error);
        // The first part to fix gets the focus once its line is open.
        const first = Object.keys(next)[0];
        if (first) setTimeout(() => document.getElementById(domId(first))?.focus(), 0);
        // A fix on a closed line: open it so its error shows.
        setOpen((was) => ({
          ...was,
          ...Object.fromEntries(
            items.filter((item) => item.fields.some((field) => next[field.id])).map((item) => [item.id, true]),
          ),
        }));
        // Said in the summary under the plan (an alert), not a toast as well.
        return;
      }
      setErrors({});
      setProblem(null);
      const response = await fetch(`/api/builds/${view.id}`, { cache: "no-store" });
      if (response.ok) onQueued((await response.json()) as BuildView);
    } catch {
      toast.error("Could not build the plan", { description: unexpectedErrorMessage });
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="plan-review-heading" className="grid gap-5">
      <div className="grid gap-1">
        <h2 id="plan-review-heading" className="text-lg font-semibold">
          Check the plan
        </h2>
        <p className="text-sm text-muted-foreground">
          Nothing is built yet. {questions.length ? "Answer what I asked, fix" : "Fix"} any line you want different,
          then Build it.
        </p>
      </div>

      {questions.length > 0 && (
        <section
          aria-labelledby="plan-questions"
          className="grid gap-3 rounded-xl border border-primary/40 bg-primary/5 p-4"
        >
          <h3 id="plan-questions" className="flex items-center gap-2 text-sm font-semibold">
            <MessageCircleQuestion className="size-4 text-primary" aria-hidden /> I need to ask
          </h3>
          {questions.map((question) => (
            <PlanInput
              key={question.id}
              id={question.id}
              label={question.question}
              hint={`You wrote: “${question.from}”`}
              kind={question.kind}
              choices={question.choices}
              value={answers[question.id] ?? ""}
              error={errors[question.id]}
              onChange={(value) => {
                setAnswers((was) => ({ ...was, [question.id]: value }));
                clearError(question.id);
              }}
            />
          ))}
        </section>
      )}

      <section aria-label="The plan" className="grid gap-2">
        {plan.languageNote && <p className="text-sm">{plan.languageNote}</p>}
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No command or event yet: answer a question above.</p>
        ) : (
          <ul className="grid gap-2">
            {items.map((item) => (
              <Line
                key={item.id}
                item={item}
                open={open[item.id] ?? false}
                onToggle={() => setOpen((was) => ({ ...was, [item.id]: !was[item.id] }))}
                values={fields}
                errors={errors}
                onChange={(id, value) => {
                  setFields((was) => ({ ...was, [id]: value }));
                  clearError(id);
                }}
              />
            ))}
          </ul>
        )}
      </section>

      {notUnderstood.length > 0 && <NotUnderstoodPanel description={view.description} notes={notUnderstood} />}

      {problem && (
        <p role="alert" className="rounded-lg border border-destructive/50 bg-destructive/10 px-3 py-2 text-sm">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <FormSubmitButton pending={pending} pendingLabel="Starting...">
          Build it
        </FormSubmitButton>
        <Button type="button" variant="ghost" onClick={discard} disabled={discarding || pending}>
          Discard the plan
        </Button>
        <Button asChild variant="outline">
          <Link href={`/dashboard/bots/new?prompt=${encodeURIComponent(view.description.slice(0, 2000))}`}>
            Change the description
          </Link>
        </Button>
      </div>
    </form>
  );
}

function ChannelInput({
  control,
  value,
  choices,
  onChange,
}: {
  control: React.ComponentProps<typeof Input>;
  value: string;
  choices: string[];
  onChange(value: string): void;
}) {
  const list = `${control.id}-choices`;
  return (
    <>
      <Input
        {...control}
        list={list}
        value={value}
        maxLength={101}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
        className="max-w-xs"
      />
      <datalist id={list}>
        {choices.map((choice) => (
          <option key={choice} value={choice} />
        ))}
      </datalist>
    </>
  );
}

function Line({
  item,
  open,
  onToggle,
  values,
  errors,
  onChange,
}: {
  item: PlanItem;
  open: boolean;
  onToggle(): void;
  values: Record<string, string>;
  errors: Record<string, string>;
  onChange(id: string, value: string): void;
}) {
  const panel = `${domId(item.id)}-fix`;
  const label = item.line.split(":")[0] ?? item.line;
  return (
    <li className="grid gap-2 rounded-lg border bg-card p-3">
      <div className="flex items-start gap-2">
        <CircleCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <span className="text-sm [overflow-wrap:anywhere]">{item.line}</span>
          {item.from && (
            <span className="text-xs [overflow-wrap:anywhere] text-muted-foreground">
              From your words: <q>{item.from}</q>
            </span>
          )}
        </div>
        {item.fields.length > 0 && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="min-h-11 sm:min-h-8"
            aria-expanded={open}
            aria-controls={panel}
            aria-label={`Fix ${label}`}
            onClick={onToggle}
          >
            <Pencil aria-hidden /> Fix
          </Button>
        )}
      </div>
      {item.fields.length > 0 && (
        <fieldset id={panel} hidden={!open} className="grid gap-3 border-t pt-3 sm:grid-cols-2">
          <legend className="sr-only">Fix {label}</legend>
          {item.fields.map((field) => (
            <PlanInput
              key={field.id}
              id={field.id}
              label={field.label}
              kind={field.kind}
              choices={field.choices}
              className={cn(field.kind === "text" && "sm:col-span-2")}
              value={values[field.id] ?? field.value}
              error={errors[field.id]}
              onChange={(value) => onChange(field.id, value)}
            />
          ))}
        </fieldset>
      )}
    </li>
  );
}

/** One part of the plan to answer or fix: a channel, a text, or an option's name. */
function PlanInput({
  id,
  label,
  hint,
  kind,
  value,
  choices,
  error,
  className,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  kind: PlanField["kind"];
  value: string;
  choices?: string[];
  error?: string;
  className?: string;
  onChange(value: string): void;
}) {
  return (
    <FormField id={domId(id)} label={label} hint={hint} error={error} className={className}>
      {(control) =>
        kind === "channel" ? (
          <ChannelInput control={control} value={value} choices={choices ?? []} onChange={onChange} />
        ) : kind === "text" ? (
          <Textarea
            {...control}
            rows={hint ? 3 : 2}
            maxLength={2000}
            value={value}
            {...(hint ? { placeholder: "What the bot replies" } : {})}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <Input
            {...control}
            value={value}
            maxLength={32}
            autoComplete="off"
            spellCheck={false}
            className="max-w-xs font-mono"
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }
    </FormField>
  );
}

/** The description with the words not understood marked, and each with why. */
function NotUnderstoodPanel({ description, notes }: { description: string; notes: NotUnderstood[] }) {
  const marked = markWords(
    description,
    notes.map((note) => note.text),
  );
  return (
    <section
      aria-labelledby="plan-not-understood"
      className="grid gap-2 rounded-lg border border-amber-500/40 bg-amber-500/5 p-3"
    >
      <h3 id="plan-not-understood" className="flex items-center gap-2 text-sm font-semibold">
        <CircleAlert className="size-4 text-amber-500" aria-hidden /> Not understood: left out unless you change the
        description
      </h3>
      <p className="text-sm [overflow-wrap:anywhere] whitespace-pre-wrap">
        {marked.map((part, index) =>
          part.marked ? (
            <mark key={index} className="rounded bg-amber-400/30 px-0.5 text-foreground">
              {part.text}
            </mark>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </p>
      <NotUnderstoodList notes={notes} label="Not understood" />
    </section>
  );
}

/** Each part of the description left out, quoted, with why (the plan before and after building). */
export function NotUnderstoodList({ notes, label }: { notes: NotUnderstood[]; label?: string }) {
  return (
    <ul aria-label={label} className="grid gap-2 text-sm">
      {notes.map((note, index) => (
        <li key={index} className="grid gap-0.5">
          <q className="font-medium [overflow-wrap:anywhere]">{note.text}</q>
          <span className="text-muted-foreground">{note.reason}</span>
        </li>
      ))}
    </ul>
  );
}
