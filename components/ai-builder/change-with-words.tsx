"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Wand2 } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { toast } from "sonner";

import { FormField, FormSubmitButton } from "@/components/site/form-field";
import { Textarea } from "@/components/ui/textarea";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { startBuildAction } from "@/lib/ai-builder/build/actions";
import { buildSchema, maxBuildDescription, type BuildInput } from "@/lib/ai-builder/build/schema";

export interface PastBuild {
  id: string;
  kind: string;
  status: string;
  description: string;
  createdAt: string;
}

const statusWords: Record<string, string> = {
  queued: "Queued",
  running: "Building",
  review: "Waiting for your review",
  succeeded: "Built and proven",
  failed: "Not done",
  refused: "Refused",
  cancelled: "Cancelled",
  error: "Stopped",
};

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/**
 * A bot page's "Change it with words": the change is planned, written and shown as a diff on its
 * build's page, saved as a version only when accepted. Below, the bot's past builds.
 */
export function ChangeWithWords({
  botId,
  language,
  builds,
}: {
  botId: string;
  language: "javascript" | "python";
  builds: PastBuild[];
}) {
  const router = useRouter();
  const form = useForm<BuildInput>({
    resolver: zodResolver(buildSchema),
    defaultValues: { description: "", language, botId },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: BuildInput) => {
    try {
      const result = await startBuildAction(values);
      if (!result.ok) {
        if (result.fieldErrors?.description?.[0])
          form.setError("description", { message: result.fieldErrors.description[0] });
        toast.error("Could not start the change", { description: result.error });
        return;
      }
      router.push(`/dashboard/builds/${result.data.id}`);
    } catch {
      toast.error("Could not start the change", { description: unexpectedErrorMessage });
    }
  };

  return (
    <section aria-labelledby="change-heading" className="grid gap-3 rounded-xl border border-border bg-card/60 p-4">
      <h2 id="change-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Wand2 className="size-5 text-primary" aria-hidden /> Change it with words
      </h2>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-3">
        <FormField
          id="change-description"
          label="What should change?"
          required
          error={errors.description?.message}
          hint="You see the change as a diff before it is saved; your own edits to the code are kept."
        >
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={maxBuildDescription + 200}
              placeholder="Also add a /roll command that rolls a die."
              {...form.register("description")}
            />
          )}
        </FormField>
        <FormSubmitButton pending={isSubmitting} pendingLabel="Starting..." className="justify-self-start">
          Plan the change
        </FormSubmitButton>
      </form>
      {builds.length > 0 && (
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">Builds</h3>
          <ol className="grid gap-1.5 text-sm">
            {builds.map((build) => (
              <li key={build.id} className="flex flex-wrap items-baseline gap-x-2">
                <time className="shrink-0 text-xs text-muted-foreground" dateTime={build.createdAt}>
                  {dateTime.format(new Date(build.createdAt))}
                </time>
                <Link
                  href={`/dashboard/builds/${build.id}`}
                  className="min-w-0 flex-1 truncate underline-offset-4 hover:underline"
                >
                  {build.description}
                </Link>
                <span className="shrink-0 text-xs text-muted-foreground">
                  {statusWords[build.status] ?? build.status}
                </span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
