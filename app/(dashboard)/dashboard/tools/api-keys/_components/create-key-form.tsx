"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Check, Copy, KeyRound, TriangleAlert } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";

import { FormField, FormSubmitButton } from "@/components/site/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { createApiKeyAction } from "@/lib/api-keys/actions";
import { createApiKeySchema, type CreateApiKeyInput } from "@/lib/api-keys/schemas";
import {
  apiKeyLifetimeLabels,
  apiKeyLifetimes,
  apiScopeDescriptions,
  apiScopes,
  type ApiScope,
} from "@/lib/api-keys/scopes";

/** Create key: a name, what it may do and when it expires; the secret is then shown once. */
export function CreateKeyForm() {
  const router = useRouter();
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const form = useForm<CreateApiKeyInput>({
    resolver: zodResolver(createApiKeySchema),
    defaultValues: { name: "", scopes: ["read"], expiresIn: "90" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: CreateApiKeyInput) => {
    try {
      const result = await createApiKeyAction(values);
      if (!result.ok) {
        for (const [field, messages] of Object.entries(result.fieldErrors ?? {})) {
          if (messages?.[0]) form.setError(field as keyof CreateApiKeyInput, { message: messages[0] });
        }
        toast.error("Could not create the key", { description: result.error });
        return;
      }
      setCreated({ name: result.data.key.name, secret: result.data.secret });
      form.reset();
      router.refresh();
    } catch {
      toast.error("Could not create the key", { description: unexpectedErrorMessage });
    }
  };

  if (created) return <NewSecret name={created.name} secret={created.secret} onDone={() => setCreated(null)} />;

  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      aria-labelledby="create-key-heading"
      className="grid gap-4 rounded-xl border border-border bg-card/60 p-4 sm:p-5"
    >
      <h2 id="create-key-heading" className="flex items-center gap-2 text-lg font-semibold">
        <KeyRound className="size-5 text-primary" aria-hidden /> Create a key
      </h2>
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <FormField id="key-name" label="Name" required error={errors.name?.message} hint="Where you will use it.">
          {(control) => <Input {...control} placeholder="GitHub Actions" maxLength={80} {...form.register("name")} />}
        </FormField>
        <FormField id="key-expiry" label="Expires" required error={errors.expiresIn?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register("expiresIn")}>
              {apiKeyLifetimes.map((lifetime) => (
                <option key={lifetime} value={lifetime}>
                  {apiKeyLifetimeLabels[lifetime]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      <fieldset className="grid gap-2" aria-describedby={errors.scopes ? "key-scopes-error" : undefined}>
        <legend className="mb-1 text-sm font-medium">What it may do</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {apiScopes.map((scope: ApiScope) => (
            <label
              key={scope}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 has-[:checked]:border-primary/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="checkbox"
                value={scope}
                className="mt-1 size-4 accent-primary"
                {...form.register("scopes")}
              />
              <span className="grid gap-0.5">
                <span className="text-sm font-medium">
                  {apiScopeDescriptions[scope].label} <code className="text-xs text-muted-foreground">{scope}</code>
                </span>
                <span className="text-xs text-muted-foreground">{apiScopeDescriptions[scope].description}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.scopes ? (
          <p id="key-scopes-error" role="alert" className="text-sm text-destructive">
            {errors.scopes.message ?? errors.scopes.root?.message}
          </p>
        ) : null}
      </fieldset>
      <FormSubmitButton pending={isSubmitting} pendingLabel="Creating..." className="justify-self-start">
        Create key
      </FormSubmitButton>
    </form>
  );
}

/** The new secret, shown this once: copy it now. */
function NewSecret({ name, secret, onDone }: { name: string; secret: string; onDone(): void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error("Clipboard API unavailable");
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast.success("Key copied");
    } catch {
      toast.error("Could not copy", { description: "Select the key and copy it by hand." });
    }
  };
  return (
    <section
      aria-labelledby="new-key-heading"
      className="grid gap-3 rounded-xl border border-emerald-500/40 bg-emerald-500/5 p-4 sm:p-5"
    >
      <h2 id="new-key-heading" className="text-lg font-semibold">
        “{name}” is ready
      </h2>
      <p className="flex items-start gap-2 text-sm text-amber-800 dark:text-amber-200">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        Copy it now: this is the only time Cipher shows it. Only its hash is stored.
      </p>
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <code
          aria-label="Your new API key"
          className="min-w-0 flex-1 rounded-md border border-border bg-background px-3 py-2 font-mono text-sm break-all select-all"
        >
          {secret}
        </code>
        <Button type="button" onClick={copy}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />} {copied ? "Copied" : "Copy key"}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Use it as <code>Authorization: Bearer {secret.slice(0, 8)}…</code> with{" "}
        <a className="text-primary underline-offset-4 hover:underline" href="/api/v1/openapi.json">
          the API
        </a>
        , or store it as a secret in your CI.
      </p>
      <Button type="button" variant="outline" className="justify-self-start" onClick={onDone}>
        Done, I saved it
      </Button>
    </section>
  );
}
