"use client";

import { useState } from "react";

import { Button } from "@/components/ui/button";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { cn } from "@/lib/utils";

/** Who and what a member can pick in user, role, mentionable and channel menus. */
export type Choices = {
  members: { id: string; name: string }[];
  roles: { id: string; name: string }[];
  channels: { id: string; name: string | null; type: number }[];
};

type Raw = Record<string, unknown> & { type?: number; custom_id?: string; disabled?: boolean };
type Option = { value: string; label: string };

/** Discord's button colours, by style (1 primary … 4 danger; 5 link; 6 premium). */
const buttonStyles: Record<number, string> = {
  1: "bg-indigo-600 text-white hover:bg-indigo-600/90",
  2: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
  3: "bg-emerald-600 text-white hover:bg-emerald-600/90",
  4: "bg-red-600 text-white hover:bg-red-600/90",
};

/** A row's interactive parts, flattened out of rows, sections and containers (components v2). */
function flatten(list: unknown, out: Raw[] = []): Raw[] {
  if (!Array.isArray(list)) return out;
  for (const item of list as Raw[]) {
    if (!item || typeof item !== "object") continue;
    if (item.type === 2 || (typeof item.type === "number" && item.type >= 3 && item.type <= 8 && item.type !== 4))
      out.push(item);
    else if (item.type === 10 && typeof item.content === "string") out.push(item);
    flatten(item.components, out);
    if (item.accessory) flatten([item.accessory], out);
  }
  return out;
}

function optionsOf(menu: Raw, choices: Choices): Option[] {
  switch (menu.type) {
    case 3:
      return (Array.isArray(menu.options) ? (menu.options as { value: string; label: string }[]) : []).map(
        (option) => ({ value: String(option.value), label: String(option.label ?? option.value) }),
      );
    case 5:
      return choices.members.map((member) => ({ value: member.id, label: `@${member.name}` }));
    case 6:
      return choices.roles.map((role) => ({ value: role.id, label: `@${role.name}` }));
    case 7:
      return [...optionsOf({ type: 5 }, choices), ...optionsOf({ type: 6 }, choices)];
    case 8: {
      const types = Array.isArray(menu.channel_types) ? (menu.channel_types as number[]) : [];
      return choices.channels
        .filter((channel) => types.length === 0 || types.includes(channel.type))
        .map((channel) => ({ value: channel.id, label: `#${channel.name ?? channel.id}` }));
    }
    default:
      return [];
  }
}

function SelectMenu({
  menu,
  choices,
  disabled,
  onChoose,
}: {
  menu: Raw;
  choices: Choices;
  disabled: boolean;
  onChoose: (values: string[]) => void;
}) {
  const [picked, setPicked] = useState<string[]>([]);
  const options = optionsOf(menu, choices);
  const max = typeof menu.max_values === "number" ? menu.max_values : 1;
  const min = typeof menu.min_values === "number" ? menu.min_values : 1;
  const placeholder = typeof menu.placeholder === "string" ? menu.placeholder : "Make a selection";
  if (max <= 1) {
    // Sized here: NativeSelect's wrapper (which holds the chevron) takes the full width it is given.
    return (
      <div className="w-full max-w-xs">
        <NativeSelect
          aria-label={placeholder}
          value=""
          disabled={disabled}
          onChange={(event) => event.target.value && onChoose([event.target.value])}
        >
          <NativeSelectOption value="">{placeholder}</NativeSelectOption>
          {options.map((option) => (
            <NativeSelectOption key={option.value} value={option.value}>
              {option.label}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </div>
    );
  }
  return (
    <fieldset className="grid max-w-xs gap-1 rounded-md border border-border p-2" disabled={disabled}>
      <legend className="px-1 text-xs text-muted-foreground">
        {placeholder} ({min === max ? max : `${min}–${max}`})
      </legend>
      {options.map((option) => (
        <label key={option.value} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={picked.includes(option.value)}
            onChange={(event) =>
              setPicked((current) =>
                event.target.checked ? [...current, option.value] : current.filter((value) => value !== option.value),
              )
            }
          />
          {option.label}
        </label>
      ))}
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={picked.length < min || picked.length > max}
        onClick={() => {
          onChoose(picked);
          setPicked([]);
        }}
      >
        Choose
      </Button>
    </fieldset>
  );
}

/** A bot message's buttons and select menus, usable as the member the Test tab sends as. */
export function MessageComponents({
  components,
  choices,
  disabled,
  onPress,
}: {
  components: unknown[];
  choices: Choices;
  disabled: boolean;
  onPress: (customId: string, values?: string[]) => void;
}) {
  const rows = components.map((row) => flatten([row])).filter((row) => row.length > 0);
  return (
    <div className="grid gap-2" data-testid="message-components">
      {rows.map((row, rowIndex) => (
        <div key={rowIndex} className="flex flex-wrap items-start gap-2">
          {row.map((item, index) => {
            const key = `${rowIndex}-${index}`;
            if (item.type === 10) {
              return (
                <p key={key} className="w-full text-sm break-words whitespace-pre-wrap">
                  {String(item.content)}
                </p>
              );
            }
            if (item.type !== 2) {
              return (
                <SelectMenu
                  key={key}
                  menu={item}
                  choices={choices}
                  disabled={disabled || item.disabled === true}
                  onChoose={(values) => item.custom_id && onPress(item.custom_id, values)}
                />
              );
            }
            const emoji = (item.emoji as { name?: string } | undefined)?.name;
            const label = [emoji, typeof item.label === "string" ? item.label : ""].filter(Boolean).join(" ");
            if (item.style === 5 && typeof item.url === "string" && /^https?:\/\//.test(item.url)) {
              return (
                <a
                  key={key}
                  href={item.url}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="inline-flex h-8 items-center rounded-md bg-secondary px-3 text-sm underline-offset-2 hover:underline"
                >
                  {label || item.url} ↗
                </a>
              );
            }
            return (
              <button
                key={key}
                type="button"
                disabled={disabled || item.disabled === true || !item.custom_id}
                onClick={() => item.custom_id && onPress(item.custom_id)}
                className={cn(
                  "inline-flex h-8 items-center rounded-md px-3 text-sm font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50",
                  buttonStyles[typeof item.style === "number" ? item.style : 2] ?? buttonStyles[2],
                )}
              >
                {label || "Button"}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
