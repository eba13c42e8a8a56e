"use client";

import { ArchiveRestore, Download, Loader2, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { unexpectedErrorMessage, type ActionResult } from "@/lib/action-result";
import { deleteArchiveItemAction, restoreArchiveItemAction, restoreArchiveItemsAction } from "@/lib/archive/actions";
import { cn } from "@/lib/utils";

import type { ArchiveRow } from "./archive-view-model";
import { CleanArchiveButton } from "./clean-archive-button";
import { ConfirmDialog } from "./confirm-dialog";

const typeLabels: Record<ArchiveRow["type"], string> = { bot: "Bot", config: "Config", backup: "Backup" };

/** The archived items with selection, per-item actions, and the management panel for bulk actions. */
export function ArchiveList({ rows, olderCount }: { rows: ArchiveRow[]; olderCount: number }) {
  const router = useRouter();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ArchiveRow | null>(null);
  const [pending, startTransition] = useTransition();

  // Items that left the list (restored, deleted, filtered out) leave the selection too.
  const visible = new Set(rows.map((row) => row.id));
  const chosen = [...selected].filter((id) => visible.has(id));
  const allChosen = rows.length > 0 && chosen.length === rows.length;
  const restorableChosen = chosen.filter((id) => rows.find((row) => row.id === id)?.restorable);

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const run = <T,>(key: string, action: () => Promise<ActionResult<T>>, done: (data: T) => void, failure: string) => {
    setBusy(key);
    startTransition(async () => {
      try {
        const result = await action();
        if (!result.ok) toast.error(failure, { description: result.error });
        else {
          done(result.data);
          router.refresh();
        }
      } catch {
        toast.error(failure, { description: unexpectedErrorMessage });
      } finally {
        setBusy(null);
      }
    });
  };

  const restore = (row: ArchiveRow) =>
    run(
      row.id,
      () => restoreArchiveItemAction({ id: row.id }),
      () => toast.success(`Restored ${row.name}`, { description: "It is back in My Bots, stopped." }),
      `Could not restore ${row.name}`,
    );

  const deleteForever = (row: ArchiveRow) =>
    run(
      `delete:${row.id}`,
      () => deleteArchiveItemAction({ id: row.id }),
      () => {
        setDeleting(null);
        toast.success(`Deleted ${row.name} for good`);
      },
      `Could not delete ${row.name}`,
    );

  const bulkRestore = () =>
    run(
      "bulk",
      () => restoreArchiveItemsAction({ ids: restorableChosen }),
      ({ restored, limitMessage }) => {
        setSelected(new Set());
        toast.success(`Restored ${restored} ${restored === 1 ? "item" : "items"}`, {
          description: limitMessage ?? "They are back in My Bots, stopped.",
        });
      },
      "Could not restore the selected items",
    );

  const bulkHref = `/api/archive/download?${new URLSearchParams({ ids: chosen.join(",") })}`;

  return (
    <>
      <section aria-labelledby="archive-items-heading" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="archive-items-heading" className="text-lg font-semibold">
            Archived items
          </h2>
          <label className="flex items-center gap-2 text-sm text-muted-foreground">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={allChosen}
              onChange={(event) => setSelected(event.target.checked ? new Set(visible) : new Set())}
            />
            Select all ({chosen.length} selected)
          </label>
        </div>
        <ul className="grid gap-3">
          {rows.map((row) => (
            <li
              key={row.id}
              id={`archive-item-${row.id}`}
              aria-label={row.name}
              className={cn(
                "grid gap-3 rounded-xl border border-border bg-card/60 p-4 sm:grid-cols-[1fr_auto] sm:items-center",
                selected.has(row.id) && "border-primary/60",
              )}
            >
              <div className="grid min-w-0 gap-1">
                <div className="flex min-w-0 items-start gap-2">
                  <input
                    type="checkbox"
                    aria-label={`Select ${row.name}`}
                    className="mt-1 size-4 shrink-0 accent-primary"
                    checked={selected.has(row.id)}
                    onChange={(event) => toggle(row.id, event.target.checked)}
                  />
                  <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="min-w-0 font-medium break-words">{row.name}</span>
                    <Badge variant="secondary">{typeLabels[row.type]}</Badge>
                  </div>
                </div>
                <p className="text-sm text-muted-foreground">{row.reason}</p>
                <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
                  <div className="flex gap-1">
                    <dt>Archived</dt>
                    <dd>
                      <time dateTime={row.archivedIso}>{row.archivedDate}</time>
                    </dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>Size</dt>
                    <dd data-testid="archive-item-size">{row.size}</dd>
                  </div>
                  <div className={cn(row.expiringSoon && "font-medium text-destructive")}>{row.expiry}</div>
                </dl>
              </div>
              <div className="flex flex-wrap gap-2 sm:justify-end">
                <Button asChild variant="outline" size="sm">
                  <a href={`/api/archive/${row.id}/download`} download aria-label={`Download ${row.name}`}>
                    <Download /> Download
                  </a>
                </Button>
                {row.restorable && (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={pending}
                    onClick={() => restore(row)}
                    aria-label={`Restore ${row.name}`}
                  >
                    {busy === row.id ? <Loader2 className="animate-spin" /> : <ArchiveRestore />} Restore
                  </Button>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-destructive hover:text-destructive"
                  disabled={pending}
                  onClick={() => setDeleting(row)}
                  aria-label={`Delete ${row.name} forever`}
                >
                  <Trash2 /> Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="archive-manage-heading" className="grid gap-3 rounded-xl border border-border p-4">
        <div className="grid gap-1">
          <h2 id="archive-manage-heading" className="font-semibold">
            Archive management
          </h2>
          <p className="text-sm text-muted-foreground">
            {chosen.length === 0
              ? "Select items above to download or restore them together."
              : `${chosen.length} ${chosen.length === 1 ? "item" : "items"} selected.`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {chosen.length > 0 ? (
            <Button asChild variant="outline">
              <a href={bulkHref} download>
                <Download /> Bulk Download
              </a>
            </Button>
          ) : (
            <Button variant="outline" disabled>
              <Download /> Bulk Download
            </Button>
          )}
          <Button variant="outline" disabled={restorableChosen.length === 0 || pending} onClick={bulkRestore}>
            {busy === "bulk" ? <Loader2 className="animate-spin" /> : <ArchiveRestore />} Bulk Restore
          </Button>
          <CleanArchiveButton olderCount={olderCount} variant="destructive" />
        </div>
      </section>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? "this item"} forever?`}
        description="Its code, versions, settings and database are deleted for good. This cannot be undone. Download it first if you may need it."
        confirmLabel="Delete forever"
        pendingLabel="Deleting..."
        pending={busy === `delete:${deleting?.id}`}
        onConfirm={() => deleting && deleteForever(deleting)}
      />
    </>
  );
}
