/**
 * Bot steps the e2e specs share: create a bot from a template, type in the code editor, read a
 * file back from the database, add an environment variable, start the bot in the runner, and
 * send a message in its Test tab.
 */
import type { Page } from "@playwright/test";

import { expect, hydrated, query } from "./support";

const slow = { timeout: 30_000 };
/** Starting a bot runs its deploy-commands.js and the bot itself in the real runner. */
export const runnerWait = { timeout: 45_000 };

/**
 * "Use <template>" on the signed-in user's New Bot page: the bot is made and started, and its Test
 * tab opens; its id.
 */
export async function startFromTemplateButton(page: Page, template: string): Promise<string> {
  await page.goto("/dashboard/bots/new");
  // The button posts a form to a server action, which works without JavaScript (builder-templates
  // spec); a click while React is hydrating was still seen to be lost once, so wait for hydration.
  await (await hydrated(page.getByRole("button", { name: `Use ${template}` }))).click();
  await expect(page).toHaveURL(/\/dashboard\/bots\/[^/]+\/test$/, slow);
  return new URL(page.url()).pathname.split("/")[3]!;
}

const botStatus = async (botId: string) =>
  (await query<{ status: string }>(`SELECT status FROM "Bot" WHERE id = $1`, [botId]))[0]?.status;

/**
 * A bot made from `template` as Create New Bot makes it, stopped again and open on its Overview:
 * for specs that edit it or start it themselves. It is let run first (a stop while the runner is
 * starting it could leave it starting after this returns), then stopped.
 */
export async function createFromTemplate(page: Page, template: string): Promise<string> {
  const botId = await startFromTemplateButton(page, template);
  const [bot] = await query<{ desiredState: string }>(`SELECT "desiredState" FROM "Bot" WHERE id = $1`, [botId]);
  if (bot?.desiredState === "running") {
    await expect.poll(() => botStatus(botId), runnerWait).toMatch(/^(running|crashed)$/);
    await query(`UPDATE "Bot" SET "desiredState" = 'stopped' WHERE id = $1`, [botId]);
    await expect.poll(() => botStatus(botId), runnerWait).toBe("stopped");
  }
  await page.goto(`/dashboard/bots/${botId}`);
  return botId;
}

/** Types at the end of the open file in CodeMirror. */
export async function appendToEditor(page: Page, text: string) {
  const content = page.locator(".cm-content");
  await expect(content).toBeVisible(slow);
  await content.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(text);
}

export async function fileContent(botId: string, path: string): Promise<string | undefined> {
  const [row] = await query<{ content: string }>(`SELECT content FROM "BotFile" WHERE "botId" = $1 AND path = $2`, [
    botId,
    path,
  ]);
  return row?.content;
}

/** Adds a plain (not secret) environment variable on the bot's Settings page. */
export async function addVariable(page: Page, botId: string, name: string, value: string) {
  await page.goto(`/dashboard/bots/${botId}/settings`);
  const dialog = page.getByRole("dialog");
  // A click before the page has hydrated opens nothing: click until the dialog is there.
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.getByRole("button", { name: "Add Variable" }).click();
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass(slow);
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("textbox", { name: "Value" }).fill(value);
  await dialog.getByRole("button", { name: "Add Variable" }).click();
  await expect(page.getByText(`Added ${name}`)).toBeVisible(slow);
}

/** Starts the bot from its overview page and waits until the runner reports it online. */
export async function startBot(page: Page, botId: string) {
  await page.goto(`/dashboard/bots/${botId}`);
  const status = page.locator("[data-status]").first();
  await expect(status).toHaveText("Offline", slow);
  // A click before the page has hydrated does nothing: click until the badge leaves Offline.
  await expect(async () => {
    if ((await status.textContent()) === "Offline")
      await page.getByRole("button", { name: "Start", exact: true }).click();
    await expect(status).not.toHaveText("Offline", { timeout: 2_000 });
  }).toPass(slow);
  await expect(status).toHaveText("Online", runnerWait);
}

/** Sends `text` as a message in the open Test tab (a "/command" runs that slash command). */
export async function sendTestMessage(page: Page, text: string) {
  await page.getByRole("tab", { name: "Message" }).click();
  const field = page.getByLabel(/^Message #/);
  const send = page.getByRole("button", { name: "Send" });
  // Typed before the console has hydrated, the text is wiped: Send turns enabled once React holds it.
  await expect(async () => {
    await field.fill(text);
    await expect(send).toBeEnabled({ timeout: 1_000 });
  }).toPass(slow);
  await send.click();
}
