"use client";

import type {
  APIApplicationCommand,
  APIApplicationCommandOption,
  APIRole,
  APITextChannel,
} from "discord-api-types/v10";
import { Play } from "lucide-react";
import { useId, useMemo, useState } from "react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import type { TestCommandOption } from "@/lib/simulator/schemas";

const Type = {
  Subcommand: 1,
  SubcommandGroup: 2,
  String: 3,
  Integer: 4,
  Boolean: 5,
  User: 6,
  Channel: 7,
  Role: 8,
  Mentionable: 9,
  Number: 10,
  Attachment: 11,
} as const;

type Option = APIApplicationCommandOption & {
  options?: Option[];
  choices?: { name: string; value: string | number }[];
  required?: boolean;
  min_value?: number;
  max_value?: number;
  max_length?: number;
};

export type CommandChoices = {
  members: { id: string; name: string }[];
  channels: Pick<APITextChannel, "id" | "name">[];
  roles: Pick<APIRole, "id" | "name">[];
};

function isSub(option: Option) {
  return option.type === Type.Subcommand || option.type === Type.SubcommandGroup;
}

/** The value fields for one level of options (a command's, or a subcommand's). */
function OptionFields({
  options,
  values,
  setValue,
  choices,
  idPrefix,
}: {
  options: Option[];
  values: Record<string, string>;
  setValue: (name: string, value: string) => void;
  choices: CommandChoices;
  idPrefix: string;
}) {
  return (
    <>
      {options.map((option) => {
        const id = `${idPrefix}-${option.name}`;
        const value = values[option.name] ?? "";
        const label = (
          <Label htmlFor={id} className="gap-1">
            {option.name}
            {option.required ? (
              <span className="text-destructive">*</span>
            ) : (
              <span className="text-muted-foreground">(optional)</span>
            )}
          </Label>
        );
        const hint = option.description ? <p className="text-xs text-muted-foreground">{option.description}</p> : null;
        let field: React.ReactNode;
        const pick = (items: { id: string; name: string }[], prefix = "") => (
          <NativeSelect id={id} value={value} onChange={(event) => setValue(option.name, event.target.value)}>
            <NativeSelectOption value="">Choose…</NativeSelectOption>
            {items.map((item) => (
              <NativeSelectOption key={item.id} value={item.id}>
                {prefix}
                {item.name}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        );
        if (option.choices?.length) {
          field = pick(option.choices.map((choice) => ({ id: String(choice.value), name: choice.name })));
        } else if (option.type === Type.Boolean) {
          field = pick([
            { id: "true", name: "True" },
            { id: "false", name: "False" },
          ]);
        } else if (option.type === Type.User) {
          field = pick(choices.members, "@");
        } else if (option.type === Type.Mentionable) {
          field = pick(
            [...choices.members, ...choices.roles.map((role) => ({ id: role.id, name: `${role.name} (role)` }))],
            "@",
          );
        } else if (option.type === Type.Channel) {
          field = pick(
            choices.channels.map((channel) => ({ id: channel.id, name: channel.name ?? channel.id })),
            "#",
          );
        } else if (option.type === Type.Role) {
          field = pick(choices.roles, "@");
        } else if (option.type === Type.Attachment) {
          field = <p className="text-sm text-muted-foreground">Attachments can&apos;t be simulated yet.</p>;
        } else {
          const numeric = option.type === Type.Integer || option.type === Type.Number;
          field = (
            <Input
              id={id}
              type={numeric ? "number" : "text"}
              step={option.type === Type.Integer ? 1 : "any"}
              min={option.min_value}
              max={option.max_value}
              maxLength={option.max_length}
              value={value}
              onChange={(event) => setValue(option.name, event.target.value)}
            />
          );
        }
        return (
          <div key={option.name} className="grid gap-1.5">
            {label}
            {field}
            {hint}
          </div>
        );
      })}
    </>
  );
}

function toOptions(options: Option[], values: Record<string, string>): TestCommandOption[] {
  const out: TestCommandOption[] = [];
  for (const option of options) {
    const raw = values[option.name];
    if (raw === undefined || raw === "") continue;
    let value: string | number | boolean = raw;
    if (option.type === Type.Integer || option.type === Type.Number) value = Number(raw);
    else if (option.type === Type.Boolean) value = raw === "true";
    else if (option.choices?.length && typeof option.choices[0]!.value === "number") value = Number(raw);
    out.push({ name: option.name, type: option.type, value });
  }
  return out;
}

/**
 * Run one of the bot's registered slash commands: pick the command (and subcommand), fill its
 * options from fields built from the command's own definition, Run.
 */
export function CommandPanel({
  commands,
  initialName,
  choices,
  pending,
  onRun,
}: {
  commands: APIApplicationCommand[];
  initialName?: string;
  choices: CommandChoices;
  pending: boolean;
  onRun: (name: string, options: TestCommandOption[]) => void;
}) {
  const idPrefix = useId();
  const chatCommands = useMemo(() => commands.filter((command) => (command.type ?? 1) === 1), [commands]);
  const [name, setName] = useState(
    initialName && chatCommands.some((c) => c.name === initialName) ? initialName : (chatCommands[0]?.name ?? ""),
  );
  const [sub, setSub] = useState("");
  const [values, setValues] = useState<Record<string, string>>({});
  const command = chatCommands.find((candidate) => candidate.name === name);
  const topOptions = (command?.options ?? []) as Option[];
  const subs = topOptions.filter(isSub);
  // Subcommand groups are flattened to "group sub" so one picker covers both levels.
  const flatSubs = subs.flatMap((option) =>
    option.type === Type.SubcommandGroup
      ? (option.options ?? []).map((inner) => ({
          path: [option, inner] as Option[],
          label: `${option.name} ${inner.name}`,
        }))
      : [{ path: [option], label: option.name }],
  );
  const chosenSub = flatSubs.find((candidate) => candidate.label === sub) ?? flatSubs[0];
  const leafOptions = subs.length ? (chosenSub?.path.at(-1)?.options ?? []) : topOptions;
  const missing = leafOptions.filter((option) => option.required && !values[option.name]);

  if (chatCommands.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        This bot has not registered any slash commands yet. Start it (commands are registered when it starts, or by its
        deploy-commands.js) and they appear here.
      </p>
    );
  }

  const run = () => {
    let options = toOptions(leafOptions, values);
    if (subs.length && chosenSub) {
      const [first, second] = chosenSub.path;
      options = second
        ? [
            {
              name: first!.name,
              type: Type.SubcommandGroup,
              options: [{ name: second.name, type: Type.Subcommand, options }],
            },
          ]
        : [{ name: first!.name, type: Type.Subcommand, options }];
    }
    onRun(name, options);
  };

  return (
    <form
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!missing.length) run();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${idPrefix}-command`}>Command</Label>
          <NativeSelect
            id={`${idPrefix}-command`}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setSub("");
              setValues({});
            }}
          >
            {chatCommands.map((candidate) => (
              <NativeSelectOption key={candidate.id} value={candidate.name}>
                /{candidate.name}
              </NativeSelectOption>
            ))}
          </NativeSelect>
          {command?.description && <p className="text-xs text-muted-foreground">{command.description}</p>}
        </div>
        {flatSubs.length > 0 && (
          <div className="grid gap-1.5">
            <Label htmlFor={`${idPrefix}-sub`}>Subcommand</Label>
            <NativeSelect
              id={`${idPrefix}-sub`}
              value={chosenSub?.label ?? ""}
              onChange={(event) => {
                setSub(event.target.value);
                setValues({});
              }}
            >
              {flatSubs.map((candidate) => (
                <NativeSelectOption key={candidate.label} value={candidate.label}>
                  {candidate.label}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </div>
        )}
        <OptionFields
          options={leafOptions.filter((option) => !isSub(option))}
          values={values}
          setValue={(option, value) => setValues((current) => ({ ...current, [option]: value }))}
          choices={choices}
          idPrefix={idPrefix}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending || missing.length > 0}>
          <Play />
          Run /{[name, chosenSub?.label].filter(Boolean).join(" ")}
        </Button>
        {missing.length > 0 && (
          <p className="text-sm text-muted-foreground">Fill in {missing.map((option) => option.name).join(", ")}.</p>
        )}
      </div>
    </form>
  );
}
