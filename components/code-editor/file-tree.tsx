"use client";

import { ChevronRight, FileCode, Folder } from "lucide-react";
import { useMemo, useState } from "react";

import { cn } from "@/lib/utils";

interface TreeFolder {
  name: string;
  path: string;
  folders: TreeFolder[];
  files: { name: string; path: string }[];
}

function buildTree(paths: string[]): TreeFolder {
  const root: TreeFolder = { name: "", path: "", folders: [], files: [] };
  for (const path of [...paths].sort((a, b) => a.localeCompare(b))) {
    const parts = path.split("/");
    let folder = root;
    parts.slice(0, -1).forEach((part, index) => {
      const folderPath = parts.slice(0, index + 1).join("/");
      let next = folder.folders.find((candidate) => candidate.name === part);
      if (!next) {
        next = { name: part, path: folderPath, folders: [], files: [] };
        folder.folders.push(next);
      }
      folder = next;
    });
    folder.files.push({ name: parts.at(-1)!, path });
  }
  return root;
}

export type FileState = "modified" | "added" | undefined;

/** The bot's files as folders and files; folders open and close, the active file is marked. */
export function FileTree({
  paths,
  activePath,
  stateOf,
  onSelect,
}: {
  paths: string[];
  activePath: string;
  stateOf: (path: string) => FileState;
  onSelect: (path: string) => void;
}) {
  const tree = useMemo(() => buildTree(paths), [paths]);
  const [closed, setClosed] = useState<Set<string>>(() => new Set());
  const toggle = (path: string) =>
    setClosed((current) => {
      const next = new Set(current);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });

  const renderFolder = (folder: TreeFolder, depth: number): React.ReactNode => (
    <>
      {folder.folders.map((child) => {
        const open = !closed.has(child.path);
        return (
          <li key={`d:${child.path}`}>
            <button
              type="button"
              aria-expanded={open}
              onClick={() => toggle(child.path)}
              className="flex w-full items-center gap-1.5 rounded px-2 py-1 text-left text-sm text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              style={{ paddingLeft: `${depth * 12 + 8}px` }}
            >
              <ChevronRight
                aria-hidden="true"
                className={cn("size-3.5 shrink-0 transition-transform", open && "rotate-90")}
              />
              <Folder aria-hidden="true" className="size-4 shrink-0" />
              <span className="truncate">{child.name}</span>
            </button>
            {open && (
              <ul role="group" className="flex flex-col gap-0.5">
                {renderFolder(child, depth + 1)}
              </ul>
            )}
          </li>
        );
      })}
      {folder.files.map((file) => {
        const state = stateOf(file.path);
        const active = file.path === activePath;
        return (
          <li key={`f:${file.path}`}>
            <button
              type="button"
              aria-current={active ? "true" : undefined}
              title={file.path}
              onClick={() => onSelect(file.path)}
              className={cn(
                "flex w-full items-center gap-1.5 rounded px-2 py-1 text-left font-mono text-[13px] hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                active ? "bg-accent text-foreground" : "text-muted-foreground",
              )}
              style={{ paddingLeft: `${depth * 12 + 26}px` }}
            >
              <FileCode aria-hidden="true" className="size-4 shrink-0" />
              <span className="min-w-0 flex-1 truncate">{file.name}</span>
              {state && (
                <span
                  className={cn("text-xs font-semibold", state === "added" ? "text-emerald-400" : "text-amber-400")}
                  title={state === "added" ? "New, not saved" : "Changed, not saved"}
                >
                  {state === "added" ? "A" : "M"}
                  <span className="sr-only">{state === "added" ? " (new, not saved)" : " (changed, not saved)"}</span>
                </span>
              )}
            </button>
          </li>
        );
      })}
    </>
  );

  return (
    <ul aria-label="Files" className="flex flex-col gap-0.5">
      {renderFolder(tree, 0)}
    </ul>
  );
}
