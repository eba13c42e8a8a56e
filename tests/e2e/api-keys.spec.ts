/**
 * Tools → API Keys (issue 21): create a key, its secret shown once; the key lists the user's bots
 * through /api/v1 from outside the browser; revoked, its next call answers 401.
 */
import { expect, hasDatabase, test } from "./support";
import { createAccount, signIn } from "./support-accounts";
import { createFromTemplate } from "./support-bots";

test.skip(!hasDatabase(), "accounts are created directly in the server's database");
test.describe.configure({ timeout: 120_000 });

test("create a key, see it once, list bots with it, revoke it: the next call is refused", async ({
  page,
  isMobile,
  playwright,
}, testInfo) => {
  const account = await createAccount(testInfo, { label: "api-keys" });
  await signIn(page, account, "/dashboard/bots/new");
  const botId = await createFromTemplate(page, "Economy Bot");

  await page.goto("/dashboard/tools");
  await page.getByRole("button", { name: "Launch API Keys" }).click();
  await expect(page).toHaveURL(/\/dashboard\/tools\/api-keys$/);
  await expect(page.getByText("No keys yet.")).toBeVisible();

  await page.getByRole("textbox", { name: "Name" }).fill("GitHub Actions");
  await page.getByRole("checkbox", { name: /Control/ }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByLabel("Your new API key");
  await expect(shown).toHaveText(/^cph_[0-9A-Za-z]{40}$/);
  const secret = (await shown.textContent())!;
  await page.screenshot({ path: testInfo.outputPath(`api-key-created-${isMobile ? 390 : 1440}.png`), fullPage: true });
  await page.getByRole("button", { name: "Done, I saved it" }).click();
  const list = page.getByRole("list", { name: "Your API keys" });
  await expect(list.getByRole("heading", { name: "GitHub Actions" })).toBeVisible();
  await expect(list.getByText(`${secret.slice(0, 12)}…`)).toBeVisible();
  // Shown once: the page never has it again.
  await page.reload();
  await expect(page.getByText(secret)).toHaveCount(0);

  // From a script: no cookies, only the key.
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const listed = await api.get("/api/v1/bots", { headers: { authorization: `Bearer ${secret}` } });
    expect(listed.status()).toBe(200);
    const body = (await listed.json()) as { data: { id: string; name: string }[] };
    expect(body.data.map((bot) => bot.id)).toEqual([botId]);
    expect(listed.headers()["ratelimit-remaining"]).toBeDefined();

    await page.reload();
    await expect(list.getByText(/Last used .* from /)).toBeVisible();
    await list.getByRole("button", { name: "Revoke GitHub Actions" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revoke key" }).click();
    // Its badge and its date say so; nothing is left to revoke.
    await expect(list.getByText("Revoked", { exact: true })).toHaveCount(2);
    await expect(list.getByRole("button", { name: "Revoke GitHub Actions" })).toHaveCount(0);
    await page.screenshot({
      path: testInfo.outputPath(`api-key-revoked-${isMobile ? 390 : 1440}.png`),
      fullPage: true,
    });

    const refused = await api.get("/api/v1/bots", { headers: { authorization: `Bearer ${secret}` } });
    expect(refused.status()).toBe(401);
    expect(refused.headers()["content-type"]).toBe("application/problem+json");
    expect(((await refused.json()) as { code: string }).code).toBe("key_revoked");
  } finally {
    await api.dispose();
  }
});
