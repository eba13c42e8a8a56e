/**
 * The bot blueprint, version 1: what a bot does, declared — its commands, the events it answers,
 * the data it remembers and the tables it looks things up in. The one source for validation, the
 * builder's forms, the compilers (lib/blueprint/compile-*), the proof and, later, the AI builder
 * and the public API. Stored as the bot's file `cipher.blueprint.json`.
 *
 * Shapes only here; what refers to what (an option a template names, a counter a condition reads,
 * the button an event answers) is checked by lib/blueprint/references.ts, and `blueprintSchema`
 * runs both.
 *
 * References to members, channels and roles are written as people would write them in a
 * template: "{user}" (who triggered it), "{option.target}", "{result.ticket}", "#mod-log" or a
 * role's name ("Member").
 */
import { z } from "zod";

import {
  commandName,
  duration,
  durationOrTemplate,
  identifier,
  blueprintLimits as limits,
  longText,
  maxTimeoutSeconds,
  maxWaitSeconds,
  permission,
  shortText,
} from "./vocabulary";

export const blueprintFileName = "cipher.blueprint.json";

const text = longText(limits.text, "The text");
const reason = shortText(400, "The reason").optional();
/** "{user}", "{option.target}", "{result.member}". */
const memberRef = shortText(80, "The member");
/** "here", "#mod-log", "{option.channel}", "{result.ticket}". */
const channelRef = shortText(100, "The channel");
/** A role's name, or "{option.role}". */
const roleRef = shortText(100, "The role");
const emoji = shortText(64, "The emoji");
const saveAs = identifier.optional();
/** A whole number, or a placeholder that reads as one ("{option.sides}"); clamped when it runs. */
const wholeOrTemplate = z.union([z.int().min(-1e9).max(1e9), shortText(100, "The number")]);

export const embedSchema = z
  .object({
    title: longText(256, "The title").optional(),
    description: longText(limits.embedDescription, "The description").optional(),
    /** "#5865F2" */
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'Write a colour as "#5865F2".')
      .optional(),
    fields: z
      .array(
        z.object({
          name: longText(256, "The field's name"),
          value: longText(1_024, "The field's value"),
          inline: z.boolean().default(false),
        }),
      )
      .max(limits.embedFields)
      .default([]),
    footer: longText(2_048, "The footer").optional(),
    image: z
      .url({ protocol: /^https$/, error: "Use an https:// address." })
      .max(2_000)
      .optional(),
  })
  .refine(
    (embed) => embed.title || embed.description || embed.fields.length,
    "An embed needs a title, a description or a field.",
  );

const buttonSchema = z.union([
  z.object({
    id: identifier,
    label: shortText(80, "The label"),
    style: z.enum(["primary", "secondary", "success", "danger"]).default("primary"),
    emoji: emoji.optional(),
  }),
  z.object({
    url: z.url({ protocol: /^https?$/, error: "Use an http(s):// address." }).max(512),
    label: shortText(80, "The label"),
    emoji: emoji.optional(),
  }),
]);

const selectSchema = z.object({
  id: identifier,
  placeholder: shortText(150, "The placeholder").optional(),
  options: z
    .array(
      z.object({
        label: shortText(100, "The label"),
        value: shortText(100, "The value"),
        description: shortText(100, "The description").optional(),
        emoji: emoji.optional(),
      }),
    )
    .min(1, "A menu needs at least one choice.")
    .max(limits.selectOptions),
  min: z.int().min(0).max(25).default(1),
  max: z.int().min(1).max(25).default(1),
});

export const messageSchema = z
  .object({
    text: text.optional(),
    embed: embedSchema.optional(),
    buttons: z.array(buttonSchema).max(limits.buttons).default([]),
    select: selectSchema.optional(),
  })
  .refine((message) => message.text || message.embed, "A message needs text or an embed.");

const modalSchema = z.object({
  id: identifier,
  title: shortText(45, "The title"),
  fields: z
    .array(
      z.object({
        id: identifier,
        label: shortText(45, "The label"),
        style: z.enum(["short", "paragraph"]).default("short"),
        required: z.boolean().default(true),
        placeholder: shortText(100, "The placeholder").optional(),
        maxLength: z.int().min(1).max(4_000).optional(),
      }),
    )
    .min(1, "A form needs at least one field.")
    .max(limits.modalFields),
});

// ── Conditions ────────────────────────────────────────────────────────────────────────────────

export type Condition =
  | { test: "compare"; left: string; op: CompareOperator; right: string }
  | { test: "isSet"; value: string }
  | { test: "hasPermission"; member: string; permission: z.infer<typeof permission> }
  | { test: "hasRole"; member: string; role: string }
  | { test: "all" | "any"; conditions: Condition[] }
  | { test: "not"; condition: Condition };

export const compareOperators = ["==", "!=", "<", "<=", ">", ">=", "contains", "startsWith"] as const;
export type CompareOperator = (typeof compareOperators)[number];

const operand = longText(500, "The value");

export const conditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.discriminatedUnion("test", [
    z.object({ test: z.literal("compare"), left: operand, op: z.enum(compareOperators), right: z.string().max(500) }),
    z.object({ test: z.literal("isSet"), value: operand }),
    z.object({ test: z.literal("hasPermission"), member: memberRef.default("{user}"), permission }),
    z.object({ test: z.literal("hasRole"), member: memberRef.default("{user}"), role: roleRef }),
    z.object({ test: z.enum(["all", "any"]), conditions: z.array(conditionSchema).min(1).max(10) }),
    z.object({ test: z.literal("not"), condition: conditionSchema }),
  ]),
) as z.ZodType<Condition>;

// ── Actions ───────────────────────────────────────────────────────────────────────────────────

const storeOperations = [
  "get",
  "set",
  "increment",
  "decrement",
  "append",
  "remove",
  "removeAt",
  "delete",
  "list",
] as const;

const simpleActions = [
  z.object({ do: z.literal("reply"), message: messageSchema, ephemeral: z.boolean().default(false) }),
  z.object({ do: z.literal("send"), channel: channelRef, message: messageSchema, saveAs }),
  z.object({ do: z.literal("dm"), member: memberRef, message: messageSchema }),
  /** On the message that set the run off, or on one the bot posted earlier in it ("{result.poll}", a send's saveAs). */
  z.object({ do: z.literal("react"), emoji, message: shortText(100, "The message").optional() }),
  z.object({ do: z.literal("deleteMessage") }),
  /** The last `count` messages of the channel (Discord deletes up to 100 at once, none older than 14 days). */
  z.object({ do: z.literal("purge"), count: z.union([z.int().min(1).max(100), shortText(100, "The count")]) }),
  z.object({
    do: z.literal("timeout"),
    member: memberRef,
    duration: durationOrTemplate(maxTimeoutSeconds, "A timeout"),
    reason,
  }),
  z.object({ do: z.literal("removeTimeout"), member: memberRef, reason }),
  z.object({ do: z.literal("kick"), member: memberRef, reason }),
  z.object({
    do: z.literal("ban"),
    member: memberRef,
    reason,
    /** A temporary ban: lifted after this long (survives restarts). */
    duration: durationOrTemplate(maxWaitSeconds, "A ban").optional(),
    /** Delete the member's messages from this long back (Discord allows up to 7 days). */
    deleteMessages: duration(7 * 86_400, "Deleting messages").optional(),
  }),
  z.object({ do: z.literal("unban"), user: shortText(80, "The user"), reason }),
  z.object({ do: z.enum(["addRole", "removeRole", "toggleRole"]), member: memberRef, role: roleRef, reason }),
  z.object({
    do: z.literal("createChannel"),
    /** A template: "ticket-{user.name}". */
    name: shortText(100, "The channel name"),
    /** Only this member (and the staff role) can see it. */
    member: memberRef.default("{user}"),
    staffRole: roleRef.optional(),
    category: shortText(100, "The category").optional(),
    topic: longText(1_024, "The topic").optional(),
    saveAs,
  }),
  z.object({ do: z.literal("deleteChannel"), channel: channelRef, after: duration(86_400, "The delay").optional() }),
  z.object({ do: z.literal("slowmode"), channel: channelRef.default("here"), seconds: z.int().min(0).max(21_600) }),
  /** Lets a member see and talk in a channel (a ticket), or takes that away again. */
  z.object({
    do: z.enum(["addToChannel", "removeFromChannel"]),
    channel: channelRef.default("here"),
    member: memberRef,
  }),
  /** Stops everyone (the @everyone role) from sending messages in a channel, or lets them again. */
  z.object({ do: z.enum(["lockChannel", "unlockChannel"]), channel: channelRef.default("here") }),
  z.object({
    do: z.literal("store"),
    /** A `data` entry of the blueprint. */
    data: identifier,
    op: z.enum(storeOperations),
    /** Keyed data: which entry ("{option.trigger}"). */
    key: shortText(200, "The key").optional(),
    /** Member- or user-scoped data: whose value (default: who triggered it). */
    member: memberRef.optional(),
    /** set/append/remove: the value (a template); increment/decrement: how much (default 1); removeAt: the position (1 is the first). */
    value: longText(limits.text, "The value").optional(),
    /** list: how many entries, and in which order of value. */
    limit: z.int().min(1).max(100).optional(),
    order: z.enum(["highest", "lowest", "key"]).optional(),
    saveAs,
  }),
  z
    .object({
      do: z.literal("random"),
      /** Pick one of these… */
      choices: z.array(longText(500, "A choice")).min(1).max(100).optional(),
      /** …or roll a whole number from min to max… */
      min: wholeOrTemplate.optional(),
      max: wholeOrTemplate.optional(),
      /** …or roll dice written like "2d6", "d20", "1d20+5" (a template: "{option.dice}"). */
      dice: shortText(100, "The dice").optional(),
      /** …or pick one of the items a text lists ("{option.options}": "pizza, tacos, sushi"). */
      from: shortText(200, "The list").optional(),
      saveAs: identifier,
    })
    .refine(
      (random) =>
        random.from !== undefined
          ? random.choices === undefined &&
            random.dice === undefined &&
            random.min === undefined &&
            random.max === undefined
          : random.choices
            ? random.min === undefined && random.max === undefined && random.dice === undefined
            : random.dice !== undefined
              ? random.min === undefined && random.max === undefined
              : random.min !== undefined &&
                random.max !== undefined &&
                (typeof random.min !== "number" || typeof random.max !== "number" || random.min <= random.max),
      "Give either choices, a list to pick from, dice, or a min and a max (min no more than max).",
    ),
  z.object({
    do: z.literal("lookup"),
    table: identifier,
    key: shortText(200, "The key"),
    fallback: longText(limits.text, "The fallback").optional(),
    saveAs: identifier,
  }),
  z.object({ do: z.literal("calculate"), expression: z.string().min(1).max(500), saveAs: identifier }),
  z.object({ do: z.literal("showModal"), modal: modalSchema }),
  z.object({ do: z.literal("stop") }),
] as const;

export type Action =
  | z.infer<(typeof simpleActions)[number]>
  | { do: "if"; when: Condition; then: Action[]; else: Action[] }
  | { do: "wait"; duration: string; then: Action[] };

export const actionSchema: z.ZodType<Action> = z.lazy(() =>
  z.discriminatedUnion("do", [
    ...simpleActions,
    z.object({
      do: z.literal("if"),
      when: conditionSchema,
      then: actionList,
      else: actionList.default([]),
    }),
    z.object({ do: z.literal("wait"), duration: durationOrTemplate(maxWaitSeconds, "A wait"), then: actionList }),
  ]),
) as z.ZodType<Action>;

const actionList: z.ZodType<Action[]> = z.lazy(() => z.array(actionSchema).max(limits.actions)) as z.ZodType<Action[]>;

export type ActionKind = Action["do"];

// ── Triggers ──────────────────────────────────────────────────────────────────────────────────

export const optionTypes = ["string", "integer", "number", "boolean", "user", "channel", "role"] as const;
export type OptionType = (typeof optionTypes)[number];

export const optionSchema = z.object({
  name: commandName,
  description: shortText(limits.description, "The description"),
  type: z.enum(optionTypes),
  required: z.boolean().default(true),
  /** Used when an optional option is left out: "6". */
  default: z.string().max(200).optional(),
  choices: z
    .array(z.object({ name: shortText(100, "The choice"), value: z.union([z.string().max(100), z.number()]) }))
    .max(limits.choices)
    .optional(),
  min: z.number().optional(),
  max: z.number().optional(),
});
export type BlueprintOption = z.infer<typeof optionSchema>;

const cooldownSchema = z.object({
  seconds: z
    .int()
    .min(1)
    .max(7 * 86_400),
  per: z.enum(["user", "server"]).default("user"),
  message: longText(500, "The cooldown message").optional(),
});

const commandBody = {
  description: shortText(limits.description, "The description"),
  /** Members need every one of these (Administrator passes all). */
  permissions: z.array(permission).max(5).default([]),
  cooldown: cooldownSchema.optional(),
};

export const subcommandSchema = z.object({
  name: commandName,
  ...commandBody,
  options: z.array(optionSchema).max(limits.options).default([]),
  actions: actionList,
});

export const commandSchema = z.object({
  /** "slash" for /name, "prefix" for !name (the blueprint's prefix). */
  type: z.enum(["slash", "prefix"]).default("slash"),
  name: commandName,
  ...commandBody,
  options: z.array(optionSchema).max(limits.options).default([]),
  /** Slash commands only: /ticket open, /ticket close. A command with subcommands has no actions of its own. */
  subcommands: z.array(subcommandSchema).max(limits.subcommands).default([]),
  actions: actionList.default([]),
});
export type BlueprintCommand = z.infer<typeof commandSchema>;

export const eventKinds = [
  "memberJoin",
  "memberLeave",
  "messageContains",
  "messageMatches",
  "reactionAdd",
  "reactionRemove",
  "button",
  "select",
  "modalSubmit",
  "schedule",
] as const;

export const eventSchema = z.discriminatedUnion("on", [
  z.object({ on: z.literal("memberJoin"), actions: actionList }),
  z.object({ on: z.literal("memberLeave"), actions: actionList }),
  z.object({
    on: z.literal("messageContains"),
    words: z.array(shortText(100, "A word")).min(1).max(limits.words),
    /** "any": one of the words; "all": every word; "whole": the message is one of them. */
    match: z.enum(["any", "all", "whole"]).default("any"),
    actions: actionList,
  }),
  z.object({
    on: z.literal("messageMatches"),
    /** A pattern both JavaScript and Python read alike (lib/blueprint/references.ts checks it). */
    pattern: z.string().min(1).max(200),
    ignoreCase: z.boolean().default(true),
    actions: actionList,
  }),
  z.object({
    on: z.enum(["reactionAdd", "reactionRemove"]),
    emoji: emoji.optional(),
    channel: channelRef.optional(),
    actions: actionList,
  }),
  z.object({ on: z.literal("button"), button: identifier, actions: actionList }),
  z.object({ on: z.literal("select"), menu: identifier, actions: actionList }),
  z.object({ on: z.literal("modalSubmit"), modal: identifier, actions: actionList }),
  z.object({
    on: z.literal("schedule"),
    every: duration(maxWaitSeconds, "The interval"),
    channel: channelRef,
    actions: actionList,
  }),
]);
export type BlueprintEvent = z.infer<typeof eventSchema>;
export type EventKind = BlueprintEvent["on"];

export const dataSchema = z.object({
  name: identifier,
  /** What it holds: a number (counters, coins), text, or a list of texts. */
  kind: z.enum(["number", "text", "list"]),
  /** One value per member of a server, per user everywhere, per server, or one for the bot. */
  scope: z.enum(["member", "user", "server", "global"]),
  /** Many values under keys, e.g. custom commands by trigger word. */
  keyed: z.boolean().default(false),
  /** The value before anything is stored ("0", ""). */
  initial: z.string().max(200).optional(),
});
export type BlueprintData = z.infer<typeof dataSchema>;

export const tableSchema = z.object({
  name: identifier,
  rows: z.record(z.string().min(1).max(100), longText(1_000, "A table value")),
});

export const blueprintShape = z.object({
  version: z.literal(1, { error: "This builder reads blueprint version 1." }),
  name: shortText(100, "The bot's name"),
  description: longText(500, "The description").optional(),
  /** Prefix commands start with this. */
  prefix: z.string().min(1).max(5).regex(/^\S+$/, "A prefix has no spaces.").default("!"),
  commands: z.array(commandSchema).max(limits.commands).default([]),
  events: z.array(eventSchema).max(limits.events).default([]),
  data: z.array(dataSchema).max(limits.data).default([]),
  tables: z.array(tableSchema).max(limits.tables).default([]),
});

export type Blueprint = z.infer<typeof blueprintShape>;
export type BlueprintInput = z.input<typeof blueprintShape>;
