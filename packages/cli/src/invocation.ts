/**
 * How the author ran this command, so a hint names a command that works in
 * their shell: `streamkit-plugin` when installed (globally, or on PATH), and
 * `npx <what they ran>` when run through npx without installing — there the
 * `streamkit-plugin` command is not on the PATH once npx returns. npx installs
 * into a cache folder (…/_npx/<hash>/) whose package.json names the package
 * as the author gave it (the site's tarball address or `@streamkit/plugin-cli`).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const BIN = "streamkit-plugin";
export const PACKAGE = "@streamkit/plugin-cli";

export function invocation(env: NodeJS.ProcessEnv = process.env, modulePath: string = fileURLToPath(import.meta.url)): string {
  if (env.npm_lifecycle_event !== "npx") return BIN;
  const spec = npxSpec(modulePath);
  // Run from this repository's source, or from a project's own node_modules: npx finds the bin by name.
  if (spec === undefined) return `npx ${BIN}`;
  if (spec && /^(https?:\/\/|@streamkit\/plugin-cli(@|$))/.test(spec)) return `npx ${spec}`;
  if (spec && /^[\w.^~<>=| -]+$/.test(spec)) return `npx ${PACKAGE}@${spec}`;
  // No readable cache record: the registry name is the next best answer.
  return `npx ${PACKAGE}`;
}

/** What npx was given for this package, from its cache folder's record; undefined when not run from npx's cache, null when unreadable. */
function npxSpec(modulePath: string): string | null | undefined {
  const marker = `${join("node_modules", "@streamkit", "plugin-cli")}`;
  const at = modulePath.lastIndexOf(marker);
  if (at < 0 || !/[\\/]_npx[\\/]/.test(modulePath)) return undefined;
  try {
    const cache = JSON.parse(readFileSync(join(modulePath.slice(0, at), "package.json"), "utf8")) as { dependencies?: Record<string, string> };
    return cache.dependencies?.[PACKAGE] ?? null;
  } catch {
    return null;
  }
}

/** The path every Streamkit site serves this CLI at (packages/api cli-package route). */
const SITE_TARBALL = /^(https?:\/\/[^?#]+?)\/cli\/streamkit-plugin-cli\.tgz$/;

/**
 * The site this copy came from, when npx ran it straight from a site's
 * tarball address (`npx https://site/cli/streamkit-plugin-cli.tgz`); null
 * otherwise (an installed command keeps no record of where it came from).
 */
export function siteOfInstall(env: NodeJS.ProcessEnv = process.env, modulePath: string = fileURLToPath(import.meta.url)): string | null {
  if (env.npm_lifecycle_event !== "npx") return null;
  const spec = npxSpec(modulePath);
  return (spec && SITE_TARBALL.exec(spec)?.[1]) || null;
}
