import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Next hashes the whole HTML for an ETag on every request (~0.6 ms of the ~2 ms `next start`
  // spends on `/`); prerendered pages are cached by s-maxage at a CDN, not revalidated by ETag.
  generateEtags: false,
  reactStrictMode: true,
  // `next dev` refuses its scripts to other hosts; tests and tools often use 127.0.0.1.
  allowedDevOrigins: ["127.0.0.1"],
  // `next dev` would print every server action call with its arguments: passwords, bot tokens and
  // secret variables included. Secrets never reach the logs.
  logging: { serverFunctions: false },
  // Packages that load .wasm or native code at run time stay outside the server bundle.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "@prisma/schema-engine-wasm",
    // Its native binary parse-checks the code an import generates (lib/bots/import/parse-check.ts).
    "esbuild",
    "pg",
    "pg-boss",
  ],
};

export default nextConfig;
