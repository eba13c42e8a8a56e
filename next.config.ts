import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Packages that load .wasm or native code at run time stay outside the server bundle.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "@prisma/schema-engine-wasm", "pg"],
};

export default nextConfig;
