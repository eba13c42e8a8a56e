"use client";

import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";

import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import type { Path } from "@/lib/blueprint/references";
import { optionTypes, type BlueprintCommand, type BlueprintOption } from "@/lib/blueprint/schema";
import { permissionLabels, permissionNames, type PermissionName } from "@/lib/blueprint/vocabulary";

import { ActionList } from "./action-list";
import { getAt, useBuilder } from "./builder-context";
import {
  NumberField,
  PathProblems,
  PlaceholderScope,
  SelectField,
  SwitchField,
  TextField,
  ToggleField,
} from "./fields";
import { placeholdersFor } from "./placeholder-suggestions";

const optionTypeLabels: Record<(typeof optionTypes)[number], string> = {
  string: "Text",
  integer: "Whole number",
  number: "Number",
  boolean: "Yes / no",
  user: "Member",
  channel: "Channel",
  role: "Role",
};

/** A command: its name and description, who may use it, its options, and what it does. */
export function CommandEditor({ index }: { index: number }) {
  const { blueprint, update } = useBuilder();
  const path: Path = ["commands", index];
  const command = blueprint.commands[index]!;
  const edit = (recipe: (draft: BlueprintCommand) => void) => update((draft) => recipe(draft.commands[index]!));

  return (
    <div className="grid gap-5">
      <div className="grid gap-3 sm:grid-cols-[auto_1fr]">
        <SelectField
          label="Type"
          path={[...path, "type"]}
          options={[
            { value: "slash", label: "Slash command (/)" },
            { value: "prefix", label: `Prefix command (${blueprint.prefix})` },
          ]}
        />
        <TextField label="Name" path={[...path, "name"]} hint="Lowercase, no spaces: ping, warn, ticket-open" />
      </div>
      <TextField label="Description" path={[...path, "description"]} hint="Shown in Discord's command list" />
      <Permissions path={[...path, "permissions"]} />
      <Cooldown path={[...path, "cooldown"]} />

      {command.subcommands.length > 0 ? (
        <div className="grid gap-4">
          <h3 className="text-sm font-medium">Subcommands</h3>
          {command.subcommands.map((sub, at) => (
            <section key={at} className="grid gap-4 rounded-lg border p-3" aria-label={`/${command.name} ${sub.name}`}>
              <div className="flex items-start justify-between gap-2">
                <p className="font-mono text-sm">
                  /{command.name} {sub.name}
                </p>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete subcommand ${sub.name}`}
                  onClick={() => edit((draft) => void draft.subcommands.splice(at, 1))}
                >
                  <Trash2 />
                </Button>
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField label="Name" path={[...path, "subcommands", at, "name"]} />
                <TextField label="Description" path={[...path, "subcommands", at, "description"]} />
              </div>
              <Options path={[...path, "subcommands", at, "options"]} />
              <PlaceholderScope
                value={placeholdersFor(blueprint, { kind: "slash", options: sub.options, actions: sub.actions })}
              >
                <ActionList path={[...path, "subcommands", at, "actions"]} />
              </PlaceholderScope>
            </section>
          ))}
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() =>
              edit(
                (draft) =>
                  void draft.subcommands.push({
                    name: `sub${draft.subcommands.length + 1}`,
                    description: "Describe it",
                    permissions: [],
                    options: [],
                    actions: [],
                  }),
              )
            }
          >
            <Plus />
            Add subcommand
          </Button>
        </div>
      ) : (
        <>
          <Options path={[...path, "options"]} />
          <PlaceholderScope
            value={placeholdersFor(blueprint, {
              kind: command.type,
              options: command.options,
              actions: command.actions,
            })}
          >
            <ActionList path={[...path, "actions"]} />
          </PlaceholderScope>
          {command.type === "slash" && (
            <Button
              variant="link"
              className="justify-self-start px-0"
              onClick={() =>
                edit((draft) => {
                  draft.subcommands.push({
                    name: "main",
                    description: draft.description,
                    permissions: [],
                    options: draft.options,
                    actions: draft.actions,
                  });
                  draft.options = [];
                  draft.actions = [];
                })
              }
            >
              Split into subcommands
            </Button>
          )}
        </>
      )}
      <PathProblems path={[...path, "subcommands"]} />
    </div>
  );
}

function Permissions({ path }: { path: Path }) {
  const { blueprint, update } = useBuilder();
  const chosen = (getAt(blueprint, path) as PermissionName[]) ?? [];
  const id = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Who can use it</legend>
      <p className="text-xs text-muted-foreground">
        Members need every permission ticked (Administrator passes all). None: everyone.
      </p>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {permissionNames.map((name) => (
          <div key={name} className="flex items-center gap-2">
            <input
              id={`${id}-${name}`}
              type="checkbox"
              className="size-4 accent-primary"
              checked={chosen.includes(name)}
              onChange={(event) =>
                update((draft) => {
                  const list = getAt(draft, path) as PermissionName[];
                  if (event.target.checked) list.push(name);
                  else list.splice(list.indexOf(name), 1);
                })
              }
            />
            <Label htmlFor={`${id}-${name}`} className="font-normal">
              {permissionLabels[name]}
            </Label>
          </div>
        ))}
      </div>
      <PathProblems path={path} />
    </fieldset>
  );
}

function Cooldown({ path }: { path: Path }) {
  const { blueprint, setAt } = useBuilder();
  const cooldown = getAt(blueprint, path);
  return (
    <div className="grid gap-3">
      <ToggleField
        label="Cooldown"
        checked={Boolean(cooldown)}
        onChange={(on) => setAt(path, on ? { seconds: 30, per: "user" } : undefined)}
      />
      {Boolean(cooldown) && (
        <div className="grid gap-3 sm:grid-cols-3">
          <NumberField label="Seconds" path={[...path, "seconds"]} min={1} />
          <SelectField
            label="Per"
            path={[...path, "per"]}
            options={[
              { value: "user", label: "Member" },
              { value: "server", label: "Server" },
            ]}
          />
          <TextField label="Message while waiting" path={[...path, "message"]} optional />
        </div>
      )}
    </div>
  );
}

function Options({ path }: { path: Path }) {
  const { blueprint, update } = useBuilder();
  const options = (getAt(blueprint, path) as BlueprintOption[]) ?? [];
  return (
    <section className="grid gap-2" aria-label="Options">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">Options</h3>
        <Button
          variant="outline"
          size="sm"
          disabled={options.length >= 25}
          onClick={() =>
            update(
              (draft) =>
                void (getAt(draft, path) as BlueprintOption[]).push({
                  name: `option${options.length + 1}`,
                  description: "Describe it",
                  type: "string",
                  required: false,
                }),
            )
          }
        >
          <Plus />
          Add option
        </Button>
      </div>
      {options.length === 0 && <p className="text-sm text-muted-foreground">No options: the command takes no input.</p>}
      {options.map((option, index) => (
        <div key={index} className="grid gap-3 rounded-md border p-3 sm:grid-cols-2">
          <TextField label="Name" path={[...path, index, "name"]} hint={`Read it as {option.${option.name}}`} />
          <SelectField
            label="Type"
            path={[...path, index, "type"]}
            options={optionTypes.map((type) => ({ value: type, label: optionTypeLabels[type] }))}
          />
          <TextField label="Description" path={[...path, index, "description"]} className="sm:col-span-2" />
          <SwitchField label="Required" path={[...path, index, "required"]} />
          {!option.required && <TextField label="Default" path={[...path, index, "default"]} optional />}
          {(option.type === "integer" || option.type === "number") && (
            <>
              <NumberField label="Minimum" path={[...path, index, "min"]} optional />
              <NumberField label="Maximum" path={[...path, index, "max"]} optional />
            </>
          )}
          <Button
            variant="ghost"
            size="sm"
            className="justify-self-start"
            onClick={() => update((draft) => void (getAt(draft, path) as BlueprintOption[]).splice(index, 1))}
          >
            <Trash2 />
            Remove option
          </Button>
        </div>
      ))}
      <PathProblems path={path} />
    </section>
  );
}
