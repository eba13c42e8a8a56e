"use client";

import { Plus, Trash2 } from "lucide-react";

import { Button } from "@/components/ui/button";
import type { Path } from "@/lib/blueprint/references";
import type { Action } from "@/lib/blueprint/schema";

import { getAt, useBuilder } from "./builder-context";
import { PathProblems, SelectField, TextField, ToggleField } from "./fields";

type Message = Extract<Action, { do: "reply" }>["message"];

/** What a message says: text, an optional embed, buttons and a menu. */
export function MessageFields({ path }: { path: Path }) {
  const { blueprint, setAt, update } = useBuilder();
  const message = getAt(blueprint, path) as Message;
  const edit = (recipe: (draft: Message) => void) => update((draft) => recipe(getAt(draft, path) as Message));

  return (
    <fieldset className="grid gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">Message</legend>
      <TextField
        label="Text"
        path={[...path, "text"]}
        multiline
        optional
        hint="Type { for placeholders such as {user.mention}."
      />
      <div className="flex items-center gap-2">
        <ToggleField
          label="Embed"
          checked={Boolean(message.embed)}
          onChange={(on) => setAt([...path, "embed"], on ? { title: "Title", fields: [] } : undefined)}
        />
      </div>
      {message.embed && (
        <div className="grid gap-3 border-l-4 border-primary/40 pl-3">
          <TextField label="Title" path={[...path, "embed", "title"]} optional />
          <TextField label="Description" path={[...path, "embed", "description"]} multiline optional />
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label="Colour" path={[...path, "embed", "color"]} optional placeholder="#5865F2" />
            <TextField label="Footer" path={[...path, "embed", "footer"]} optional />
          </div>
          {message.embed.fields.map((_, index) => (
            <div key={index} className="grid gap-2 rounded-md bg-muted/40 p-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
              <TextField label={`Field ${index + 1} name`} path={[...path, "embed", "fields", index, "name"]} />
              <TextField label="Value" path={[...path, "embed", "fields", index, "value"]} />
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove field ${index + 1}`}
                onClick={() => edit((draft) => void draft.embed!.fields.splice(index, 1))}
              >
                <Trash2 />
              </Button>
            </div>
          ))}
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() =>
              edit((draft) => void draft.embed!.fields.push({ name: "Name", value: "Value", inline: false }))
            }
          >
            <Plus />
            Add field
          </Button>
          <PathProblems path={[...path, "embed"]} />
        </div>
      )}

      <div className="grid gap-2">
        <p className="text-sm font-medium">Buttons</p>
        {message.buttons.map((button, index) => (
          <div
            key={index}
            className="grid gap-2 rounded-md bg-muted/40 p-2 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end"
          >
            <TextField label="Label" path={[...path, "buttons", index, "label"]} />
            {"url" in button ? (
              <TextField label="Link" path={[...path, "buttons", index, "url"]} />
            ) : (
              <TextField label="Id (for its event)" path={[...path, "buttons", index, "id"]} />
            )}
            {"url" in button ? (
              <span />
            ) : (
              <SelectField
                label="Style"
                path={[...path, "buttons", index, "style"]}
                options={[
                  { value: "primary", label: "Blue" },
                  { value: "secondary", label: "Grey" },
                  { value: "success", label: "Green" },
                  { value: "danger", label: "Red" },
                ]}
              />
            )}
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove button ${index + 1}`}
              onClick={() => edit((draft) => void draft.buttons.splice(index, 1))}
            >
              <Trash2 />
            </Button>
          </div>
        ))}
        {message.buttons.length < 5 && (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() =>
                edit(
                  (draft) =>
                    void draft.buttons.push({
                      id: `button_${draft.buttons.length + 1}`,
                      label: "Click me",
                      style: "primary",
                    }),
                )
              }
            >
              <Plus />
              Add button
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() =>
                edit((draft) => void draft.buttons.push({ url: "https://example.com", label: "Open link" }))
              }
            >
              <Plus />
              Add link button
            </Button>
          </div>
        )}
      </div>

      <ToggleField
        label="Menu of choices"
        checked={Boolean(message.select)}
        onChange={(on) =>
          setAt(
            [...path, "select"],
            on
              ? { id: "menu", placeholder: "Choose…", options: [{ label: "First", value: "first" }], min: 1, max: 1 }
              : undefined,
          )
        }
      />
      {message.select && (
        <div className="grid gap-2 border-l-4 border-primary/40 pl-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label="Menu id (for its event)" path={[...path, "select", "id"]} />
            <TextField label="Placeholder" path={[...path, "select", "placeholder"]} optional />
          </div>
          {message.select.options.map((_, index) => (
            <div key={index} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
              <TextField label={`Choice ${index + 1}`} path={[...path, "select", "options", index, "label"]} />
              <TextField label="Value" path={[...path, "select", "options", index, "value"]} />
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove choice ${index + 1}`}
                onClick={() => edit((draft) => void draft.select!.options.splice(index, 1))}
              >
                <Trash2 />
              </Button>
            </div>
          ))}
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() =>
              edit((draft) => {
                const count = draft.select!.options.length + 1;
                draft.select!.options.push({ label: `Choice ${count}`, value: `choice_${count}` });
              })
            }
          >
            <Plus />
            Add choice
          </Button>
        </div>
      )}
      <PathProblems path={path} />
    </fieldset>
  );
}
