import { expect, hasDatabase, query, test } from "./support";
import { createAccount, signIn } from "./support-accounts";

test.skip(!hasDatabase(), "accounts are created directly in the server's database");
test.describe.configure({ timeout: 180_000 });
const slow = { timeout: 30_000 };

async function storedValue(botId: string, key: string): Promise<unknown> {
  const [row] = await query<{ value: unknown }>(`SELECT value FROM "BotKvEntry" WHERE "botId" = $1 AND key = $2`, [
    botId,
    key,
  ]);
  return row?.value;
}

test.describe("bot database", () => {
  test("add a key, edit it, search and delete it", async ({ page }, testInfo) => {
    const account = await createAccount(testInfo, { label: "kv" });
    await signIn(page, account, "/dashboard/bots/new");
    const blank = page.getByRole("region", { name: "Blank bot" });
    await blank.getByLabel("Name").fill("Keeper");
    await blank.getByRole("button", { name: "Create Blank Bot" }).click();
    await expect(page).toHaveURL(/\/dashboard\/bots\/(?!new)[^/]+$/, slow);
    const botPath = new URL(page.url()).pathname;
    const botId = botPath.split("/").at(-1)!;

    await page.goto(`${botPath}/database`);
    await expect(page.getByRole("heading", { name: "Built-in database" })).toBeVisible(slow);
    await expect(page.getByRole("heading", { name: "No keys yet" })).toBeVisible();
    await expect(page.getByText("db.increment(key, by = 1)")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to bot" })).toHaveAttribute("href", botPath);

    // Add: invalid JSON is refused on the spot, valid JSON is stored.
    await page.getByRole("button", { name: "Add key" }).click();
    const addDialog = page.getByRole("dialog", { name: "Add key" });
    await addDialog.getByLabel("Key").fill("greeting");
    await addDialog.getByLabel("Value (JSON)").fill("{text: hello}");
    await addDialog.getByRole("button", { name: "Add key" }).click();
    await expect(addDialog.getByText(/^Not valid JSON/)).toBeVisible();
    await addDialog.getByLabel("Value (JSON)").fill('{"text": "hello"}');
    await addDialog.getByRole("button", { name: "Add key" }).click();
    await expect(addDialog).toBeHidden(slow);
    const greetingRow = page.getByRole("row").filter({ hasText: "greeting" });
    await expect(greetingRow).toContainText('{"text": "hello"}', slow);
    await expect(page.getByText("1 of 10,000")).toBeVisible();
    expect(await storedValue(botId, "greeting")).toEqual({ text: "hello" });

    // Edit: the dialog shows the stored value; the new one replaces it.
    await page.getByRole("button", { name: "Edit greeting" }).click();
    const editDialog = page.getByRole("dialog", { name: "Edit greeting" });
    const value = editDialog.getByLabel("Value (JSON)");
    await expect(value).toHaveValue('{\n  "text": "hello"\n}', slow);
    await value.fill('{"text": "hi there", "times": 2}');
    await editDialog.getByRole("button", { name: "Save value" }).click();
    await expect(editDialog).toBeHidden(slow);
    await expect(greetingRow).toContainText("hi there", slow);
    expect(await storedValue(botId, "greeting")).toEqual({ text: "hi there", times: 2 });

    // A second key, then search by prefix as you type.
    await page.getByRole("button", { name: "Add key" }).click();
    await page.getByRole("dialog", { name: "Add key" }).getByLabel("Key").fill("visits");
    await page.getByRole("dialog", { name: "Add key" }).getByLabel("Value (JSON)").fill("42");
    await page.getByRole("dialog", { name: "Add key" }).getByRole("button", { name: "Add key" }).click();
    await expect(page.getByRole("button", { name: "Edit visits" })).toBeVisible(slow);

    await page.getByLabel("Search keys by prefix").fill("gre");
    await expect(page).toHaveURL(/[?&]prefix=gre\b/, slow);
    await expect(page.getByText("1 key starts with “gre”")).toBeVisible(slow);
    await expect(page.getByRole("button", { name: "Edit visits" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Edit greeting" })).toBeVisible();

    // Delete, after confirming. The earlier toasts sit over the row's buttons at the bottom
    // right, and a pointer resting on them keeps them open: move away and let them go first.
    await page.mouse.move(0, 0);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, slow);
    await page.getByRole("button", { name: "Delete greeting" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete greeting?" });
    await confirm.getByRole("button", { name: "Delete key" }).click();
    await expect(confirm).toBeHidden(slow);
    await expect(page.getByText("No keys start with")).toBeVisible(slow);
    expect(await storedValue(botId, "greeting")).toBeUndefined();
    await page.getByRole("link", { name: "Show all keys" }).click();
    await expect(page.getByRole("button", { name: "Edit visits" })).toBeVisible(slow);
  });

  test("another user's bot database answers 404", async ({ page }, testInfo) => {
    const owner = await createAccount(testInfo, { label: "kvowner" });
    const [bot] = await query<{ id: string }>(
      `INSERT INTO "Bot" (id, "userId", name, language, "updatedAt") VALUES ($1, $2, 'Secret store', 'javascript', now()) RETURNING id`,
      [`kvbot${Date.now().toString(36)}${testInfo.workerIndex}${testInfo.project.name}`, owner.id],
    );
    await query(
      `INSERT INTO "BotKvEntry" ("botId", key, value, size, "updatedAt") VALUES ($1, 'secret-key', '"hush"', 6, now())`,
      [bot!.id],
    );
    const intruder = await createAccount(testInfo, { label: "kvintruder" });
    await signIn(page, intruder, "/dashboard/bots");
    const response = await page.goto(`/dashboard/bots/${bot!.id}/database`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("secret-key")).toHaveCount(0);
    await expect(page.getByText("Secret store")).toHaveCount(0);
  });
});
