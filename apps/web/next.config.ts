import { resolve } from "node:path";
import type { NextConfig } from "next";
import { cachedPageRewrites } from "./lib/cached-pages";

const config: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // The workspace packages ship TypeScript source.
  transpilePackages: [
    "@streamkit/api",
    "@streamkit/api-contract",
    "@streamkit/billing",
    "@streamkit/db",
    "@streamkit/fx",
    "@streamkit/plans",
    "@streamkit/plugin-rules",
  ],
  // Loaded by Node at run time, not bundled: PGlite finds its WebAssembly next to itself.
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "pino", "trpc-to-openapi", "luaparse"],
  turbopack: { root: resolve(process.cwd(), "../..") },
  outputFileTracingRoot: resolve(process.cwd(), "../.."),
  // The guides (/docs/guides, and their titles on /docs) read the repository's docs/ when first rendered (lib/server/guides.ts).
  outputFileTracingIncludes: { "/docs/**": ["../../docs/*.md"], "/cached/*/*/docs/**": ["../../docs/*.md"] },
  // Signed-out visitors of the cached pages go to their region's copy (lib/cached-pages.ts); before the file routes, which the same paths also are.
  // The fonts (scripts/copy-fonts.mjs): every path names its package's version or the catalogue's hash, so a change is a new address.
  headers: async () => [
    { source: "/fonts/:family/:version/:file", headers: [{ key: "cache-control", value: "public, max-age=31536000, immutable" }] },
    { source: "/fonts/:sheet(fonts-[a-z0-9]+\\.css)", headers: [{ key: "cache-control", value: "public, max-age=31536000, immutable" }] },
  ],
  rewrites: async () => ({ beforeFiles: cachedPageRewrites(), afterFiles: [], fallback: [] }),
  // The copies live in memory only: a new data version names new copies, and the old ones leave as this fills, never piling up on disk.
  // Next counts a copy's HTML in characters, which take up to two bytes each in the heap: 24 Mi characters is at most
  // 48 MiB, within the process's memory budget (docs/operations.md#memory).
  cacheMaxMemorySize: 24 * 1024 * 1024,
  experimental: { isrFlushToDisk: false },
  // Shared caches in front may serve a copy up to an hour past its minute while they fetch the next (Cache-Control: s-maxage=60, stale-while-revalidate=3540).
  expireTime: 3600,
};

export default config;
