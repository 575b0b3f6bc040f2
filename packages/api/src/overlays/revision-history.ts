import type { listOverlayRevisionsQuerySchema } from "@streamkit/api-contract";
import type { z } from "zod";
import type { AccountCaller } from "../shared/context";
import type { AppDeps } from "../shared/deps";
import { unlockedRow, updateOverlay } from "./overlays";
import { compareRevisions, listRevisions, readRevision, type SaveSurface } from "./revisions";

/**
 * The history operations (docs/overlays.md#revision-history): the same rules
 * as reading an overlay (another account's: 404; locked: 403 plan_required),
 * and a restore is exactly a save of the old document over baseRev.
 */

export async function overlayRevisions(deps: AppDeps, caller: AccountCaller, query: z.infer<typeof listOverlayRevisionsQuerySchema>) {
  return listRevisions(deps, await unlockedRow(deps.db, caller, query.overlayId), query);
}

export async function overlayRevision(deps: AppDeps, caller: AccountCaller, input: { overlayId: string; rev: number }) {
  return { item: await readRevision(deps, await unlockedRow(deps.db, caller, input.overlayId), input.rev) };
}

export async function compareOverlayRevisions(deps: AppDeps, caller: AccountCaller, input: { overlayId: string; from: number; to: number }) {
  return compareRevisions(deps, await unlockedRow(deps.db, caller, input.overlayId), input.from, input.to);
}

/** A new save of an old revision's document (the name stays): 409 on a stale baseRev and the replaced rev kept, as any save; live at once unless `draft`. */
export async function restoreOverlayRevision(
  deps: AppDeps,
  caller: AccountCaller,
  surface: SaveSurface,
  input: { overlayId: string; rev: number; baseRev: number; draft?: boolean },
) {
  const old = await readRevision(deps, await unlockedRow(deps.db, caller, input.overlayId), input.rev);
  return updateOverlay(deps, caller, surface, {
    overlayId: input.overlayId,
    baseRev: input.baseRev,
    document: old.document,
    ...(input.draft !== undefined ? { draft: input.draft } : {}),
  });
}
