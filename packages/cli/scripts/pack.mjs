// Packs the built CLI (bin/, dist/, README.md) exactly as `npm publish` would,
// into pack/streamkit-plugin-cli.tgz: the tarball the site serves at
// /cli/streamkit-plugin-cli.tgz, so authors install it from the site with
// `npx <site>/cli/streamkit-plugin-cli.tgz …` or `npm install -g <same address>`.
// npm writes tarballs with fixed timestamps, so the same build packs the same bytes.
// Usage: node scripts/pack.mjs (after scripts/build.mjs)
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const TARBALL = "streamkit-plugin-cli.tgz";

const root = new URL("..", import.meta.url).pathname;
if (!existsSync(join(root, "dist", "cli.js"))) {
  console.error("pack: dist/cli.js is missing: run scripts/build.mjs first");
  process.exit(1);
}
const scratch = mkdtempSync(join(tmpdir(), "streamkit-cli-pack-"));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const [packed] = JSON.parse(execFileSync(npm, ["pack", "--json", "--ignore-scripts", "--pack-destination", scratch], { cwd: root, encoding: "utf8" }));
mkdirSync(join(root, "pack"), { recursive: true });
renameSync(join(scratch, packed.filename), join(root, "pack", TARBALL));
rmSync(scratch, { recursive: true, force: true });
console.log(`pack: pack/${TARBALL} (${packed.name}@${packed.version}, ${packed.entryCount} files, ${packed.size} bytes)`);
