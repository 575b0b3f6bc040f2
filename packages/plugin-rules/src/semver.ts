/**
 * Version order for publishing (docs/api.md#decisions-on-what-the-specification-leaves-open: a new version must be higher than
 * the published one). SemVer 2.0 precedence: a pre-release sorts below its
 * release, and build metadata does not count, so 1.1.0+build and 1.1.0 are
 * the same version and cannot both be published.
 */
import semver from "semver";

/** The semver package refuses longer strings; so do we, with a reason. */
export const MAX_VERSION_LENGTH = 256;

const IDENTIFIER = /^[0-9A-Za-z-]+$/;
const NUMERIC = /^[0-9]+$/;

function explainCore(part: string, label: string): string | null {
  if (part.length > 1 && part.startsWith("0")) return `the ${label} version "${part}" has a leading zero`;
  if (Number(part) > Number.MAX_SAFE_INTEGER) return `the ${label} version "${part}" is too large`;
  return null;
}

function explainIdentifiers(part: string, label: string, numbersMayHaveLeadingZero: boolean): string | null {
  for (const id of part.split(".")) {
    if (id === "") return `the ${label} has an empty part (two dots in a row, or a dot at either end)`;
    if (!IDENTIFIER.test(id)) {
      const bad = [...id].find((c) => !IDENTIFIER.test(c));
      return `the ${label} may contain only letters, digits, hyphens and dots, not "${bad}"`;
    }
    if (!numbersMayHaveLeadingZero && NUMERIC.test(id) && id.length > 1 && id.startsWith("0")) {
      return `the ${label} number "${id}" has a leading zero`;
    }
  }
  return null;
}

/**
 * Why a string is not a SemVer 2.0 version, in words an author can act on;
 * null when it is one. Rejects the "v" prefix and other forms the semver
 * package would tolerate.
 */
export function explainInvalidVersion(version: string): string | null {
  if (version.length > MAX_VERSION_LENGTH) return `it is longer than ${MAX_VERSION_LENGTH} characters`;
  const match = /^(\d+)\.(\d+)\.(\d+)(?:-([^+]*))?(?:\+(.*))?$/.exec(version);
  if (!match) return "it must be three numbers separated by dots, like 1.2.3, optionally followed by -pre.release and +build";
  const [, major, minor, patch, pre, build] = match;
  return (
    explainCore(major!, "major") ??
    explainCore(minor!, "minor") ??
    explainCore(patch!, "patch") ??
    (pre !== undefined ? explainIdentifiers(pre, "pre-release", false) : null) ??
    (build !== undefined ? explainIdentifiers(build, "build metadata", true) : null)
  );
}

export function isValidVersion(version: string): boolean {
  return explainInvalidVersion(version) === null;
}

function parse(version: string): semver.SemVer {
  const reason = explainInvalidVersion(version);
  if (reason) throw new TypeError(`"${version}" is not a SemVer 2.0 version: ${reason}`);
  return new semver.SemVer(version);
}

/** -1, 0 or 1 by SemVer precedence. Throws a TypeError for a string that is not a version. */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  return parse(a).compare(parse(b));
}

/** Whether `next` may replace `current`: strictly higher, build metadata ignored. */
export function isHigherVersion(next: string, current: string): boolean {
  return compareVersions(next, current) > 0;
}

/**
 * The version without build metadata: equal keys mean equal precedence, so a
 * unique index on it stops 1.1.0 and 1.1.0+build from both being published.
 */
export function versionKey(version: string): string {
  return parse(version).format();
}
