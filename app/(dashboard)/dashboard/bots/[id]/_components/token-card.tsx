"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";

import { FormField } from "@/components/site/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { removeBotTokenAction, setBotTokenAction } from "@/lib/bots/actions";

/** Paste, replace or remove the bot token. The token is sent once and never shown again. */
export function TokenCard({ botId, tokenLast4 }: { botId: string; tokenLast4: string | null }) {
  const router = useRouter();
  const [token, setToken] = useState("");
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();

  const save = () =>
    startTransition(async () => {
      try {
        const result = await setBotTokenAction({ botId, token });
        if (!result.ok) {
          setError(result.fieldErrors?.token?.[0] ?? result.error);
          return;
        }
        setToken("");
        setError(undefined);
        toast.success("Token saved", { description: `Stored encrypted as ${result.data.masked}.` });
        router.refresh();
      } catch {
        toast.error("Could not save the token", { description: unexpectedErrorMessage });
      }
    });

  const remove = () =>
    startTransition(async () => {
      try {
        const result = await removeBotTokenAction({ botId });
        if (!result.ok) throw new Error(result.error);
        toast.success("Token removed");
        router.refresh();
      } catch {
        toast.error("Could not remove the token", { description: unexpectedErrorMessage });
      }
    });

  return (
    <section aria-labelledby="token-heading" className="grid gap-3 rounded-xl border border-border bg-card/60 p-4">
      <h2 id="token-heading" className="text-lg font-semibold">
        Bot token
      </h2>
      <p className="text-sm text-muted-foreground">
        {tokenLast4 ? (
          <>
            Saved, encrypted: <span className="font-mono text-foreground">••••{tokenLast4}</span>. It is never shown
            again.
          </>
        ) : (
          "No token yet. Paste the token from the Discord Developer Portal (Bot → Reset Token)."
        )}
      </p>
      <form
        noValidate
        className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <FormField id="bot-token" label={tokenLast4 ? "Replace token" : "Token"} error={error}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={token}
              onChange={(event) => setToken(event.target.value)}
            />
          )}
        </FormField>
        <div className="flex gap-2">
          <Button type="submit" disabled={pending || token.trim() === ""}>
            {pending ? "Saving..." : "Save Token"}
          </Button>
          {tokenLast4 && (
            <Button type="button" variant="outline" disabled={pending} onClick={remove}>
              Remove
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
