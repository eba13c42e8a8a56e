"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";

import { validatedAction, type ActionResult } from "@/lib/actions";
import { getCurrentUser } from "@/lib/auth/session";
import { formRateLimit } from "@/lib/rate-limit";

import { botDetailsSchema, botTokenSchema, type BotDetailsInput } from "./schemas";
import { BotNotFoundError, createBot, removeBotToken, setBotToken } from "./service";
import { blankBotFiles } from "./starter-files";
import { getBotTemplate, isTemplateId, loadTemplateFiles } from "./templates";

const sessionEnded = { ok: false, error: "Your session has ended. Please sign in again.", code: "signed_out" } as const;
const notFound = { ok: false, error: "This bot no longer exists.", code: "not_found" } as const;

const notFoundMarker = Symbol("not found");

/** Another user's bot id answers exactly like a missing one. */
async function orNotFound<T>(work: Promise<T>): Promise<T | typeof notFoundMarker> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof BotNotFoundError) return notFoundMarker;
    throw error;
  }
}

const createBlank = (userId: string) =>
  validatedAction(
    "bots.createBlank",
    botDetailsSchema,
    async (details) => createBot(userId, { ...details, files: blankBotFiles(details.language) }),
    { rateLimit: formRateLimit("bot-create") },
  );

/** Create New Bot → Blank: name, description and language. */
export async function createBlankBotAction(input: BotDetailsInput): Promise<ActionResult<{ id: string }>> {
  const user = await getCurrentUser();
  if (!user) return sessionEnded;
  const result = await createBlank(user.id)(input);
  if (!result.ok) return result;
  revalidatePath("/dashboard/bots");
  return { ok: true, data: { id: result.data.id } };
}

const templateSchema = z.object({ templateId: z.string().refine(isTemplateId, "Choose one of the templates") });

/** Create New Bot → from a template: the template's files, named after it. */
export async function createBotFromTemplateAction(input: {
  templateId: string;
}): Promise<ActionResult<{ id: string }>> {
  const user = await getCurrentUser();
  if (!user) return sessionEnded;
  const create = validatedAction(
    "bots.createFromTemplate",
    templateSchema,
    async ({ templateId }) => {
      const template = getBotTemplate(templateId)!;
      const files = await loadTemplateFiles(template.id);
      return createBot(user.id, {
        name: template.name,
        description: template.description,
        language: template.language,
        templateId: template.id,
        files,
      });
    },
    { rateLimit: formRateLimit("bot-create") },
  );
  const result = await create(input);
  if (!result.ok) return result;
  revalidatePath("/dashboard/bots");
  return { ok: true, data: { id: result.data.id } };
}

/** Paste or replace the bot token; the answer carries only the masked form. */
export async function setBotTokenAction(input: {
  botId: string;
  token: string;
}): Promise<ActionResult<{ masked: string }>> {
  const user = await getCurrentUser();
  if (!user) return sessionEnded;
  const save = validatedAction(
    "bots.setToken",
    z.object({ botId: z.string().min(1).max(40), token: botTokenSchema }),
    ({ botId, token }) => orNotFound(setBotToken(user.id, botId, token)),
    { rateLimit: formRateLimit("bot-token") },
  );
  const result = await save(input);
  if (!result.ok) return result;
  if (result.data === notFoundMarker) return notFound;
  revalidatePath(`/dashboard/bots/${input.botId}`);
  return { ok: true, data: result.data };
}

export async function removeBotTokenAction(input: { botId: string }): Promise<ActionResult<void>> {
  const user = await getCurrentUser();
  if (!user) return sessionEnded;
  const remove = validatedAction("bots.removeToken", z.object({ botId: z.string().min(1).max(40) }), ({ botId }) =>
    orNotFound(removeBotToken(user.id, botId)),
  );
  const result = await remove(input);
  if (!result.ok) return result;
  if (result.data === notFoundMarker) return notFound;
  revalidatePath(`/dashboard/bots/${input.botId}`);
  return { ok: true, data: undefined };
}
