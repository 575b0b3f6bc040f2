import { isApiNamespace, permissionForCall } from "./api-namespaces";
import { PERMISSION_NAMES, type Permission } from "./permissions";

/** Edit distance (insertions, deletions, substitutions, adjacent swaps). */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const prev = rows[i - 1]!;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      }
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * The one candidate the input is obviously a slip for, or undefined when none
 * is (or when two are equally close: a wrong guess is worse than none).
 */
export function closestMatch<T extends string>(input: string, candidates: readonly T[]): T | undefined {
  const squashed = squash(input);
  const sameLetters = candidates.filter((c) => squash(c) === squashed);
  if (sameLetters.length === 1) return sameLetters[0];
  const limit = Math.min(2, Math.floor(input.length / 3));
  let best: T | undefined;
  let bestDistance = Infinity;
  let tie = false;
  for (const candidate of candidates) {
    const d = editDistance(input.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance) {
      tie = true;
    }
  }
  return bestDistance <= limit && !tie ? best : undefined;
}

/**
 * The permission someone most likely meant: a typo of a name ("netwrok"), or
 * the API they want to call ("http", "chats.use", "speech.*").
 */
export function suggestPermission(input: string): Permission | undefined {
  const call = /^([A-Za-z_][A-Za-z0-9_]*)(?:[.:]([A-Za-z_][A-Za-z0-9_]*|\*))?$/.exec(input.trim());
  if (call) {
    const [, ns, fn] = call;
    if (ns && isApiNamespace(ns)) {
      const permission = permissionForCall(ns, fn === "*" ? undefined : fn);
      if (permission) return permission;
    }
  }
  return closestMatch(input, PERMISSION_NAMES);
}
