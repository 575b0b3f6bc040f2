import type { listOverlaysQuerySchema, OverlayRecord, OverlaySummary } from "@streamkit/api-contract";
import { type Db, type Overlay, overlays } from "@streamkit/db";
import type { OverlayDocument } from "@streamkit/overlay";
import { type PlanName, planAtLeast, plans } from "@streamkit/plans";
import { and, count, desc, eq, lt, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AccountCaller } from "../shared/context";
import type { AppDeps } from "../shared/deps";
import { AppError, badRequest, decodeCreatedCursor, encodeCreatedCursor, notFound } from "@streamkit/api-contract";
import { findCatalogOverlay } from "./catalog";
import { parseDocument } from "./overlay-documents";
import { sourceToken } from "./overlay-source";
import { withinQuota } from "../shared/quota";
import { documentBytes, type SaveSurface, saveKeepingRevision } from "./revisions";
import { announceOverlay } from "./source-hub";

/**
 * A streamer's own overlays (docs/overlays.md#the-document-schema-1, docs/api.md#decisions-on-what-the-specification-leaves-open, docs/api.md#overlays, docs/api.md#limits). Another account's
 * overlay is 404 everywhere. `locked` is derived from the account's current
 * plan on every request (an overlay needs its stored `plan`: Pro for one's
 * own, the higher of Pro and the original's plan for a fork), never stored,
 * so an upgrade unlocks on the very next request. Saves are decided by
 * `UPDATE … WHERE rev = baseRev`: of two saves on one rev exactly one wins;
 * the same transaction keeps the revision it replaced (revisions.ts).
 */

export const isLocked = (row: Pick<Overlay, "plan">, caller: AccountCaller) => !planAtLeast(caller.account.plan, row.plan as PlanName);

function summary(row: Overlay, caller: AccountCaller): OverlaySummary {
  const document = row.document as OverlayDocument;
  return {
    id: row.id,
    name: row.name,
    rev: row.rev,
    liveRev: row.liveRev,
    locked: isLocked(row, caller),
    requiredPlan: row.plan as PlanName,
    kind: document.kind ?? "overlay",
    canvas: document.canvas,
    forkedFrom: row.forkedFrom,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The browser source's address, or null when revoked. */
export function browserSourceOf(deps: AppDeps, row: Pick<Overlay, "id" | "sourceVersion">) {
  if (row.sourceVersion === null) return null;
  const token = sourceToken(deps.overlaySourceSecrets, row.id, row.sourceVersion);
  return { token, url: `${deps.env.PUBLIC_URL}/overlays/source/${token}` };
}

export function record(deps: AppDeps, row: Overlay, caller: AccountCaller): OverlayRecord {
  return { ...summary(row, caller), document: row.document as OverlayDocument, browserSource: browserSourceOf(deps, row) };
}

/** The answer's ETag: a new rev, a publish or a new browser-source address changes it. */
export const overlayEtag = (row: Pick<Overlay, "id" | "rev" | "liveRev" | "sourceVersion">) =>
  `"${row.id}.${row.rev}.${row.liveRev}.${row.sourceVersion ?? 0}"`;

export const lockedError = (row: Pick<Overlay, "plan">) =>
  new AppError("plan_required", `This overlay is locked: it needs the ${plans[row.plan as PlanName].title} plan. You can still delete it.`, {
    requiredPlan: row.plan,
  });

/** One of the caller's overlays, whatever its lock (404 for anything else). */
async function ownRow(db: Db, caller: AccountCaller, overlayId: string): Promise<Overlay> {
  const [row] = await db
    .select()
    .from(overlays)
    .where(and(eq(overlays.id, overlayId), eq(overlays.accountId, caller.account.id)));
  if (!row) throw notFound("No such overlay of yours.");
  return row;
}

/** One of the caller's overlays that its plan covers: locked → 403 plan_required with details.requiredPlan. */
export async function unlockedRow(db: Db, caller: AccountCaller, overlayId: string): Promise<Overlay> {
  const row = await ownRow(db, caller, overlayId);
  if (isLocked(row, caller)) throw lockedError(row);
  return row;
}

export async function listOverlays(deps: AppDeps, caller: AccountCaller, query: z.infer<typeof listOverlaysQuerySchema>) {
  const after = query.cursor === undefined ? null : decodeCreatedCursor(query.cursor);
  const rows = await deps.db
    .select()
    .from(overlays)
    .where(
      and(
        eq(overlays.accountId, caller.account.id),
        after ? or(lt(overlays.createdAt, after.createdAt), and(eq(overlays.createdAt, after.createdAt), lt(overlays.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(overlays.createdAt), desc(overlays.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return { items: page.map((row) => summary(row, caller)), nextCursor: rows.length > query.limit ? encodeCreatedCursor(page.at(-1)!) : null };
}

export async function getOverlay(deps: AppDeps, caller: AccountCaller, overlayId: string) {
  const row = await unlockedRow(deps.db, caller, overlayId);
  return { item: record(deps, row, caller), etag: overlayEtag(row) };
}

/** Adds an overlay within the plan's count (docs/api.md#limits: Pro 25, Ultimate 200), decided under the account's row lock. */
function insertWithinPlan(
  deps: AppDeps,
  caller: AccountCaller,
  surface: SaveSurface,
  values: { name: string; document: OverlayDocument; plan: PlanName; forkedFrom: string | null },
) {
  const limit = plans[caller.account.plan].entitlements.overlays;
  return withinQuota(
    deps.db,
    {
      accountId: caller.account.id,
      limit,
      count: async (tx) => (await tx.select({ n: count() }).from(overlays).where(eq(overlays.accountId, caller.account.id)))[0]!.n,
      message: `Your ${plans[caller.account.plan].title} plan holds at most ${limit} overlays. Delete one, or upgrade for more.`,
    },
    async (tx) => {
      const now = deps.now();
      const [row] = await tx
        .insert(overlays)
        .values({
          accountId: caller.account.id,
          ...values,
          documentBytes: documentBytes(values.document),
          createdAt: now,
          updatedAt: now,
          savedBy: caller.account.id,
          savedSurface: surface,
        })
        .returning();
      return row!;
    },
  );
}

export async function createOverlay(deps: AppDeps, caller: AccountCaller, surface: SaveSurface, input: { name: string; document: unknown }) {
  const document = parseDocument(input.document);
  const row = await insertWithinPlan(deps, caller, surface, { name: input.name, document, plan: "pro", forkedFrom: null });
  return { item: record(deps, row, caller) };
}

export async function forkOverlay(deps: AppDeps, caller: AccountCaller, surface: SaveSurface, input: { slug: string; name: string }) {
  const original = await findCatalogOverlay(deps.db, input.slug);
  if (!original) throw notFound(`No predefined overlay "${input.slug}".`);
  if (!planAtLeast(caller.account.plan, original.plan))
    throw new AppError("plan_required", `"${original.name}" needs the ${plans[original.plan].title} plan.`, { requiredPlan: original.plan });
  const plan: PlanName = planAtLeast(original.plan, "pro") ? original.plan : "pro";
  const row = await insertWithinPlan(deps, caller, surface, { name: input.name, document: original.document, plan, forkedFrom: original.slug });
  return { item: record(deps, row, caller) };
}

export async function updateOverlay(
  deps: AppDeps,
  caller: AccountCaller,
  surface: SaveSurface,
  input: { overlayId: string; baseRev: number; name?: string; document?: unknown; draft?: boolean },
) {
  if (input.name === undefined && input.document === undefined) throw badRequest("Nothing to update: send name, document or both with baseRev.");
  const document = input.document === undefined ? undefined : parseDocument(input.document);
  const draft = input.draft === true;
  const saved = await saveKeepingRevision(
    deps,
    caller,
    surface,
    input,
    {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(document !== undefined ? { document } : {}),
    },
    draft,
  );
  if (saved) {
    // A live save was announced to its browser sources by its own statement; a draft changes nothing on stream.
    return { item: record(deps, saved, caller), etag: overlayEtag(saved) };
  }
  // Not saved: not the caller's (404), locked (403), or saved elsewhere since baseRev (409); nothing was overwritten.
  const current = await unlockedRow(deps.db, caller, input.overlayId);
  throw new AppError(
    "conflict",
    `This overlay was saved elsewhere since rev ${input.baseRev}: it is at rev ${current.rev}. Fetch it, re-apply your change and save with baseRev ${current.rev}.`,
    { currentRev: current.rev },
  );
}

export async function deleteOverlay(deps: AppDeps, caller: AccountCaller, overlayId: string) {
  const deleted = await deps.db
    .delete(overlays)
    .where(and(eq(overlays.id, overlayId), eq(overlays.accountId, caller.account.id)))
    .returning({ id: overlays.id });
  // Its open browser sources end: the database announces a deleted overlay, by the streamer or with its account (migration 0013).
  if (deleted.length === 0) throw notFound("No such overlay of yours.");
}

/** A new browser-source address (a version never issued before); the previous one stops working. */
export async function renewBrowserSource(deps: AppDeps, caller: AccountCaller, overlayId: string) {
  await unlockedRow(deps.db, caller, overlayId);
  const [row] = await deps.db
    .update(overlays)
    .set({ sourceIssued: sql`${overlays.sourceIssued} + 1`, sourceVersion: sql`${overlays.sourceIssued} + 1` })
    .where(and(eq(overlays.id, overlayId), eq(overlays.accountId, caller.account.id)))
    .returning();
  if (!row) throw notFound("No such overlay of yours.");
  await announceOverlay(deps, overlayId);
  return { item: record(deps, row, caller) };
}

/** No browser-source address at all until a new one is made: OBS gets 404. */
export async function revokeBrowserSource(deps: AppDeps, caller: AccountCaller, overlayId: string) {
  await unlockedRow(deps.db, caller, overlayId);
  const [row] = await deps.db
    .update(overlays)
    .set({ sourceVersion: null })
    .where(and(eq(overlays.id, overlayId), eq(overlays.accountId, caller.account.id)))
    .returning();
  if (!row) throw notFound("No such overlay of yours.");
  await announceOverlay(deps, overlayId);
  return { item: record(deps, row, caller) };
}
