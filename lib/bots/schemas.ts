import { z } from "zod";

import { envKeyRefusalMessages, refusedEnvKey } from "./env-policy";

export const botLanguages = ["javascript", "typescript", "python"] as const;
export type BotLanguage = (typeof botLanguages)[number];

export const botLimits = { files: 200, sourceBytes: 1024 * 1024, name: 100, description: 500, path: 200 } as const;

export const botFileSchema = z.object({
  path: z
    .string()
    .trim()
    .min(1, "A file needs a name")
    .max(botLimits.path, `File paths are at most ${botLimits.path} characters`)
    .regex(
      /^(?!\/)(?!.*\.\.)(?!.*\/\/)[A-Za-z0-9._\-/ ]+$/,
      "Use letters, digits, '.', '-', '_' and '/' in file paths",
    ),
  content: z.string(),
});
export type BotFileInput = z.infer<typeof botFileSchema>;

/** A bot's files: unique paths, at most 200 files and 1 MB of source in all. */
export const botFilesSchema = z
  .array(botFileSchema)
  .max(botLimits.files, `A bot can have at most ${botLimits.files} files`)
  .superRefine((files, context) => {
    const seen = new Set<string>();
    for (const file of files) {
      if (seen.has(file.path)) context.addIssue({ code: "custom", message: `Two files are named ${file.path}` });
      seen.add(file.path);
    }
    const bytes = files.reduce((total, file) => total + Buffer.byteLength(file.content, "utf8"), 0);
    if (bytes > botLimits.sourceBytes) {
      context.addIssue({ code: "custom", message: "A bot's source is limited to 1 MB in all" });
    }
  });

export const botDetailsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name your bot")
    .max(botLimits.name, `Bot names are at most ${botLimits.name} characters`),
  description: z
    .string()
    .trim()
    .max(botLimits.description, `Descriptions are at most ${botLimits.description} characters`)
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


export const envVarLimits = { perBot: 50, key: 64, value: 4096 } as const;

export const envVarSchema = z.object({
  key: z
    .string()
    .trim()
    .min(1, "Name the variable")
    .max(envVarLimits.key, `Names are at most ${envVarLimits.key} characters`)
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "Use letters, digits and '_', not starting with a digit")
    .superRefine((key, context) => {
      const refusal = refusedEnvKey(key);
      if (refusal) context.addIssue({ code: "custom", message: envKeyRefusalMessages[refusal] });
    }),
  /** Empty on an existing secret keeps its stored value. */
  value: z.string().max(envVarLimits.value, `Values are at most ${envVarLimits.value / 1024} KB`),
  secret: z.boolean().default(false),
});
export type EnvVarInput = z.input<typeof envVarSchema>;

export const saveFilesSchema = z.object({
  botId: z.string().min(1).max(64),
  files: botFilesSchema,
  message: z.string().trim().max(200, "Keep the message under 200 characters").default(""),
  /** The version the editor started from; a newer one saved elsewhere is a conflict. */
  baseVersion: z.number().int().min(1).optional(),
});
