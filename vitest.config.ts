import { fileURLToPath } from "node:url";

import { defineConfig } from "vitest/config";

const alias = { "@": fileURLToPath(new URL(".", import.meta.url)) };
const exclude = ["node_modules/**", ".next/**", ".data/**", "tests/e2e/**", "scripts/tmp/**"];

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          environment: "node",
          include: ["**/*.test.ts", "**/*.test.tsx"],
          exclude: [...exclude, "**/*.integration.test.ts"],
          // The parser fuzz tests run hundreds of cases; a busy 2-core machine needs the headroom.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          environment: "node",
          include: ["**/*.integration.test.ts"],
          exclude,
          globalSetup: ["tests/setup/integration-global.ts"],
          setupFiles: [
            "tests/setup/integration-env.ts",
            "tests/setup/next-request.ts",
            "tests/setup/fresh-rate-limits.ts",
          ],
          // One database for the run; files share it, so they run one after another.
          fileParallelism: false,
          // next-auth imports "next/server" without an extension, which only a bundler resolves.
          server: { deps: { inline: ["next-auth"] } },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
