"use client";

import { ChevronRight, Loader2 } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";

import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

const UnifiedDiffPane = dynamic(() => import("./unified-diff-pane"), {
  ssr: false,
  loading: () => (
    <p className="flex items-center gap-2 p-4 text-sm text-muted-foreground" role="status">
      <Loader2 aria-hidden="true" className="size-4 animate-spin" /> Loading the diff…
    </p>
  ),
});

export interface FileDiff {
  path: string;
  status: "added" | "removed" | "modified";
  /** The current code's content ("" when the file is new in the version). */
  current: string;
  /** The version's content ("" when the version does not have the file). */
  version: string;
}

const statusText: Record<FileDiff["status"], { label: string; className: string }> = {
  added: { label: "Only in this version", className: "border-emerald-500/50 text-emerald-700 dark:text-emerald-300" },
  removed: { label: "Only in the current code", className: "border-red-500/50 text-red-700 dark:text-red-300" },
  modified: { label: "Changed", className: "border-amber-500/50 text-amber-300" },
};

const changeText: Record<FileDiff["status"], { label: string; className: string }> = {
  added: { label: "New file", className: statusText.added.className },
  removed: { label: "Removed", className: statusText.removed.className },
  modified: { label: "Changed", className: statusText.modified.className },
};

/**
 * The files that differ between a version and the current code, each opening to its diff; or
 * (`proposed`) a change not saved yet, "Change it with words", against the current code.
 */
export function VersionDiff({
  files,
  versionNumber,
  proposed = false,
}: {
  files: FileDiff[];
  versionNumber?: number;
  proposed?: boolean;
}) {
  const [open, setOpen] = useState<Set<string>>(() => new Set(files.slice(0, 3).map((file) => file.path)));
  const toggle = (path: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });

  return (
    <ul className="grid gap-3">
      {files.map((file) => {
        const expanded = open.has(file.path);
        const status = (proposed ? changeText : statusText)[file.status];
        return (
          <li key={file.path} className="overflow-hidden rounded-xl border border-border bg-card/60">
            <button
              type="button"
              aria-expanded={expanded}
              onClick={() => toggle(file.path)}
              className="flex w-full flex-wrap items-center gap-2 px-4 py-2.5 text-left hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <ChevronRight
                aria-hidden="true"
                className={cn("size-4 shrink-0 transition-transform", expanded && "rotate-90")}
              />
              <span className="min-w-0 flex-1 font-mono text-sm break-all">{file.path}</span>
              <Badge variant="outline" className={status.className}>
                {status.label}
              </Badge>
            </button>
            {expanded && (
              <div className="border-t border-border">
                <UnifiedDiffPane
                  path={file.path}
                  before={file.current}
                  after={file.version}
                  label={
                    proposed
                      ? `The change to ${file.path}`
                      : `Differences in ${file.path} between the current code and version ${versionNumber}`
                  }
                />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
