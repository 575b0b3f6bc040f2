import { formatBytes, utf8Length } from "@streamkit/plugin-rules";
import { parseCommandArgs } from "../args";
import { checkFolder, type FolderCheck } from "../check";
import { CliError } from "../errors";
import { EXIT, type ExitCode } from "../exit-codes";
import type { Output } from "../output";

export const validateHelp = `Usage: streamkit-plugin validate [dir] [--json]

Checks a plugin folder (default: the current folder) with exactly the checks the
server runs on publish: the manifest rules, the packing rules, Lua 5.4 syntax and
the permission lint, plus UTF-8 (which only the CLI can see). Every problem is
printed as "path: message", where path is "file:line:column" or
"plugin.json#/json/pointer" when there is a place to point at.

Left out, and listed as skipped: files and folders whose names start with a dot
(.git, .vscode, .DS_Store, …), node_modules, __MACOSX, Thumbs.db, desktop.ini,
editor backups (name~, *.swp) and symbolic links to folders.

Exit codes: 0 valid, 1 problems found, 2 usage (e.g. no such folder).`;

export function describeSkipped(check: FolderCheck, out: Output): void {
  if (check.skipped.length === 0) return;
  out.line(`Skipped: ${check.skipped.map((s) => `${s.path} (${s.reason})`).join(", ")}`);
}

/** The problems as one failure, with the exit code of the command that found them. */
export function invalidPackageError(check: FolderCheck, exitCode: ExitCode, what: (them: string) => string): CliError {
  if (check.result.ok) throw new Error("invalidPackageError on a valid package");
  const problems = check.result.problems;
  const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
  return new CliError(exitCode, "invalid_package", `${check.folderName}: ${count}; ${what(problems.length === 1 ? "it" : "them")}`, {
    problems,
    data: { dir: check.dir, skipped: check.skipped },
  });
}

export function fileSummary(files: { path: string; content: string }[]) {
  return files.map((f) => ({ path: f.path, bytes: utf8Length(f.content) }));
}

export async function runValidate(argv: string[], out: Output): Promise<void> {
  const { positionals } = parseCommandArgs("validate", argv, {}, { max: 1 });
  const check = await checkFolder(positionals[0] ?? ".", "validate");
  describeSkipped(check, out);
  if (!check.result.ok) throw invalidPackageError(check, EXIT.problemsFound, (them) => `fix ${them} and run validate again`);

  const { manifest, files } = check.result;
  const summary = fileSummary(files);
  const total = summary.reduce((sum, f) => sum + f.bytes, 0);
  out.result("validate", {
    dir: check.dir,
    id: manifest.id,
    version: manifest.version,
    permissions: manifest.permissions,
    files: summary,
    totalBytes: total,
    skipped: check.skipped,
  });
  const permissions = manifest.permissions.length > 0 ? manifest.permissions.join(", ") : "none";
  out.line(
    `${manifest.id} ${manifest.version} is valid: ${files.length} file${files.length === 1 ? "" : "s"}, ${formatBytes(total)} (permissions: ${permissions}).`,
  );
}
