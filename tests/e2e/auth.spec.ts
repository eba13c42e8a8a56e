import type { Locator, Page } from "@playwright/test";

import { googleNotConfiguredMessage } from "../../lib/auth/messages";
import { env } from "../../lib/env";
import { expect as baseExpect, emailedLink, query, test } from "./support";
import { createAccount, newAccountDetails, type TestAccount } from "./support-accounts";

// A `next dev` server (E2E_BASE_URL) compiles on first visit and answers actions several times
// slower than the suite's production server.
const expect = baseExpect.configure({ timeout: env.E2E_BASE_URL ? 30_000 : 10_000 });

const checkEmail = "We've sent you a confirmation link to complete your registration.";
const invalidConfirmation =
  "This confirmation link is invalid or was already used. If your address is confirmed, just sign in.";

/** The newest sonner toast with `title` (and `text`); failures use the destructive ("error") variant. */
function toast(page: Page, title: string, text: string | RegExp = "", type: "error" | "success" = "error"): Locator {
  return page
    .locator(`[data-sonner-toast][data-type="${type}"]`)
    .filter({ hasText: title })
    .filter({ hasText: text })
    .first();
}

/** Exactly `path` (no query), without waiting for the page's load event as a predicate would. */
function at(path: string): RegExp {
  return new RegExp(`^https?://[^/]+${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
}

/** Inline panels of the form (the page also has Next's route announcer, an empty alert). */
function alertPanel(page: Page, text: string): Locator {
  return page.getByRole("main").getByRole("alert").filter({ hasText: text });
}

/** A form control on the page (not the footer's newsletter field), by the start of its label. */
function field(page: Page, label: string): Locator {
  return page.getByRole("main").getByLabel(new RegExp(`^${label}`));
}

/** Where the header's account actions are: inline on wide screens, in the toggle menu on narrow ones. */
async function accountNav(page: Page, isMobile: boolean): Promise<Locator> {
  if (!isMobile) return page.getByRole("navigation", { name: "Main" });
  const menu = page.locator("#mobile-menu");
  // A click that lands before hydration does nothing; try again until the menu is open.
  await expect(async () => {
    if (await menu.isHidden()) await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible({ timeout: 1_000 });
  }).toPass();
  return menu;
}

/** Submits the form and waits for its server action to answer. */
async function submit(page: Page, button: Locator): Promise<void> {
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && Boolean(response.request().headers()["next-action"]),
  );
  await button.click();
  await answered;
}

async function fillSignIn(page: Page, email: string, password: string) {
  await field(page, "Email").fill(email);
  await field(page, "Password").fill(password);
}

async function signIn(page: Page, account: Pick<TestAccount, "email" | "password">) {
  await page.goto("/login");
  await fillSignIn(page, account.email, account.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** The dashboard is signed-in only: its account menu (not the /login form) shows the session holds. */
async function expectOnDashboard(page: Page, path = "/dashboard") {
  await expect(page).toHaveURL(at(path));
  await expect(page.getByRole("button", { name: /^Account menu for / })).toBeVisible();
  await expect(page.getByRole("form", { name: "Sign in" })).toHaveCount(0);
}

test.describe("accounts", () => {
  test.slow(Boolean(env.E2E_BASE_URL), "running against a development server");

  test("sign up, confirm through the emailed link in the same browser, arrive signed in on the dashboard, then sign out", async ({
    page,
    isMobile,
  }, testInfo) => {
    const account = newAccountDetails(testInfo, "signup");
    await page.goto("/signup");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account");
    await field(page, "Full name").fill(account.fullName);
    await field(page, "Username").fill(account.username);
    await field(page, "Email").fill(account.email);
    await field(page, "Password").fill(account.password);
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(toast(page, "Check your email", checkEmail, "success")).toBeVisible();
    const notice = page.getByRole("main").getByRole("status").filter({ hasText: "Check your email" });
    await expect(notice).toContainText(account.email);
    await expect(notice).toContainText("spam");
    // The notice takes the form's place: nothing filled in is left under it.
    await expect(page.getByRole("form", { name: "Create your account" })).toHaveCount(0);

    await page.goto(await emailedLink(account.email, "signup-confirmation", "/auth/confirm"));
    await expectOnDashboard(page);

    await page.goto("/");
    let nav = await accountNav(page, isMobile);
    await expect(nav.getByText(`Welcome, ${account.username}`)).toBeVisible();
    await expect(nav.getByRole("link", { name: "Sign In" })).toHaveCount(0);
    // Signing out ends with a full load of "/" (the page is already there, so wait for the load).
    const reloaded = page.waitForEvent("framenavigated", (frame) => frame === page.mainFrame());
    await nav.getByRole("button", { name: "Sign Out" }).click();
    if (isMobile) await expect(page.locator("#mobile-menu")).toHaveCount(0);
    await reloaded;
    await page.waitForLoadState();
    await expect(page).toHaveURL(at("/"));
    nav = await accountNav(page, isMobile);
    await expect(nav.getByRole("link", { name: "Sign In" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Get Started" })).toBeVisible();
    await expect(page.getByText(`Welcome, ${account.username}`)).toHaveCount(0);

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard$/);
  });

  test("a wrong password is refused with the 'Sign in failed' toast", async ({ page }, testInfo) => {
    const account = await createAccount(testInfo);
    await page.goto("/login");
    await fillSignIn(page, account.email, "not-the-password");
    await submit(page, page.getByRole("button", { name: "Sign In", exact: true }));
    await expect(toast(page, "Sign in failed", "Invalid email or password.")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(field(page, "Email")).toHaveValue(account.email);
  });

  test("the lockout counts the address the server saw, not one the client wrote into X-Forwarded-For", async ({
    page,
    clientIp,
  }, testInfo) => {
    test.skip(Boolean(env.E2E_BASE_URL), "needs the suite's own production server (scripts/server.ts)");
    const account = await createAccount(testInfo, { label: "forged" });
    // The suite's server trusts one proxy (the browser plays it, appending clientIp); the entry
    // before it is the client's own writing.
    await page.setExtraHTTPHeaders({ "x-forwarded-for": `203.0.113.77, ${clientIp}` });
    await page.goto("/login");
    await fillSignIn(page, account.email, "not-the-password");
    await submit(page, page.getByRole("button", { name: "Sign In", exact: true }));
    await expect(toast(page, "Sign in failed", "Invalid email or password.")).toBeVisible();
    const failures = await query<{ ip: string }>(`SELECT ip FROM "LoginFailure" WHERE email = $1`, [
      account.email.toLowerCase(),
    ]);
    expect(failures.map((failure) => failure.ip)).toEqual([clientIp]);
  });

  test("a signed-in visitor of /login or /signup lands on /dashboard", async ({ page }, testInfo) => {
    // Six full loads of the dashboard (two pages and four callback URLs).
    test.slow();
    const account = await createAccount(testInfo);
    await signIn(page, account);
    await expectOnDashboard(page);
    await page.goto("/login");
    await expectOnDashboard(page);
    await page.goto("/signup");
    await expectOnDashboard(page);
    // A callback URL that tries to leave the site ends on the dashboard too.
    for (const callbackUrl of ["/.//evil.example", "/%2e//evil.example", "/\\evil.example", "https://evil.example/"]) {
      await page.goto(`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`);
      await expectOnDashboard(page);
    }
  });

  test("a sign-in from a link whose callback URL points elsewhere stays on the site", async ({ page }, testInfo) => {
    const account = await createAccount(testInfo, { label: "redirect" });
    await page.goto(`/login?callbackUrl=${encodeURIComponent("/.//evil.example")}`);
    await fillSignIn(page, account.email, account.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expectOnDashboard(page);
  });

  test("a signed-out visit to /dashboard/bots asks to sign in, then returns there", async ({ page }, testInfo) => {
    const account = await createAccount(testInfo);
    await page.goto("/dashboard/bots");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2Fbots$/);
    await fillSignIn(page, account.email, account.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expectOnDashboard(page, "/dashboard/bots");
  });

  test("an unconfirmed account is told to confirm, and can have the link sent again", async ({ page }, testInfo) => {
    const account = await createAccount(testInfo, { label: "unconfirmed", confirmed: false });
    await page.goto("/login");
    await fillSignIn(page, account.email, account.password);
    await submit(page, page.getByRole("button", { name: "Sign In", exact: true }));
    await expect(toast(page, "Sign in failed", "Please confirm your email address first.")).toBeVisible();
    const panel = alertPanel(page, "Confirm your email address");
    await expect(panel).toContainText(account.email);

    await panel.getByRole("button", { name: "Resend confirmation email" }).click();
    await expect(toast(page, "Confirmation email sent", "", "success")).toBeVisible();
    // This browser did not sign up: the link confirms the address and asks for the password.
    await page.goto(await emailedLink(account.email, "signup-confirmation", "/auth/confirm"));
    await expect(page).toHaveURL(at("/login?confirmed=1"));
    await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Email confirmed" })).toContainText(
      "Sign in with your password",
    );
    await fillSignIn(page, account.email, account.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expectOnDashboard(page);
  });

  test("a confirmation link opened in another browser confirms but does not sign that browser in", async ({
    page,
    browser,
    clientIp,
  }, testInfo) => {
    const account = newAccountDetails(testInfo, "elsewhere");
    await page.goto("/signup");
    await field(page, "Full name").fill(account.fullName);
    await field(page, "Username").fill(account.username);
    await field(page, "Email").fill(account.email);
    await field(page, "Password").fill(account.password);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(toast(page, "Check your email", checkEmail, "success")).toBeVisible();
    const link = await emailedLink(account.email, "signup-confirmation", "/auth/confirm");

    const other = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": clientIp } });
    try {
      const stranger = await other.newPage();
      await stranger.goto(link);
      await expect(stranger).toHaveURL(at("/login?confirmed=1"));
      await stranger.goto("/dashboard");
      await expect(stranger).toHaveURL(/\/login\?callbackUrl=%2Fdashboard$/);
    } finally {
      await other.close();
    }
    // The address is confirmed: the browser that signed up signs in with the password.
    await signIn(page, account);
    await expectOnDashboard(page);
  });

  test("five wrong passwords lock the sign-in, even with the right password next", async ({ page }, testInfo) => {
    const account = await createAccount(testInfo, { label: "locked" });
    await page.goto("/login");
    const signInButton = page.getByRole("button", { name: "Sign In", exact: true });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await fillSignIn(page, account.email, `wrong-${attempt}`);
      await submit(page, signInButton);
    }
    await fillSignIn(page, account.email, account.password);
    await submit(page, signInButton);
    await expect(
      toast(page, "Sign in failed", /Too many failed sign-in attempts\. Try again in 15 minutes/),
    ).toBeVisible();
    const panel = alertPanel(page, "Too many failed sign-in attempts");
    await expect(panel.getByRole("link", { name: "Reset your password" })).toHaveAttribute("href", "/forgot-password");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("Continue with Google explains that Google sign-in is not configured", async ({ page }) => {
    await page.goto("/signup");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(toast(page, "Google sign in failed", googleNotConfiguredMessage)).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeEnabled();

    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(toast(page, "Google sign in failed", googleNotConfiguredMessage)).toBeVisible();
  });

  test("a failed Google round trip (?error=) shows one toast and leaves the address clean", async ({ page }) => {
    await page.goto("/login?error=AccessDenied");
    await expect(toast(page, "Google sign in failed", "Google did not allow the sign-in")).toBeVisible();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Google sign in failed" })).toHaveCount(1);
    await expect(page).toHaveURL(/\/login$/);
  });

  test("sign-up checks the fields in the browser and on the server, keeping what was typed", async ({
    page,
  }, testInfo) => {
    const existing = await createAccount(testInfo, { label: "taken" });
    const account = newAccountDetails(testInfo, "validation");
    await page.goto("/signup");
    const create = page.getByRole("button", { name: "Create Account" });

    await field(page, "Full name").fill(account.fullName);
    await field(page, "Username").fill("Not Valid!");
    await field(page, "Email").fill(account.email);
    await field(page, "Password").fill("abc");
    await create.click();
    await expect(page.getByText("Use only lowercase letters, digits and underscores")).toBeVisible();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await expect(field(page, "Password")).toHaveAttribute("aria-invalid", "true");

    // A common password passes the browser's rules and is refused by the server.
    await field(page, "Username").fill(account.username);
    await field(page, "Password").fill("password1");
    await submit(page, create);
    await expect(
      toast(page, "Sign up failed", "This password is on a list of common or breached passwords"),
    ).toBeVisible();
    await expect(page.locator("#signup-password-error")).toHaveText(
      "This password is on a list of common or breached passwords. Choose one that is harder to guess.",
    );
    await expect(field(page, "Email")).toHaveValue(account.email);
    await expect(field(page, "Username")).toHaveValue(account.username);

    // An address or username that already has an account.
    await field(page, "Email").fill(existing.email);
    await field(page, "Username").fill(existing.username);
    await field(page, "Password").fill(account.password);
    await submit(page, create);
    await expect(page.locator("#signup-email-error")).toHaveText(
      "An account with this email already exists. Sign in instead.",
    );
    await expect(page.locator("#signup-username-error")).toHaveText("This username is taken. Try another one.");
    await expect(field(page, "Full name")).toHaveValue(account.fullName);
    const created = await query(`SELECT 1 FROM "User" WHERE email = $1`, [account.email]);
    expect(created).toHaveLength(0);
  });

  test("a password reset by the emailed link signs in with the new password", async ({ page }, testInfo) => {
    // Five password hashes and as many page loads: on a busy CI machine that is more than 30 s.
    test.slow();
    const account = await createAccount(testInfo, { label: "reset" });
    const newPassword = `${account.password}-new`;
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await field(page, "Email").fill(account.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText(
      "If an account uses this address, we've sent a link to reset your password. It is valid for 1 hour.",
    );

    const link = await emailedLink(account.email, "password-reset", "/reset-password");
    await page.goto(link);
    await field(page, "New password").fill(newPassword);
    await field(page, "Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expectOnDashboard(page);

    // The link is single-use.
    await page.goto(link);
    await field(page, "New password").fill(newPassword);
    await field(page, "Confirm new password").fill(newPassword);
    await submit(page, page.getByRole("button", { name: "Set new password" }));
    await expect(alertPanel(page, "This reset link is invalid or was already used")).toBeVisible();
    await expect(page.getByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/forgot-password");

    await page.context().clearCookies();
    await page.goto("/login");
    await fillSignIn(page, account.email, account.password);
    await submit(page, page.getByRole("button", { name: "Sign In", exact: true }));
    await expect(toast(page, "Sign in failed", "Invalid email or password.")).toBeVisible();
    await signIn(page, { email: account.email, password: newPassword });
    await expectOnDashboard(page);
  });

  test("a confirmation link works once; used again it shows the invalid message", async ({ page }, testInfo) => {
    const account = await createAccount(testInfo, { label: "confirm", confirmed: false });
    await page.goto("/auth/confirm");
    await expect(alertPanel(page, invalidConfirmation)).toBeVisible();
    await field(page, "Email").fill(account.email);
    await page.getByRole("button", { name: "Send a new confirmation link" }).click();
    await expect(toast(page, "Confirmation email sent", "", "success")).toBeVisible();

    const link = await emailedLink(account.email, "signup-confirmation", "/auth/confirm");
    await page.goto(link);
    await expect(page).toHaveURL(at("/login?confirmed=1"));
    await page.goto(link);
    await expect(alertPanel(page, invalidConfirmation)).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Sign In" })).toHaveAttribute("href", "/login");
  });

  test("the landing prompt is kept on /signup for the bot builder", async ({ page }) => {
    const prompt = "A bot that greets new members and hands out the Newbie role";
    await page.goto(`/signup?${new URLSearchParams({ prompt })}`);
    await expect(page.getByText("Your bot idea is saved:")).toContainText(`“${prompt}”`);
    await expect.poll(() => page.evaluate(() => window.sessionStorage.getItem("cipher:pending-prompt"))).toBe(prompt);
  });
});
