"use server";

import { redirect } from "next/navigation";
import { z } from "zod";

import type { ActionRefused } from "@/lib/action-result";
import { ActionRefusal, formFields, type ActionResult } from "@/lib/actions";
import { recordMilestone } from "@/lib/onboarding/milestones";
import { formRateLimit, type RateLimitRule } from "@/lib/rate-limit";
import { int4Max, wholeNumber } from "@/lib/validation/numbers";

import { botAction, botPages, editorRateLimit } from "./bot-action";
import { fetchBotIdentity, type BotIdentityResult } from "./discord-identity";
import { deleteEnvVar, setEnvVar } from "./env-vars";
import { restartBot, setAutoRestart, startBot, stopBot, updateHostingSettings } from "./hosting";
import { hostingSettingsSchema, type HostingSettings } from "./hosting-schemas";
import { createFromTemplate, startFromTemplate } from "./quick-start";
import { botDetailsSchema, botTokenSchema, envVarSchema, saveFilesSchema, type BotDetailsInput } from "./schemas";
import {
  archiveBot,
  assertOwnedBot,
  createBot,
  getBotInvite,
  removeBotToken,
  restoreVersion,
  revealBotToken,
  saveBotFiles,
  setBotToken,
  updateBotDetails,
  type BotInvite,
} from "./service";
import { blankBotFiles } from "./starter-files";
import { isTemplateId, type TemplateId } from "./templates";

const botId = z.string().min(1).max(64);

/** Create New Bot → Blank: name, description and language. */
export async function createBlankBotAction(input: BotDetailsInput): Promise<ActionResult<{ id: string }>> {
  return botAction(
    "bots.createBlank",
    botDetailsSchema,
    async (userId, details) => {
      const bot = await createBot(userId, { ...details, files: blankBotFiles(details.language) });
      return { id: bot.id };
    },
    {
      rateLimit: formRateLimit("bot-create"),
      revalidate: () => ["/dashboard/bots", "/dashboard"],
      audit: (_, data) => ({ action: "bot.created", botId: data.id }),
    },
  )(input);
}

const templateSchema = z.object({ templateId: z.string().refine(isTemplateId, "Choose one of the templates") });

/** Create New Bot → from a template: the template's files, named after it. */
export async function createBotFromTemplateAction(input: {
  templateId: string;
}): Promise<ActionResult<{ id: string }>> {
  return botAction(
    "bots.createFromTemplate",
    templateSchema,
    async (userId, { templateId }) => ({ id: (await createFromTemplate(userId, templateId as TemplateId)).id }),
    {
      rateLimit: formRateLimit("bot-create"),
      revalidate: () => ["/dashboard/bots", "/dashboard"],
      audit: (_, data) => ({ action: "bot.created", botId: data.id }),
    },
  )(input);
}

/**
 * Create New Bot → "Use <template>": the bot is made and started in its own test server (no token
 * needed), as "Use Template" on /templates does; where to go next is its Test tab.
 */
export async function startBotFromTemplateAction(input: {
  templateId: string;
}): Promise<ActionResult<{ target: string }>> {
  return botAction(
    "bots.startFromTemplate",
    templateSchema,
    // startFromTemplate writes the Activity Log entry itself (it serves sign-up too).
    async (userId, { templateId }) => ({ target: await startFromTemplate(userId, templateId as TemplateId) }),
    { rateLimit: formRateLimit("bot-create"), revalidate: () => ["/dashboard/bots", "/dashboard"] },
  )(input);
}

/**
 * The template button's form: posted before the page hydrates it works all the same (a click on a
 * slow phone is never lost); success opens the new bot's Test tab with the bot starting.
 */
export async function createBotFromTemplateFormAction(_: ActionRefused | null, form: FormData): Promise<ActionRefused> {
  const result = await startBotFromTemplateAction(formFields(form) as { templateId: string });
  if (!result.ok) return result;
  redirect(result.data.target);
}

/** Paste or replace the bot token; the answer carries only the masked form. */
export async function setBotTokenAction(input: {
  botId: string;
  token: string;
}): Promise<ActionResult<{ masked: string }>> {
  return botAction(
    "bots.setToken",
    z.object({ botId, token: botTokenSchema }),
    (userId, { botId, token }) => setBotToken(userId, botId, token),
    {
      rateLimit: formRateLimit("bot-token"),
      revalidate: ({ botId }) => botPages(botId),
      audit: ({ botId }) => ({ action: "bot.token_changed", botId }),
    },
  )(input);
}

export async function removeBotTokenAction(input: { botId: string }): Promise<ActionResult<void>> {
  return botAction("bots.removeToken", z.object({ botId }), (userId, { botId }) => removeBotToken(userId, botId), {
    revalidate: ({ botId }) => botPages(botId),
    audit: ({ botId }) => ({ action: "bot.token_removed", botId }),
  })(input);
}

/** Asks Discord whose token this is. The answer names the bot user; it never carries the token. */
export async function verifyBotTokenAction(input: { botId: string }): Promise<ActionResult<BotIdentityResult>> {
  return botAction(
    "bots.verifyToken",
    z.object({ botId }),
    async (userId, { botId }) => {
      const token = await revealBotToken(userId, botId);
      if (!token) throw new ActionRefusal("Paste the bot token first.", { code: "no_token" });
      return fetchBotIdentity(token);
    },
    { rateLimit: formRateLimit("bot-token-verify") },
  )(input);
}

/** "Invite to server" opened: the permissions the code uses and the URL (none without a token). */
export async function botInviteAction(input: { botId: string }): Promise<ActionResult<BotInvite>> {
  return botAction("bots.invite", z.object({ botId }), (userId, { botId }) => getBotInvite(userId, botId))(input);
}

/** The user followed or copied the invite: the first-run checklist's last step. */
export async function inviteUsedAction(input: { botId: string }): Promise<ActionResult<void>> {
  return botAction("bots.inviteUsed", z.object({ botId }), async (userId, { botId }) => {
    await assertOwnedBot(userId, botId);
    await recordMilestone(userId, "invite_opened");
  })(input);
}

/** Ctrl/⌘+S in the editor: the files become the bot's source and a new version. */
export async function saveBotFilesAction(
  input: z.input<typeof saveFilesSchema>,
): Promise<ActionResult<{ number: number; createdAt: Date }>> {
  return botAction(
    "bots.saveFiles",
    saveFilesSchema,
    async (userId, { botId, files, message, baseVersion }) => {
      const version = await saveBotFiles(userId, botId, { files, message, baseVersion });
      return { number: version.number, createdAt: version.createdAt };
    },
    {
      rateLimit: editorRateLimit,
      revalidate: ({ botId }) => [
        ...botPages(botId),
        `/dashboard/bots/${botId}/history`,
        `/dashboard/bots/${botId}/code`,
      ],
      audit: ({ botId }, data) => ({ action: "bot.saved", botId, label: `version ${data.number}` }),
    },
  )(input);
}

/** Restore a version: its files become a new version; history is never rewritten. */
export async function restoreVersionAction(input: {
  botId: string;
  number: number;
}): Promise<ActionResult<{ number: number }>> {
  return botAction(
    "bots.restoreVersion",
    z.object({ botId, number: wholeNumber(1, int4Max, "Choose a version from the history") }),
    async (userId, { botId, number }) => ({ number: (await restoreVersion(userId, botId, number)).number }),
    {
      rateLimit: editorRateLimit,
      revalidate: ({ botId }) => [
        ...botPages(botId),
        `/dashboard/bots/${botId}/history`,
        `/dashboard/bots/${botId}/code`,
      ],
      audit: ({ botId, number }) => ({ action: "bot.restored_version", botId, label: `version ${number}` }),
    },
  )(input);
}

export async function updateBotDetailsAction(input: { botId: string } & BotDetailsInput): Promise<ActionResult<void>> {
  return botAction(
    "bots.updateDetails",
    botDetailsSchema.extend({ botId }),
    (userId, { botId, ...details }) => updateBotDetails(userId, botId, details),
    {
      rateLimit: formRateLimit("bot-settings"),
      revalidate: ({ botId }) => botPages(botId),
      audit: ({ botId }) => ({ action: "bot.settings_changed", botId }),
    },
  )(input);
}

/** Delete Bot: moves the bot to the archive (restorable there for 30 days). */
export async function archiveBotAction(input: { botId: string }): Promise<ActionResult<void>> {
  return botAction("bots.archive", z.object({ botId }), (userId, { botId }) => archiveBot(userId, botId), {
    rateLimit: formRateLimit("bot-delete"),
    revalidate: () => ["/dashboard/bots", "/dashboard"],
    audit: ({ botId }) => ({ action: "bot.deleted", botId }),
  })(input);
}

export async function setEnvVarAction(
  input: { botId: string } & z.input<typeof envVarSchema>,
): Promise<ActionResult<void>> {
  return botAction(
    "bots.setEnvVar",
    envVarSchema.safeExtend({ botId }),
    (userId, { botId, ...variable }) => setEnvVar(userId, botId, variable),
    {
      rateLimit: formRateLimit("bot-settings"),
      revalidate: ({ botId }) => [`/dashboard/bots/${botId}/settings`],
      audit: ({ botId }) => ({ action: "bot.env_changed", botId }),
    },
  )(input);
}

export async function deleteEnvVarAction(input: { botId: string; key: string }): Promise<ActionResult<void>> {
  return botAction(
    "bots.deleteEnvVar",
    z.object({ botId, key: z.string().min(1).max(64) }),
    (userId, { botId, key }) => deleteEnvVar(userId, botId, key),
    {
      rateLimit: formRateLimit("bot-settings"),
      revalidate: ({ botId }) => [`/dashboard/bots/${botId}/settings`],
      audit: ({ botId }) => ({ action: "bot.env_changed", botId }),
    },
  )(input);
}

/** Hosting controls are clicked in bursts (Start, Stop, Restart while watching logs). */
const hostingRateLimit: RateLimitRule = { bucket: "bot-hosting", limit: 60, windowMs: 60_000 };
const hostingPages = (id: string) => [...botPages(id), "/dashboard"];

/** Start: desired state running; the runner starts the bot and reports its status. */
export async function startBotAction(input: { botId: string }): Promise<ActionResult<void>> {
  return botAction("bots.start", z.object({ botId }), (userId, { botId }) => startBot(userId, botId), {
    rateLimit: hostingRateLimit,
    revalidate: ({ botId }) => hostingPages(botId),
    audit: ({ botId }) => ({ action: "bot.started", botId }),
  })(input);
}

export async function stopBotAction(input: { botId: string }): Promise<ActionResult<void>> {
  return botAction("bots.stop", z.object({ botId }), (userId, { botId }) => stopBot(userId, botId), {
    rateLimit: hostingRateLimit,
    revalidate: ({ botId }) => hostingPages(botId),
    audit: ({ botId }) => ({ action: "bot.stopped", botId }),
  })(input);
}

export async function restartBotAction(input: { botId: string }): Promise<ActionResult<void>> {
  return botAction("bots.restart", z.object({ botId }), (userId, { botId }) => restartBot(userId, botId), {
    rateLimit: hostingRateLimit,
    revalidate: ({ botId }) => hostingPages(botId),
    audit: ({ botId }) => ({ action: "bot.restarted", botId }),
  })(input);
}

/** Settings → Hosting: simulator or Discord, and what a crash does. */
export async function updateHostingSettingsAction(
  input: { botId: string } & HostingSettings,
): Promise<ActionResult<void>> {
  return botAction(
    "bots.updateHosting",
    hostingSettingsSchema.extend({ botId }),
    (userId, { botId, ...settings }) => updateHostingSettings(userId, botId, settings),
    {
      rateLimit: formRateLimit("bot-settings"),
      revalidate: ({ botId }) => [...botPages(botId), `/dashboard/bots/${botId}/settings`],
      audit: ({ botId }) => ({ action: "bot.settings_changed", botId, label: "hosting" }),
    },
  )(input);
}

/** Hosting page: the auto-restart switch of one bot. */
export async function setAutoRestartAction(input: { botId: string; enabled: boolean }): Promise<ActionResult<void>> {
  return botAction(
    "bots.setAutoRestart",
    z.object({ botId, enabled: z.boolean() }),
    (userId, { botId, enabled }) => setAutoRestart(userId, botId, enabled),
    {
      rateLimit: hostingRateLimit,
      revalidate: ({ botId }) => [...botPages(botId), "/dashboard/hosting", `/dashboard/bots/${botId}/settings`],
      audit: ({ botId, enabled }) => ({
        action: "bot.settings_changed",
        botId,
        label: enabled ? "auto-restart on" : "auto-restart off",
      }),
    },
  )(input);
}
