import { resolve } from "node:path";
import type { NextConfig } from "next";

const config: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // The workspace packages ship TypeScript source.
  transpilePackages: ["@streamkit/api", "@streamkit/api-contract", "@streamkit/db", "@streamkit/fx", "@streamkit/plans", "@streamkit/plugin-rules"],
  // Loaded by Node at run time, not bundled: PGlite finds its WebAssembly next to itself.
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "pino", "trpc-to-openapi", "luaparse"],
  turbopack: { root: resolve(process.cwd(), "../..") },
  outputFileTracingRoot: resolve(process.cwd(), "../.."),
};

export default config;
