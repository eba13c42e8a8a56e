import { expect, hasDatabase, query, test } from "./support";
import { createAccount, signIn } from "./support-accounts";
import { appendToEditor, createFromTemplate, fileContent } from "./support-bots";

test.skip(!hasDatabase(), "accounts are created directly in the server's database");
test.describe.configure({ timeout: 180_000 });
const slow = { timeout: 30_000 };

test.describe("bot code editor", () => {
  for (const template of ["Economy Bot", "Moderation Bot", "Music Bot", "Custom Commands"]) {
    test(`${template}: edit → Ctrl+S saves a version → history → diff → restore as a new version`, async ({
      page,
    }, testInfo) => {
      // Every template on desktop; one is enough to prove the flow at 390 px.
      test.skip(testInfo.project.name === "mobile" && template !== "Economy Bot", "one template at 390 px");
      const account = await createAccount(testInfo, { label: "editor" });
      await signIn(page, account, "/dashboard/bots");
      const botId = await createFromTemplate(page, template);

      await page.getByRole("link", { name: "Code", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/bots/${botId}/code$`), slow);
      await expect(page.getByText("All changes saved · version 1")).toBeVisible(slow);
      await appendToEditor(page, "\n// edited in the browser\n");
      await expect(page.getByText(/1 unsaved change/)).toBeVisible();
      await page.getByLabel("Describe this change").fill("Add a comment");
      await page.keyboard.press("ControlOrMeta+s");
      await expect(page.getByText("Saved as version 2")).toBeVisible(slow);
      await expect(page.getByText("All changes saved · version 2")).toBeVisible();
      expect(await fileContent(botId, "index.js")).toContain("// edited in the browser");

      await page.getByRole("link", { name: "History", exact: true }).click();
      await expect(page.getByText("Add a comment")).toBeVisible(slow);
      await expect(page.getByText("Created", { exact: true })).toBeVisible();
      await page.getByRole("link", { name: /Compare version 1/ }).click();
      await expect(
        page.getByRole("heading", { name: /Version 1 compared with the current code \(version 2\)/ }),
      ).toBeVisible(slow);
      await expect(page.getByText("1 file differs")).toBeVisible();
      await expect(page.getByRole("button", { name: /index\.js/ })).toBeVisible();
      await expect(page.locator(".cm-deletedChunk, .cm-deletedLine").first()).toContainText(
        "edited in the browser",
        slow,
      );

      await page.getByRole("button", { name: "Restore version 1" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Restore" }).click();
      await expect(page.getByText("Saved as version 3.")).toBeVisible(slow);
      await expect(page).toHaveURL(new RegExp(`/dashboard/bots/${botId}/code$`), slow);
      expect(await fileContent(botId, "index.js")).not.toContain("// edited in the browser");
      const versions = await query<{ number: number; message: string }>(
        `SELECT number, message FROM "BotVersion" WHERE "botId" = $1 ORDER BY number`,
        [botId],
      );
      expect(versions.map((version) => version.message)).toEqual(["Created", "Add a comment", "Restored version 1"]);
    });
  }

  test("add, rename and delete files; leaving with unsaved changes asks first", async ({ page }, testInfo) => {
    const account = await createAccount(testInfo, { label: "files" });
    await signIn(page, account, "/dashboard/bots");
    const botId = await createFromTemplate(page, "Custom Commands");
    await page.goto(`/dashboard/bots/${botId}/code`);
    await expect(page.locator(".cm-content")).toBeVisible(slow);

    await page.getByRole("button", { name: "New file" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("File path").fill("../escape.js");
    await dialog.getByRole("button", { name: "Add file" }).click();
    // The path rule (lib/bots/file-paths.ts) names what is wrong with it.
    await expect(
      dialog.getByText(/"\.\." is not allowed in file paths \(it would point outside the bot's files\)/),
    ).toBeVisible();
    await dialog.getByLabel("File path").fill("commands/hello.js");
    await dialog.getByRole("button", { name: "Add file" }).click();
    await expect(page.getByText("commands/hello.js", { exact: true }).first()).toBeVisible();
    await appendToEditor(page, "module.exports = { hello: true };");

    // Leaving asks; staying keeps the work.
    let asked = "";
    page.once("dialog", (confirm) => {
      asked = confirm.message();
      void confirm.dismiss();
    });
    await page.getByRole("link", { name: "My Bots", exact: true }).first().click();
    expect(asked).toBe("You have unsaved changes. Leave without saving?");
    await expect(page).toHaveURL(new RegExp(`/dashboard/bots/${botId}/code$`));

    await page.getByRole("button", { name: "Rename" }).click();
    await page.getByRole("dialog").getByLabel("File path").fill("commands/hi.js");
    await page.getByRole("dialog").getByRole("button", { name: "Rename" }).click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Saved as version 2")).toBeVisible(slow);
    expect(await fileContent(botId, "commands/hi.js")).toBe("module.exports = { hello: true };");
    expect(await fileContent(botId, "commands/hello.js")).toBeUndefined();

    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete file" }).click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Saved as version 3")).toBeVisible(slow);
    expect(await fileContent(botId, "commands/hi.js")).toBeUndefined();
  });
});

test.describe("bot settings", () => {
  test("rename, environment variables with a masked secret, verify the token, delete to the archive", async ({
    page,
  }, testInfo) => {
    const account = await createAccount(testInfo, { label: "settings" });
    await signIn(page, account, "/dashboard/bots");
    const botId = await createFromTemplate(page, "Moderation Bot");
    const secret = "sk-live-e2e-secret-value-that-never-leaks";
    const bodies: string[] = [];
    page.on("response", async (response) => {
      bodies.push(await response.text().catch(() => ""));
    });

    await page.goto(`/dashboard/bots/${botId}/settings`);
    // Typed before the form has hydrated, the text can end up beside the old name: type until it holds.
    const nameField = page.getByLabel("Name");
    await expect(async () => {
      await nameField.fill("Guardian");
      await expect(nameField).toHaveValue("Guardian", { timeout: 1_000 });
    }).toPass(slow);
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings saved")).toBeVisible(slow);
    await expect(page.getByRole("heading", { level: 1, name: "Guardian", exact: true })).toBeVisible(slow);

    await page.getByRole("button", { name: "Add Variable" }).click();
    let dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("DISCORD_TOKEN");
    await dialog.getByRole("textbox", { name: "Value" }).fill("x");
    await dialog.getByRole("button", { name: "Add Variable" }).click();
    await expect(dialog.getByText("Cipher sets this one itself (the token goes in the Token card)")).toBeVisible();
    await dialog.getByLabel("Name").fill("OPENAI_KEY");
    await dialog.getByLabel("Secret (encrypted; hidden after saving)").check();
    await dialog.getByRole("textbox", { name: "Value" }).fill(secret);
    await dialog.getByRole("button", { name: "Add Variable" }).click();
    await expect(page.getByText("Added OPENAI_KEY")).toBeVisible(slow);

    await page.getByRole("button", { name: "Add Variable" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("PREFIX");
    await dialog.getByRole("textbox", { name: "Value" }).fill("!");
    await dialog.getByRole("button", { name: "Add Variable" }).click();
    await expect(page.getByText("Added PREFIX")).toBeVisible(slow);

    const list = page.getByRole("list", { name: "Environment variables" });
    await expect(list.getByText("OPENAI_KEY")).toBeVisible();
    await expect(list.getByText("(secret)")).toBeVisible();
    await page.reload();
    expect(await page.content()).not.toContain(secret);
    expect(bodies.some((body) => body.includes(secret))).toBe(false);
    const [stored] = await query<{ value: string; secret: boolean }>(
      `SELECT value, secret FROM "BotEnvVar" WHERE "botId" = $1 AND key = 'OPENAI_KEY'`,
      [botId],
    );
    expect(stored?.secret).toBe(true);
    expect(stored?.value).toMatch(/^v2\./);

    // The token check reaches Discord's API at DISCORD_API_BASE; offline it says so cleanly.
    await page.getByRole("link", { name: "Overview", exact: true }).click();
    await page
      .getByLabel("Token", { exact: true })
      .fill("MTA5ODc2NTQzMjEwOTg3NjU0Mw.GhIjKl.e2eTokenSecretPartThatMustNeverLeak42");
    await page.getByRole("button", { name: "Save Token" }).click();
    await expect(
      page.getByText(/Couldn't reach Discord to check the token|Discord rejected this token/).first(),
    ).toBeVisible(slow);

    await page.goto("/dashboard/bots");
    await page.getByRole("button", { name: "Actions for Guardian" }).click();
    await page.getByRole("menuitem", { name: "Delete Bot" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete Bot" }).click();
    await expect(page.getByText("Deleted Guardian")).toBeVisible(slow);
    await expect(page.getByText("No bots yet")).toBeVisible(slow);
    const [archived] = await query<{ archivedAt: Date | null }>(`SELECT "archivedAt" FROM "Bot" WHERE id = $1`, [
      botId,
    ]);
    expect(archived?.archivedAt).not.toBeNull();
    expect((await page.goto(`/dashboard/bots/${botId}`))?.status()).toBe(404);
  });

  test("another user's bot pages all answer 404", async ({ page }, testInfo) => {
    const owner = await createAccount(testInfo, { label: "owner" });
    await signIn(page, owner, "/dashboard/bots");
    const botId = await createFromTemplate(page, "Music Bot");
    await page.context().clearCookies();

    const intruder = await createAccount(testInfo, { label: "intruder" });
    await signIn(page, intruder, "/dashboard/bots");
    for (const path of ["", "/code", "/history", "/history/1", "/settings"]) {
      const response = await page.goto(`/dashboard/bots/${botId}${path}`);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText("Music Bot")).toHaveCount(0);
    }
  });
});
