// Bundles src/ into dist/cli.js: one file holding everything the CLI runs —
// the workspace packages (@streamkit/plugin-rules, @streamkit/api-contract, …,
// not published) and its libraries (zod, luaparse, semver) — so the package
// has no dependencies and installs from the site's tarball (or npm) without a
// registry. The bundled libraries' licences go beside it in
// dist/THIRD-PARTY-LICENSES.txt.
// Usage: node scripts/build.mjs [--outfile PATH]
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { build } from "esbuild";

const root = new URL("..", import.meta.url).pathname;
const { values } = parseArgs({ options: { outfile: { type: "string" } } });
const outfile = values.outfile ?? join(root, "dist", "cli.js");

const result = await build({
  absWorkingDir: root,
  entryPoints: ["src/main.ts"],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  // CommonJS libraries (luaparse, semver) inside an ES module: give them a require for Node's own modules.
  banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
  minify: true,
  legalComments: "none",
  logLevel: "warning",
  metafile: true,
});

// Nothing may stay an import but Node's own modules, or the installed CLI would fail to start.
const imported = new Set(
  Object.values(result.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external && !i.path.startsWith("node:")).map((i) => i.path)),
);
if (imported.size > 0) {
  console.error(`build: left outside the bundle: ${[...imported].join(", ")}`);
  process.exit(1);
}

// The licence of every library inlined from node_modules (workspace packages are this project's own).
const packages = new Map();
for (const input of Object.keys(result.metafile.inputs)) {
  const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (!match) continue;
  const folder = join(root, input.slice(0, match.index + match[0].length));
  if (packages.has(match[1]) || !existsSync(join(folder, "package.json"))) continue;
  const { name, version, license } = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
  const file = readdirSync(folder).find((entry) => /^licen[cs]e/i.test(entry));
  packages.set(match[1], `${name} ${version} (${license})\n\n${file ? readFileSync(join(folder, file), "utf8").trim() : `Licensed under ${license}.`}\n`);
}
const notices = [...packages.keys()].sort().map((name) => packages.get(name));
writeFileSync(
  join(dirname(outfile), "THIRD-PARTY-LICENSES.txt"),
  `streamkit-plugin bundles these libraries in dist/cli.js:\n\n${notices.join(`\n${"-".repeat(72)}\n\n`)}`,
);
console.log(`build: ${outfile} (bundled: ${[...packages.keys()].sort().join(", ")})`);
