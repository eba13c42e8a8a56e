/**
 * A template chosen on /templates becomes a running bot in one step: made from the template's
 * files and started in the simulator (no token needed), so the Test tab it opens on answers at
 * once. Used by "Use Template" when signed in, and by the confirmation link of an account that
 * chose a template before signing up.
 */
import { recordAudit } from "@/lib/audit/service";
import { PlanLimitError } from "@/lib/billing/plans";
import { db } from "@/lib/db";

import { startBot } from "./hosting";
import { createBot } from "./service";
import { getBotTemplate, loadTemplateFiles, type TemplateId } from "./templates";

/** A new bot with the template's files, named and described after it (Create New Bot's card too). */
export async function createFromTemplate(userId: string, templateId: TemplateId) {
  const template = getBotTemplate(templateId)!;
  return createBot(userId, {
    name: template.name,
    description: template.description,
    language: template.language,
    templateId: template.id,
    files: await loadTemplateFiles(template.id),
  });
}

/** Makes the bot and asks the runner to start it; returns where to go: its Test tab. */
export async function startFromTemplate(userId: string, templateId: TemplateId): Promise<string> {
  const bot = await createFromTemplate(userId, templateId);
  await recordAudit(userId, "bot.created", { type: "bot", id: bot.id, label: bot.name });
  try {
    await startBot(userId, bot.id);
  } catch (error) {
    // A plan with no free running slot still gets the bot; the Test tab offers Start.
    if (!(error instanceof PlanLimitError)) throw error;
  }
  return `/dashboard/bots/${bot.id}/test`;
}

/**
 * The template a new account chose before signing up, made once: the first sign-in takes it
 * (a second browser signing in at the same moment finds it taken). Null when none waits.
 */
export async function startPendingTemplate(userId: string): Promise<string | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { pendingTemplate: true } });
  const templateId = user?.pendingTemplate;
  if (!templateId) return null;
  const { count } = await db.user.updateMany({
    where: { id: userId, pendingTemplate: templateId },
    data: { pendingTemplate: null },
  });
  if (count === 0 || !getBotTemplate(templateId)) return null;
  try {
    return await startFromTemplate(userId, templateId as TemplateId);
  } catch (error) {
    // Over the plan's bot limit: the dashboard, as any sign-in.
    if (error instanceof PlanLimitError) return null;
    throw error;
  }
}
