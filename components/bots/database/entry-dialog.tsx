"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";

import { FormField } from "@/components/site/form-field";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { getBotKeyAction, saveBotKeyAction } from "@/lib/bots/kv-actions";
import {
  formatBytes,
  kvEntryFormSchema,
  kvLimits,
  serializeKvValue,
  type KvEntryFormInput,
} from "@/lib/bots/kv-schemas";

export type EntryDialogMode = { mode: "create" } | { mode: "edit"; entryKey: string };

/** The stored size of the JSON typed so far, or null while it is not valid JSON. */
function storedSize(text: string): number | null {
  try {
    const serialized = serializeKvValue(JSON.parse(text), { maxValueBytes: Number.POSITIVE_INFINITY });
    return serialized.ok ? serialized.bytes : null;
  } catch {
    return null;
  }
}

function EntryForm({ botId, target, onDone }: { botId: string; target: EntryDialogMode; onDone: () => void }) {
  const editing = target.mode === "edit";
  const form = useForm<KvEntryFormInput>({
    resolver: zodResolver(kvEntryFormSchema),
    defaultValues: { key: editing ? target.entryKey : "", json: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const [loading, setLoading] = useState(editing);
  const [loadError, setLoadError] = useState<string>();
  const json = useWatch({ control: form.control, name: "json" });
  const size = storedSize(json);

  useEffect(() => {
    if (target.mode !== "edit") return;
    let live = true;
    getBotKeyAction({ botId, key: target.entryKey })
      .then((result) => {
        if (!live) return;
        if (result.ok) form.reset({ key: result.data.key, json: result.data.json });
        else setLoadError(result.error);
      })
      .catch(() => live && setLoadError(unexpectedErrorMessage))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [botId, target, form]);

  // Once the value is in, the cursor goes where the editing happens.
  useEffect(() => {
    if (editing && !loading && !loadError) form.setFocus("json");
  }, [editing, loading, loadError, form]);

  const onSubmit = async (values: KvEntryFormInput) => {
    try {
      const result = await saveBotKeyAction({ botId, mode: target.mode, ...values });
      if (!result.ok) {
        let shown = false;
        for (const field of ["key", "json"] as const) {
          const message = result.fieldErrors?.[field]?.[0];
          if (message) {
            // Editing shows the key as text, so a key error is shown with the form.
            form.setError(field === "key" && editing ? "root" : field, { message });
            shown = true;
          }
        }
        if (!shown) form.setError("root", { message: result.error });
        return;
      }
      toast.success(editing ? "Value saved" : "Key added", {
        description: `${result.data.key} · ${formatBytes(result.data.size)}`,
      });
      onDone();
    } catch {
      form.setError("root", { message: unexpectedErrorMessage });
    }
  };

  const format = () => {
    try {
      form.setValue("json", JSON.stringify(JSON.parse(form.getValues("json")), null, 2), { shouldValidate: true });
    } catch {
      void form.trigger("json");
    }
  };

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid min-w-0 gap-4">
      {editing ? (
        <div className="grid min-w-0 gap-2">
          <span className="text-sm font-medium">Key</span>
          <p className="rounded-md border border-border bg-muted/40 px-3 py-2 font-mono text-sm break-all">
            {target.entryKey}
          </p>
        </div>
      ) : (
        <FormField
          id="kv-key"
          label="Key"
          required
          hint="Up to 256 characters, e.g. settings or economy:123:balance"
          error={errors.key?.message}
        >
          {(control) => (
            <Input
              {...control}
              {...form.register("key")}
              autoComplete="off"
              spellCheck={false}
              maxLength={kvLimits.maxKeyLength}
              className="font-mono"
            />
          )}
        </FormField>
      )}
      <FormField
        id="kv-json"
        label="Value (JSON)"
        required
        hint={'Any JSON: "text" (with quotes), 42, true, null, [1, 2] or {"coins": 10}.'}
        error={errors.json?.message ?? loadError}
      >
        {(control) => (
          <Textarea
            {...control}
            {...form.register("json")}
            disabled={loading || Boolean(loadError)}
            placeholder={loading ? "Loading the value..." : '{"coins": 10}'}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            className="field-sizing-fixed h-56 max-h-[50vh] resize-y font-mono text-sm break-all"
          />
        )}
      </FormField>
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <span aria-live="polite">
          {size === null
            ? `Values can hold up to ${formatBytes(kvLimits.maxValueBytes)}.`
            : `${formatBytes(size)} of ${formatBytes(kvLimits.maxValueBytes)}`}
        </span>
        <Button type="button" variant="ghost" size="sm" onClick={format} disabled={loading || Boolean(loadError)}>
          Format JSON
        </Button>
      </div>
      {errors.root?.message && (
        <p role="alert" className="text-sm text-destructive">
          {errors.root.message}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting || loading || Boolean(loadError)}>
          {isSubmitting ? "Saving..." : editing ? "Save value" : "Add key"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Add a key, or view and edit a key's value, as JSON checked on both sides. */
export function EntryDialog({
  botId,
  target,
  onOpenChange,
}: {
  botId: string;
  /** null: closed. */
  target: EntryDialogMode | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        {target && (
          <>
            <DialogHeader>
              <DialogTitle className="break-all">
                {target.mode === "edit" ? `Edit ${target.entryKey}` : "Add key"}
              </DialogTitle>
              <DialogDescription>
                {target.mode === "edit"
                  ? "Your bot sees the new value the next time it reads this key."
                  : "Your bot can read it with db.get(key)."}
              </DialogDescription>
            </DialogHeader>
            <EntryForm botId={botId} target={target} onDone={() => onOpenChange(false)} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
