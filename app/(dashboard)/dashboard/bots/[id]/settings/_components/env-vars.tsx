"use client";

import { Eye, EyeOff, Loader2, Lock, Pencil, Plus, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";

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
import { Label } from "@/components/ui/label";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { deleteEnvVarAction, setEnvVarAction } from "@/lib/bots/actions";
import { envVarLimits, envVarSchema } from "@/lib/bots/schemas";

export interface EnvVarRow {
  key: string;
  value: string | null;
  secret: boolean;
}

type Editing = { mode: "add" } | { mode: "edit"; row: EnvVarRow };

/**
 * The bot's environment variables. Secrets are write-only: after saving, the page only knows that
 * one is set. Plain values are shown.
 */
export function EnvVarsManager({ botId, rows }: { botId: string; rows: EnvVarRow[] }) {
  const router = useRouter();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [pendingKey, setPendingKey] = useState<string>();
  const [, startTransition] = useTransition();

  const remove = (key: string) => {
    if (!window.confirm(`Delete ${key}? The bot gets it no longer after its next start.`)) return;
    setPendingKey(key);
    startTransition(async () => {
      try {
        const result = await deleteEnvVarAction({ botId, key });
        if (!result.ok) toast.error("Could not delete the variable", { description: result.error });
        else {
          toast.success(`Deleted ${key}`);
          router.refresh();
        }
      } catch {
        toast.error("Could not delete the variable", { description: unexpectedErrorMessage });
      } finally {
        setPendingKey(undefined);
      }
    });
  };

  return (
    <div className="grid gap-3">
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
          No variables yet. Add API keys or settings your code reads with <code>process.env.NAME</code> (Python:{" "}
          <code>os.environ[&quot;NAME&quot;]</code>).
        </p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Environment variables">
          {rows.map((row) => (
            <li key={row.key} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <span className="font-mono text-sm font-medium break-all">{row.key}</span>
              <span className="min-w-0 flex-1 font-mono text-sm break-all text-muted-foreground">
                {row.secret ? (
                  <span className="inline-flex items-center gap-1">
                    <Lock aria-hidden="true" className="size-3" /> ••••••••{" "}
                    <span className="font-sans text-xs">(secret)</span>
                  </span>
                ) : (
                  row.value || <span className="font-sans text-xs">(empty)</span>
                )}
              </span>
              <span className="flex gap-1">
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => setEditing({ mode: "edit", row })}
                  aria-label={`Edit ${row.key}`}
                >
                  <Pencil />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => remove(row.key)}
                  disabled={pendingKey === row.key}
                  aria-label={`Delete ${row.key}`}
                >
                  {pendingKey === row.key ? <Loader2 className="animate-spin" /> : <Trash2 />}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        onClick={() => setEditing({ mode: "add" })}
        disabled={rows.length >= envVarLimits.perBot}
      >
        <Plus /> Add Variable
      </Button>
      <EnvVarDialog
        botId={botId}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          router.refresh();
        }}
      />
    </div>
  );
}

function EnvVarDialog({
  botId,
  editing,
  onClose,
  onSaved,
}: {
  botId: string;
  editing: Editing | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const row = editing?.mode === "edit" ? editing.row : undefined;
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {editing && <EnvVarForm key={row?.key ?? "new"} botId={botId} row={row} onCancel={onClose} onSaved={onSaved} />}
      </DialogContent>
    </Dialog>
  );
}

function EnvVarForm({
  botId,
  row,
  onCancel,
  onSaved,
}: {
  botId: string;
  row?: EnvVarRow;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const [key, setKey] = useState(row?.key ?? "");
  const [value, setValue] = useState(row?.secret ? "" : (row?.value ?? ""));
  const [secret, setSecret] = useState(row?.secret ?? false);
  const [show, setShow] = useState(false);
  const [errors, setErrors] = useState<{ key?: string; value?: string; form?: string }>({});
  const [pending, startTransition] = useTransition();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    const parsed = envVarSchema.safeParse({ key, value, secret });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === "value" ? "value" : "key";
        found[field] ??= issue.message;
      }
      return setErrors(found);
    }
    if (secret && value === "" && !row?.secret) return setErrors({ value: "Enter the secret's value" });
    startTransition(async () => {
      try {
        const result = await setEnvVarAction({ botId, ...parsed.data });
        if (!result.ok) {
          setErrors({
            key: result.fieldErrors?.key?.[0],
            value: result.fieldErrors?.value?.[0],
            form: result.fieldErrors ? undefined : result.error,
          });
          return;
        }
        toast.success(row ? `Updated ${parsed.data.key}` : `Added ${parsed.data.key}`);
        onSaved();
      } catch {
        setErrors({ form: unexpectedErrorMessage });
      }
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{row ? `Edit ${row.key}` : "Add Variable"}</DialogTitle>
        <DialogDescription>
          The bot receives it as an environment variable when it starts. Secret values are encrypted and never shown
          again.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor="env-key">Name</Label>
        <Input
          id="env-key"
          value={key}
          readOnly={Boolean(row)}
          autoFocus={!row}
          autoComplete="off"
          spellCheck={false}
          placeholder="API_KEY"
          className="font-mono"
          aria-invalid={errors.key ? true : undefined}
          aria-describedby={errors.key ? "env-key-error" : undefined}
          onChange={(event) => setKey(event.target.value)}
        />
        {errors.key && (
          <p id="env-key-error" className="text-sm text-destructive">
            {errors.key}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="env-value">Value</Label>
        <div className="flex gap-2">
          <Input
            id="env-value"
            type={secret && !show ? "password" : "text"}
            value={value}
            autoFocus={Boolean(row)}
            autoComplete="off"
            spellCheck={false}
            placeholder={row?.secret ? "Leave empty to keep the current secret" : undefined}
            className="font-mono"
            aria-invalid={errors.value ? true : undefined}
            aria-describedby={errors.value ? "env-value-error" : undefined}
            onChange={(event) => setValue(event.target.value)}
          />
          {secret && (
            <Button
              type="button"
              variant="outline"
              size="icon"
              onClick={() => setShow((current) => !current)}
              aria-label={show ? "Hide value" : "Show value"}
            >
              {show ? <EyeOff /> : <Eye />}
            </Button>
          )}
        </div>
        {errors.value && (
          <p id="env-value-error" className="text-sm text-destructive">
            {errors.value}
          </p>
        )}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={secret}
          onChange={(event) => setSecret(event.target.checked)}
          className="size-4 accent-primary"
        />
        Secret (encrypted; hidden after saving)
      </label>
      {errors.form && (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending && <Loader2 className="animate-spin" />}
          {pending ? "Saving..." : row ? "Save" : "Add Variable"}
        </Button>
      </DialogFooter>
    </form>
  );
}
