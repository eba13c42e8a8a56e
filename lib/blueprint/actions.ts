"use server";

import { redirect } from "next/navigation";
import { z } from "zod";

import type { ActionRefused } from "@/lib/action-result";
import { formFields, type ActionResult } from "@/lib/actions";
import { botAction, botPages, editorRateLimit } from "@/lib/bots/bot-action";
import { botDetailsSchema } from "@/lib/bots/schemas";
import { templateIds } from "@/lib/bots/templates";
import { formRateLimit } from "@/lib/rate-limit";
import { wholeNumber } from "@/lib/validation/numbers";

import { enqueueProof } from "./proof/job";
import { queueProof } from "./proof/service";
import { blueprintRefusal } from "./refusal";
import { createBuilderBot, createTemplateBuilderBot, saveBlueprint } from "./service";

const saveSchema = z.object({
  botId: z.string().min(1).max(64),
  // Checked in full by the blueprint's own schema (with every problem's path) in saveBlueprint.
  blueprint: z.unknown(),
  baseVersion: wholeNumber(0).optional(),
  overwriteHandEdits: z.boolean().default(false),
});

/** The Builder's Save: the blueprint becomes the bot's code and a new version. */
export async function saveBlueprintAction(
  input: z.input<typeof saveSchema>,
): Promise<ActionResult<{ number: number; createdAt: Date }>> {
  return botAction(
    "blueprint.save",
    saveSchema,
    async (userId, { botId, blueprint, baseVersion, overwriteHandEdits }) => {
      const version = await saveBlueprint(userId, botId, { blueprint, baseVersion, overwriteHandEdits });
      return { number: version.number, createdAt: version.createdAt };
    },
    {
      rateLimit: editorRateLimit,
      refusal: blueprintRefusal,
      revalidate: ({ botId }) => [
        ...botPages(botId),
        `/dashboard/bots/${botId}/history`,
        `/dashboard/bots/${botId}/code`,
        `/dashboard/bots/${botId}/builder`,
      ],
      audit: ({ botId }, data) => ({ action: "bot.saved", botId, label: `version ${data.number} (Builder)` }),
    },
  )(input);
}

const builderLanguage = z.enum(["javascript", "python"], { error: "The Builder writes JavaScript or Python." });

const builderBotSchema = botDetailsSchema.extend({ language: builderLanguage });

/** Create New Bot → Start in the Builder: a bot with a /ping command, made from a blueprint. */
export async function createBuilderBotAction(
  input: z.input<typeof builderBotSchema>,
): Promise<ActionResult<{ id: string }>> {
  return botAction(
    "blueprint.createBot",
    builderBotSchema,
    async (userId, details) => ({ id: (await createBuilderBot(userId, details)).id }),
    {
      rateLimit: formRateLimit("bot-create"),
      refusal: blueprintRefusal,
      revalidate: () => ["/dashboard/bots", "/dashboard"],
      audit: (_, data) => ({ action: "bot.created", botId: data.id, label: "Builder" }),
    },
  )(input);
}

const templateBuilderSchema = z.object({
  templateId: z.enum(templateIds, { error: "Choose one of the templates" }),
  language: builderLanguage,
});

/** Create New Bot → a template's "Open in Builder": a bot made from the template's blueprint. */
export async function createTemplateBuilderBotAction(
  input: z.input<typeof templateBuilderSchema>,
): Promise<ActionResult<{ id: string }>> {
  return botAction(
    "blueprint.createFromTemplate",
    templateBuilderSchema,
    async (userId, details) => ({ id: (await createTemplateBuilderBot(userId, details)).id }),
    {
      rateLimit: formRateLimit("bot-create"),
      refusal: blueprintRefusal,
      revalidate: () => ["/dashboard/bots", "/dashboard"],
      audit: ({ templateId }, data) => ({ action: "bot.created", botId: data.id, label: `Builder, ${templateId}` }),
    },
  )(input);
}

/** "Open in Builder" as a form: works before the page hydrates; success opens the Builder tab. */
export async function createTemplateBuilderBotFormAction(
  _: ActionRefused | null,
  form: FormData,
): Promise<ActionRefused> {
  const result = await createTemplateBuilderBotAction(formFields(form) as z.input<typeof templateBuilderSchema>);
  if (!result.ok) return result;
  redirect(`/dashboard/bots/${result.data.id}/builder`);
}

const proofSchema = z.object({ botId: z.string().min(1).max(64) });

/** The Builder's "Check it": queues a proof of the bot's blueprint and code as they are saved now. */
export async function startProofAction(input: z.input<typeof proofSchema>): Promise<ActionResult<{ id: string }>> {
  return botAction(
    "blueprint.proof",
    proofSchema,
    async (userId, { botId }) => {
      const proof = await queueProof(userId, botId);
      await enqueueProof(proof.id);
      return proof;
    },
    { rateLimit: formRateLimit("blueprint-proof"), refusal: blueprintRefusal },
  )(input);
}
