import {
  decodeRevCursor,
  encodeRevCursor,
  type listOverlayRevisionsQuerySchema,
  notFound,
  type OverlayRevision,
  type OverlayRevisionComparison,
} from "@streamkit/api-contract";
import { accounts, type Overlay, overlayRevisions, overlays, type Tx } from "@streamkit/db";
import type { OverlayDocument } from "@streamkit/overlay";
import { overlayRevisionsKept, planAtLeast, planNames } from "@streamkit/plans";
import { and, desc, eq, getTableColumns, inArray, lt, lte, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { AccountCaller, Context } from "../shared/context";
import type { AppDeps } from "../shared/deps";
import { compareLayers } from "./revision-diff";

/**
 * Revision history (docs/overlays.md#revision-history): every successful save
 * keeps the revision it replaced, in the save's own transaction, and prunes
 * the history to the saving account's plan (overlayRevisionsKept). The
 * current rev is the overlay itself; the history holds the ones before it.
 */

export type SaveSurface = Context["surface"];

/**
 * Saves `changes` over `baseRev` and keeps the replaced revision, all in one
 * transaction; undefined when the overlay is not the caller's, is locked by
 * its plan, or is no longer at baseRev (nothing is read before: a save is this
 * transaction alone). The conditional UPDATE decides the race: of two saves on
 * one rev the second waits for the first's row lock, then finds the rev gone.
 * A save goes live (liveRev follows rev) unless it is a draft.
 */
export function saveKeepingRevision(
  deps: AppDeps,
  caller: AccountCaller,
  surface: SaveSurface,
  target: { overlayId: string; baseRev: number },
  changes: { name?: string; document?: OverlayDocument },
  draft: boolean,
): Promise<Overlay | undefined> {
  // The plans whose overlays the caller may save: a locked overlay (a higher plan's) is not saved.
  const allowed = planNames.filter((plan) => planAtLeast(caller.account.plan, plan));
  return deps.db.transaction(async (tx) => {
    // One statement locks the row at baseRev, saves over it and hands back what it replaced (the join reads the row as it was).
    const [saved] = await tx
      .update(overlays)
      .set({
        ...changes,
        rev: sql`${overlays.rev} + 1`,
        ...(draft ? {} : { liveRev: sql`${overlays.rev} + 1` }),
        updatedAt: deps.now(),
        savedBy: caller.account.id,
        savedSurface: surface,
      })
      .from(replaced)
      .where(
        and(
          eq(overlays.id, target.overlayId),
          eq(overlays.accountId, caller.account.id),
          eq(overlays.rev, target.baseRev),
          inArray(overlays.plan, allowed),
          eq(replaced.id, overlays.id),
        ),
      )
      .returning({
        ...getTableColumns(overlays),
        replacedDocument: replaced.document,
        replacedSavedBy: replaced.savedBy,
        replacedAt: replaced.updatedAt,
        replacedSurface: replaced.savedSurface,
      });
    // Not the caller's, locked by its plan, or no longer at baseRev: the caller's error path (ownRow's reads) tells which.
    if (!saved) return undefined;
    const { replacedDocument, replacedSavedBy, replacedAt, replacedSurface, ...overlay } = saved;
    await tx.insert(overlayRevisions).values({
      overlayId: overlay.id,
      rev: target.baseRev,
      document: replacedDocument,
      // Only the owner saves an overlay, so a rev saved before history was kept was theirs.
      savedBy: replacedSavedBy ?? overlay.accountId,
      savedAt: replacedAt,
      surface: replacedSurface,
      bytes: Buffer.byteLength(JSON.stringify(replacedDocument)),
    });
    await prune(tx, overlay, overlayRevisionsKept[caller.account.plan]);
    return overlay;
  });
}

/** The overlay row as a save found it, beside the row it updates. */
const replaced = alias(overlays, "replaced");

/** Drops all but the newest `keep` revisions of one overlay, and never the one on stream. */
async function prune(tx: Tx, overlay: Pick<Overlay, "id" | "liveRev">, keep: number) {
  const overlayId = overlay.id;
  const oldestDropped = tx
    .select({ rev: overlayRevisions.rev })
    .from(overlayRevisions)
    .where(eq(overlayRevisions.overlayId, overlayId))
    .orderBy(desc(overlayRevisions.rev))
    .offset(keep)
    .limit(1);
  await tx
    .delete(overlayRevisions)
    .where(and(eq(overlayRevisions.overlayId, overlayId), lte(overlayRevisions.rev, sql`(${oldestDropped})`), ne(overlayRevisions.rev, overlay.liveRev)));
}

const columns = {
  rev: overlayRevisions.rev,
  savedAt: overlayRevisions.savedAt,
  savedById: overlayRevisions.savedBy,
  savedByName: accounts.name,
  surface: overlayRevisions.surface,
  bytes: overlayRevisions.bytes,
};

type Row = { rev: number; savedAt: Date; savedById: string; savedByName: string; surface: string | null; bytes: number };

const summary = (row: Row, liveRev: number): OverlayRevision => ({
  rev: row.rev,
  savedAt: row.savedAt.toISOString(),
  savedBy: { id: row.savedById, name: row.savedByName },
  surface: row.surface as OverlayRevision["surface"],
  bytes: row.bytes,
  live: row.rev === liveRev,
});

/** The overlay's revisions, newest first; `row` is the overlay, already checked to be the caller's and unlocked. */
export async function listRevisions(deps: AppDeps, row: Overlay, query: z.infer<typeof listOverlayRevisionsQuerySchema>) {
  const before = query.cursor === undefined ? null : decodeRevCursor(query.cursor);
  const rows = await deps.db
    .select(columns)
    .from(overlayRevisions)
    .innerJoin(accounts, eq(accounts.id, overlayRevisions.savedBy))
    .where(and(eq(overlayRevisions.overlayId, row.id), before === null ? undefined : lt(overlayRevisions.rev, before)))
    .orderBy(desc(overlayRevisions.rev))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return { items: page.map((found) => summary(found, row.liveRev)), nextCursor: rows.length > query.limit ? encodeRevCursor(page.at(-1)!.rev) : null };
}

const noRevision = (rev: number) =>
  notFound(`This overlay has no revision ${rev} in its history: list them with GET /overlays/{overlayId}/revisions (older ones are pruned by plan).`);

/** One revision with its document, or 404 not_found. */
export async function readRevision(deps: AppDeps, row: Overlay, rev: number) {
  const [found] = await deps.db
    .select({ ...columns, document: overlayRevisions.document })
    .from(overlayRevisions)
    .innerJoin(accounts, eq(accounts.id, overlayRevisions.savedBy))
    .where(and(eq(overlayRevisions.overlayId, row.id), eq(overlayRevisions.rev, rev)));
  if (!found) throw noRevision(rev);
  return { ...summary(found, row.liveRev), document: found.document as OverlayDocument };
}

/** A rev's document: the current one, or one in the history (404 not_found for any other). */
export async function documentAt(deps: AppDeps, row: Overlay, rev: number): Promise<OverlayDocument> {
  if (rev === row.rev) return row.document as OverlayDocument;
  const [found] = await deps.db
    .select({ document: overlayRevisions.document })
    .from(overlayRevisions)
    .where(and(eq(overlayRevisions.overlayId, row.id), eq(overlayRevisions.rev, rev)));
  if (!found) throw noRevision(rev);
  return found.document as OverlayDocument;
}

export async function compareRevisions(deps: AppDeps, row: Overlay, from: number, to: number): Promise<OverlayRevisionComparison> {
  const [before, after] = [await documentAt(deps, row, from), await documentAt(deps, row, to)];
  return { from, to, ...compareLayers(before, after) };
}
