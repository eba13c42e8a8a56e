"use client";

import { CheckCircle2, Info, Loader2, ShieldCheck, XCircle } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";

import { FormField } from "@/components/site/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { removeBotTokenAction, setBotTokenAction, verifyBotTokenAction } from "@/lib/bots/actions";
import type { BotIdentityResult } from "@/lib/bots/discord-identity";

/** Paste, replace or remove the bot token. The token is sent once and never shown again. */
export function TokenCard({ botId, tokenLast4 }: { botId: string; tokenLast4: string | null }) {
  const router = useRouter();
  const [token, setToken] = useState("");
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();
  const [checking, startChecking] = useTransition();
  const [identity, setIdentity] = useState<BotIdentityResult>();

  /** Asks Discord (through the server) whose token it is; the token itself never comes back. */
  const verify = () =>
    startChecking(async () => {
      try {
        const result = await verifyBotTokenAction({ botId });
        setIdentity(result.ok ? result.data : { ok: false, reason: "unexpected", message: result.error });
      } catch {
        setIdentity({ ok: false, reason: "unexpected", message: unexpectedErrorMessage });
      }
    });

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
        verify();
      } catch {
        toast.error("Could not save the token", { description: unexpectedErrorMessage });
      }
    });

  const remove = () =>
    startTransition(async () => {
      try {
        const result = await removeBotTokenAction({ botId });
        if (!result.ok) throw new Error(result.error);
        setIdentity(undefined);
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
      {tokenLast4 && (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <Button type="button" variant="outline" size="sm" onClick={verify} disabled={checking || pending}>
            {checking ? <Loader2 className="animate-spin" /> : <ShieldCheck />}
            {checking ? "Checking with Discord..." : "Verify with Discord"}
          </Button>
          <p aria-live="polite" className="min-w-0 flex-1">
            {identity?.ok === true && (
              <span className="inline-flex items-center gap-1.5 text-emerald-700 dark:text-emerald-300">
                <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
                Discord knows this token: <strong className="font-medium">{identity.user.username}</strong>
                <span className="font-mono text-xs text-muted-foreground">(id {identity.user.id})</span>
              </span>
            )}
            {identity?.ok === false &&
              (identity.reason === "rejected" ? (
                <span className="inline-flex items-start gap-1.5 text-red-700 dark:text-red-300">
                  <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  {identity.message}
                </span>
              ) : (
                // Discord could not be asked: nothing is wrong with the saved token, so no red.
                <span className="inline-flex items-start gap-1.5 text-muted-foreground">
                  <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  {identity.message}
                </span>
              ))}
          </p>
        </div>
      )}
    </section>
  );
}
