import { expect, hasDatabase, query, test } from "./support";
import { createAccount, signIn } from "./support-accounts";

test.skip(!hasDatabase(), "accounts are created directly in the server's database");
test.describe.configure({ timeout: 120_000 });
const slow = { timeout: 30_000 };

async function insertBot(userId: string, name: string, columns: { status?: string; updatedAt?: string } = {}) {
  const id = `bot${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  await query(
    `INSERT INTO "Bot" (id, "userId", name, language, status, "desiredState", "updatedAt")
     VALUES ($1, $2, $3, 'javascript', $4, 'stopped', ${columns.updatedAt ?? "now()"})`,
    [id, userId, name, columns.status ?? "stopped"],
  );
  return id;
}

/** A real bot the suite's runner starts (it connects to the simulator); resolves once it is online. */
async function insertRunningBot(userId: string, name: string) {
  const id = `bot${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  await query(
    `INSERT INTO "Bot" (id, "userId", name, language, "updatedAt") VALUES ($1, $2, $3, 'javascript', now())`,
    [id, userId, name],
  );
  await query(
    `INSERT INTO "BotFile" (id, "botId", path, content, "updatedAt") VALUES ($1, $2, 'index.js', $3, now())`,
    [
      `file${id}`,
      id,
      `const { Client, GatewayIntentBits } = require("discord.js");
new Client({ intents: [GatewayIntentBits.Guilds] }).login(process.env.DISCORD_TOKEN);`,
    ],
  );
  // Asked to run only once its code is there: the runner reacts to the row at once.
  await query(`UPDATE "Bot" SET "desiredState" = 'running' WHERE id = $1`, [id]);
  await expect
    .poll(async () => (await query<{ status: string }>(`SELECT status FROM "Bot" WHERE id = $1`, [id]))[0]?.status, {
      timeout: 45_000,
    })
    .toBe("running");
  return id;
}

test.describe("dashboard shell", () => {
  test("Ctrl/⌘+B collapses the sidebar and the choice survives a reload", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === "mobile", "below 768 px the sidebar is a drawer");
    const account = await createAccount(testInfo, { label: "shell" });
    await signIn(page, account, "/dashboard");
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await expect(sidebar.getByText("Bot Command Center")).toBeVisible();

    await page.locator("main").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("ControlOrMeta+b");
    await expect(sidebar.getByText("Bot Command Center")).toHaveCount(0);
    await page.reload();
    await expect(sidebar.getByText("Bot Command Center")).toHaveCount(0);
    await expect(sidebar.getByRole("link", { name: "My Bots" })).toBeVisible();

    await page.keyboard.press("ControlOrMeta+b");
    await expect(sidebar.getByText("Bot Command Center")).toBeVisible();
    await page.reload();
    await expect(sidebar.getByText("Bot Command Center")).toBeVisible();
  });

  test("real counts in the navigation, and the Filters group filters My Bots", async ({ page }, testInfo) => {
    const account = await createAccount(testInfo, { label: "filters" });
    await insertRunningBot(account.id, "Running Rita");
    await insertBot(account.id, "Fresh Fred");
    await insertBot(account.id, "Old Olga", { updatedAt: "now() - interval '30 days'" });
    const usageBot = await insertBot(account.id, "Busy Bea", { updatedAt: "now() - interval '20 days'" });
    await query(`INSERT INTO "BotKvEntry" ("botId", key, value, size, "updatedAt") VALUES ($1, 'k', '"x"', 3, now())`, [
      usageBot,
    ]);
    // Another user's bots never count.
    const other = await createAccount(testInfo, { label: "other" });
    await insertRunningBot(other.id, "Someone else's");

    await signIn(page, account, "/dashboard/bots");
    if (testInfo.project.name === "mobile") await page.getByRole("button", { name: "Open navigation" }).click();
    const nav = page.getByRole("navigation", { name: "Navigation" });
    await expect(nav.getByRole("link", { name: /My Bots/ })).toContainText("4");
    await expect(nav.getByRole("link", { name: /Hosting Status/ })).toContainText("1 online");

    await page.getByRole("link", { name: "Active Bots" }).click();
    await expect(page).toHaveURL(/filter=active/, slow);
    await expect(page.getByText("Running Rita")).toBeVisible();
    await expect(page.getByText("Fresh Fred")).toHaveCount(0);

    await page.goto("/dashboard/bots?filter=recent");
    await expect(page.getByText("Fresh Fred")).toBeVisible();
    await expect(page.getByText("Old Olga")).toHaveCount(0);

    await page.goto("/dashboard/bots?filter=usage");
    await expect(page.getByText("Busy Bea")).toBeVisible();
    await expect(page.getByText("Running Rita")).toHaveCount(0);
    await page.getByRole("link", { name: "Clear filter" }).click();
    await expect(page.getByText("Old Olga")).toBeVisible(slow);
    await expect(page.getByText("Someone else's")).toHaveCount(0);
  });
});

test.describe("dashboard home", () => {
  test("badges come from the user's bots; Chat with Cipher opens the support chat", async ({ page }, testInfo) => {
    const account = await createAccount(testInfo, { label: "home" });
    await insertRunningBot(account.id, "Runner");
    await signIn(page, account, "/dashboard");
    await expect(page.getByText("1 Bot Active")).toBeVisible();
    await expect(page.getByText("All Systems Operational")).toBeVisible();

    await page.getByRole("button", { name: "Chat with Cipher" }).click();
    await expect(page.getByRole("dialog").getByRole("tab", { name: /Home/ })).toBeVisible(slow);

    await insertBot(account.id, "Crashy", { status: "crashed" });
    await page.reload();
    await expect(page.getByRole("link", { name: "1 Bot Needs Attention" })).toBeVisible();
    await expect(page.getByText("All Systems Operational")).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Subscription & Billing/ })).toHaveAttribute(
      "href",
      "/dashboard/billing",
    );
  });
});

test.describe("tools", () => {
  test("category filter, Pro Only tools by plan, Launch opens the tool on a chosen bot", async ({ page }, testInfo) => {
    const account = await createAccount(testInfo, { label: "tools" });
    const first = await insertBot(account.id, "Alpha");
    await insertBot(account.id, "Beta");
    await query(`UPDATE "User" SET plan = 'starter' WHERE id = $1`, [account.id]);
    await signIn(page, account, "/dashboard/tools");
    await expect(page.getByRole("heading", { level: 1, name: "Tools and Utilities" })).toBeVisible();
    // API Keys is Pro Only: on Starter its Upgrade is the spec's disabled button; the Discord Simulator works on every plan.
    await expect(page.getByRole("button", { name: "Upgrade for API Keys" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Launch Discord Simulator" })).toBeEnabled();
    // On a plan with API access (the trial, Core and up) it opens.
    await query(`UPDATE "User" SET plan = 'core' WHERE id = $1`, [account.id]);
    await page.reload();
    await expect(page.getByRole("button", { name: /Upgrade/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Launch API Keys" })).toBeEnabled();

    await page.getByRole("button", { name: "Data", exact: true }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Database Browser" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Code Editor" })).toHaveCount(0);
    await page.getByRole("button", { name: "All", exact: true }).click();

    await page.getByRole("button", { name: "Launch Code Editor" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Alpha" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/bots/${first}/code$`), slow);
  });
});

test.describe("a bot's pages", () => {
  test("the title and the tab bar stay in the same place on every tab; the strip shows the active tab", async ({
    page,
  }, testInfo) => {
    const account = await createAccount(testInfo, { label: "tabs" });
    const botId = await insertBot(account.id, "Steady Header");
    await signIn(page, account, `/dashboard/bots/${botId}`);
    const title = page.getByRole("heading", { level: 1, name: "Steady Header" });
    const tabs = page.getByRole("navigation", { name: "Bot sections" });
    await expect(title).toBeVisible(slow);
    const boxes = async () => ({ title: await title.boundingBox(), tabs: await tabs.boundingBox() });
    const first = await boxes();

    for (const tab of ["Builder", "Code", "Test", "Logs", "Metrics", "History", "Database", "Settings"]) {
      const link = tabs.getByRole("link", { name: tab, exact: true });
      await link.click();
      await expect(link).toHaveAttribute("aria-current", "page", slow);
      // The active tab is in view in the strip (it scrolls sideways at 390 px), and the page does not scroll sideways.
      await expect(link).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      expect(await boxes(), `the header moved on ${tab}`).toEqual(first);
    }
  });
});

test.describe("one dashboard, phone and desktop", () => {
  test("every dashboard screen has its title in the same place, in the same width, with no sideways scroll", async ({
    page,
  }, testInfo) => {
    const account = await createAccount(testInfo, { label: "widths" });
    const botId = await insertBot(account.id, "Width Check");
    const routes = [
      "/dashboard",
      "/dashboard/bots",
      "/dashboard/bots/new",
      `/dashboard/bots/${botId}`,
      "/dashboard/hosting",
      "/dashboard/analytics",
      "/dashboard/integrations",
      "/dashboard/tools",
      "/dashboard/tools/api-keys",
      "/dashboard/tools/simulator",
      "/dashboard/archive",
      "/dashboard/activity",
      "/dashboard/support",
      "/dashboard/billing",
      "/dashboard/settings",
      "/dashboard/preferences",
    ];
    await signIn(page, account, routes[0]!);
    let column: { x: number; width: number } | undefined;
    let titleX: number | undefined;
    for (const route of routes) {
      await page.goto(route);
      const title = page.getByRole("heading", { level: 1 });
      await expect(title).toBeVisible(slow);
      // The column the page sits in (main's child), and the title's left edge.
      const box = await title.evaluate((heading) => {
        let outer: Element = heading;
        while (outer.parentElement && outer.parentElement.tagName !== "MAIN") outer = outer.parentElement;
        const { x, width } = outer.getBoundingClientRect();
        return {
          column: { x: Math.round(x), width: Math.round(width) },
          titleX: Math.round(heading.getBoundingClientRect().x),
        };
      });
      column ??= box.column;
      expect(box.column, `the content width differs on ${route}`).toEqual(column);
      // The home's greeting sits in its welcome panel; every other title starts at the column's edge.
      if (route !== "/dashboard") {
        titleX ??= box.titleX;
        expect(box.titleX, `the title moved on ${route}`).toBe(titleX);
      }
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        `${route} scrolls sideways`,
      ).toBeLessThanOrEqual(0);
    }
  });

  test("tables become cards on a phone, the chat button keeps clear of the content, toasts follow the theme", async ({
    page,
  }, testInfo) => {
    const account = await createAccount(testInfo, { label: "layout" });
    await query(`INSERT INTO "UserPreferences" ("userId", theme, "updatedAt") VALUES ($1, 'light', now())`, [
      account.id,
    ]);
    await signIn(page, account, "/dashboard/activity");
    const table = page.getByRole("region", { name: "Activity" }).locator("table");
    await expect(table).toBeVisible(slow);
    // No sideways scrolling: on a phone each event is a card, its cells labelled by their column.
    expect(
      await table.evaluate((element) => element.scrollWidth - element.parentElement!.clientWidth),
    ).toBeLessThanOrEqual(0);
    if (testInfo.project.name === "mobile") {
      expect(await table.locator("thead").evaluate((head) => head.getBoundingClientRect().height)).toBeLessThanOrEqual(
        1,
      );
      expect(
        await table
          .locator("td[data-label]")
          .first()
          .evaluate((cell) => getComputedStyle(cell, "::before").content),
      ).toBe('"Time (UTC)"');
    } else {
      // From 640 px a gutter keeps the floating chat button off the content.
      const fab = await page.getByRole("button", { name: "Open support chat" }).boundingBox();
      const content = await page.locator("main > div").first().boundingBox();
      expect(fab!.x).toBeGreaterThanOrEqual(content!.x + content!.width);
    }

    // A light dashboard gets light toasts.
    await expect(page.locator("html")).toHaveClass(/\blight\b/, slow);
    await page.goto("/dashboard/settings");
    const profile = page.getByRole("form", { name: "Profile" });
    await profile.getByLabel("Full name").fill("Light Theme");
    await profile.getByRole("button", { name: "Save Profile" }).click();
    await expect(page.getByText("Profile saved")).toBeVisible(slow);
    await expect(page.locator("[data-sonner-toaster]")).toHaveAttribute("data-sonner-theme", "light");
  });
});
