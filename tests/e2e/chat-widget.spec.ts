import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

// The assistant answers after a random 1 to 3 s; wait a little longer than that.
const REPLY_TIMEOUT = 8_000;
const FAILURE_TEXT = "Sorry, I'm having trouble responding right now. Please try again.";

const panel = (page: Page) => page.getByRole("dialog", { name: "Cipher Support" });
const messages = (page: Page) => panel(page).getByRole("list", { name: "Messages" }).getByRole("listitem");

async function openChat(page: Page) {
  await page.getByRole("button", { name: "Open support chat" }).click();
  await expect(panel(page)).toBeVisible();
}

test.describe("support chat widget", () => {
  // Each test waits for one or more replies that take up to 3 s.
  test.describe.configure({ timeout: 60_000 });

  test("a quick question switches to Chat, shows the typing indicator, then the reply", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await openChat(page);
    await expect(panel(page).getByRole("tab", { name: "Home" })).toHaveAttribute("aria-selected", "true");
    const cards = panel(page).getByRole("list", { name: "Quick questions" }).getByRole("button");
    await expect(cards).toHaveCount(6);

    // Hold the page's clock so the pending state can be checked however slow the machine is.
    await page.clock.pauseAt(Date.now() + 1_000);
    await cards.filter({ hasText: "Pricing plans" }).click();
    await expect(panel(page).getByRole("tab", { name: "Chat" })).toHaveAttribute("aria-selected", "true");
    await expect(messages(page)).toHaveCount(1);
    await expect(messages(page).first()).toContainText("Cipher support assistant");

    await page.clock.runFor(150); // the question is sent about 100 ms after the card is chosen
    await expect(messages(page).filter({ hasText: "What are your pricing plans?" })).toBeVisible();
    await expect(panel(page).getByText("Cipher Support is typing…").first()).toBeAttached();
    await expect(panel(page).getByRole("textbox", { name: "Message" })).toBeDisabled();

    await page.clock.runFor(900); // no reply before 1 s
    await expect(messages(page)).toHaveCount(3); // greeting, question, typing indicator
    await page.clock.runFor(2_100); // and one by 3 s
    const reply = messages(page).filter({ hasText: "Plans start at $5/month" });
    await expect(reply).toBeVisible();
    await page.clock.resume();
    await expect(reply).toContainText("Core: $25/month, our Most Popular plan");
    await expect(reply.getByRole("link", { name: "/pricing" })).toHaveAttribute("href", "/pricing");
    await expect(panel(page).getByRole("list", { name: "Messages" }).getByText("is typing")).toHaveCount(0);
    await expect(panel(page).getByRole("textbox", { name: "Message" })).toBeEnabled();
    await expect(page.getByText(FAILURE_TEXT)).toHaveCount(0);
  });

  test("empty and whitespace-only messages are not sent", async ({ page }) => {
    await page.goto("/");
    await openChat(page);
    await panel(page).getByRole("tab", { name: "Chat" }).click();

    const input = panel(page).getByRole("textbox", { name: "Message" });
    const send = panel(page).getByRole("button", { name: "Send message" });
    await expect(send).toBeDisabled();
    await input.press("Enter");
    await input.fill("   ");
    await expect(send).toBeDisabled();
    await input.press("Enter");
    await expect(messages(page)).toHaveCount(1);
    await expect(input).toBeEnabled();
  });

  test("a typed question is sent with Enter and answered", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await openChat(page);
    await panel(page).getByRole("tab", { name: "Chat" }).click();
    const input = panel(page).getByRole("textbox", { name: "Message" });
    const send = panel(page).getByRole("button", { name: "Send message" });

    await page.clock.pauseAt(Date.now() + 1_000);
    await input.fill("Where can I find the DOCUMENTATION?");
    await expect(send).toBeEnabled();
    await input.press("Enter");
    await expect(messages(page).filter({ hasText: "Where can I find the DOCUMENTATION?" })).toBeVisible();
    await expect(input).toBeDisabled();
    await expect(input).toHaveValue("");
    await expect(send).toBeDisabled();
    await expect(panel(page).getByText("Cipher Support is typing…").first()).toBeAttached();

    await page.clock.runFor(3_000);
    await page.clock.resume();
    const reply = messages(page).filter({ hasText: "Everything is in the documentation" });
    await expect(reply).toBeVisible();
    await expect(reply.getByRole("link", { name: "/docs" })).toHaveAttribute("href", "/docs");
    await expect(input).toBeEnabled();
    await expect(input).toBeFocused();

    await input.fill("tell me a joke");
    await send.click();
    await expect(messages(page).filter({ hasText: "I can help with what Cipher is" })).toBeVisible({
      timeout: REPLY_TIMEOUT,
    });
    await expect(messages(page)).toHaveCount(5);
  });

  test("the panel can be minimised, restored and closed", async ({ page }) => {
    await page.goto("/");
    await openChat(page);

    await panel(page).getByRole("button", { name: "Minimise support chat" }).click();
    await expect(panel(page)).toBeHidden();
    const restore = page.getByRole("button", { name: "Restore support chat" });
    await expect(restore).toBeFocused();
    await restore.click();
    await expect(panel(page)).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(panel(page)).toBeHidden();
    await expect(restore).toBeVisible();
    await restore.click();

    await panel(page).getByRole("button", { name: "Close support chat" }).click();
    await expect(panel(page)).toBeHidden();
    await expect(restore).toBeHidden();
    await expect(page.getByRole("button", { name: "Open support chat" })).toBeFocused();
  });

  test("reopening starts on Home and keeps the conversation", async ({ page }) => {
    await page.goto("/");
    await openChat(page);
    await panel(page)
      .getByRole("button", { name: /Features/ })
      .click();
    await expect(messages(page).filter({ hasText: "Visual Bot Builder: available" })).toBeVisible({
      timeout: REPLY_TIMEOUT,
    });

    await panel(page).getByRole("button", { name: "Close support chat" }).click();
    await openChat(page);
    await expect(panel(page).getByRole("tab", { name: "Home" })).toHaveAttribute("aria-selected", "true");
    await expect(panel(page).getByRole("heading", { name: "Hi there! How can we help?" })).toBeVisible();

    // Tabs follow the arrow keys.
    await panel(page).getByRole("tab", { name: "Home" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(panel(page).getByRole("tab", { name: "Chat" })).toHaveAttribute("aria-selected", "true");
    await expect(messages(page).filter({ hasText: "Visual Bot Builder: available" })).toBeVisible();
  });

  test("openSupportChat() opens the chat and asks its question", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Open support chat" })).toBeVisible();

    await page.evaluate(() => window.dispatchEvent(new CustomEvent("cipher:open-support-chat", { detail: {} })));
    await expect(panel(page)).toBeVisible();
    await expect(panel(page).getByRole("tab", { name: "Home" })).toHaveAttribute("aria-selected", "true");
    await panel(page).getByRole("button", { name: "Minimise support chat" }).click();

    await page.evaluate(() =>
      window.dispatchEvent(
        new CustomEvent("cipher:open-support-chat", { detail: { question: "How do I get started?" } }),
      ),
    );
    await expect(panel(page)).toBeVisible();
    await expect(panel(page).getByRole("tab", { name: "Chat" })).toHaveAttribute("aria-selected", "true");
    await expect(messages(page).filter({ hasText: "How do I get started?" })).toBeVisible();
    const reply = messages(page).filter({ hasText: "Getting started takes a few minutes" });
    await expect(reply).toBeVisible({ timeout: REPLY_TIMEOUT });
    await expect(reply.getByRole("link", { name: "/getting-started" })).toHaveAttribute("href", "/getting-started");
  });

  test("the panel fits the screen and the button stays clear of the page", async ({ page }) => {
    await page.goto("/");
    await openChat(page);
    const viewport = page.viewportSize();
    const box = await panel(page).boundingBox();
    expect(viewport && box).toBeTruthy();
    if (!viewport || !box) return;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.height).toBeLessThanOrEqual(viewport.height * 0.7 + 1);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("the open panel has no serious axe violation on Home or Chat", async ({ page }) => {
    const seriousViolations = async () => {
      // Let the panel's entrance animation finish: half-faded text is not what users read.
      await panel(page).evaluate((element) =>
        Promise.all(
          element
            .getAnimations({ subtree: true })
            .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
            .map((animation) => animation.finished),
        ),
      );
      const results = await new AxeBuilder({ page })
        .include('[role="dialog"]')
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      return results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
    };
    await page.goto("/");
    await openChat(page);
    expect(await seriousViolations()).toEqual([]);

    await panel(page)
      .getByRole("button", { name: /Technical support/ })
      .click();
    await expect(messages(page).filter({ hasText: "24/7 by chat and email" })).toBeVisible({ timeout: REPLY_TIMEOUT });
    expect(await seriousViolations()).toEqual([]);
  });
});
