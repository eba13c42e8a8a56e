import { readFile } from "node:fs/promises";

import type { Page } from "@playwright/test";

import { expect, hasDatabase, query, test } from "./support";
import { createAccount, signIn } from "./support-accounts";
import { createFromTemplate } from "./support-bots";

test.skip(!hasDatabase(), "accounts are created directly in the server's database");
test.describe.configure({ timeout: 420_000 });
const slow = { timeout: 90_000 };
const sealedMarker = "sealed-token-marker-never-exported";

/** Delete Bot from the My Bots card menu. */
async function deleteFromMyBots(page: Page, name: string) {
  await page.goto("/dashboard/bots");
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Delete Bot" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete Bot" }).click();
  await expect(page.getByText(`Deleted ${name}`)).toBeVisible(slow);
}

test.describe("archive", () => {
  test("delete a bot → archive with its size → download without the token → restore → back in My Bots", async ({
    page,
  }, testInfo) => {
    const account = await createAccount(testInfo, { label: "archive" });
    await signIn(page, account, "/dashboard/bots");
    const botId = await createFromTemplate(page, "Economy Bot");
    // A token as the app stores it (sealed); the export must never carry it.
    await query(`UPDATE "Bot" SET "tokenSealed" = $1, "tokenLast4" = 'wxyz' WHERE id = $2`, [sealedMarker, botId]);

    await deleteFromMyBots(page, "Economy Bot");
    await expect(page.getByRole("button", { name: "Actions for Economy Bot" })).toHaveCount(0);

    await page.goto("/dashboard/archive");
    await expect(page.getByRole("heading", { name: "Archive", level: 1 })).toBeVisible(slow);
    const item = page.getByRole("listitem", { name: "Economy Bot" });
    await expect(item).toBeVisible();
    await expect(item.getByText("Bot", { exact: true })).toBeVisible();
    await expect(item.getByText("Deleted by you")).toBeVisible();
    await expect(item.getByText(/Deleted for good in (29|30) days/)).toBeVisible();
    // The real size: the template's files and first version, in KB.
    await expect(item.getByTestId("archive-item-size")).toHaveText(/^\d+\.\d KB$/);
    await expect(page.getByTestId("archive-summary-total-items")).toHaveText("1");
    await expect(page.getByTestId("archive-summary-total-size")).toHaveText(
      (await item.getByTestId("archive-item-size").textContent())!,
    );

    const downloading = page.waitForEvent("download");
    await item.getByRole("link", { name: "Download Economy Bot" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^economy-bot-.+\.json$/);
    const text = await readFile((await download.path())!, "utf8");
    const exported = JSON.parse(text) as { bot: { id: string; name: string }; files: unknown[] };
    expect(exported.bot).toMatchObject({ id: botId, name: "Economy Bot" });
    expect(exported.files.length).toBeGreaterThan(0);
    expect(text).not.toContain(sealedMarker);
    expect(text).not.toContain("tokenSealed");

    await item.getByRole("button", { name: "Restore Economy Bot" }).click();
    await expect(page.getByText("Restored Economy Bot")).toBeVisible(slow);
    await expect(page.getByRole("heading", { name: "Your archive is empty" })).toBeVisible(slow);

    await page.goto("/dashboard/bots");
    await expect(page.getByRole("button", { name: "Actions for Economy Bot" })).toBeVisible(slow);
  });

  test("Delete forever removes the item for good, after a confirmation", async ({ page }, testInfo) => {
    const account = await createAccount(testInfo, { label: "archive-purge" });
    await signIn(page, account, "/dashboard/bots");
    const botId = await createFromTemplate(page, "Moderation Bot");
    await deleteFromMyBots(page, "Moderation Bot");

    await page.goto("/dashboard/archive");
    const item = page.getByRole("listitem", { name: "Moderation Bot" });
    await item.getByRole("button", { name: "Delete Moderation Bot forever" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("heading", { name: "Delete Moderation Bot forever?" })).toBeVisible();
    // Cancel keeps it.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(item).toBeVisible();

    await item.getByRole("button", { name: "Delete Moderation Bot forever" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete forever" }).click();
    await expect(page.getByText("Deleted Moderation Bot for good")).toBeVisible(slow);
    await expect(page.getByRole("heading", { name: "Your archive is empty" })).toBeVisible(slow);
    expect(await query(`SELECT id FROM "Bot" WHERE id = $1`, [botId])).toEqual([]);
  });

  test("search and type filter narrow the list; config has no items yet", async ({ page }, testInfo) => {
    const account = await createAccount(testInfo, { label: "archive-search" });
    await signIn(page, account, "/dashboard/bots");
    await createFromTemplate(page, "Economy Bot");
    await deleteFromMyBots(page, "Economy Bot");

    await page.goto("/dashboard/archive");
    await expect(page.getByRole("listitem", { name: "Economy Bot" })).toBeVisible(slow);
    await page.getByRole("searchbox", { name: "Search archived items" }).fill("nothing like it");
    await expect(page.getByRole("heading", { name: "No archived items match" })).toBeVisible(slow);
    await expect(page).toHaveURL(/q=nothing/);
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page.getByRole("listitem", { name: "Economy Bot" })).toBeVisible(slow);

    await page.getByLabel("Filter by type").selectOption("config");
    await expect(page.getByText("There are no archived configs yet.")).toBeVisible(slow);
    await page.getByLabel("Filter by type").selectOption("bot");
    await expect(page.getByRole("listitem", { name: "Economy Bot" })).toBeVisible(slow);
  });
});
