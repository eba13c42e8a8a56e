import { defineConfig, devices } from "@playwright/test";

import { env } from "./lib/env";
import { e2eBaseUrl } from "./tests/e2e/server-info";

// Browsers cannot be downloaded here: Playwright drives the system Chromium (Debian package).
const executablePath = env.CHROMIUM_PATH;
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

// Specs of server behaviour (storage, e-mail, rate limits, caching, the runner, `npm start`, hostile
// traffic) and of whole data flows already covered at 390 px elsewhere.
const mobileIgnored = [
  "archive.spec.ts",
  "bot-components.spec.ts",
  "bot-database.spec.ts",
  "bot-runtime.spec.ts",
  "forms.spec.ts",
  "health.spec.ts",
  "hosting-analytics.spec.ts",
  "newsletter.spec.ts",
  "platform-under-attack.spec.ts",
  "sessions.spec.ts",
  "start-command.spec.ts",
  "static-cache.spec.ts",
].map((file) => `**/${file}`);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: env.CI,
  reporter: env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: e2eBaseUrl,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath, args: chromiumArgs },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } },
    {
      name: "mobile",
      use: { ...devices["Pixel 7"], channel: undefined, viewport: { width: 390, height: 844 } },
      // Server and data flows whose outcome does not depend on the screen run once, on desktop; every
      // page and screen still runs at 390 px through the other specs (layout, navigation, forms' UI).
      testIgnore: mobileIgnored,
    },
  ],
  // E2E_BASE_URL: test a server that is already running (e.g. `npm run dev`) instead.
  webServer: env.E2E_BASE_URL
    ? undefined
    : {
        command: "npx tsx scripts/e2e-server.ts",
        url: `${e2eBaseUrl}/`,
        timeout: 300_000,
        reuseExistingServer: false,
        stdout: "pipe",
        stderr: "pipe",
        gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
      },
});
