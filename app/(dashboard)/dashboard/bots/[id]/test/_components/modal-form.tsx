"use client";

import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import type { SimulatorModal } from "@/lib/simulator/types";

import type { Choices } from "./message-components";

type Raw = Record<string, unknown> & { type?: number; custom_id?: string };
type Field = { label: string; description?: string; input: Raw };

/** The modal's fields: text inputs in action rows (own label) or labels holding an input; text displays. */
function fieldsOf(modal: SimulatorModal): (Field | { text: string })[] {
  return (modal.components as unknown as Raw[]).flatMap((row): (Field | { text: string })[] => {
    if (row.type === 1) {
      const input = (row.components as Raw[] | undefined)?.[0];
      return input ? [{ label: String(input.label ?? input.custom_id), input }] : [];
    }
    if (row.type === 18 && row.component) {
      const description = typeof row.description === "string" ? row.description : undefined;
      return [{ label: String(row.label), description, input: row.component as Raw }];
    }
    if (row.type === 10) return [{ text: String(row.content ?? "") }];
    return [];
  });
}

function options(input: Raw, choices: Choices): { value: string; label: string }[] {
  if (Array.isArray(input.options))
    return (input.options as { value: string; label?: string }[]).map((option) => ({
      value: option.value,
      label: option.label ?? option.value,
    }));
  if (input.type === 5 || input.type === 7)
    return choices.members.map((member) => ({ value: member.id, label: `@${member.name}` }));
  if (input.type === 6) return choices.roles.map((role) => ({ value: role.id, label: `@${role.name}` }));
  if (input.type === 8) return choices.channels.map((channel) => ({ value: channel.id, label: `#${channel.name}` }));
  return [];
}

function FieldInput({ field, id, choices }: { field: Field; id: string; choices: Choices }) {
  const { input } = field;
  const name = String(input.custom_id);
  const required = input.required !== false;
  if (input.type === 4) {
    const common = {
      id,
      name,
      required,
      defaultValue: typeof input.value === "string" ? input.value : undefined,
      placeholder: typeof input.placeholder === "string" ? input.placeholder : undefined,
      minLength: typeof input.min_length === "number" ? input.min_length : undefined,
      maxLength: typeof input.max_length === "number" ? input.max_length : 4000,
    };
    return input.style === 2 ? <Textarea {...common} rows={4} /> : <Input {...common} autoComplete="off" />;
  }
  if (input.type === 23) return <input id={id} name={name} type="checkbox" className="size-4 justify-self-start" />;
  if (input.type === 19) return <p className="text-sm text-muted-foreground">File uploads cannot be simulated.</p>;
  const multiple = input.type === 22 || (typeof input.max_values === "number" && input.max_values > 1);
  if (multiple) {
    return (
      <div id={id} className="grid gap-1">
        {options(input, choices).map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={name} value={option.value} />
            {option.label}
          </label>
        ))}
      </div>
    );
  }
  return (
    <NativeSelect id={id} name={name} required={required} defaultValue="">
      <NativeSelectOption value="">Choose…</NativeSelectOption>
      {options(input, choices).map((option) => (
        <NativeSelectOption key={option.value} value={option.value}>
          {option.label}
        </NativeSelectOption>
      ))}
    </NativeSelect>
  );
}

/** What the form holds, in the shape the simulator takes: text, a list of choices, or a checkbox. */
function valuesOf(form: HTMLFormElement, fields: Field[]): Record<string, string | string[] | boolean> {
  const data = new FormData(form);
  const values: Record<string, string | string[] | boolean> = {};
  for (const { input } of fields) {
    const name = String(input.custom_id);
    if (input.type === 4) values[name] = String(data.get(name) ?? "");
    else if (input.type === 23) values[name] = data.has(name);
    else if (input.type === 19) continue;
    else if (input.type === 22 || (typeof input.max_values === "number" && input.max_values > 1))
      values[name] = data.getAll(name).map(String);
    else {
      const chosen = String(data.get(name) ?? "");
      if (chosen) values[name] = input.type === 21 ? chosen : [chosen];
    }
  }
  return values;
}

/** A modal a bot opened for a member, filled in and submitted (or closed) from the Test tab. */
export function ModalForm({
  modal,
  memberName,
  choices,
  pending,
  onSubmit,
  onClose,
}: {
  modal: SimulatorModal;
  memberName: string;
  choices: Choices;
  pending: boolean;
  onSubmit: (values: Record<string, string | string[] | boolean>) => void;
  onClose: () => void;
}) {
  const items = fieldsOf(modal);
  const fields = items.filter((item): item is Field => "input" in item);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit(valuesOf(event.currentTarget, fields));
          }}
        >
          <DialogHeader>
            <DialogTitle>{modal.title}</DialogTitle>
            <DialogDescription>Shown to {memberName} by the bot. Closing it tells the bot nothing.</DialogDescription>
          </DialogHeader>
          {items.map((item, index) =>
            "text" in item ? (
              <p key={index} className="text-sm whitespace-pre-wrap">
                {item.text}
              </p>
            ) : (
              <div key={index} className="grid gap-1.5">
                <Label htmlFor={`modal-field-${index}`}>
                  {item.label}
                  {item.input.required !== false && item.input.type !== 23 && <span aria-hidden="true"> *</span>}
                </Label>
                {item.description && <p className="text-xs text-muted-foreground">{item.description}</p>}
                <FieldInput field={item} id={`modal-field-${index}`} choices={choices} />
              </div>
            ),
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              Submit
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
