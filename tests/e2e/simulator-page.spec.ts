import type { BotCredentials } from "../../lib/simulator/types";
import { e2eSimulatorPort } from "./server-info";
import { expect, hasDatabase, query, simulatorControlKey, test } from "./support";
import { createAccount, signIn } from "./support-accounts";

test.skip(!hasDatabase() || !simulatorControlKey(), "the page shows the suite's own simulator");
test.describe.configure({ timeout: 120_000 });
const slow = { timeout: 30_000 };
const simulator = `http://127.0.0.1:${e2eSimulatorPort}`;

async function controlCall<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${simulator}/control${path}`, {
    method,
    headers: { authorization: `Bearer ${simulatorControlKey()}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

type World = {
  guilds: {
    id: string;
    channels: { id: string; name: string }[];
    members: { user: { id: string; username: string } }[];
  }[];
};

/**
 * A stopped bot that once joined its owner's world: Sam said hello in #general and the bot
 * answered, then timed Sam out for an hour and banned a member who joined to spam.
 */
async function seedWorld(userId: string, botId: string) {
  const creds = await controlCall<BotCredentials>("POST", `/bots/${botId}/credentials`);
  const asBot = async (method: string, path: string, body?: unknown, reason?: string) => {
    const response = await fetch(`${creds.apiBase}/v10${path}`, {
      method,
      headers: {
        authorization: `Bot ${creds.token}`,
        "content-type": "application/json",
        ...(reason ? { "x-audit-log-reason": reason } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  };
  const guild = (await controlCall<World>("GET", `/worlds/${userId}`)).guilds[0]!;
  const general = guild.channels.find((channel) => channel.name === "general")!;
  const sam = guild.members.find((member) => member.user.username === "Sam")!;
  await controlCall("POST", `/worlds/${userId}/messages`, {
    channelId: general.id,
    authorId: sam.user.id,
    content: "hello pager",
  });
  await asBot("POST", `/channels/${general.id}/messages`, { content: "Paged everyone" });
  const hour = new Date(Date.now() + 60 * 60 * 1000).toISOString();
  await asBot("PATCH", `/guilds/${guild.id}/members/${sam.user.id}`, { communication_disabled_until: hour });
  const spammer = await controlCall<{ user: { id: string } }>("POST", `/worlds/${userId}/members`, {
    guildId: guild.id,
    username: "spammer",
  });
  await asBot("PUT", `/guilds/${guild.id}/bans/${spammer.user.id}`, {}, "spam links");
}

test("Tools → Discord Simulator: the user's server, Add member, Remove, Reset, by keyboard", async ({
  page,
}, testInfo) => {
  const account = await createAccount(testInfo, { label: "simulator" });
  const [bot] = await query<{ id: string }>(
    `INSERT INTO "Bot" (id, "userId", name, language, "updatedAt") VALUES ($1, $2, 'Pager Bot', 'javascript', now()) RETURNING id`,
    [`e2ebot${Date.now().toString(36)}${testInfo.workerIndex}sim`, account.id],
  );
  await seedWorld(account.id, bot!.id);

  await signIn(page, account, "/dashboard/tools");
  await page.getByRole("button", { name: "Launch Discord Simulator" }).click();
  await expect(page).toHaveURL(/\/dashboard\/tools\/simulator$/, slow);
  await expect(page.getByRole("heading", { level: 1, name: "Discord Simulator" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Cipher Test Server" })).toBeVisible();
  await expect(page.getByText("Live", { exact: true })).toBeVisible(slow);

  // Channels by category with their last messages; the bot that posted links to its Test tab.
  const general = page.getByRole("article", { name: "general" });
  await expect(general.getByText("hello pager")).toBeVisible();
  await expect(general.getByText("Paged everyone")).toBeVisible();
  await expect(general.getByRole("link", { name: /Test Pager Bot/ })).toHaveAttribute(
    "href",
    `/dashboard/bots/${bot!.id}/test`,
  );
  await expect(page.getByRole("list", { name: "Voice Channels" }).getByText("Lounge")).toBeVisible();
  const bots = page.getByRole("region", { name: /Your bots/ });
  await expect(bots.getByText("Offline")).toBeVisible();
  await expect(bots.getByRole("link", { name: "Test Pager Bot" })).toHaveAttribute(
    "href",
    `/dashboard/bots/${bot!.id}/test`,
  );
  await expect(page.getByRole("list", { name: "Roles" }).getByText("Admin")).toBeVisible();
  const members = page.getByRole("list", { name: "Members" });
  // Each member shows "@username" under their name (the name alone is also in the Remove button).
  const member = (username: string) => members.getByText(new RegExp(`^@${username}\\b`));
  const bans = page.getByRole("list", { name: "Bans" });
  await expect(bans.getByText("spammer")).toBeVisible();
  await expect(bans.getByText("Reason: spam links")).toBeVisible();
  await expect(members.getByRole("listitem").filter({ hasText: /@Sam\b/ })).toContainText("Timed out until");

  const name = page.getByLabel("New member's name");
  // The form's own check, with the server's limits.
  await name.fill("x");
  await name.press("Enter");
  await expect(page.getByText("Names are at least 2 characters")).toBeVisible();
  // Add member by keyboard: type the name, press Enter; the list updates.
  await name.fill("e2e_newcomer");
  await name.press("Enter");
  await expect(member("e2e_newcomer")).toBeVisible(slow);
  await expect(name).toHaveValue("");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: testInfo.outputPath("simulator-1440.png"), fullPage: true });

  // Remove (leave) by keyboard.
  const removeRiley = members.getByRole("button", { name: "Remove Riley" });
  await removeRiley.focus();
  await page.keyboard.press("Enter");
  await expect(member("Riley")).toHaveCount(0, slow);
  // The owner and the bots cannot be removed from here.
  await expect(members.getByRole("button", { name: "Remove You" })).toHaveCount(0);
  await expect(members.getByRole("button", { name: "Remove Pager Bot" })).toHaveCount(0);

  // Reset, confirmed in a dialog, by keyboard: the added member is gone, Riley is back, the bot stays.
  await page.getByRole("button", { name: "Reset server" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Reset the simulated servers?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Your bots and their commands stay");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Reset server" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(member("e2e_newcomer")).toHaveCount(0, slow);
  await expect(member("Riley")).toBeVisible();
  await expect(general.getByText("No messages yet.")).toBeVisible();
  await expect(page.getByText("No one is banned.")).toBeVisible();
  await expect(members.getByRole("listitem").filter({ hasText: /@Sam\b/ })).not.toContainText("Timed out");
  await expect(bots.getByRole("link", { name: "Test Pager Bot" })).toBeVisible();
  await expect(member("Pager Bot")).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("heading", { level: 2, name: "Cipher Test Server" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("simulator-390.png"), fullPage: true });
});

test("the Discord Simulator page says so when the simulator is unreachable for a refresh", async ({
  page,
}, testInfo) => {
  const account = await createAccount(testInfo, { label: "simulator-down" });
  await signIn(page, account, "/dashboard/tools/simulator");
  await expect(page.getByRole("heading", { level: 2, name: "Cipher Test Server" })).toBeVisible();
  // The web app's world route answers as it does when the simulator is down.
  await page.route("**/api/simulator/world", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ error: "The Discord simulator is not running." }),
    }),
  );
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The Discord simulator is not running." })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Cipher Test Server" })).toBeVisible();
});
