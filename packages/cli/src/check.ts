/**
 * `validate` and the first step of `publish`: read a folder and run exactly
 * the server's publish check on it. The CLI adds only what the server cannot
 * see: bytes that are not UTF-8 (the server receives decoded strings) and
 * folders too big to read. checkPackage's own problems are passed through
 * unchanged, so messages match the server's 400 invalid_package word for word.
 */
import { stat } from "node:fs/promises";
import { basename, resolve } from "node:path";
import { checkPackage, formatBytes, type Manifest, PACKAGE_LIMITS, type PackageFile } from "@streamkit/plugin-rules";
import { lineIndex } from "@streamkit/plugin-rules/positions";
import { usageError } from "./args";
import type { Problem } from "./errors";
import { readFolder, READ_LIMIT_BYTES, type SkippedEntry, WALK_LIMIT } from "./folder";
import { decodeUtf8 } from "./utf8";

export interface FolderCheck {
  dir: string;
  folderName: string;
  skipped: SkippedEntry[];
  /** What was read, decoded; invalid UTF-8 decoded leniently so the other checks can still run. */
  files: PackageFile[];
  result: { ok: true; manifest: Manifest; files: PackageFile[] } | { ok: false; problems: Problem[] };
}

const lenient = new TextDecoder("utf-8");

function hexByte(byte: number): string {
  return `0x${byte.toString(16).toUpperCase().padStart(2, "0")}`;
}

export async function checkFolder(dirArg: string, command: string): Promise<FolderCheck> {
  const dir = resolve(dirArg);
  const info = await stat(dir).catch(() => undefined);
  if (!info) throw usageError(`there is no folder ${JSON.stringify(dirArg)}`, command);
  if (!info.isDirectory()) throw usageError(`${JSON.stringify(dirArg)} is a file, not a plugin folder`, command);
  const folderName = basename(dir);

  const contents = await readFolder(dir);
  const own: Problem[] = [];
  if (contents.truncated) {
    own.push({
      path: "",
      message: `the folder holds more than ${WALK_LIMIT} files (a package may have at most ${PACKAGE_LIMITS.maxFiles}): is ${JSON.stringify(dirArg)} the plugin folder?`,
    });
    return { dir, folderName, skipped: contents.skipped, files: [], result: { ok: false, problems: own } };
  }
  for (const big of contents.tooLarge) {
    own.push({
      path: big.path,
      message: `the file is ${formatBytes(big.size)}, far more than a package may hold (not read; over ${formatBytes(READ_LIMIT_BYTES)}): leave it out of the plugin folder`,
    });
  }

  const files: PackageFile[] = contents.files.map(({ path, bytes }) => {
    const decoded = decodeUtf8(bytes);
    if (decoded.ok) return { path, content: decoded.text };
    const { line, column } = lineIndex(decoded.validPrefix)(decoded.validPrefix.length);
    own.push({
      path: `${path}:${line}:${column}`,
      message: `is not UTF-8 text (byte ${hexByte(decoded.byte)} cannot be read as UTF-8): save the file as UTF-8, or leave it out if it is not a text file`,
    });
    return { path, content: lenient.decode(bytes) };
  });

  const checked = checkPackage(files, { folderName });
  if (checked.ok && own.length === 0) {
    return { dir, folderName, skipped: contents.skipped, files, result: { ok: true, manifest: checked.manifest, files: checked.files } };
  }
  const problems = [...own, ...(checked.ok ? [] : checked.problems)];
  return { dir, folderName, skipped: contents.skipped, files, result: { ok: false, problems } };
}
