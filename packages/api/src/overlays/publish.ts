import { AppError, notFound } from "@streamkit/api-contract";
import { overlayRevisions, overlays } from "@streamkit/db";
import { and, eq } from "drizzle-orm";
import type { AccountCaller } from "../shared/context";
import type { AppDeps } from "../shared/deps";
import { isLocked, lockedError, overlayEtag, record } from "./overlays";
import { announceOverlay } from "./source-hub";

/**
 * Publish (docs/overlays.md#drafts-and-live): puts the current rev, or one
 * kept in the history, on stream. Decided under the overlay's row lock, the
 * one a save takes before it prunes: the rev cannot be pruned between the
 * check and the move, and of two publishes over one liveRev exactly one wins.
 * Nothing is saved: rev and the history stay as they are.
 */
export async function publishOverlay(deps: AppDeps, caller: AccountCaller, input: { overlayId: string; rev: number; baseLiveRev: number }) {
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(overlays)
      .where(and(eq(overlays.id, input.overlayId), eq(overlays.accountId, caller.account.id)))
      .for("update");
    if (!row) throw notFound("No such overlay of yours.");
    if (isLocked(row, caller)) throw lockedError(row);
    if (row.liveRev !== input.baseLiveRev) {
      throw new AppError(
        "conflict",
        `This overlay was published elsewhere since liveRev ${input.baseLiveRev}: rev ${row.liveRev} is on stream now. Look again and publish with baseLiveRev ${row.liveRev}.`,
        { currentLiveRev: row.liveRev, currentRev: row.rev },
      );
    }
    if (input.rev !== row.rev) {
      const [kept] = await tx
        .select({ rev: overlayRevisions.rev })
        .from(overlayRevisions)
        .where(and(eq(overlayRevisions.overlayId, row.id), eq(overlayRevisions.rev, input.rev)));
      if (!kept) {
        throw notFound(
          `This overlay has no revision ${input.rev} to publish: it is at rev ${row.rev}, and its history (GET /overlays/{overlayId}/revisions) holds the ones kept.`,
        );
      }
    }
    if (input.rev === row.liveRev) return { row, moved: false };
    const [published] = await tx.update(overlays).set({ liveRev: input.rev }).where(eq(overlays.id, row.id)).returning();
    return { row: published!, moved: true };
  });
  if (outcome.moved) await announceOverlay(deps, outcome.row.id, outcome.row.liveRev);
  return { item: record(deps, outcome.row, caller), etag: overlayEtag(outcome.row) };
}
