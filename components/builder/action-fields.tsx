"use client";

import { Plus, Trash2 } from "lucide-react";

import { Button } from "@/components/ui/button";
import type { Path } from "@/lib/blueprint/references";
import type { Action } from "@/lib/blueprint/schema";

import { ActionList } from "./action-list";
import { getAt, useBuilder } from "./builder-context";
import { ConditionFields } from "./condition-fields";
import { NumberField, SelectField, SwitchField, TextField, ToggleField } from "./fields";
import { MessageFields } from "./message-fields";

const saveAsHint = "A name for the result; later actions read it as {result.NAME}.";

/** The form of one action. */
export function ActionFields({ action, path }: { action: Action; path: Path }) {
  const { blueprint, setAt } = useBuilder();
  const at = (...steps: (string | number)[]) => [...path, ...steps];
  const grid = "grid gap-3 sm:grid-cols-2";

  switch (action.do) {
    case "reply":
      return (
        <>
          <MessageFields path={at("message")} />
          <SwitchField label="Only the member sees it" path={at("ephemeral")} />
        </>
      );
    case "send":
      return (
        <>
          <div className={grid}>
            <TextField label="Channel" path={at("channel")} hint='"here", "#mod-log" or {option.channel}' />
            <TextField label="Save the message as" path={at("saveAs")} optional hint={saveAsHint} />
          </div>
          <MessageFields path={at("message")} />
        </>
      );
    case "dm":
      return (
        <>
          <TextField label="Member" path={at("member")} hint="{user} or a member option like {option.member}" />
          <MessageFields path={at("message")} />
        </>
      );
    case "react":
      return (
        <div className={grid}>
          <TextField label="Emoji" path={at("emoji")} />
          <TextField
            label="On a message it posted (empty: the member's message)"
            path={at("message")}
            optional
            hint="{result.poll}: what a Send saved"
          />
        </div>
      );
    case "deleteMessage":
    case "stop":
      return <p className="text-sm text-muted-foreground">Nothing to set.</p>;
    case "purge":
      return <TextField label="How many messages (1–100)" path={at("count")} hint="A number or {option.count}" />;
    case "showModal":
      return <ModalFields path={at("modal")} />;
    case "timeout":
    case "ban":
      return (
        <div className={grid}>
          <TextField label="Member" path={at("member")} />
          <TextField
            label={action.do === "ban" ? "For how long (empty: for good)" : "For how long"}
            path={at("duration")}
            optional={action.do === "ban"}
            hint='"10m", "1 hour", "24h", "7d", or an option: "{option.minutes}m"'
          />
          <TextField label="Reason" path={at("reason")} optional className="sm:col-span-2" />
          {action.do === "ban" && (
            <TextField
              label="Delete their messages from the last"
              path={at("deleteMessages")}
              optional
              hint="Up to 7d"
            />
          )}
        </div>
      );
    case "removeTimeout":
    case "kick":
      return (
        <div className={grid}>
          <TextField label="Member" path={at("member")} />
          <TextField label="Reason" path={at("reason")} optional />
        </div>
      );
    case "unban":
      return (
        <div className={grid}>
          <TextField label="User id" path={at("user")} />
          <TextField label="Reason" path={at("reason")} optional />
        </div>
      );
    case "addRole":
    case "removeRole":
    case "toggleRole":
      return (
        <div className={grid}>
          <TextField label="Member" path={at("member")} />
          <TextField label="Role" path={at("role")} hint="A role's name or {option.role}" />
        </div>
      );
    case "createChannel":
      return (
        <div className={grid}>
          <TextField label="Channel name" path={at("name")} hint="e.g. ticket-{user.name}" />
          <TextField label="For member" path={at("member")} />
          <TextField label="Staff role (can see it too)" path={at("staffRole")} optional />
          <TextField label="In category" path={at("category")} optional />
          <TextField label="Save the channel as" path={at("saveAs")} optional hint={saveAsHint} />
        </div>
      );
    case "deleteChannel":
      return (
        <div className={grid}>
          <TextField label="Channel" path={at("channel")} hint='"here" or {result.ticket}' />
          <TextField label="After (empty: now)" path={at("after")} optional />
        </div>
      );
    case "slowmode":
      return (
        <div className={grid}>
          <TextField label="Channel" path={at("channel")} />
          <NumberField label="Seconds between messages (0 turns it off)" path={at("seconds")} min={0} max={21600} />
        </div>
      );
    case "lockChannel":
    case "unlockChannel":
      return (
        <div className={grid}>
          <TextField label="Channel" path={at("channel")} hint='"here" or #name' />
        </div>
      );
    case "addToChannel":
    case "removeFromChannel":
      return (
        <div className={grid}>
          <TextField label="Member" path={at("member")} hint="{user} or {option.member}" />
          <TextField label="Channel" path={at("channel")} hint='"here" (a ticket) or {result.ticket}' />
        </div>
      );
    case "store":
      return (
        <div className={grid}>
          <SelectField
            label="Data"
            path={at("data")}
            options={
              blueprint.data.length
                ? blueprint.data.map((entry) => ({ value: entry.name, label: entry.name }))
                : [{ value: action.data, label: `${action.data} (add it under Data)` }]
            }
          />
          <SelectField
            label="Do"
            path={at("op")}
            options={[
              { value: "get", label: "Get" },
              { value: "set", label: "Set" },
              { value: "increment", label: "Add to (increment)" },
              { value: "decrement", label: "Subtract (decrement)" },
              { value: "append", label: "Append to a list" },
              { value: "remove", label: "Remove from a list" },
              { value: "removeAt", label: "Remove item number… from a list" },
              { value: "delete", label: "Delete" },
              { value: "list", label: "List entries" },
            ]}
          />
          <TextField label="Key (keyed data)" path={at("key")} optional />
          <TextField label="Whose (member data)" path={at("member")} optional hint="Empty: who triggered it" />
          <TextField
            label="Value"
            path={at("value")}
            optional
            hint="Set/append: the value. Add/subtract: how much (1). Remove item number: the position (1 is the first)."
          />
          <TextField label="Save the result as" path={at("saveAs")} optional hint={saveAsHint} />
        </div>
      );
    case "random": {
      // The ways to pick at random, each a click or two from the others.
      const switchTo = (label: string, next: Extract<Action, { do: "random" }>) => (
        <Button variant="link" className="justify-self-start px-0" onClick={() => setAt(path, next)}>
          {label}
        </Button>
      );
      const number = switchTo("Roll a number instead", { do: "random", min: 1, max: 6, saveAs: action.saveAs });
      const typed = switchTo("Pick from a list the member types instead", {
        do: "random",
        from: "{option.options}",
        saveAs: action.saveAs,
      });
      return action.from !== undefined ? (
        <div className={grid}>
          <TextField
            label="Pick from"
            path={at("from")}
            hint='A list like "pizza, tacos, sushi" or "tea or coffee", e.g. {option.options}'
          />
          <TextField label="Save as" path={at("saveAs")} hint={saveAsHint} />
          {number}
        </div>
      ) : action.choices ? (
        <div className="grid gap-3">
          <ListOfText label="Choices" path={at("choices")} />
          {number}
          {typed}
          <TextField label="Save as" path={at("saveAs")} hint={saveAsHint} />
        </div>
      ) : action.dice !== undefined ? (
        <div className={grid}>
          <TextField label="Dice" path={at("dice")} hint="Like 2d6, d20, 1d20+5 or {option.dice}" />
          <TextField label="Save as" path={at("saveAs")} hint={saveAsHint} />
          {number}
        </div>
      ) : (
        <div className={grid}>
          <TextField label="From" path={at("min")} />
          <TextField label="To" path={at("max")} hint="A number or {option.sides}" />
          <TextField label="Save as" path={at("saveAs")} hint={saveAsHint} />
          {switchTo("Pick from a list instead", { do: "random", choices: ["Yes", "No"], saveAs: action.saveAs })}
          {switchTo("Roll dice instead", { do: "random", dice: "2d6", saveAs: action.saveAs })}
        </div>
      );
    }
    case "lookup":
      return (
        <div className={grid}>
          <SelectField
            label="Table"
            path={at("table")}
            options={
              blueprint.tables.length
                ? blueprint.tables.map((table) => ({ value: table.name, label: table.name }))
                : [{ value: action.table, label: `${action.table} (add it under Tables)` }]
            }
          />
          <TextField label="Key" path={at("key")} />
          <TextField label="If not found" path={at("fallback")} optional />
          <TextField label="Save as" path={at("saveAs")} hint={saveAsHint} />
        </div>
      );
    case "calculate":
      return (
        <div className={grid}>
          <TextField
            label="Expression"
            path={at("expression")}
            hint="Numbers, placeholders, + - * / % ^, min, max, round… evaluate({option.expression}) works out what a member typed"
          />
          <TextField label="Save as" path={at("saveAs")} hint={saveAsHint} />
        </div>
      );
    case "if":
      return (
        <>
          <ConditionFields path={at("when")} />
          <div className="grid gap-3 border-l-4 border-primary/30 pl-3">
            <ActionList path={at("then")} label="Then" />
          </div>
          <div className="grid gap-3 border-l-4 border-muted pl-3">
            <ActionList path={at("else")} label="Else" />
          </div>
        </>
      );
    case "wait":
      return (
        <>
          <TextField
            label="Wait for"
            path={at("duration")}
            hint='"10m", "1 hour", "2d", or an option: "{option.minutes}m" — still runs after a restart'
          />
          <div className="grid gap-3 border-l-4 border-primary/30 pl-3">
            <ActionList path={at("then")} label="Then" />
          </div>
        </>
      );
  }
}

function ListOfText({ label, path }: { label: string; path: Path }) {
  const { blueprint, update } = useBuilder();
  const items = (getAt(blueprint, path) as string[] | undefined) ?? [];
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      {items.map((_, index) => (
        <div key={index} className="flex items-end gap-2">
          <TextField label={`${index + 1}`} path={[...path, index]} className="flex-1" />
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove ${index + 1}`}
            onClick={() => update((draft) => void (getAt(draft, path) as string[]).splice(index, 1))}
          >
            <Trash2 />
          </Button>
        </div>
      ))}
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => update((draft) => void (getAt(draft, path) as string[]).push("Another"))}
      >
        <Plus />
        Add
      </Button>
    </fieldset>
  );
}

function ModalFields({ path }: { path: Path }) {
  const { blueprint, update } = useBuilder();
  const modal = getAt(blueprint, path) as Extract<Action, { do: "showModal" }>["modal"];
  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Form title" path={[...path, "title"]} />
        <TextField label="Form id (for its event)" path={[...path, "id"]} />
      </div>
      {modal.fields.map((field, index) => (
        <div
          key={index}
          className="grid gap-2 rounded-md bg-muted/40 p-2 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end"
        >
          <TextField label={`Field ${index + 1} label`} path={[...path, "fields", index, "label"]} />
          <TextField label="Id ({field.ID})" path={[...path, "fields", index, "id"]} />
          <SelectField
            label="Size"
            path={[...path, "fields", index, "style"]}
            options={[
              { value: "short", label: "One line" },
              { value: "paragraph", label: "Paragraph" },
            ]}
          />
          <ToggleField
            label="Required"
            checked={field.required}
            onChange={(on) =>
              update(
                (draft) => void ((getAt(draft, [...path, "fields", index]) as { required: boolean }).required = on),
              )
            }
          />
        </div>
      ))}
      {modal.fields.length < 5 && (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() =>
            update((draft) => {
              const fields = getAt(draft, [...path, "fields"]) as {
                id: string;
                label: string;
                style: string;
                required: boolean;
              }[];
              fields.push({
                id: `field_${fields.length + 1}`,
                label: "Another field",
                style: "short",
                required: false,
              });
            })
          }
        >
          <Plus />
          Add field
        </Button>
      )}
    </div>
  );
}
