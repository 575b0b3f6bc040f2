/**
 * The publish check (docs/api.md#plugins, POST /plugins → 400 invalid_package): every
 * rule a plugin folder must pass, run identically by the server and by the
 * CLI's `validate`. It reports every problem at once, sorted by file, so an
 * author fixes a package in one round instead of one error per attempt.
 *
 * A problem's `path` names the file, with the place when there is one:
 * "plugin.json#/permissions/1" (JSON pointer), "main.lua:12:5" (line:column,
 * 1-based), "lib/x.lua" (the whole file), or "" (the package as a whole).
 * A secret (secrets.ts) is a problem like any other: it refuses the package.
 */
import { z } from "zod";
import { parseJson, type JsonValue } from "./json";
import { formatSizeAgainstLimit, PACKAGE_LIMITS } from "./limits";
import { parseLua, TOO_DEEP } from "./lua-syntax";
import { folderMismatchMessage, idMatchesFolder, parseManifest, type Manifest } from "./manifest";
import { normalizePath, pathCollisionKey, pathProblems } from "./paths";
import { lintPermissions, type DeclaredAccess } from "./permission-lint";
import type { Position } from "./positions";
import { scanSecrets, secretMessage } from "./secrets";
import { textProblems, utf8Length } from "./text";

export { PACKAGE_LIMITS };

export const MANIFEST_PATH = "plugin.json";

export const packageFileSchema = z.object({ path: z.string(), content: z.string() });
export type PackageFile = z.infer<typeof packageFileSchema>;

export const packageProblemSchema = z.object({ path: z.string(), message: z.string() });
export type PackageProblem = z.infer<typeof packageProblemSchema>;

export type PackageCheckResult =
  | {
      ok: true;
      manifest: Manifest;
      /** NFC paths, byte order marks removed, plugin.json first and the rest by path. */
      files: PackageFile[];
      mainFile: PackageFile;
    }
  | { ok: false; problems: PackageProblem[] };

export interface CheckPackageOptions {
  /** The plugin folder's name, which the id must equal; known to the CLI, not to the server. */
  folderName?: string;
}

type Where = { kind: "file" } | { kind: "position"; line: number; column: number } | { kind: "pointer"; pointer: string };

interface Found {
  file: string;
  where: Where;
  message: string;
}

function formatPath({ file, where }: Found): string {
  if (where.kind === "position") return `${file}:${where.line}:${where.column}`;
  if (where.kind === "pointer" && where.pointer !== "") return `${file}#${where.pointer}`;
  return file;
}

const whereOrder: Record<Where["kind"], number> = { file: 0, position: 1, pointer: 2 };

function compareFound(a: Found, b: Found): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  if (a.where.kind !== b.where.kind) return whereOrder[a.where.kind] - whereOrder[b.where.kind];
  if (a.where.kind === "position" && b.where.kind === "position") {
    return a.where.line - b.where.line || a.where.column - b.where.column;
  }
  if (a.where.kind === "pointer" && b.where.kind === "pointer" && a.where.pointer !== b.where.pointer) {
    return a.where.pointer < b.where.pointer ? -1 : 1;
  }
  return 0;
}

function stripByteOrderMark(content: string): string {
  return content.startsWith("\uFEFF") ? content.slice(1) : content;
}

/** The lists the permission lint needs, read leniently from a plugin.json that did not pass the schema. */
function declaredAccess(value: JsonValue | undefined): DeclaredAccess | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const strings = (v: JsonValue | undefined) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
  return {
    permissions: strings(value.permissions),
    optional_permissions: strings(value.optional_permissions),
    libraries: strings(value.libraries),
  };
}

export function checkPackage(files: readonly PackageFile[], opts: CheckPackageOptions = {}): PackageCheckResult {
  const found: Found[] = [];
  const report = (file: string, message: string, where: Where = { kind: "file" }) => found.push({ file, where, message });
  const at = (file: string, position: Position, message: string) => report(file, message, { kind: "position", line: position.line, column: position.column });

  const normalized = files.map((f) => ({ raw: f.path, path: normalizePath(f.path), content: stripByteOrderMark(f.content) }));

  // Package-wide limits.
  if (files.length > PACKAGE_LIMITS.maxFiles) {
    report("", `the package has ${files.length} files; the limit is ${PACKAGE_LIMITS.maxFiles}: leave out files the plugin does not need`);
  }
  const sizes = normalized.map((f) => utf8Length(f.content));
  const total = sizes.reduce((sum, n) => sum + n, 0);
  if (total > PACKAGE_LIMITS.maxTotalBytes) {
    const [size, limit] = formatSizeAgainstLimit(total, PACKAGE_LIMITS.maxTotalBytes);
    report("", `the files add up to ${size}; a package may be at most ${limit}: leave out files the plugin does not need`);
  }

  // Paths: each on its own, then against each other.
  const exact = new Map<string, number>();
  const folded = new Map<string, string>();
  const folders = new Map<string, string>();
  for (const f of normalized) {
    for (const message of pathProblems(f.raw)) report(f.raw, message);
    const parts = f.path.split("/");
    for (let n = 1; n < parts.length; n++) {
      const folder = parts.slice(0, n).join("/");
      if (!folders.has(pathCollisionKey(folder))) folders.set(pathCollisionKey(folder), folder);
    }
  }
  // Later copies of a path are reported once and not read: their contents would only repeat or confuse.
  const repeated = new Set<number>();
  normalized.forEach((f, index) => {
    const copies = exact.get(f.path) ?? 0;
    exact.set(f.path, copies + 1);
    if (copies === 1) report(f.raw, "this file is in the package more than once: send each file once");
    if (copies > 0) {
      repeated.add(index);
      return;
    }
    const key = pathCollisionKey(f.path);
    const earlier = folded.get(key);
    if (earlier === undefined) folded.set(key, f.path);
    else {
      report(f.raw, `differs from "${earlier}" only in letter case or accents, which Windows and macOS treat as the same file: rename one of them`);
    }
    const folder = folders.get(key);
    if (folder !== undefined) report(f.raw, `"${folder}" is also a folder in the package: rename the file or the folder`);
  });

  // Contents: size, then text, then what the file is (JSON, Lua).
  const readable = normalized.map((f, i) => {
    if (repeated.has(i)) return false;
    const size = sizes[i]!;
    if (size > PACKAGE_LIMITS.maxFileBytes) {
      const [actual, limit] = formatSizeAgainstLimit(size, PACKAGE_LIMITS.maxFileBytes);
      report(f.raw, `the file is ${actual}; a file may be at most ${limit}: make it smaller or leave it out`);
      return false;
    }
    const problems = textProblems(f.content);
    for (const p of problems) at(f.raw, p, p.message);
    // Secrets in any file, whatever it is: the hit names the place and the kind, never the secret.
    if (problems.length === 0) for (const hit of scanSecrets(f.content)) at(f.raw, hit, secretMessage(hit.kind));
    return problems.length === 0;
  });

  // plugin.json
  let manifest: Manifest | undefined;
  let manifestValue: JsonValue | undefined;
  const manifestIndex = normalized.findIndex((f) => f.path === MANIFEST_PATH);
  const manifestFile = normalized[manifestIndex];
  if (!manifestFile) {
    const nested = normalized.find((f) => f.path.endsWith(`/${MANIFEST_PATH}`));
    const wrongCase = normalized.find((f) => f.path.toLowerCase() === MANIFEST_PATH);
    report(
      MANIFEST_PATH,
      wrongCase
        ? `plugin.json is missing: rename "${wrongCase.path}" to "plugin.json" (the name is case-sensitive)`
        : nested
          ? `plugin.json must be at the top of the package, not at "${nested.path}": send the files inside the plugin folder, not the folder itself`
          : 'plugin.json is missing: add it at the top of the package with at least "id", "name" and "version"',
    );
  } else if (readable[manifestIndex]) {
    const json = parseJson(manifestFile.content);
    if (!json.ok) {
      at(MANIFEST_PATH, json.error, `plugin.json is not valid JSON: ${json.error.message}`);
    } else {
      manifestValue = json.value;
      for (const d of json.duplicates) {
        report(MANIFEST_PATH, `"${d.key}" appears more than once: keep only one`, { kind: "pointer", pointer: d.pointer });
      }
      const parsed = parseManifest(json.value);
      if (parsed.ok) manifest = parsed.manifest;
      else for (const p of parsed.problems) report(MANIFEST_PATH, p.message, { kind: "pointer", pointer: p.pointer });
    }
  }

  if (manifest && opts.folderName !== undefined && !idMatchesFolder(manifest, opts.folderName)) {
    report(MANIFEST_PATH, folderMismatchMessage(manifest.id, opts.folderName), { kind: "pointer", pointer: "/id" });
  }

  // The main file, when plugin.json says (or defaults to) which one it is.
  const rawMain = manifestValue && typeof manifestValue === "object" && !Array.isArray(manifestValue) ? manifestValue.main : undefined;
  const mainPath = manifest?.main ?? (rawMain === undefined && manifestValue !== undefined ? "main.lua" : undefined);
  const mainIndex = mainPath === undefined ? -1 : normalized.findIndex((f) => f.path === mainPath);
  if (mainPath !== undefined && mainIndex < 0) {
    const wrongCase = normalized.find((f) => f.path.toLowerCase() === mainPath.toLowerCase());
    const fix = wrongCase
      ? `rename "${wrongCase.path}" to "${mainPath}" (names are case-sensitive)`
      : `add it, or set "main" in plugin.json to the Lua file that starts the plugin`;
    if (rawMain === undefined) report(mainPath, `the main file ${mainPath} is missing: ${fix}`);
    else report(MANIFEST_PATH, `"main" names "${mainPath}", which is not in the package: ${fix}`, { kind: "pointer", pointer: "/main" });
  }

  // Lua: each file must compile as Lua 5.4 and ask for what it uses.
  const declared = manifest ?? declaredAccess(manifestValue);
  normalized.forEach((f, i) => {
    if (!f.path.endsWith(".lua") || !readable[i]) return;
    const lua = parseLua(f.content);
    if (!lua.ok) {
      at(f.raw, lua.error, `Lua syntax error: ${lua.error.message}`);
      return;
    }
    if (!declared) return; // without a readable plugin.json every call would look undeclared
    try {
      for (const p of lintPermissions(lua.chunk, declared)) at(f.raw, p, p.message);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      report(f.raw, TOO_DEEP);
    }
  });

  if (found.length > 0 || !manifest || mainIndex < 0) {
    return { ok: false, problems: found.sort(compareFound).map((f) => ({ path: formatPath(f), message: f.message })) };
  }
  const out = normalized.map((f) => ({ path: f.path, content: f.content }));
  const mainFile = out[mainIndex]!;
  out.sort((a, b) => (a.path === MANIFEST_PATH ? -1 : b.path === MANIFEST_PATH ? 1 : a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { ok: true, manifest, files: out, mainFile };
}
