"use client";

import { AlertTriangle, Check, Loader2, Plus, Save } from "lucide-react";
import Link from "next/link";
import { useCallback, useEffect, useRef, useState, useTransition } from "react";
import { toast } from "sonner";

import { useUnsavedChangesGuard } from "@/components/code-editor/use-unsaved-changes-guard";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { saveBlueprintAction } from "@/lib/blueprint/actions";
import { commandLabel, describeEvent, eventCatalog } from "@/lib/blueprint/catalog";
import type { Path } from "@/lib/blueprint/references";
import { eventKinds, type Blueprint } from "@/lib/blueprint/schema";
import { cn } from "@/lib/utils";

import { BuilderProvider, useBlueprintState, useBuilder } from "./builder-context";
import { CommandEditor } from "./command-editor";
import { DataEditor, EventEditor, TableEditor } from "./event-editor";
import { TextField } from "./fields";
import type { ProofItem } from "./proof-model";
import { CheckItButton, ProofPanel } from "./proof-panel";
import { useProof } from "./use-proof";

type Selection = { kind: "commands" | "events" | "data" | "tables"; index: number } | { kind: "bot" };

export interface BuilderProps {
  botId: string;
  initialBlueprint: Blueprint;
  initialVersion: number;
  /** Generated files changed by hand since the Builder last wrote them. */
  handEdited: string[];
}

/** The Builder tab: a bot's commands and events as forms, saved as a blueprint and compiled code. */
export function BlueprintBuilder({ botId, initialBlueprint, initialVersion, handEdited }: BuilderProps) {
  const { blueprint, setBlueprint, dirty, markSaved } = useBlueprintState(initialBlueprint);
  const [version, setVersion] = useState(initialVersion);
  const [edited, setEdited] = useState(handEdited);
  const [selection, setSelection] = useState<Selection>(
    initialBlueprint.commands.length
      ? { kind: "commands", index: 0 }
      : initialBlueprint.events.length
        ? { kind: "events", index: 0 }
        : { kind: "bot" },
  );
  const [saving, startSaving] = useTransition();
  useUnsavedChangesGuard(dirty);
  const proof = useProof(botId);
  const editorRef = useRef<HTMLElement>(null);
  const showItem = (item: ProofItem) => {
    setSelection(item);
    editorRef.current?.focus({ preventScroll: true });
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    editorRef.current?.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
  };

  const save = useCallback(
    (overwriteHandEdits = false) =>
      startSaving(async () => {
        try {
          const result = await saveBlueprintAction({ botId, blueprint, baseVersion: version, overwriteHandEdits });
          if (!result.ok) {
            if (result.code === "conflict") {
              toast.error("Saved elsewhere", {
                description: "This bot changed since you opened it. Reload to see the latest version.",
              });
            } else if (result.code === "hand_edited") {
              toast.error("Edited by hand", { description: result.error });
            } else {
              toast.error("Could not save", {
                description: result.fieldErrors ? Object.values(result.fieldErrors).flat()[0] : result.error,
              });
            }
            return;
          }
          setVersion(result.data.number);
          setEdited([]);
          markSaved(blueprint);
          toast.success(`Saved as version ${result.data.number}`, {
            description: "The bot's code was generated again.",
          });
        } catch {
          toast.error("Could not save", { description: unexpectedErrorMessage });
        }
      }),
    [blueprint, botId, markSaved, version],
  );

  useEffect(() => {
    const keyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        if (dirty && !saving) save();
      }
    };
    window.addEventListener("keydown", keyDown);
    return () => window.removeEventListener("keydown", keyDown);
  }, [dirty, save, saving]);

  return (
    <BuilderProvider blueprint={blueprint} onChange={setBlueprint}>
      <div className="grid gap-4">
        {edited.length > 0 && (
          <HandEditedNotice botId={botId} files={edited} onRegenerate={() => save(true)} saving={saving} />
        )}
        <Toolbar
          dirty={dirty}
          saving={saving}
          onSave={() => save(edited.length > 0)}
          checkButton={<CheckItButton proof={proof} dirty={dirty} />}
        />
        <ProofPanel proof={proof} dirty={dirty} version={version} onShow={showItem} />
        <div className="grid gap-4 lg:grid-cols-[260px_1fr]">
          <Outline selection={selection} onSelect={setSelection} />
          <section
            ref={editorRef}
            tabIndex={-1}
            className="min-w-0 scroll-mt-20 rounded-lg border bg-card p-4 outline-none sm:p-5"
            aria-label="Selected item"
          >
            <SelectedEditor selection={selection} onSelect={setSelection} />
          </section>
        </div>
      </div>
    </BuilderProvider>
  );
}

function Toolbar({
  dirty,
  saving,
  onSave,
  checkButton,
}: {
  dirty: boolean;
  saving: boolean;
  onSave(): void;
  checkButton: React.ReactNode;
}) {
  const { problems } = useBuilder();
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border bg-card p-3">
      <p className="flex items-center gap-2 text-sm" role="status" aria-live="polite">
        {problems.length ? (
          <>
            <AlertTriangle className="size-4 text-destructive" aria-hidden />
            {problems.length} {problems.length === 1 ? "problem" : "problems"} to fix before saving
          </>
        ) : (
          <>
            <Check className="size-4 text-emerald-600" aria-hidden />
            {dirty ? "Ready to save" : "Saved"}
          </>
        )}
      </p>
      <div className="ml-auto flex flex-wrap gap-2">
        {checkButton}
        <Button onClick={onSave} disabled={!dirty || saving || problems.length > 0}>
          {saving ? <Loader2 className="animate-spin" /> : <Save />}
          Save
        </Button>
      </div>
    </div>
  );
}

function HandEditedNotice({
  botId,
  files,
  onRegenerate,
  saving,
}: {
  botId: string;
  files: string[];
  onRegenerate(): void;
  saving: boolean;
}) {
  return (
    <div role="alert" className="grid gap-2 rounded-lg border border-amber-500/50 bg-amber-500/10 p-4 text-sm">
      <p className="font-medium">The code was edited by hand</p>
      <p>
        {files.slice(0, 5).join(", ")}
        {files.length > 5 ? ` and ${files.length - 5} more` : ""} changed since the Builder generated{" "}
        {files.length === 1 ? "it" : "them"}. Saving here generates the code again and replaces those edits (they stay
        in History). To keep them, go on in the Code tab: the blueprint stays here as a record.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <Link href={`/dashboard/bots/${botId}/code`}>Keep my edits (Code tab)</Link>
        </Button>
        <Button variant="outline" size="sm" onClick={onRegenerate} disabled={saving}>
          Generate the code again
        </Button>
      </div>
    </div>
  );
}

function OutlineButton({
  path,
  selected,
  onClick,
  children,
}: {
  path: Path;
  selected: boolean;
  onClick(): void;
  children: React.ReactNode;
}) {
  const { hasProblemsBelow } = useBuilder();
  const broken = hasProblemsBelow(path);
  return (
    <li>
      <button
        type="button"
        onClick={onClick}
        aria-current={selected ? "true" : undefined}
        className={cn(
          "flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
          selected && "bg-accent font-medium",
        )}
      >
        <span className="min-w-0 flex-1 truncate">{children}</span>
        {broken && <span className="sr-only">(has problems)</span>}
        {broken && <span aria-hidden className="size-2 shrink-0 rounded-full bg-destructive" />}
      </button>
    </li>
  );
}

function Outline({ selection, onSelect }: { selection: Selection; onSelect(selection: Selection): void }) {
  const { blueprint, update } = useBuilder();
  const is = (kind: Selection["kind"], index?: number) =>
    selection.kind === kind && (index === undefined || ("index" in selection && selection.index === index));
  const heading =
    "flex items-center justify-between gap-2 px-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase";

  const addCommand = () => {
    const taken = new Set(blueprint.commands.map((command) => command.name));
    let name = "command";
    for (let n = 2; taken.has(name); n++) name = `command${n}`;
    update(
      (draft) =>
        void draft.commands.push({
          type: "slash",
          name,
          description: "Describe it",
          permissions: [],
          options: [],
          subcommands: [],
          actions: [],
        }),
    );
    onSelect({ kind: "commands", index: blueprint.commands.length });
  };

  return (
    <nav aria-label="Bot outline" className="grid content-start gap-4 rounded-lg border bg-card p-3">
      <ul className="grid gap-1">
        <OutlineButton path={["name"]} selected={is("bot")} onClick={() => onSelect({ kind: "bot" })}>
          Bot settings
        </OutlineButton>
      </ul>
      <div className="grid gap-1">
        <div className={heading}>
          Commands
          <Button variant="ghost" size="icon" className="size-7" aria-label="Add command" onClick={addCommand}>
            <Plus />
          </Button>
        </div>
        <ul className="grid gap-0.5">
          {blueprint.commands.map((command, index) => (
            <OutlineButton
              key={index}
              path={["commands", index]}
              selected={is("commands", index)}
              onClick={() => onSelect({ kind: "commands", index })}
            >
              <span className="font-mono">{commandLabel(command, blueprint.prefix)}</span>
            </OutlineButton>
          ))}
          {!blueprint.commands.length && <li className="px-2 text-sm text-muted-foreground">No commands yet.</li>}
        </ul>
      </div>
      <div className="grid gap-1">
        <div className={heading}>
          Events
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" className="size-7" aria-label="Add event">
                <Plus />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {eventKinds.map((kind) => (
                <DropdownMenuItem
                  key={kind}
                  onSelect={() => {
                    update((draft) => void draft.events.push(eventCatalog[kind].create()));
                    onSelect({ kind: "events", index: blueprint.events.length });
                  }}
                >
                  {eventCatalog[kind].label}
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
        <ul className="grid gap-0.5">
          {blueprint.events.map((event, index) => (
            <OutlineButton
              key={index}
              path={["events", index]}
              selected={is("events", index)}
              onClick={() => onSelect({ kind: "events", index })}
            >
              {describeEvent(event)}
            </OutlineButton>
          ))}
          {!blueprint.events.length && <li className="px-2 text-sm text-muted-foreground">No events yet.</li>}
        </ul>
      </div>
      <div className="grid gap-1">
        <div className={heading}>
          Data
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label="Add data"
            onClick={() => {
              update(
                (draft) =>
                  void draft.data.push({
                    name: `data${draft.data.length + 1}`,
                    kind: "number",
                    scope: "member",
                    keyed: false,
                  }),
              );
              onSelect({ kind: "data", index: blueprint.data.length });
            }}
          >
            <Plus />
          </Button>
        </div>
        <ul className="grid gap-0.5">
          {blueprint.data.map((entry, index) => (
            <OutlineButton
              key={index}
              path={["data", index]}
              selected={is("data", index)}
              onClick={() => onSelect({ kind: "data", index })}
            >
              {entry.name}
            </OutlineButton>
          ))}
        </ul>
      </div>
      <div className="grid gap-1">
        <div className={heading}>
          Tables
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label="Add table"
            onClick={() => {
              update(
                (draft) => void draft.tables.push({ name: `table${draft.tables.length + 1}`, rows: { key: "value" } }),
              );
              onSelect({ kind: "tables", index: blueprint.tables.length });
            }}
          >
            <Plus />
          </Button>
        </div>
        <ul className="grid gap-0.5">
          {blueprint.tables.map((table, index) => (
            <OutlineButton
              key={index}
              path={["tables", index]}
              selected={is("tables", index)}
              onClick={() => onSelect({ kind: "tables", index })}
            >
              {table.name}
            </OutlineButton>
          ))}
        </ul>
      </div>
    </nav>
  );
}

function SelectedEditor({ selection, onSelect }: { selection: Selection; onSelect(selection: Selection): void }) {
  const { blueprint, update } = useBuilder();
  if (selection.kind === "bot") {
    return (
      <div className="grid gap-4">
        <h2 className="text-lg font-semibold">Bot settings</h2>
        <TextField label="Name" path={["name"]} />
        <TextField label="What it does" path={["description"]} multiline optional />
        <TextField label="Prefix for prefix commands" path={["prefix"]} hint="e.g. ! for !coin" />
      </div>
    );
  }
  const list = blueprint[selection.kind];
  if (!list[selection.index]) {
    return <p className="text-sm text-muted-foreground">Pick a command or an event on the left, or add one.</p>;
  }
  const remove = () => {
    update((draft) => void draft[selection.kind].splice(selection.index, 1));
    onSelect({ kind: "bot" });
  };
  const title =
    selection.kind === "commands"
      ? commandLabel(blueprint.commands[selection.index]!, blueprint.prefix)
      : selection.kind === "events"
        ? describeEvent(blueprint.events[selection.index]!)
        : selection.kind === "data"
          ? `Data: ${blueprint.data[selection.index]!.name}`
          : `Table: ${blueprint.tables[selection.index]!.name}`;
  return (
    <div className="grid gap-5">
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 text-lg font-semibold break-words">{title}</h2>
        <Button variant="outline" size="sm" onClick={remove}>
          Delete
        </Button>
      </div>
      {selection.kind === "commands" && <CommandEditor key={selection.index} index={selection.index} />}
      {selection.kind === "events" && <EventEditor key={selection.index} index={selection.index} />}
      {selection.kind === "data" && <DataEditor key={selection.index} index={selection.index} />}
      {selection.kind === "tables" && <TableEditor key={selection.index} index={selection.index} />}
    </div>
  );
}
