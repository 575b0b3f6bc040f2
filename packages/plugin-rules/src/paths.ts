/**
 * Rules for the path of a file in a plugin package. A package is installed by
 * writing each file under the plugin's folder on a streamer's computer, most
 * often Windows, so a path must be relative, stay inside that folder, and be a
 * name every desktop file system accepts.
 */
import { PACKAGE_LIMITS } from "./limits";

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;
const WINDOWS_FORBIDDEN = /[<>:"|?*]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what a path may not hold.
const CONTROL = /[\u0001-\u001f\u007f-\u009f]/;

/** Unicode NFC: macOS may hand over decomposed names, which must compare equal to composed ones. */
export function normalizePath(path: string): string {
  return path.normalize("NFC");
}

/**
 * Two paths that one file system would store as the same file: Windows and
 * macOS ignore letter case, macOS ignores Unicode composition.
 */
export function pathCollisionKey(path: string): string {
  return normalizePath(path).toLowerCase();
}

/** Every rule the path breaks, each as a message saying what to change. Empty when it is fine. */
export function pathProblems(path: string): string[] {
  if (path === "") return ['the file has no path: give it a name, e.g. "main.lua"'];
  const problems: string[] = [];
  if (path.includes("\0")) problems.push("the path contains a NUL character: rename the file");
  if (CONTROL.test(path)) problems.push("the path contains a control character: rename the file");
  if (path.includes("\\")) {
    problems.push('the path uses "\\": separate folders with "/", e.g. "lib/util.lua"');
  }
  const absolute = path.startsWith("/") || /^[A-Za-z]:/.test(path);
  if (absolute) {
    problems.push('the path is absolute: give it relative to the plugin folder, e.g. "lib/util.lua"');
  }
  const segments = (path.startsWith("/") ? path.slice(1) : path).split("/");
  if (segments.some((s) => s === "")) {
    problems.push('the path has an empty part ("//" or a "/" at the end): remove the extra "/"');
  }
  if (segments.includes("..")) {
    problems.push('the path contains "..", which leads out of the plugin folder: give the path inside the folder');
  }
  if (segments.includes(".")) problems.push('the path contains a "." part: remove "./" from it');
  if (!absolute) {
    const forbidden = path.match(WINDOWS_FORBIDDEN)?.[0];
    if (forbidden) problems.push(`the path contains "${forbidden}", which Windows does not allow in file names: rename it`);
  }
  for (const segment of segments) {
    if (segment === "" || segment === "." || segment === "..") continue;
    const stem = segment.split(".")[0]!;
    if (WINDOWS_RESERVED.test(stem.trimEnd())) {
      problems.push(`"${segment}" is a name Windows reserves for a device: rename it`);
    } else if (/[. ]$/.test(segment)) {
      problems.push(`"${segment}" ends with a dot or a space, which Windows drops: rename it`);
    }
  }
  const length = [...path].length;
  if (length > PACKAGE_LIMITS.maxPathLength) {
    problems.push(`the path is ${length} characters long; the limit is ${PACKAGE_LIMITS.maxPathLength}: use shorter names`);
  }
  if (segments.length > PACKAGE_LIMITS.maxPathSegments) {
    problems.push(`the path has ${segments.length} parts; the limit is ${PACKAGE_LIMITS.maxPathSegments} (folders plus the file name): move the file up`);
  }
  return problems;
}
