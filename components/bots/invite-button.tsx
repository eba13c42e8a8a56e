"use client";

import { AlertTriangle, Check, Copy, ExternalLink, KeyRound, Loader2, UserPlus } from "lucide-react";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
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
import { botInviteAction, inviteUsedAction } from "@/lib/bots/actions";
import type { BotInvite } from "@/lib/bots/service";

type Loaded = { kind: "loading" } | { kind: "error"; message: string } | { kind: "ready"; invite: BotInvite };

/**
 * "Invite to server": Discord's OAuth2 link that adds the bot to a server, with the scopes `bot`
 * and `applications.commands` and the permissions its saved code uses (each with the reason), as
 * the Developer Portal's URL generator would make it. `?invite=1` on a bot page opens it (the
 * first-run checklist links there).
 */
export function InviteButton({ botId, botName }: { botId: string; botName: string }) {
  const router = useRouter();
  const search = useSearchParams();
  // `?invite=1` (the first-run checklist's link) opens it.
  const [open, setOpen] = useState(() => search.get("invite") === "1");
  const [loaded, setLoaded] = useState<Loaded>({ kind: "loading" });
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!open) return;
    let current = true;
    botInviteAction({ botId })
      .catch(() => null)
      .then((result) => {
        if (!current) return;
        if (result?.ok) setLoaded({ kind: "ready", invite: result.data });
        else setLoaded({ kind: "error", message: result?.error ?? "Could not prepare the invite. Try again." });
      });
    return () => {
      current = false;
    };
  }, [open, botId]);

  useEffect(() => {
    if (search.get("invite") !== "1") return;
    // The link opened it once; a reload or Back does not open it again.
    const url = new URL(window.location.href);
    url.searchParams.delete("invite");
    router.replace(url.pathname + url.search + url.hash, { scroll: false });
  }, [search, router]);

  function show(next: boolean) {
    setOpen(next);
    setCopied(false);
    if (next) setLoaded({ kind: "loading" });
  }

  function used() {
    void inviteUsedAction({ botId }).catch(() => undefined);
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success("Invite link copied", { description: "Open it in a browser where you are signed in to Discord." });
      used();
    } catch {
      toast.error("Couldn't copy the link", { description: "Select it in the box and copy it yourself." });
    }
  }

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => show(true)}>
        <UserPlus />
        Invite to server
      </Button>
      <Dialog open={open} onOpenChange={show}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
          <DialogHeader>
            <DialogTitle>Invite {botName} to a server</DialogTitle>
            <DialogDescription>
              Discord asks which server to add it to and shows these permissions; you need Manage Server there.
            </DialogDescription>
          </DialogHeader>

          {loaded.kind === "loading" && (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Reading the bot&apos;s code…
            </p>
          )}
          {loaded.kind === "error" && (
            <p role="alert" className="text-sm text-destructive">
              {loaded.message}
            </p>
          )}
          {loaded.kind === "ready" && (
            <div className="grid gap-4 text-sm">
              <section aria-labelledby="invite-permissions" className="grid gap-2">
                <h3 id="invite-permissions" className="font-medium">
                  Permissions its code uses
                </h3>
                <ul className="grid gap-1.5">
                  {loaded.invite.permissions.map((permission) => (
                    <li key={permission.name} className="flex gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                      <span>
                        <span className="font-medium">{permission.label}</span>
                        <span className="text-muted-foreground">
                          {permission.why ? ` — ${permission.why}` : " — to answer where it is used"}
                        </span>
                      </span>
                    </li>
                  ))}
                </ul>
                <p className="text-xs text-muted-foreground">
                  Scopes: <code className="font-mono">bot</code> and{" "}
                  <code className="font-mono">applications.commands</code> (its slash commands).
                </p>
              </section>

              {loaded.invite.privilegedIntents.length > 0 && (
                <p className="flex gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3">
                  <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
                  <span>
                    Its code asks for the {loaded.invite.privilegedIntents.join(", ")}{" "}
                    {loaded.invite.privilegedIntents.length === 1 ? "intent" : "intents"}: switch{" "}
                    {loaded.invite.privilegedIntents.length === 1 ? "it" : "them"} on under Bot → Privileged Gateway
                    Intents in the Discord Developer Portal, or Discord refuses to connect it.
                  </span>
                </p>
              )}

              {loaded.invite.url ? (
                <div className="grid gap-2">
                  <label htmlFor="invite-url" className="font-medium">
                    Invite link
                  </label>
                  <div className="flex gap-2">
                    <Input
                      id="invite-url"
                      readOnly
                      value={loaded.invite.url}
                      onFocus={(event) => event.currentTarget.select()}
                      className="font-mono text-xs"
                    />
                    <Button
                      type="button"
                      variant="outline"
                      size="icon"
                      onClick={() => void copy(loaded.invite.url!)}
                      aria-label="Copy the invite link"
                    >
                      {copied ? <Check /> : <Copy />}
                    </Button>
                  </div>
                </div>
              ) : (
                <p className="flex gap-2 rounded-lg border border-border bg-muted/40 p-3">
                  <KeyRound className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                  <span>
                    Add the bot&apos;s token first: the invite names the bot&apos;s Discord application, which Cipher
                    reads from its token.{" "}
                    <Link
                      href={`/dashboard/bots/${botId}#bot-token`}
                      onClick={() => setOpen(false)}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      Add the token on Overview
                    </Link>
                  </span>
                </p>
              )}
            </div>
          )}

          {loaded.kind === "ready" && loaded.invite.url && (
            <DialogFooter>
              <Button asChild>
                <a href={loaded.invite.url} target="_blank" rel="noopener noreferrer" onClick={used}>
                  <ExternalLink />
                  Open in Discord
                </a>
              </Button>
            </DialogFooter>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
