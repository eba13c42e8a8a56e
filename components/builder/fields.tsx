"use client";

import { createContext, useContext, useId, useRef, useState, type ReactNode } from "react";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import type { Path } from "@/lib/blueprint/references";
import { cn } from "@/lib/utils";

import { getAt, useBuilder } from "./builder-context";

/** Placeholders offered while typing in the command or event being edited ("user.mention", "option.reason"…). */
const PlaceholderContext = createContext<string[]>([]);
export const PlaceholderScope = PlaceholderContext.Provider;

function Problems({ id, messages }: { id: string; messages: string[] }) {
  if (!messages.length) return null;
  return (
    <ul id={id} className="grid gap-0.5 text-sm text-destructive">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

function Field({
  label,
  hint,
  path,
  children,
  className,
}: {
  label: string;
  hint?: ReactNode;
  path: Path;
  children: (props: { id: string; "aria-invalid": boolean; "aria-describedby"?: string }) => ReactNode;
  className?: string;
}) {
  const { problemsAt } = useBuilder();
  const id = useId();
  const messages = problemsAt(path);
  return (
    <div className={cn("grid min-w-0 gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        "aria-invalid": messages.length > 0,
        "aria-describedby": messages.length ? `${id}-problems` : undefined,
      })}
      {hint && !messages.length && <p className="text-xs text-muted-foreground">{hint}</p>}
      <Problems id={`${id}-problems`} messages={messages} />
    </div>
  );
}

/**
 * Text, with the placeholders of this command offered after a "{": arrow keys and Enter (or a
 * click) insert one; Escape closes the list.
 */
export function TextField({
  label,
  path,
  multiline,
  hint,
  optional,
  className,
  placeholder,
}: {
  label: string;
  path: Path;
  multiline?: boolean;
  hint?: ReactNode;
  /** An empty field is removed from the blueprint instead of kept as "". */
  optional?: boolean;
  className?: string;
  placeholder?: string;
}) {
  const { blueprint, setAt } = useBuilder();
  const value = (getAt(blueprint, path) as string | undefined) ?? "";
  const offered = useContext(PlaceholderContext);
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [query, setQuery] = useState<{ start: number; text: string } | null>(null);
  const [active, setActive] = useState(0);
  const matches = query ? offered.filter((name) => name.startsWith(query.text)).slice(0, 8) : [];

  const change = (next: string, caret: number | null) => {
    setAt(path, optional && next === "" ? undefined : next);
    const before = next.slice(0, caret ?? next.length);
    const open = before.lastIndexOf("{");
    const fragment = open === -1 ? null : before.slice(open + 1);
    setQuery(fragment !== null && /^[a-z0-9_.-]*$/.test(fragment) ? { start: open, text: fragment } : null);
    setActive(0);
  };
  const insert = (name: string) => {
    if (!query) return;
    const end = query.start + 1 + query.text.length;
    const next = `${value.slice(0, query.start)}{${name}}${value.slice(end)}`;
    setAt(path, next);
    setQuery(null);
    const caret = query.start + name.length + 2;
    requestAnimationFrame(() => ref.current?.setSelectionRange(caret, caret));
  };
  const keyDown = (event: React.KeyboardEvent) => {
    if (!matches.length) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setActive((index) => (index + (event.key === "ArrowDown" ? 1 : matches.length - 1)) % matches.length);
    } else if (event.key === "Enter" || event.key === "Tab") {
      event.preventDefault();
      insert(matches[active]!);
    } else if (event.key === "Escape") {
      setQuery(null);
    }
  };

  return (
    <Field label={label} hint={hint} path={path} className={cn("relative", className)}>
      {(props) => {
        const listId = `${props.id}-placeholders`;
        const common = {
          ...props,
          ref,
          value,
          placeholder,
          onKeyDown: keyDown,
          onBlur: () => setTimeout(() => setQuery(null), 150),
          role: matches.length ? "combobox" : undefined,
          "aria-expanded": matches.length ? true : undefined,
          "aria-controls": matches.length ? listId : undefined,
          "aria-activedescendant": matches.length ? `${listId}-${active}` : undefined,
          "aria-autocomplete": "list" as const,
        };
        return (
          <>
            {multiline ? (
              <Textarea
                {...common}
                rows={3}
                onChange={(event) => change(event.target.value, event.target.selectionStart)}
              />
            ) : (
              <Input {...common} onChange={(event) => change(event.target.value, event.target.selectionStart)} />
            )}
            {matches.length > 0 && (
              <ul
                id={listId}
                role="listbox"
                aria-label="Placeholders"
                className="absolute top-full z-20 mt-1 max-h-60 w-full max-w-sm overflow-auto rounded-md border bg-popover p-1 text-sm shadow-md"
              >
                {matches.map((name, index) => (
                  <li
                    key={name}
                    id={`${listId}-${index}`}
                    role="option"
                    aria-selected={index === active}
                    className={cn(
                      "cursor-pointer rounded-sm px-2 py-1 font-mono",
                      index === active && "bg-accent text-accent-foreground",
                    )}
                    onMouseDown={(event) => {
                      event.preventDefault();
                      insert(name);
                    }}
                  >
                    {`{${name}}`}
                  </li>
                ))}
              </ul>
            )}
          </>
        );
      }}
    </Field>
  );
}

export function SelectField<T extends string>({
  label,
  path,
  options,
  hint,
  className,
  onChange,
}: {
  label: string;
  path: Path;
  options: readonly { value: T; label: string }[];
  hint?: ReactNode;
  className?: string;
  /** Instead of setting the value at `path` (e.g. to reshape the object around it). */
  onChange?: (value: T) => void;
}) {
  const { blueprint, setAt } = useBuilder();
  const value = (getAt(blueprint, path) as T | undefined) ?? options[0]?.value;
  return (
    <Field label={label} hint={hint} path={path} className={className}>
      {(props) => (
        <NativeSelect
          {...props}
          value={value}
          onChange={(event) => (onChange ? onChange(event.target.value as T) : setAt(path, event.target.value))}
        >
          {options.map((option) => (
            <NativeSelectOption key={option.value} value={option.value}>
              {option.label}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

export function NumberField({
  label,
  path,
  min,
  max,
  optional,
  hint,
  className,
}: {
  label: string;
  path: Path;
  min?: number;
  max?: number;
  optional?: boolean;
  hint?: ReactNode;
  className?: string;
}) {
  const { blueprint, setAt } = useBuilder();
  const value = getAt(blueprint, path);
  return (
    <Field label={label} hint={hint} path={path} className={className}>
      {(props) => (
        <Input
          {...props}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={typeof value === "number" ? value : typeof value === "string" ? value : ""}
          onChange={(event) => {
            const text = event.target.value;
            if (text === "") setAt(path, optional ? undefined : 0);
            else setAt(path, Number(text));
          }}
        />
      )}
    </Field>
  );
}

export function SwitchField({ label, path, hint }: { label: string; path: Path; hint?: ReactNode }) {
  const { blueprint, setAt } = useBuilder();
  return (
    <div className="grid gap-1">
      <ToggleField
        label={label}
        checked={getAt(blueprint, path) === true}
        onChange={(checked) => setAt(path, checked)}
      />
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

/** The problems of a whole object (e.g. "A message needs text or an embed."). */
export function PathProblems({ path }: { path: Path }) {
  const { problemsAt } = useBuilder();
  const id = useId();
  return <Problems id={id} messages={problemsAt(path)} />;
}

/** A switch for something the blueprint holds or not (an embed, a cooldown): `onChange` adds or removes it. */
export function ToggleField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange(on: boolean): void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}
