// Runs one of the API's command-line programs (npm run admin, npm run fx:refresh) from one
// bundled file, rebuilt with esbuild whenever a workspace source is newer than it. Started with
// tsx instead, every command resolved and compiled about 900 files first: 2.5 s before its work
// began, against 1 s from the bundle.
//   node packages/api/scripts/run-cli.mjs <admin|fx-refresh> [args…]
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const programs = { admin: "src/app/admin-main.ts", "fx-refresh": "src/app/fx-refresh-main.ts" };
// Left to Node at run time: files beside their modules (PGlite's WebAssembly, pino's worker, sharp's binary).
const external = ["@electric-sql/*", "pino", "thread-stream", "sharp"];

const apiRoot = resolve(import.meta.dirname, "..");
const repoRoot = resolve(apiRoot, "../..");
const [name, ...args] = process.argv.slice(2);
if (!Object.hasOwn(programs, name ?? "")) {
  process.stderr.write(`Usage: node packages/api/scripts/run-cli.mjs <${Object.keys(programs).join("|")}> [args…]\n`);
  process.exit(2);
}
const bundle = join(apiRoot, "dist", "cli", `${name}.mjs`);

/** The newest modification time among the workspace's sources and manifests (what the bundle is made of). */
function newestSource() {
  let newest = statSync(join(repoRoot, "package-lock.json")).mtimeMs;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const pkg of readdirSync(join(repoRoot, "packages"))) {
    const root = join(repoRoot, "packages", pkg);
    try {
      newest = Math.max(newest, statSync(join(root, "package.json")).mtimeMs);
      walk(join(root, "src"));
    } catch (error) {
      if (error.code !== "ENOENT") throw error;
    }
  }
  return newest;
}

function builtAt() {
  try {
    return statSync(bundle).mtimeMs;
  } catch {
    return -1;
  }
}

if (builtAt() < newestSource()) {
  const { build } = await import("esbuild");
  // Built in a folder of its own and renamed into place, map first: commands started at once never run half a file.
  const scratch = join(dirname(bundle), `.build-${process.pid}`);
  mkdirSync(scratch, { recursive: true });
  await build({
    entryPoints: [join(apiRoot, programs[name])],
    outfile: join(scratch, `${name}.mjs`),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    sourcemap: true,
    logLevel: "warning",
    external,
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  renameSync(join(scratch, `${name}.mjs.map`), `${bundle}.map`);
  renameSync(join(scratch, `${name}.mjs`), bundle);
  rmSync(scratch, { recursive: true, force: true });
}

process.argv = [process.argv[0], bundle, ...args];
await import(pathToFileURL(bundle).href);
