import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // `next dev` refuses its scripts to other hosts; tests and tools often use 127.0.0.1.
  allowedDevOrigins: ["127.0.0.1"],
  // Packages that load .wasm or native code at run time stay outside the server bundle.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "@prisma/schema-engine-wasm", "pg"],
};

export default nextConfig;
