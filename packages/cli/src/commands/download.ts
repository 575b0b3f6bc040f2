import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { pluginPackageSchema } from "@streamkit/api-contract";
import { planTitles, plansGranting } from "@streamkit/plans";
import { pathProblems, pluginIdSchema } from "@streamkit/plugin-rules";
import { parseCommandArgs, usageError } from "../args";
import { callApi, explainFailure } from "../api";
import { API_KEY_ENV, API_URL_ENV, apiKeyFrom, apiUrlFrom, CONFIG_DIR_ENV, DEFAULT_API_URL } from "../config";
import { TRUST_FILE, verifyPackage } from "../verify";
import { CliError } from "../errors";
import { EXIT, EXIT_CODE_HELP } from "../exit-codes";
import { displayPath, isMissingOrEmptyFolder } from "../folder";
import type { Output } from "../output";

export const downloadHelp = `Usage: streamkit-plugin download <id> [--dir PARENT] [--public-key FILE] [--api-key KEY] [--api-url URL] [--json]

Downloads the latest version of a plugin into the folder <id>/ (which must not
exist or be empty), after checking the service's signature of it: a package
that does not verify is refused and nothing is written (exit 9). Needs a key with the plugins:read scope and the
${planTitles(plansGranting("pluginDownload"))} plan; counts as the account's download of the day.

  --dir PARENT   Where to create <id>/ (default: the current folder).
  --public-key FILE  Trust only this minisign public key. Default: the service's
                 keys (GET /api/v1/plugin-signing-keys), pinned on first use in
                 $${CONFIG_DIR_ENV} (default ~/.config/streamkit)/${TRUST_FILE}.
  --api-key KEY  Default: $${API_KEY_ENV}.
  --api-url URL  Default: $${API_URL_ENV}, else ${DEFAULT_API_URL}.
  --json         Print one JSON object instead of text.

${EXIT_CODE_HELP}`;

export async function runDownload(argv: string[], out: Output): Promise<void> {
  const { values, positionals } = parseCommandArgs(
    "download",
    argv,
    { dir: { type: "string" }, "public-key": { type: "string" }, "api-key": { type: "string" }, "api-url": { type: "string" } },
    { max: 1 },
  );
  const slug = positionals[0];
  if (slug === undefined) throw usageError("give the plugin id, e.g. streamkit-plugin download chat-commands", "download");
  if (!pluginIdSchema.safeParse(slug).success) throw usageError(`${JSON.stringify(slug)} is not a plugin id`, "download");
  const base = apiUrlFrom(values["api-url"], "download");
  const key = apiKeyFrom(values["api-key"], "plugins:read");

  const target = resolve(values.dir ?? ".", slug);
  const shown = displayPath(target);
  const state = await isMissingOrEmptyFolder(target);
  if (state === "not-empty" || state === "not-a-folder") {
    throw usageError(`${shown} already exists${state === "not-empty" ? " and is not empty" : " and is not a folder"}: choose another --dir`, "download");
  }

  const answer = await callApi({ base, method: "GET", path: `/plugins/${encodeURIComponent(slug)}/package`, key });
  if (answer.status !== 200) throw explainFailure(answer, { operation: "download", base, key, slug });
  const parsed = pluginPackageSchema.safeParse(answer.json);
  if (!parsed.success) {
    throw new CliError(EXIT.service, "unexpected_answer", `the package from ${base} is not in the expected form`, {
      hints: ["update @streamkit/plugin-cli"],
      data: { status: answer.status, ...(answer.requestId ? { requestId: answer.requestId } : {}) },
    });
  }
  const pkg = parsed.data;
  // The server checks paths on publish; check again before writing anything to this computer.
  for (const file of pkg.files) {
    const destination = resolve(target, file.path);
    if (pathProblems(file.path).length > 0 || !destination.startsWith(target + sep)) {
      throw new CliError(EXIT.service, "unsafe_path", `the package holds a file path that is not safe to write: ${JSON.stringify(file.path)}`, {
        hints: ["nothing was written; report this plugin"],
      });
    }
  }
  const verified = await verifyPackage(pkg, { base, key, publicKeyFile: values["public-key"] });
  await mkdir(target, { recursive: true });
  for (const file of pkg.files) {
    const destination = join(target, ...file.path.split("/"));
    await mkdir(dirname(destination), { recursive: true });
    await writeFile(destination, file.content, { flag: "wx" });
  }
  out.result("download", {
    id: pkg.id,
    version: pkg.version,
    dir: target,
    files: pkg.files.map((f) => f.path),
    publisher: pkg.publisher,
    keyId: verified.keyId,
    digest: pkg.digest,
  });
  out.line(
    `Downloaded ${pkg.id} ${pkg.version} (${pkg.files.length} file${pkg.files.length === 1 ? "" : "s"}, signature verified with key ${verified.keyId}) to ${shown}/`,
  );
}
