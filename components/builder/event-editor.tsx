"use client";

import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { eventCatalog } from "@/lib/blueprint/catalog";
import type { Path } from "@/lib/blueprint/references";
import { eventKinds, type BlueprintData, type EventKind } from "@/lib/blueprint/schema";

import { ActionList } from "./action-list";
import { getAt, useBuilder } from "./builder-context";
import { PathProblems, PlaceholderScope, SelectField, SwitchField, TextField } from "./fields";
import { placeholdersFor } from "./placeholder-suggestions";

/** An event: what sets it off, and what the bot does then. */
export function EventEditor({ index }: { index: number }) {
  const { blueprint, setAt, update } = useBuilder();
  const path: Path = ["events", index];
  const event = blueprint.events[index]!;

  return (
    <div className="grid gap-5">
      <SelectField
        label="When"
        path={[...path, "on"]}
        options={eventKinds.map((kind) => ({ value: kind, label: eventCatalog[kind].label }))}
        onChange={(kind: EventKind) => setAt(path, { ...eventCatalog[kind].create(), actions: event.actions })}
      />
      {event.on === "messageContains" && (
        <>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Words</legend>
            {event.words.map((_, at) => (
              <div key={at} className="flex items-end gap-2">
                <TextField label={`Word ${at + 1}`} path={[...path, "words", at]} className="flex-1" />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove word ${at + 1}`}
                  disabled={event.words.length === 1}
                  onClick={() => update((draft) => void (getAt(draft, [...path, "words"]) as string[]).splice(at, 1))}
                >
                  <Trash2 />
                </Button>
              </div>
            ))}
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() => update((draft) => void (getAt(draft, [...path, "words"]) as string[]).push("word"))}
            >
              <Plus />
              Add word
            </Button>
          </fieldset>
          <SelectField
            label="Match"
            path={[...path, "match"]}
            options={[
              { value: "any", label: "Any of the words" },
              { value: "all", label: "All of the words" },
              { value: "whole", label: "The whole message is one of them" },
            ]}
          />
        </>
      )}
      {event.on === "messageMatches" && (
        <>
          <TextField label="Pattern" path={[...path, "pattern"]} hint="A regular expression, e.g. (free|cheap) nitro" />
          <SwitchField label="Ignore upper and lower case" path={[...path, "ignoreCase"]} />
        </>
      )}
      {(event.on === "reactionAdd" || event.on === "reactionRemove") && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Only this emoji" path={[...path, "emoji"]} optional hint="Empty: any" />
          <TextField label="Only in channel" path={[...path, "channel"]} optional hint="Empty: any" />
        </div>
      )}
      {event.on === "button" && (
        <TextField label="Button id" path={[...path, "button"]} hint="The id given to a button in a message" />
      )}
      {event.on === "select" && <TextField label="Menu id" path={[...path, "menu"]} />}
      {event.on === "modalSubmit" && <TextField label="Form id" path={[...path, "modal"]} />}
      {event.on === "schedule" && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Every" path={[...path, "every"]} hint='"1h", "1 day"' />
          <TextField label="In channel" path={[...path, "channel"]} hint="#general" />
        </div>
      )}
      <PlaceholderScope
        value={placeholdersFor(blueprint, {
          kind: event.on,
          actions: event.actions,
          modal: event.on === "modalSubmit" ? event.modal : undefined,
        })}
      >
        <ActionList path={[...path, "actions"]} />
      </PlaceholderScope>
    </div>
  );
}

/** What the bot remembers: name, kind and scope of each data entry. */
export function DataEditor({ index }: { index: number }) {
  const path: Path = ["data", index];
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Name" path={[...path, "name"]} hint="Read it as {data.NAME}" />
        <SelectField
          label="Holds"
          path={[...path, "kind"]}
          options={[
            { value: "number", label: "A number (counters, coins)" },
            { value: "text", label: "Text" },
            { value: "list", label: "A list of texts" },
          ]}
        />
        <SelectField<BlueprintData["scope"]>
          label="One value per"
          path={[...path, "scope"]}
          options={[
            { value: "member", label: "Member of each server" },
            { value: "user", label: "User, in every server" },
            { value: "server", label: "Server" },
            { value: "global", label: "The whole bot" },
          ]}
        />
        <TextField label="Starts as" path={[...path, "initial"]} optional hint="0 for numbers, empty for text" />
      </div>
      <SwitchField label="Many values under keys (e.g. custom commands by trigger word)" path={[...path, "keyed"]} />
      <p className="text-sm text-muted-foreground">Stored in the bot&apos;s built-in database: it survives restarts.</p>
    </div>
  );
}

/** A lookup table: keys and the values the bot answers with. */
export function TableEditor({ index }: { index: number }) {
  const { blueprint, update } = useBuilder();
  const path: Path = ["tables", index];
  const rows = Object.entries(blueprint.tables[index]!.rows);
  const keyId = useId();
  const setRows = (next: [string, string][]) =>
    update((draft) => {
      draft.tables[index]!.rows = Object.fromEntries(next);
    });
  return (
    <div className="grid gap-4">
      <TextField label="Name" path={[...path, "name"]} />
      <div className="grid gap-2">
        {rows.map(([key], at) => (
          <div key={at} className="grid gap-2 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
            <div className="grid gap-1.5">
              <Label htmlFor={`${keyId}-${at}`}>Key</Label>
              <Input
                id={`${keyId}-${at}`}
                value={key}
                onChange={(event) => setRows(rows.map((row, i) => (i === at ? [event.target.value, row[1]] : row)))}
              />
            </div>
            <TextField label="Value" path={[...path, "rows", key]} />
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove ${key}`}
              onClick={() => setRows(rows.filter((_, i) => i !== at))}
            >
              <Trash2 />
            </Button>
          </div>
        ))}
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => setRows([...rows, [`key${rows.length + 1}`, "value"]])}
        >
          <Plus />
          Add row
        </Button>
        <PathProblems path={[...path, "rows"]} />
      </div>
    </div>
  );
}
