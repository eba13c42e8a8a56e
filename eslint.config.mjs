import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypeScript from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

export default defineConfig([
  ...nextVitals,
  ...nextTypeScript,
  {
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // The bot templates are plain Node.js CommonJS, as the discord.js guide writes bots
    // (each template's package.json says "type": "commonjs").
    files: ["runtime/templates/*/**/*.js"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  globalIgnores([
    ".next/**",
    ".data/**",
    "lib/generated/**",
    "next-env.d.ts",
    "scripts/tmp/**",
    "test-results/**",
    "playwright-report/**",
  ]),
]);
