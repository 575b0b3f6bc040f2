/**
 * Reads a plugin folder the way `validate` and `publish` see it: every file,
 * as bytes, with its path relative to the folder and "/"-separated, leaving
 * out what is never part of a plugin (and saying so).
 */
import { lstat, readdir, readFile, stat } from "node:fs/promises";
import { isAbsolute, join, relative, sep } from "node:path";
import { PACKAGE_LIMITS } from "@streamkit/plugin-rules";

export interface FolderFile {
  path: string;
  bytes: Uint8Array;
}

export interface SkippedEntry {
  /** Relative path; folders end in "/". */
  path: string;
  reason: string;
}

export interface FolderContents {
  files: FolderFile[];
  skipped: SkippedEntry[];
  /** Files too large to read at all (far beyond the package limit); listed as problems. */
  tooLarge: { path: string; size: number }[];
  /** True when the walk stopped at WALK_LIMIT files: probably not a plugin folder. */
  truncated: boolean;
}

/** More files than this and the walk stops: the folder is far beyond the package limit, likely the wrong folder. */
export const WALK_LIMIT = PACKAGE_LIMITS.maxFiles * 5;
/** Files larger than this are not read into memory; the package limit per file is far lower. */
export const READ_LIMIT_BYTES = 16 * 1024 * 1024;

const JUNK_FOLDERS = new Map([
  ["node_modules", "npm packages"],
  ["__MACOSX", "macOS archive metadata"],
]);
const JUNK_FILES = new Map([
  ["Thumbs.db", "Windows thumbnail cache"],
  ["ehthumbs.db", "Windows thumbnail cache"],
  ["desktop.ini", "Windows folder settings"],
]);

/** Why an entry is left out, or undefined when it is part of the package. */
export function skipReason(name: string, isFolder: boolean): string | undefined {
  if (name.startsWith(".")) return "name starts with a dot";
  if (isFolder) return JUNK_FOLDERS.get(name);
  if (JUNK_FILES.has(name)) return JUNK_FILES.get(name);
  if (name.endsWith("~") || /\.(swp|swo)$/.test(name)) return "editor backup or swap file";
  return undefined;
}

export async function readFolder(root: string): Promise<FolderContents> {
  const out: FolderContents = { files: [], skipped: [], tooLarge: [], truncated: false };
  const toPath = (absolute: string) => relative(root, absolute).split(sep).join("/");

  async function walk(dir: string): Promise<void> {
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (out.truncated) return;
      const absolute = join(dir, entry.name);
      const rel = toPath(absolute);
      let isFolder = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        const target = await stat(absolute).catch(() => undefined);
        if (!target) {
          out.skipped.push({ path: rel, reason: "symbolic link to nothing" });
          continue;
        }
        if (target.isDirectory()) {
          out.skipped.push({ path: `${rel}/`, reason: "link to a folder, not followed" });
          continue;
        }
        isFolder = false;
        isFile = target.isFile();
      }
      const reason = skipReason(entry.name, isFolder);
      if (reason) {
        out.skipped.push({ path: isFolder ? `${rel}/` : rel, reason });
        continue;
      }
      if (isFolder) {
        await walk(absolute);
        continue;
      }
      if (!isFile) {
        out.skipped.push({ path: rel, reason: "not a regular file" });
        continue;
      }
      if (out.files.length + out.tooLarge.length >= WALK_LIMIT) {
        out.truncated = true;
        return;
      }
      const { size } = await stat(absolute);
      if (size > READ_LIMIT_BYTES) out.tooLarge.push({ path: rel, size });
      else out.files.push({ path: rel, bytes: new Uint8Array(await readFile(absolute)) });
    }
  }

  await walk(root);
  return out;
}

/** Whether `path` is missing or an empty folder (init and download write only there). */
export async function isMissingOrEmptyFolder(path: string): Promise<"missing" | "empty" | "not-empty" | "not-a-folder"> {
  const info = await lstat(path).catch(() => undefined);
  if (!info) return "missing";
  if (!info.isDirectory()) return "not-a-folder";
  return (await readdir(path)).length === 0 ? "empty" : "not-empty";
}

/** A path as the user would type it: relative to the current folder when inside it, absolute otherwise. */
export function displayPath(absolute: string): string {
  const rel = relative(process.cwd(), absolute);
  return rel === "" ? "." : rel.startsWith("..") || isAbsolute(rel) ? absolute : rel;
}
