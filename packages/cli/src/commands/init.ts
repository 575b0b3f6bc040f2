import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { manifestSchema, pluginIdSchema } from "@streamkit/plugin-rules";
import { parseCommandArgs, usageError } from "../args";
import { API_KEY_ENV, API_URL_ENV, configuredApiUrl } from "../config";
import { invocation, siteOfInstall } from "../invocation";
import { displayPath, isMissingOrEmptyFolder } from "../folder";
import type { Output } from "../output";
import { nameFromId, SCAFFOLD_PERMISSIONS, scaffoldFiles } from "../scaffold";

export const initHelp = `Usage: streamkit-plugin init <id> [--name NAME] [--dir PARENT] [--json]

Creates the folder <id>/ with a plugin.json and a small working main.lua.

  <id>          The plugin id: 3 to 40 lowercase letters, digits and single
                hyphens (e.g. my-plugin). The folder gets the same name, as the
                manifest rules require.
  --name NAME   The display name (default: the id in title case).
  --dir PARENT  Where to create <id>/ (default: the current folder).
  --json        Print one JSON object instead of text.

Refuses an invalid id and a folder that exists and is not empty (exit 2).`;

export async function runInit(argv: string[], out: Output): Promise<void> {
  const { values, positionals } = parseCommandArgs("init", argv, { name: { type: "string" }, dir: { type: "string" } }, { max: 1 });
  const id = positionals[0];
  if (id === undefined) throw usageError("give the plugin id, e.g. streamkit-plugin init my-plugin", "init");
  const idCheck = pluginIdSchema.safeParse(id);
  if (!idCheck.success) throw usageError(`${JSON.stringify(id)} is not a valid plugin id: ${idCheck.error.issues[0]!.message}`, "init");

  const name = values.name ?? nameFromId(id);
  const files = scaffoldFiles(id, name);
  const manifest = manifestSchema.safeParse(JSON.parse(files[0]!.content));
  if (!manifest.success) throw usageError(manifest.error.issues.map((i) => i.message).join("; "), "init");

  const parent = resolve(values.dir ?? ".");
  const target = join(parent, id);
  const shown = displayPath(target);
  const state = await isMissingOrEmptyFolder(target);
  if (state === "not-empty") throw usageError(`${shown} already exists and is not empty: choose another id or --dir`, "init");
  if (state === "not-a-folder") throw usageError(`${shown} exists and is not a folder`, "init");

  await mkdir(target, { recursive: true });
  for (const file of files) await writeFile(join(target, file.path), file.content, { flag: "wx" });

  out.result("init", { id, name, dir: target, files: files.map((f) => f.path), permissions: [...SCAFFOLD_PERMISSIONS] });
  out.line(`Created ${shown}/ with ${files.map((f) => f.path).join(" and ")} (permissions: ${SCAFFOLD_PERMISSIONS.join(", ")}).`);
  out.line("");
  out.line("Next:");
  out.line(`  cd ${shown}`);
  const command = invocation();
  out.line(`  ${command} validate`);
  // Publishing goes to STREAMKIT_API_URL (localhost by default): the hint names the site, as far as this copy knows it.
  const site = configuredApiUrl() ?? siteOfInstall();
  out.line(`  export ${API_URL_ENV}=${site ?? EXAMPLE_SITE}   # ${site ? "the Streamkit site to publish to" : "your Streamkit site's address"}`);
  out.line(`  export ${API_KEY_ENV}=skit_…   # a key with plugins:write, from the site's Dashboard → API keys`);
  out.line(`  ${command} publish --changelog "First version"`);
}

/** A placeholder that cannot be mistaken for a real site (RFC 2606's .example). */
const EXAMPLE_SITE = "https://streamkit.example";
