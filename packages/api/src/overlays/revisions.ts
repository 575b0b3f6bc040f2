import {
  decodeRevCursor,
  encodeRevCursor,
  type listOverlayRevisionsQuerySchema,
  notFound,
  type OverlayRevision,
  type OverlayRevisionComparison,
} from "@streamkit/api-contract";
import { accounts, executedRows, type Overlay, overlayRevisions, overlays } from "@streamkit/db";
import type { OverlayDocument } from "@streamkit/overlay";
import { overlayRevisionsKept, planAtLeast, planNames } from "@streamkit/plans";
import { and, desc, eq, getTableColumns, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AccountCaller, Context } from "../shared/context";
import type { AppDeps } from "../shared/deps";
import { compareLayers } from "./revision-diff";
import { SOURCE_CHANNEL } from "./source-hub";

/**
 * Revision history (docs/overlays.md#revision-history): every successful save
 * keeps the revision it replaced, in the save's own transaction, and prunes
 * the history to the saving account's plan (overlayRevisionsKept). The
 * current rev is the overlay itself; the history holds the ones before it.
 */

export type SaveSurface = Context["surface"];

/** A document's size as a revision reports it: its JSON's bytes. */
export const documentBytes = (document: unknown) => Buffer.byteLength(JSON.stringify(document));

/**
 * Saves `changes` over `baseRev` and keeps the replaced revision, in one
 * statement (so one transaction); undefined when the overlay is not the
 * caller's, is locked by its plan, or is no longer at baseRev (nothing is read
 * before). The conditional UPDATE decides the race: of two saves on one rev
 * the second waits for the first's row lock, then finds the rev gone. Beside
 * it, data-modifying CTEs keep the replaced revision (read through a join of
 * the row as the statement found it) and prune the history to the saving
 * account's plan, never dropping the revision on stream. A save goes live
 * (liveRev follows rev) and is announced to the overlay's browser sources,
 * unless it is a draft.
 */
export async function saveKeepingRevision(
  deps: AppDeps,
  caller: AccountCaller,
  surface: SaveSurface,
  target: { overlayId: string; baseRev: number },
  changes: { name?: string; document?: OverlayDocument },
  draft: boolean,
): Promise<Overlay | undefined> {
  // The plans whose overlays the caller may save: a locked overlay (a higher plan's) is not saved.
  const allowed = `{${planNames.filter((plan) => planAtLeast(caller.account.plan, plan)).join(",")}}`;
  const sets = [
    ...(changes.name !== undefined ? [sql`name = ${changes.name}`] : []),
    ...(changes.document !== undefined
      ? [sql`document = ${JSON.stringify(changes.document)}::jsonb`, sql`document_bytes = ${documentBytes(changes.document)}`]
      : []),
    sql`rev = o.rev + 1`,
    ...(draft ? [] : [sql`live_rev = o.rev + 1`]),
    sql`updated_at = ${deps.now().toISOString()}::timestamptz`,
    sql`saved_by = ${caller.account.id}::uuid`,
    sql`saved_surface = ${surface}`,
  ];
  // The revisions kept beside this save's own: of the older ones, the newest `keep - 1` (and the one on stream) stay.
  const keepBefore = overlayRevisionsKept[caller.account.plan] - 1;
  const result = await deps.db.execute(sql`
    with saved as (
      update ${overlays} o set ${sql.join(sets, sql`, `)}
      from ${overlays} replaced
      where o.id = ${target.overlayId}::uuid and o.account_id = ${caller.account.id}::uuid and o.rev = ${target.baseRev}
        and o.plan = any(${allowed}::text[]) and replaced.id = o.id
      returning o.*, replaced.document as replaced_document, replaced.saved_by as replaced_saved_by,
        replaced.updated_at as replaced_at, replaced.saved_surface as replaced_surface,
        coalesce(replaced.document_bytes, octet_length(replaced.document::text)) as replaced_bytes
    ), kept as (
      -- A rev saved before history was kept has no saved_by: only the owner saves an overlay, so it was theirs.
      insert into ${overlayRevisions} (overlay_id, rev, document, saved_by, saved_at, surface, bytes)
      select id, ${target.baseRev}, replaced_document, coalesce(replaced_saved_by, account_id), replaced_at, replaced_surface, replaced_bytes from saved
    ), pruned as (
      delete from ${overlayRevisions} r using saved
      where r.overlay_id = saved.id and r.rev <> saved.live_rev
        and r.rev <= (select k.rev from ${overlayRevisions} k where k.overlay_id = saved.id order by k.rev desc offset ${keepBefore} limit 1)
    )${
      // A live save wakes the overlay's open browser sources on every process (source-hub.ts), delivered at commit: only a saved change is announced.
      draft ? sql`` : sql`, announced as (select pg_notify(${SOURCE_CHANNEL}, json_build_object('overlay', id, 'rev', live_rev)::text) from saved)`
    }
    select ${sql.join(
      Object.values(getTableColumns(overlays)).map((column) => sql.identifier(column.name)),
      sql`, `,
    )} from saved${draft ? sql`` : sql` cross join announced`}`);
  const [row] = executedRows(result);
  return row ? overlayFromRow(row) : undefined;
}

/** An overlays row by its columns' names, each read as Drizzle reads that column. */
function overlayFromRow(row: Record<string, unknown>): Overlay {
  const overlay: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(overlays))) {
    const value = row[column.name];
    overlay[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return overlay as Overlay;
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
