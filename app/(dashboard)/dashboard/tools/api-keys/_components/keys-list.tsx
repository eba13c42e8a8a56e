"use client";

import { Ban } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { toast } from "sonner";

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { revokeApiKeyAction } from "@/lib/api-keys/actions";
import type { ApiKeyView } from "@/lib/api-keys/service";
import { formatDateTime } from "@/lib/format";

const stateBadge: Record<ApiKeyView["state"], { label: string; className: string }> = {
  active: { label: "Active", className: "border-emerald-500/50 text-emerald-700 dark:text-emerald-300" },
  expired: { label: "Expired", className: "border-border text-muted-foreground" },
  revoked: { label: "Revoked", className: "border-red-500/50 text-red-700 dark:text-red-300" },
};

/** The user's keys: what each may do, when it was last used and from where; revoke. */
export function KeysList({ keys }: { keys: ApiKeyView[] }) {
  if (!keys.length) {
    return (
      <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
        No keys yet. Create one above to call the API from a script or deploy from CI.
      </p>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Your API keys">
      {keys.map((key) => (
        <li
          key={key.id}
          className="grid gap-3 rounded-xl border border-border bg-card/60 p-4 sm:grid-cols-[1fr_auto] sm:items-center"
        >
          <div className="grid min-w-0 gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-medium break-all">{key.name}</h3>
              <Badge variant="outline" className={stateBadge[key.state].className}>
                {stateBadge[key.state].label}
              </Badge>
              <code className="text-xs text-muted-foreground">{key.prefix}…</code>
            </div>
            <p className="flex flex-wrap gap-1.5" aria-label="Scopes">
              {key.scopes.map((scope) => (
                <Badge key={scope} variant="secondary">
                  {scope}
                </Badge>
              ))}
            </p>
            <dl className="grid gap-x-4 gap-y-0.5 text-xs text-muted-foreground sm:grid-cols-3">
              <div>
                <dt className="inline">Created </dt>
                <dd className="inline">{formatDateTime(key.createdAt)}</dd>
              </div>
              <div>
                <dt className="inline">Last used </dt>
                <dd className="inline">
                  {key.lastUsedAt
                    ? `${formatDateTime(key.lastUsedAt)}${key.lastUsedIp ? ` from ${key.lastUsedIp}` : ""}`
                    : "never"}
                </dd>
              </div>
              <div>
                <dt className="inline">{key.revokedAt ? "Revoked " : "Expires "}</dt>
                <dd className="inline">
                  {key.revokedAt
                    ? formatDateTime(key.revokedAt)
                    : key.expiresAt
                      ? formatDateTime(key.expiresAt)
                      : "never"}
                </dd>
              </div>
            </dl>
          </div>
          {key.state === "active" ? <RevokeButton id={key.id} name={key.name} /> : null}
        </li>
      ))}
    </ul>
  );
}

function RevokeButton({ id, name }: { id: string; name: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const revoke = () =>
    startTransition(async () => {
      try {
        const result = await revokeApiKeyAction({ keyId: id });
        if (!result.ok) {
          toast.error("Could not revoke the key", { description: result.error });
          return;
        }
        toast.success(`“${name}” revoked`, { description: "It stops working on its next request." });
        router.refresh();
      } catch {
        toast.error("Could not revoke the key", { description: unexpectedErrorMessage });
      }
    });
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="outline" disabled={pending} className="justify-self-start">
          <Ban aria-hidden /> {pending ? "Revoking..." : "Revoke"}
          <span className="sr-only"> {name}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Revoke “{name}”?</AlertDialogTitle>
          <AlertDialogDescription>
            Scripts and CI jobs using it stop working at once (their next request gets 401). This cannot be undone;
            create a new key to replace it.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={revoke}>Revoke key</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
