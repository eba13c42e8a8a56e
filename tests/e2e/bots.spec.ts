import { expect, hasDatabase, hydrated, query, test } from "./support";
import { createAccount, signIn } from "./support-accounts";

test.skip(!hasDatabase(), "accounts are created directly in the server's database");
test.describe.configure({ timeout: 90_000 });
const slow = { timeout: 30_000 };

const token = "MTA5ODc2NTQzMjEwOTg3NjU0Mw.GhIjKl.e2eTokenSecretPartThatMustNeverLeak42";

test.describe("my bots", () => {
  test("a new account sees the empty state; a template makes a bot with the template's files", async ({
    page,
  }, testInfo) => {
    const account = await createAccount(testInfo, { label: "bots" });
    await signIn(page, account, "/dashboard/bots");
    await expect(page.getByText("No bots yet")).toBeVisible();

    await page.getByRole("link", { name: "Create New Bot" }).last().click();
    await expect(page).toHaveURL((url) => url.pathname === "/dashboard/bots/new", slow);
    await (await hydrated(page.getByRole("button", { name: "Use Moderation Bot" }))).click();
    // Made and started: its Test tab opens; Overview lists the template's files.
    await expect(page).toHaveURL(/\/dashboard\/bots\/[^/]+\/test$/, slow);
    await expect(page.getByRole("heading", { level: 1, name: "Moderation Bot" })).toBeVisible();
    await page.goto(new URL(page.url()).pathname.replace(/\/test$/, ""));
    await expect(page.getByText("commands/warn.js")).toBeVisible();
    await expect(page.getByText("lib/strike-ladder.js")).toBeVisible();

    await page.goto("/dashboard/bots");
    await expect(page.getByRole("link", { name: /Moderation Bot/ })).toBeVisible();
  });

  test("a pasted token is stored and only its last 4 characters ever reach the browser", async ({ page }, testInfo) => {
    const account = await createAccount(testInfo, { label: "token" });
    await signIn(page, account, "/dashboard/bots/new");
    const blank = page.getByRole("region", { name: "Blank bot" });
    await blank.getByLabel("Name").fill("Token keeper");
    await blank.getByRole("button", { name: "Create Blank Bot" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Token keeper" })).toBeVisible(slow);
    await expect(page.getByText("index.js")).toBeVisible();

    const bodies: string[] = [];
    page.on("response", async (response) => {
      bodies.push(await response.text().catch(() => ""));
    });
    await page.getByLabel("Token", { exact: true }).fill("not a token");
    await page.getByRole("button", { name: "Save Token" }).click();
    await expect(page.getByText("That doesn't look like a Discord bot token")).toBeVisible();

    await page.getByLabel("Token", { exact: true }).fill(token);
    await page.getByRole("button", { name: "Save Token" }).click();
    await expect(page.getByText("••••ak42").first()).toBeVisible(slow);
    await page.reload();
    await expect(page.getByText("••••ak42").first()).toBeVisible();

    expect(await page.content()).not.toContain(token);
    expect(bodies.some((body) => body.includes(token))).toBe(false);
    const [row] = await query<{ tokenSealed: string }>(`SELECT "tokenSealed" FROM "Bot" WHERE "userId" = $1`, [
      account.id,
    ]);
    expect(row?.tokenSealed).toMatch(/^v2\./);
    expect(row?.tokenSealed).not.toContain(token);
  });

  test("another user's bot answers 404", async ({ page }, testInfo) => {
    const owner = await createAccount(testInfo, { label: "owner" });
    const [bot] = await query<{ id: string }>(
      `INSERT INTO "Bot" (id, "userId", name, language, "updatedAt") VALUES ($1, $2, 'Secret bot', 'javascript', now()) RETURNING id`,
      [`bot${Date.now().toString(36)}${testInfo.workerIndex}`, owner.id],
    );
    const intruder = await createAccount(testInfo, { label: "intruder" });
    await signIn(page, intruder, "/dashboard/bots");
    const response = await page.goto(`/dashboard/bots/${bot!.id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Secret bot")).toHaveCount(0);
  });
});
