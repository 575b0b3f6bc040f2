/**
 * What a plugin version asks for compared with the version before it
 * (docs/plugins.md#permissions-per-version): the API's `permissionChanges`,
 * the listing's `permissionsWidened` and the plugin page's words.
 */

export interface AskedPermissions {
  permissions: readonly string[];
  optionalPermissions: readonly string[];
}

export interface PermissionChanges {
  permissions: { added: string[]; removed: string[] };
  optionalPermissions: { added: string[]; removed: string[] };
}

const minus = (a: readonly string[], b: readonly string[]) => a.filter((name) => !b.includes(name));

/** Each list against the same list of `previous`; a first version (no previous) changes nothing. */
export function permissionChanges(current: AskedPermissions, previous: AskedPermissions | null): PermissionChanges {
  if (!previous) return { permissions: { added: [], removed: [] }, optionalPermissions: { added: [], removed: [] } };
  return {
    permissions: { added: minus(current.permissions, previous.permissions), removed: minus(previous.permissions, current.permissions) },
    optionalPermissions: {
      added: minus(current.optionalPermissions, previous.optionalPermissions),
      removed: minus(previous.optionalPermissions, current.optionalPermissions),
    },
  };
}

/**
 * True when `current` asks for more: a required permission the previous did
 * not require, or an optional one the previous asked for in neither list.
 * Moving a permission from required to optional is not widening.
 */
export function permissionsWidened(current: AskedPermissions, previous: AskedPermissions | null): boolean {
  if (!previous) return false;
  return (
    minus(current.permissions, previous.permissions).length > 0 ||
    minus(current.optionalPermissions, [...previous.permissions, ...previous.optionalPermissions]).length > 0
  );
}

/** A manifest's two lists (each defaults to empty), as stored with a version. */
export function askedPermissions(manifest: unknown): AskedPermissions {
  const m = (manifest ?? {}) as { permissions?: unknown; optional_permissions?: unknown };
  const names = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);
  return { permissions: names(m.permissions), optionalPermissions: names(m.optional_permissions) };
}
