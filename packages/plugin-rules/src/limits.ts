/**
 * Every number the publish checks enforce, in one place, so the server, the
 * author CLI and the publishing docs on the website cannot disagree.
 *
 * Manifest limits come from docs/api.md#limits. Package limits are ours (docs/api.md#plugins leaves
 * packing rules open); they are sized for what a plugin is, a few Lua files
 * and some text assets, not for media:
 * - maxFiles 200: a large plugin has tens of files; this leaves room for
 *   vendored Lua libraries while keeping every install quick.
 * - maxFileBytes 256 KiB of UTF-8 per file: several times the largest
 *   hand-written Lua module; bigger means generated or bundled data.
 * - maxTotalBytes 1 MiB of UTF-8 for all files together: the whole package
 *   travels as JSON in one request and is stored per version.
 * - maxPathLength 200 characters and maxPathSegments 10 parts (folders plus
 *   the file name): installs nest the package under the app's data folder, and
 *   Windows refuses paths beyond 260 characters by default.
 */
export const PACKAGE_LIMITS = {
  maxFiles: 200,
  maxFileBytes: 256 * 1024,
  maxTotalBytes: 1024 * 1024,
  maxPathLength: 200,
  maxPathSegments: 10,
} as const;

/**
 * docs/plugins.md#the-manifest / §8. Lengths count UTF-16 code units, as JavaScript strings and
 * HTML maxlength do; the two differ only for characters such as emoji.
 */
export const MANIFEST_LIMITS = {
  idMinLength: 3,
  idMaxLength: 40,
  nameMinLength: 1,
  nameMaxLength: 60,
  descriptionMaxLength: 500,
  maxLibraries: 20,
} as const;

/** "256 KiB", "1 MiB", "312.5 KiB": sizes as messages and pages print them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, "KiB"] : [bytes / (1024 * 1024), "MiB"];
  return `${Number(value.toFixed(1))} ${unit}`;
}

/** A size and its limit for a message, in bytes when rounding would make them look equal ("256 KiB; at most 256 KiB"). */
export function formatSizeAgainstLimit(size: number, limit: number): [size: string, limit: string] {
  const [a, b] = [formatBytes(size), formatBytes(limit)];
  return a === b ? [`${size} bytes`, `${limit} bytes`] : [a, b];
}
