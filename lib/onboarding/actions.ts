"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";

import type { ActionResult } from "@/lib/actions";
import { getCurrentUser } from "@/lib/auth/session";
import { PlanLimitError } from "@/lib/billing/plans";
import { startFromTemplate } from "@/lib/bots/quick-start";
import { isTemplateId } from "@/lib/bots/template-ids";
import { consumeRateLimit, formRateLimit } from "@/lib/rate-limit";
import { userAction } from "@/lib/user-action";

import { recordMilestone } from "./milestones";

/** "Hide checklist" on the dashboard home: it stays hidden. */
export async function dismissChecklistAction(): Promise<ActionResult<void>> {
  return userAction("onboarding.dismiss", z.object({}), async (userId) => {
    await recordMilestone(userId, "checklist_dismissed");
    revalidatePath("/dashboard");
  })({});
}

/**
 * "Use Template" on /templates (a form, so it works before the page hydrates): signed in, the bot
 * is made and started in the simulator and its Test tab opens; signed out, sign-up carries the
 * choice and the confirmation link makes the bot.
 */
export async function startTemplateAction(form: FormData): Promise<void> {
  const templateId = String(form.get("templateId") ?? "");
  if (!isTemplateId(templateId)) redirect("/templates");
  const user = await getCurrentUser();
  if (!user) redirect(`/signup?template=${encodeURIComponent(templateId)}`);
  const limited = await consumeRateLimit(formRateLimit("bot-create"), `user:${user.id}`);
  if (!limited.allowed) redirect(`/dashboard/bots/new#${templateId}`);
  let target: string;
  try {
    target = await startFromTemplate(user.id, templateId);
  } catch (error) {
    // Over the plan's bot limit: Create New Bot says so.
    if (error instanceof PlanLimitError) redirect(`/dashboard/bots/new#${templateId}`);
    throw error;
  }
  revalidatePath("/dashboard/bots");
  redirect(target);
}
