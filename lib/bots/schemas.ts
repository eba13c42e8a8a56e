import { z } from "zod";

import { wholeNumber } from "@/lib/validation/numbers";
import { findUnstorable, storable, unstorableMessage } from "@/lib/validation/text";

import {
  envKeyRefusalMessages,
  envNameMaxLength,
  envNamePattern,
  envValueRefusalMessages,
  refusedEnvKey,
  refusedEnvValue,
} from "./env-policy";
import { checkFilePaths, filePathClash, filePathLimits, normaliseFilePath } from "./file-paths";

export const botLanguages = ["javascript", "typescript", "python"] as const;
export type BotLanguage = (typeof botLanguages)[number];

export const botLimits = {
  files: 200,
  sourceBytes: 1024 * 1024,
  name: 100,
  description: 500,
  path: filePathLimits.path,
} as const;

/** One file path, normalised (lib/bots/file-paths.ts): what the editor's New file / Rename checks. */
const botFilePathSchema = z.string().transform((raw, context) => {
  const check = normaliseFilePath(raw);
  if (check.ok) return check.path;
  context.addIssue({ code: "custom", message: check.error });
  return z.NEVER;
});

export const botFileSchema = z.object({ path: botFilePathSchema, content: z.string() });
export type BotFileInput = z.infer<typeof botFileSchema>;

/**
 * A bot's files: paths that can all exist on one disk (checked on the paths as sent, so a refusal
 * names both paths as the user wrote them, then normalised), at most 200 files and 1 MB of source.
 */
export const botFilesSchema = z
  .array(z.object({ path: z.string(), content: z.string() }))
  .max(botLimits.files, `A bot can have at most ${botLimits.files} files`)
  .superRefine((files, context) => {
    // A bad path on the file's own field; a pair that cannot share a disk on the whole list.
    const bad = files.map((file, index) => ({ index, check: normaliseFilePath(file.path) })).filter((f) => !f.check.ok);
    for (const { index, check } of bad) {
      if (!check.ok) context.addIssue({ code: "custom", path: [index, "path"], message: check.error });
    }
    const clash = bad.length === 0 ? filePathClash(files.map((file) => file.path)) : null;
    if (clash !== null) context.addIssue({ code: "custom", message: clash });
    for (const file of files) {
      const found = findUnstorable(file.content);
      if (found) context.addIssue({ code: "custom", message: unstorableMessage(found, file.path, true) });
    }
    const bytes = files.reduce((total, file) => total + Buffer.byteLength(file.content, "utf8"), 0);
    if (bytes > botLimits.sourceBytes) {
      context.addIssue({ code: "custom", message: "A bot's source is limited to 1 MB in all" });
    }
  })
  .transform((files) => {
    const checked = checkFilePaths(files.map((file) => file.path));
    // superRefine refused every set this could refuse; zod runs the transform only after it passed.
    if (!checked.ok) throw new Error(checked.error);
    return files.map((file, index) => ({ path: checked.paths[index]!, content: file.content }));
  });

export const botDetailsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name your bot")
    .max(botLimits.name, `Bot names are at most ${botLimits.name} characters`)
    .superRefine(storable("The name")),
  description: z
    .string()
    .trim()
    .max(botLimits.description, `Descriptions are at most ${botLimits.description} characters`)
    .superRefine(storable("The description"))
    .default(""),
  language: z.enum(botLanguages, { error: "Choose JavaScript, TypeScript or Python" }),
});
export type BotDetailsInput = z.input<typeof botDetailsSchema>;

/**
 * A Discord bot token's shape: three base64url parts separated by dots (user id, timestamp, HMAC).
 * Only the shape is checked here; Discord itself says whether it is valid.
 */
export const botTokenSchema = z
  .string()
  .trim()
  .min(1, "Paste your bot token")
  .max(200, "That is too long to be a Discord bot token")
  .regex(/^[A-Za-z0-9_-]{17,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}$/, "That doesn't look like a Discord bot token");

export const envVarLimits = { perBot: 50, key: envNameMaxLength, value: 4096 } as const;

/**
 * One variable of Settings → Environment (the form and the action). A value no environment can
 * carry (NUL), or a secret on several lines, is refused here with the reason; the runner checks
 * again at spawn time (lib/bots/env-policy.ts).
 */
export const envVarSchema = z
  .object({
    key: z
      .string()
      .trim()
      .min(1, "Name the variable")
      .max(envVarLimits.key, `Names are at most ${envVarLimits.key} characters`)
      .regex(envNamePattern, "Use letters, digits and '_', not starting with a digit")
      .superRefine((key, context) => {
        const refusal = refusedEnvKey(key);
        if (refusal) context.addIssue({ code: "custom", message: envKeyRefusalMessages[refusal] });
      }),
    /** Empty on an existing secret keeps its stored value. */
    value: z.string().max(envVarLimits.value, `Values are at most ${envVarLimits.value / 1024} KB`),
    secret: z.boolean().default(false),
  })
  .superRefine(({ value, secret }, context) => {
    const refusal = refusedEnvValue(value, secret);
    if (refusal) context.addIssue({ code: "custom", path: ["value"], message: envValueRefusalMessages[refusal] });
  });
export type EnvVarInput = z.input<typeof envVarSchema>;

export const saveFilesSchema = z.object({
  botId: z.string().min(1).max(64),
  files: botFilesSchema,
  message: z
    .string()
    .trim()
    .max(200, "Keep the message under 200 characters")
    .superRefine(storable("The message"))
    .default(""),
  /** The version the editor started from; a newer one saved elsewhere is a conflict. */
  baseVersion: wholeNumber().optional(),
});
