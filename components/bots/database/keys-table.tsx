"use client";

import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { formatBytes } from "@/lib/bots/kv-schemas";

import { DeleteKeyDialog } from "./delete-key-dialog";
import { EntryDialog, type EntryDialogMode } from "./entry-dialog";

export type KeyRow = { key: string; preview: string; size: number; updatedAt: string; updatedLabel: string };

/** One page of keys: key, value preview, size and last update, each with edit and delete. */
export function KeysTable({ botId, rows }: { botId: string; rows: KeyRow[] }) {
  const [editing, setEditing] = useState<EntryDialogMode | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  return (
    <>
      <div className="overflow-hidden rounded-xl border border-border bg-card/60">
        <table className="w-full table-fixed text-sm">
          <caption className="sr-only">Keys in this bot&apos;s database</caption>
          <thead className="border-b border-border bg-muted/30 text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium sm:w-[30%]">
                Key
              </th>
              <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                Value
              </th>
              <th scope="col" className="w-20 px-3 py-2 text-right font-medium">
                Size
              </th>
              <th scope="col" className="hidden w-44 px-3 py-2 font-medium lg:table-cell">
                Updated (UTC)
              </th>
              <th scope="col" className="w-[5.5rem] px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((row) => (
              <tr key={row.key} className="hover:bg-muted/20">
                <td className="px-3 py-2.5">
                  <button
                    type="button"
                    onClick={() => setEditing({ mode: "edit", entryKey: row.key })}
                    className="text-left font-mono break-all hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    {row.key}
                  </button>
                  <span className="mt-1 block truncate font-mono text-xs text-muted-foreground sm:hidden">
                    {row.preview}
                  </span>
                </td>
                <td className="hidden px-3 py-2.5 sm:table-cell">
                  <span className="block truncate font-mono text-xs text-muted-foreground" title={row.preview}>
                    {row.preview}
                  </span>
                </td>
                <td className="px-3 py-2.5 text-right text-muted-foreground tabular-nums">{formatBytes(row.size)}</td>
                <td className="hidden px-3 py-2.5 whitespace-nowrap text-muted-foreground lg:table-cell">
                  <time dateTime={row.updatedAt}>{row.updatedLabel}</time>
                </td>
                <td className="px-2 py-1.5">
                  <div className="flex justify-end gap-1">
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-8"
                      aria-label={`Edit ${row.key}`}
                      onClick={() => setEditing({ mode: "edit", entryKey: row.key })}
                    >
                      <Pencil />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-8 text-muted-foreground hover:text-destructive"
                      aria-label={`Delete ${row.key}`}
                      onClick={() => setDeleting(row.key)}
                    >
                      <Trash2 />
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <EntryDialog botId={botId} target={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <DeleteKeyDialog botId={botId} entryKey={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  );
}
