"use client";

import { FilePlus, Loader2, Pencil, Save, Trash2 } from "lucide-react";
import dynamic from "next/dynamic";
import { useCallback, useEffect, useEffectEvent, useMemo, useState, useTransition } from "react";
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
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { saveBotFilesAction, setBotTokenAction } from "@/lib/bots/actions";
import { botLimits } from "@/lib/bots/schemas";
import { botTokenInText, firstSyntaxProblem } from "@/lib/code/syntax-check";

import { FilePathDialog } from "./file-path-dialog";
import { FileTree, type FileState } from "./file-tree";
import { useUnsavedChangesGuard } from "./use-unsaved-changes-guard";

const CodeMirrorPane = dynamic(() => import("./codemirror-pane"), {
  ssr: false,
  loading: () => (
    <div className="flex h-full items-center justify-center gap-2 text-sm text-muted-foreground" role="status">
      <Loader2 aria-hidden="true" className="size-4 animate-spin" /> Loading the editor…
    </div>
  ),
});

type Files = Record<string, string>;

const byteLength = (files: Files) =>
  Object.values(files).reduce((total, content) => total + new TextEncoder().encode(content).length, 0);

function pickStartFile(paths: string[]): string {
  for (const candidate of ["index.js", "index.ts", "main.py", "bot.py", "src/index.js", "src/index.ts"]) {
    if (paths.includes(candidate)) return candidate;
  }
  return paths[0] ?? "";
}

/** The code with the token (quoted or bare) replaced by the expression that reads it from the environment. */
function withoutToken(content: string, token: string, fromEnv: string): string {
  for (const quote of ['"', "'", "`"]) content = content.split(`${quote}${token}${quote}`).join(fromEnv);
  return content.split(token).join(fromEnv);
}

/**
 * The bot's code: a file tree, CodeMirror for the open file, file add/rename/delete, and Save
 * (Ctrl/⌘+S) which stores every file as a new immutable version. Leaving with unsaved changes asks
 * first. A save that finds a newer version saved elsewhere asks before overwriting it.
 * Code that does not parse and a pasted bot token are pointed out before they are saved.
 */
export function BotCodeEditor({
  botId,
  initialFiles,
  initialPath,
  initialVersion,
}: {
  botId: string;
  initialFiles: { path: string; content: string }[];
  /** The file to open first (?file= from a crash's "Open commands/ping.js"). */
  initialPath?: string;
  initialVersion: number;
}) {
  const [saved, setSaved] = useState<Files>(() => Object.fromEntries(initialFiles.map((f) => [f.path, f.content])));
  const [files, setFiles] = useState<Files>(saved);
  const [version, setVersion] = useState(initialVersion);
  const [activePath, setActivePath] = useState(() =>
    initialPath && initialPath in saved ? initialPath : pickStartFile(Object.keys(saved)),
  );
  const [message, setMessage] = useState("");
  const [dialog, setDialog] = useState<"new" | "rename" | "delete" | null>(null);
  const [saving, startSaving] = useTransition();

  const paths = useMemo(() => Object.keys(files).sort((a, b) => a.localeCompare(b)), [files]);
  const changed = useMemo(() => {
    const result = new Map<string, FileState>();
    for (const path of paths) {
      if (!(path in saved)) result.set(path, "added");
      else if (saved[path] !== files[path]) result.set(path, "modified");
    }
    return result;
  }, [paths, files, saved]);
  const removed = Object.keys(saved).filter((path) => !(path in files));
  const dirty = changed.size > 0 || removed.length > 0;
  const bytes = useMemo(() => byteLength(files), [files]);
  useUnsavedChangesGuard(dirty);

  function save(overwrite = false, unparsedOk = false) {
    // Code that does not parse crashes the bot at start: say so first; saving anyway stays possible.
    const problem = unparsedOk
      ? null
      : [...changed.keys()].map((path) => firstSyntaxProblem(path, files[path] ?? "")).find(Boolean);
    if (problem) {
      toast.warning(`${problem.path}, line ${problem.line} does not parse`, {
        description: "The bot would crash when it starts with this code. Fix it, or save it as it is to finish later.",
        action: { label: "Save anyway", onClick: () => save(overwrite, true) },
        duration: 15000,
      });
      return;
    }
    startSaving(async () => {
      const snapshot = files;
      try {
        const result = await saveBotFilesAction({
          botId,
          files: Object.entries(snapshot).map(([path, content]) => ({ path, content })),
          message,
          baseVersion: overwrite ? undefined : version,
        });
        if (!result.ok) {
          if (result.code === "conflict") {
            toast.error("Saved elsewhere", {
              description: `${result.error} Save anyway to make your files the newest version (the other one stays in History).`,
              action: { label: "Save anyway", onClick: () => save(true, true) },
              duration: 15000,
            });
            return;
          }
          const detail = Object.values(result.fieldErrors ?? {}).flat()[0];
          toast.error("Could not save", { description: detail ?? result.error });
          return;
        }
        setSaved(snapshot);
        setVersion(result.data.number);
        setMessage("");
        toast.success(`Saved as version ${result.data.number}`);
      } catch {
        toast.error("Could not save", { description: unexpectedErrorMessage });
      }
    });
  }

  // A bot token pasted into code leaks with every version and export: offer to move it.
  const onPaste = useCallback(
    (text: string) => {
      const token = botTokenInText.exec(text)?.[0];
      if (!token) return;
      const path = activePath;
      toast.warning("That looks like a bot token", {
        description:
          "Tokens in code end up in every version and export. Keep it in the token field; the code reads it from the environment.",
        duration: 20000,
        action: {
          label: "Move it to the token field",
          onClick: () => {
            void setBotTokenAction({ botId, token })
              .then((result) => {
                if (!result.ok) {
                  toast.error("Could not save the token", { description: result.error });
                  return;
                }
                const fromEnv = path.endsWith(".py") ? 'os.environ["DISCORD_TOKEN"]' : "process.env.DISCORD_TOKEN";
                setFiles((current) => ({
                  ...current,
                  [path]: withoutToken(current[path] ?? "", token, fromEnv),
                }));
                toast.success("Token moved to the token field", {
                  description: `Stored encrypted as ${result.data.masked}; the code now reads ${fromEnv}. Save to keep the change.`,
                });
              })
              .catch(() => toast.error("Could not save the token", { description: unexpectedErrorMessage }));
          },
        },
      });
    },
    [activePath, botId],
  );

  // Ctrl/⌘+S saves, wherever the focus is on this page.
  const saveFromShortcut = useEffectEvent(() => {
    if (!saving && dirty) save();
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s") {
        event.preventDefault();
        saveFromShortcut();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  const onChange = useCallback(
    (value: string) =>
      setFiles((current) => (current[activePath] === value ? current : { ...current, [activePath]: value })),
    [activePath],
  );

  const addFile = (path: string) => {
    if (paths.length >= botLimits.files) {
      toast.error("Too many files", { description: `A bot can have at most ${botLimits.files} files.` });
      return;
    }
    setFiles((current) => ({ ...current, [path]: "" }));
    setActivePath(path);
  };
  const renameFile = (path: string) => {
    if (path === activePath) return;
    setFiles((current) => {
      const next: Files = {};
      for (const [key, value] of Object.entries(current)) next[key === activePath ? path : key] = value;
      return next;
    });
    setActivePath(path);
  };
  const deleteFile = () => {
    const remaining = paths.filter((path) => path !== activePath);
    setFiles((current) => {
      const next = { ...current };
      delete next[activePath];
      return next;
    });
    setActivePath(pickStartFile(remaining));
  };

  const pendingCount = changed.size + removed.length;

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => setDialog("new")}>
          <FilePlus /> New file
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => setDialog("rename")} disabled={!activePath}>
          <Pencil /> Rename
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => setDialog("delete")}
          disabled={!activePath || paths.length <= 1}
          title={paths.length <= 1 ? "A bot needs at least one file" : undefined}
        >
          <Trash2 /> Delete
        </Button>
        <div className="ml-auto flex w-full flex-wrap items-center gap-2 sm:w-auto">
          <label htmlFor="save-message" className="sr-only">
            Describe this change
          </label>
          <Input
            id="save-message"
            value={message}
            maxLength={200}
            onChange={(event) => setMessage(event.target.value)}
            placeholder="Describe this change (optional)"
            className="h-8 min-w-0 flex-1 sm:w-64"
          />
          <Button
            type="button"
            size="sm"
            onClick={() => save()}
            disabled={saving || !dirty}
            aria-keyshortcuts="Control+S Meta+S"
          >
            {saving ? <Loader2 className="animate-spin" /> : <Save />}
            {saving ? "Saving..." : "Save"}
          </Button>
        </div>
      </div>

      <p className="text-xs text-muted-foreground" aria-live="polite">
        {dirty
          ? `${pendingCount} unsaved ${pendingCount === 1 ? "change" : "changes"} · Ctrl/⌘+S saves`
          : `All changes saved · version ${version}`}{" "}
        · {paths.length}/{botLimits.files} files · {(bytes / 1024).toFixed(1)} KB of{" "}
        {botLimits.sourceBytes / 1024 / 1024} MB
        {removed.length > 0 && ` · deleted: ${removed.join(", ")}`}
      </p>

      <div className="lg:hidden">
        <label htmlFor="file-picker" className="sr-only">
          Open file
        </label>
        <NativeSelect id="file-picker" value={activePath} onChange={(event) => setActivePath(event.target.value)}>
          {paths.map((path) => (
            <NativeSelectOption key={path} value={path}>
              {path}
              {changed.get(path) ? " •" : ""}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </div>

      <div className="grid overflow-hidden rounded-xl border border-border bg-card/60 lg:grid-cols-[220px_1fr]">
        <nav aria-label="Bot files" className="hidden max-h-[70vh] overflow-y-auto border-r border-border p-2 lg:block">
          <FileTree
            paths={paths}
            activePath={activePath}
            stateOf={(path) => changed.get(path)}
            onSelect={setActivePath}
          />
        </nav>
        <div className="grid min-w-0 grid-rows-[auto_1fr]">
          <div className="truncate border-b border-border px-3 py-1.5 font-mono text-xs text-muted-foreground">
            {activePath || "No file open"}
          </div>
          <div className="h-[60vh] min-h-[360px] min-w-0 lg:h-[70vh]">
            {activePath && (
              <CodeMirrorPane
                key={activePath}
                path={activePath}
                value={files[activePath] ?? ""}
                onChange={onChange}
                onPaste={onPaste}
                label={`Code of ${activePath}`}
              />
            )}
          </div>
        </div>
      </div>

      <FilePathDialog
        open={dialog === "new"}
        onOpenChange={(open) => setDialog(open ? "new" : null)}
        title="New file"
        description="Add a file to the bot. It is stored when you save."
        initialPath=""
        confirmLabel="Add file"
        existingPaths={paths}
        onConfirm={addFile}
      />
      <FilePathDialog
        open={dialog === "rename"}
        onOpenChange={(open) => setDialog(open ? "rename" : null)}
        title="Rename file"
        description={`Give ${activePath} a new name or folder.`}
        initialPath={activePath}
        confirmLabel="Rename"
        existingPaths={paths}
        onConfirm={renameFile}
      />
      <AlertDialog open={dialog === "delete"} onOpenChange={(open) => setDialog(open ? "delete" : null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete {activePath}?</AlertDialogTitle>
            <AlertDialogDescription>
              The file leaves the editor now and the bot when you save. Earlier versions keep it in History.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={deleteFile}>Delete file</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
