/**
 * What a write's answer waits for on the process that made it: state a
 * feature keeps per process and drops on database notices (accounts'
 * kept API key callers) must reflect the write by the next request here, not
 * only once the notice arrives. Features register how they catch up; the
 * REST core (every write method) and the procedure ladder (the website's
 * server-side mutations) call settleWrites before answering.
 */
import type { AppDeps } from "./deps";

const fences = new WeakMap<AppDeps, Set<() => Promise<void>>>();
/**
 * Requests (their contexts) a procedure settled, or whose only writes change nothing anything keeps (exempt): the
 * website's tRPC and /api/v1 pass both callers. A batch's exempt write never spares another mutation of it its settling.
 */
const settledRequests = new WeakSet<object>();

export function addWriteFence(deps: AppDeps, fence: () => Promise<void>): void {
  const set = fences.get(deps) ?? new Set();
  fences.set(deps, set);
  set.add(fence);
}

/** Never fails: a fence that cannot catch up stops using what it keeps instead. Marks `request` settled. */
export async function settleWrites(deps: AppDeps, request: object): Promise<void> {
  settledRequests.add(request);
  const set = fences.get(deps);
  if (set) await Promise.all([...set].map((fence) => fence()));
}

/**
 * A write that changes nothing a feature keeps per process (an overlay save: no caller, no kept answer) need not wait:
 * the REST core's last word leaves `request` alone. Any other mutation of the same request still settles itself.
 */
export function exemptFromSettling(request: object): void {
  settledRequests.add(request);
}

/** settleWrites, unless a procedure of the request settled after its own write already, or was exempt (the REST core's last word). */
export async function settleWritesOnce(deps: AppDeps, request: object): Promise<void> {
  if (!settledRequests.has(request)) await settleWrites(deps, request);
}
