// Bundles server.ts into dist/server.mjs: the workspace packages (TypeScript
// source) are compiled in, every other package stays an import from node_modules.
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  outfile: "dist/server.mjs",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  sourcemap: true,
  logLevel: "warning",
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  plugins: [
    {
      name: "externalise-node-modules",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@streamkit/") ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
