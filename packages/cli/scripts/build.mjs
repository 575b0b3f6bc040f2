// Bundles src/ into dist/cli.js for npm: the workspace packages
// (@streamkit/plugin-rules, @streamkit/api-contract, …) are inlined because
// they are not published; the real dependencies of package.json stay imports.
// Usage: node scripts/build.mjs [--outfile PATH]
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { build } from "esbuild";

const root = new URL("..", import.meta.url);
const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8"));
const { values } = parseArgs({ options: { outfile: { type: "string" } } });

const external = Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);
const result = await build({
  absWorkingDir: new URL(".", root).pathname,
  entryPoints: ["src/main.ts"],
  outfile: values.outfile ?? "dist/cli.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external,
  legalComments: "none",
  logLevel: "warning",
  metafile: true,
});

// Everything that is not inlined must be a declared dependency, or the installed CLI would fail to start.
const imported = new Set(
  Object.values(result.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external && !i.path.startsWith("node:")).map((i) => i.path)),
);
const undeclared = [...imported].filter((path) => !external.some((e) => path === e || (e.endsWith("/*") && path.startsWith(e.slice(0, -1)))));
if (undeclared.length > 0) {
  console.error(`build: imports not in "dependencies": ${undeclared.join(", ")}`);
  process.exit(1);
}
console.log(`build: ${values.outfile ?? "dist/cli.js"} (external: ${[...imported].sort().join(", ") || "none"})`);
