"use client";

import { ArrowDown, ArrowUp, ChevronDown, ChevronRight, Copy, Plus, Trash2 } from "lucide-react";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { actionCatalog, actionGroups, describeAction } from "@/lib/blueprint/catalog";
import type { Path } from "@/lib/blueprint/references";
import type { Action, ActionKind } from "@/lib/blueprint/schema";
import { cn } from "@/lib/utils";

import { ActionFields } from "./action-fields";
import { getAt, useBuilder } from "./builder-context";
import { PathProblems } from "./fields";

/** An ordered list of actions: each a card that opens into its form; add, reorder, duplicate, delete. */
export function ActionList({ path, label = "Actions" }: { path: Path; label?: string }) {
  const { blueprint, update } = useBuilder();
  const actions = (getAt(blueprint, path) as Action[] | undefined) ?? [];
  const [open, setOpen] = useState<number | null>(actions.length === 1 ? 0 : null);

  const edit = (recipe: (list: Action[]) => void) =>
    update((draft) => {
      recipe(getAt(draft, path) as Action[]);
    });

  return (
    <section className="grid gap-2" aria-label={label}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">{label}</h3>
        <AddActionMenu
          onPick={(kind) => {
            edit((list) => {
              list.push(actionCatalog[kind].create());
            });
            setOpen(actions.length);
          }}
        />
      </div>
      {actions.length === 0 && (
        <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">
          Nothing yet. Add an action: reply, moderate, remember data…
        </p>
      )}
      <PathProblems path={path} />
      <ol className="grid gap-2">
        {actions.map((action, index) => (
          <ActionCard
            key={index}
            action={action}
            path={[...path, index]}
            open={open === index}
            onToggle={() => setOpen(open === index ? null : index)}
            onMove={(by) => {
              edit((list) => {
                const [moved] = list.splice(index, 1);
                list.splice(index + by, 0, moved!);
              });
              setOpen(index + by);
            }}
            onDuplicate={() =>
              edit((list) => {
                list.splice(index + 1, 0, structuredClone(action));
              })
            }
            onDelete={() => {
              edit((list) => {
                list.splice(index, 1);
              });
              setOpen(null);
            }}
            first={index === 0}
            last={index === actions.length - 1}
          />
        ))}
      </ol>
    </section>
  );
}

function ActionCard({
  action,
  path,
  open,
  onToggle,
  onMove,
  onDuplicate,
  onDelete,
  first,
  last,
}: {
  action: Action;
  path: Path;
  open: boolean;
  onToggle(): void;
  onMove(by: number): void;
  onDuplicate(): void;
  onDelete(): void;
  first: boolean;
  last: boolean;
}) {
  const { hasProblemsBelow } = useBuilder();
  const info = actionCatalog[action.do];
  const broken = hasProblemsBelow(path);
  return (
    <li className={cn("rounded-lg border bg-card", broken && "border-destructive/60")}>
      <div className="flex items-center gap-1 p-1.5">
        <Button
          variant="ghost"
          className="h-auto min-w-0 flex-1 justify-start gap-2 px-2 py-1.5 text-left whitespace-normal"
          aria-expanded={open}
          onClick={onToggle}
        >
          {open ? <ChevronDown /> : <ChevronRight />}
          <span className="grid min-w-0">
            <span className="font-medium">{info.label}</span>
            <span className="truncate text-xs font-normal text-muted-foreground">{describeAction(action)}</span>
          </span>
          {broken && <span className="sr-only">(has problems)</span>}
          {broken && <span aria-hidden className="ml-auto size-2 shrink-0 rounded-full bg-destructive" />}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Move ${info.label} up`}
          disabled={first}
          onClick={() => onMove(-1)}
        >
          <ArrowUp />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Move ${info.label} down`}
          disabled={last}
          onClick={() => onMove(1)}
        >
          <ArrowDown />
        </Button>
        <Button variant="ghost" size="icon" aria-label={`Duplicate ${info.label}`} onClick={onDuplicate}>
          <Copy />
        </Button>
        <Button variant="ghost" size="icon" aria-label={`Delete ${info.label}`} onClick={onDelete}>
          <Trash2 />
        </Button>
      </div>
      {open && (
        <div className="grid gap-4 border-t p-3 sm:p-4">
          <ActionFields action={action} path={path} />
        </div>
      )}
    </li>
  );
}

/** "Add action": a searchable menu of every action, grouped. */
export function AddActionMenu({ onPick, label = "Add action" }: { onPick(kind: ActionKind): void; label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm">
          <Plus />
          {label}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-80 p-0" align="end">
        <Command>
          <CommandInput placeholder="Search actions…" aria-label="Search actions" />
          <CommandList>
            <CommandEmpty>No action matches.</CommandEmpty>
            {actionGroups.map((group) => (
              <CommandGroup key={group} heading={group}>
                {(Object.keys(actionCatalog) as ActionKind[])
                  .filter((kind) => actionCatalog[kind].group === group)
                  .map((kind) => (
                    <CommandItem
                      key={kind}
                      value={`${actionCatalog[kind].label} ${actionCatalog[kind].description}`}
                      onSelect={() => {
                        onPick(kind);
                        setOpen(false);
                      }}
                    >
                      <span className="grid">
                        <span>{actionCatalog[kind].label}</span>
                        <span className="text-xs text-muted-foreground">{actionCatalog[kind].description}</span>
                      </span>
                    </CommandItem>
                  ))}
              </CommandGroup>
            ))}
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
