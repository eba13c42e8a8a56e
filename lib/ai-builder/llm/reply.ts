/**
 * The shape of the model's answer, checked with zod: the blueprint through the very schema the
 * Builder saves with (`blueprintSchema`, references included), code as files plus checks in the
 * proof's vocabulary (a subset of lib/blueprint/proof/types.ts: the steps and expectations a
 * model can state from a description).
 */
import { z } from "zod";

import type { CaseCheck } from "@/lib/ai-builder/types";
import { blueprintSchema } from "@/lib/blueprint";

const name = z.string().min(1).max(100);
const textExpectation = z.union([
  z.object({ exact: z.string().max(4_000) }),
  z.object({ pattern: z.string().min(1).max(1_000), describe: z.string().min(1).max(300) }),
]);
const messageRef = z.union([
  z.object({ from: z.literal("bot"), channel: name.optional() }),
  z.object({ from: z.literal("any"), channel: name }),
]);

const stepSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("slash"),
    command: name,
    subcommand: name.optional(),
    options: z
      .array(
        z.object({
          name,
          type: z.enum(["string", "integer", "number", "boolean", "user", "channel", "role"]),
          value: z.union([z.string().max(1_000), z.number(), z.boolean()]),
        }),
      )
      .max(25)
      .default([]),
    member: name,
    channel: name,
  }),
  z.object({ kind: z.literal("say"), content: z.string().min(1).max(2_000), member: name, channel: name }),
  z.object({ kind: z.literal("join"), username: name }),
  z.object({ kind: z.literal("leave"), member: name }),
  z.object({ kind: z.literal("react"), emoji: name, member: name, on: messageRef, remove: z.boolean().optional() }),
  z.object({ kind: z.literal("restart"), passSeconds: z.number().int().min(0).max(31_536_000).optional() }),
]);

const expectationSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("message"),
    place: z.union([
      z.object({ to: z.literal("reply") }),
      z.object({ to: z.literal("channel"), channel: name }),
      z.object({ to: z.literal("dm"), member: name }),
    ]),
    ephemeral: z.boolean().optional(),
    text: textExpectation.optional(),
  }),
  z.object({ kind: z.literal("reaction"), emoji: name }),
  z.object({ kind: z.literal("deleted") }),
  z.object({ kind: z.literal("timeout"), member: name, seconds: z.number().int().min(1).max(2_419_200) }),
  z.object({ kind: z.literal("removeTimeout"), member: name }),
  z.object({ kind: z.enum(["kick", "ban", "unban"]), member: name }),
  z.object({ kind: z.enum(["roleAdded", "roleRemoved"]), member: name, role: name }),
]);

export const checkSchema = z.object({
  title: z.string().min(1).max(300),
  steps: z
    .array(z.object({ step: stepSchema, expect: z.array(expectationSchema).max(10).default([]) }))
    .min(1)
    .max(20),
});

/** Relative, "/"-separated, no "..", no hidden folders except none: what a project holds. */
const filePath = z
  .string()
  .max(200)
  .regex(/^(?!.*\.\.)(?!\/)[A-Za-z0-9_\-][A-Za-z0-9_\-./]*$/, "A file path is relative, without '..'.");

export const fileSchema = z.object({ path: filePath, content: z.string().max(200_000) });

const noteSchema = z.object({ text: z.string().max(300), reason: z.string().max(500) });

export const replySchema = z
  .object({
    mode: z.enum(["blueprint", "code"]),
    plan: z.array(z.string().max(300)).max(80).default([]),
    notUnderstood: z.array(noteSchema).max(40).default([]),
    blueprint: blueprintSchema.optional(),
    files: z.array(fileSchema).max(80).optional(),
    checks: z.array(checkSchema).max(60).optional(),
  })
  .superRefine((reply, context) => {
    if (reply.mode === "blueprint" && !reply.blueprint)
      context.addIssue({ code: "custom", path: ["blueprint"], message: 'mode "blueprint" needs the blueprint.' });
    if (reply.mode === "code") {
      if (!reply.files?.length)
        context.addIssue({ code: "custom", path: ["files"], message: 'mode "code" needs every file of the project.' });
      if (!reply.checks?.length)
        context.addIssue({ code: "custom", path: ["checks"], message: 'mode "code" needs at least one check.' });
      const paths = new Set<string>();
      for (const [index, file] of (reply.files ?? []).entries()) {
        if (paths.has(file.path))
          context.addIssue({ code: "custom", path: ["files", index, "path"], message: `${file.path} is given twice.` });
        paths.add(file.path);
      }
    }
  });

export type ModelReply = z.infer<typeof replySchema>;

// The proof runs these as its own checks: the subset must stay assignable to its types.
export const asCaseChecks = (checks: z.infer<typeof checkSchema>[]): CaseCheck[] => checks;
