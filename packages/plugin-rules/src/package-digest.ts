/**
 * The canonical form of a plugin package and its digest (docs/plugins.md#signed-packages):
 * the exact bytes the service signs and the desktop app and the CLI check.
 * Kept out of index.ts because it needs node:crypto (server and CLI only).
 *
 * Every string is its UTF-8 bytes, as stored (no normalisation), and each is
 * written as a netstring, `<byte length in decimal>:<bytes>,`, so no two
 * different packages have the same form. A list is the netstring of its
 * count in decimal, then its items. In this order:
 *
 *   "streamkit-plugin-package-v1", id, version, publisherId,
 *   permissions (sorted by bytes), optional_permissions (sorted by bytes),
 *   files (sorted by path bytes; each item is path then content).
 *
 * The digest is the SHA-256 of that form: 32 bytes, which minisign signs.
 */
import { createHash } from "node:crypto";
import { MANIFEST_PATH, type PackageFile } from "./package";

export const PACKAGE_DIGEST_FORMAT = "streamkit-plugin-package-v1";
/** What the package response names the digest's algorithm. */
export const PACKAGE_DIGEST_ALGORITHM = `${PACKAGE_DIGEST_FORMAT}+sha256`;

export interface SignedPackageContent {
  id: string;
  version: string;
  /** The publishing account's id: stable, unlike its display name. */
  publisherId: string;
  permissions: readonly string[];
  optionalPermissions: readonly string[];
  files: readonly PackageFile[];
}

const encoder = new TextEncoder();

function utf8(text: string, what: string): Uint8Array {
  // A lone surrogate would be written as U+FFFD, so two strings would share bytes.
  if (/[\uD800-\uDFFF]/u.test(text)) throw new Error(`${what} is not well-formed Unicode (a lone surrogate).`);
  return encoder.encode(text);
}

function netstring(bytes: Uint8Array): Uint8Array[] {
  return [encoder.encode(`${bytes.length}:`), bytes, encoder.encode(",")];
}

const compareBytes = (a: Uint8Array, b: Uint8Array) => Buffer.compare(a, b);

/** Sorted by bytes; a repeated item is refused (a set has none, and silently merging would hide what was sent). */
function sortedUnique(items: Uint8Array[], what: string): Uint8Array[] {
  const sorted = [...items].sort(compareBytes);
  for (let i = 1; i < sorted.length; i++) {
    if (compareBytes(sorted[i - 1]!, sorted[i]!) === 0) throw new Error(`${what} lists "${Buffer.from(sorted[i]!).toString("utf8")}" twice.`);
  }
  return sorted;
}

function list(items: Uint8Array[][]): Uint8Array[] {
  return [...netstring(encoder.encode(String(items.length))), ...items.flat()];
}

/** The canonical bytes of a package (see the file's comment); throws on duplicates or malformed text. */
export function canonicalPackageBytes(content: SignedPackageContent): Uint8Array {
  const strings = (values: readonly string[], what: string) =>
    sortedUnique(
      values.map((value) => utf8(value, what)),
      what,
    ).map(netstring);
  const files = content.files.map((file) => ({ path: utf8(file.path, "A file path"), content: file.content })).sort((a, b) => compareBytes(a.path, b.path));
  sortedUnique(
    files.map((file) => file.path),
    "The files",
  );
  const fileItems = files.map((file) => [...netstring(file.path), ...netstring(utf8(file.content, `${Buffer.from(file.path).toString()}'s content`))]);
  return Buffer.concat([
    ...netstring(encoder.encode(PACKAGE_DIGEST_FORMAT)),
    ...netstring(utf8(content.id, "The id")),
    ...netstring(utf8(content.version, "The version")),
    ...netstring(utf8(content.publisherId, "The publisher id")),
    ...list(strings(content.permissions, "permissions")),
    ...list(strings(content.optionalPermissions, "optional_permissions")),
    ...list(fileItems),
  ]);
}

/** The 32-byte SHA-256 of the canonical form: the bytes minisign signs. */
export function packageDigest(content: SignedPackageContent): Uint8Array {
  return new Uint8Array(createHash("sha256").update(canonicalPackageBytes(content)).digest());
}

export const digestHex = (digest: Uint8Array) => Buffer.from(digest).toString("hex");

/**
 * What a downloaded package claims, read the way the app must read it: id,
 * version and permissions from the plugin.json among the files (what will
 * run), never from fields beside them. Throws when plugin.json is missing or
 * is not an object.
 */
export function signedContentOf(pkg: { publisherId: string; files: readonly PackageFile[] }): SignedPackageContent {
  const manifestFile = pkg.files.find((file) => file.path === MANIFEST_PATH);
  if (!manifestFile) throw new Error("The package has no plugin.json.");
  const manifest = JSON.parse(manifestFile.content) as Record<string, unknown>;
  if (!manifest || typeof manifest !== "object" || Array.isArray(manifest)) throw new Error("plugin.json is not a JSON object.");
  const strings = (value: unknown, what: string): string[] => {
    if (value === undefined) return [];
    if (!Array.isArray(value) || value.some((item) => typeof item !== "string")) throw new Error(`plugin.json's ${what} is not a list of names.`);
    return value as string[];
  };
  if (typeof manifest.id !== "string" || typeof manifest.version !== "string") throw new Error("plugin.json has no id or version.");
  return {
    id: manifest.id,
    version: manifest.version,
    publisherId: pkg.publisherId,
    permissions: strings(manifest.permissions, "permissions"),
    optionalPermissions: strings(manifest.optional_permissions, "optional_permissions"),
    files: pkg.files,
  };
}
