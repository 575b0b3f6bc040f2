/**
 * The account's asset library (docs/overlays.md#pictures-and-the-asset-library): pictures and sounds
 * (docs/overlays.md#uploaded-alert-sounds) in one storage. Upload within
 * the plan's storage (decided by the database under the account's row lock),
 * list with the usage, read, rename, delete — refused while an overlay draws
 * the picture or plays the sound. The bytes are a blob of the blob store; a trigger of migration
 * 0015 removes the blob with the last row naming it (a delete, or the account's).
 */
import {
  type Asset,
  type AssetContentType,
  type AssetKind,
  AppError,
  assetKindOf,
  assetUrl,
  decodeCreatedCursor,
  encodeCreatedCursor,
  isUuid,
  notFound,
} from "@streamkit/api-contract";
import { assets, type Db, overlayRevisions, overlays, type Queryable } from "@streamkit/db";
import { alertSoundKeys } from "@streamkit/overlay";
import { plans } from "@streamkit/plans";
import { and, desc, eq, inArray, like, lt, or, type SQL, sql, sum } from "drizzle-orm";
import { blobStore, retryOnBlobRace } from "../shared/blobs/index";
import type { AccountCaller } from "../shared/context";
import type { AppDeps } from "../shared/deps";
import { withinQuota } from "../shared/quota";
import type { Stored } from "./uploaded";

type AssetRow = typeof assets.$inferSelect;

export function toAsset(row: AssetRow): Asset {
  const contentType = row.contentType as AssetContentType;
  return {
    id: row.id,
    name: row.name,
    kind: assetKindOf(contentType),
    contentType,
    size: row.size,
    width: row.width,
    height: row.height,
    animated: row.animated,
    url: assetUrl(row.blobKey, contentType),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const MiB = 1024 * 1024;
const thing = (kind: AssetKind) => (kind === "sound" ? "sound" : "picture");
/** Only pictures (image/*) or only sounds (audio/*). */
const ofKind = (kind: AssetKind): SQL => like(assets.contentType, kind === "sound" ? "audio/%" : "image/%");
const inMiB = (bytes: number) => `${Math.round((bytes / MiB) * 10) / 10} MiB`;

/** Bytes the account's library holds. */
async function usedBytes(db: Queryable, accountId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sum(assets.size) })
    .from(assets)
    .where(eq(assets.accountId, accountId));
  return Number(row?.bytes ?? 0);
}

export async function storageOf(db: Queryable, caller: AccountCaller) {
  return { bytes: await usedBytes(db, caller.account.id), quotaBytes: plans[caller.account.plan].entitlements.assetStorageBytes };
}

/**
 * Stores a processed picture or sound as a new asset; both count against one storage. The account's row is locked
 * before the library's bytes are summed (withinQuota), so concurrent uploads
 * of one account take turns and their total never passes the plan's storage;
 * the blob is put in the same transaction, so a refused upload leaves nothing.
 */
export async function addAsset(deps: AppDeps, caller: AccountCaller, name: string, upload: Stored): Promise<Asset> {
  const quotaBytes = plans[caller.account.plan].entitlements.assetStorageBytes;
  const size = upload.bytes.byteLength;
  const attempt = () =>
    withinQuota(
      deps.db,
      {
        accountId: caller.account.id,
        limit: quotaBytes,
        amount: size,
        count: (tx) => usedBytes(tx, caller.account.id),
        message: `The ${thing(upload.kind)} (${inMiB(size)} once stored) does not fit: your ${plans[caller.account.plan].title} plan's library holds at most ${inMiB(quotaBytes)}. Delete pictures or sounds you no longer use, or upgrade for more.`,
        details: (used) => ({ usedBytes: used, sizeBytes: size }),
      },
      async (tx) => {
        const blob = await blobStore(tx).put(upload.bytes, upload.contentType);
        const now = deps.now();
        const [row] = await tx
          .insert(assets)
          .values({
            accountId: caller.account.id,
            name,
            blobKey: blob.key,
            contentType: upload.contentType,
            size,
            width: upload.kind === "picture" ? upload.width : null,
            height: upload.kind === "picture" ? upload.height : null,
            animated: upload.kind === "picture" && upload.animated,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        return toAsset(row!);
      },
    );
  return retryOnBlobRace(attempt);
}

export async function listAssets(deps: AppDeps, caller: AccountCaller, query: { limit: number; cursor?: string | undefined; kind?: AssetKind | undefined }) {
  const after = query.cursor === undefined ? null : decodeCreatedCursor(query.cursor);
  const rows = await deps.db
    .select()
    .from(assets)
    .where(
      and(
        eq(assets.accountId, caller.account.id),
        query.kind ? ofKind(query.kind) : undefined,
        after ? or(lt(assets.createdAt, after.createdAt), and(eq(assets.createdAt, after.createdAt), lt(assets.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(assets.createdAt), desc(assets.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toAsset),
    nextCursor: rows.length > query.limit && last ? encodeCreatedCursor({ createdAt: last.createdAt, id: last.id }) : null,
    usage: await storageOf(deps.db, caller),
  };
}

const missing = () => notFound("No such picture or sound in your asset library.");

async function findOwn(db: Queryable, caller: AccountCaller, assetId: string, lock = false): Promise<AssetRow> {
  const query = db
    .select()
    .from(assets)
    .where(and(eq(assets.id, assetId), eq(assets.accountId, caller.account.id)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw missing();
  return row;
}

export async function getAsset(deps: AppDeps, caller: AccountCaller, assetId: string) {
  const row = await findOwn(deps.db, caller, assetId);
  return { ...toAsset(row), usedBy: await overlaysUsing(deps.db, caller.account.id, assetId) };
}

export async function renameAsset(deps: AppDeps, caller: AccountCaller, assetId: string, name: string): Promise<Asset> {
  const [row] = await deps.db
    .update(assets)
    .set({ name, updatedAt: deps.now() })
    .where(and(eq(assets.id, assetId), eq(assets.accountId, caller.account.id)))
    .returning();
  if (!row) throw missing();
  return toAsset(row);
}

/**
 * Deletes one of the caller's pictures or sounds unless an overlay uses it now: its
 * current document or the one on stream (liveRev) has a picture layer whose
 * source is this asset, or an alert sound that is. Then 409 asset_in_use names
 * those overlays. A revision kept only in the history may still name it
 * (docs/overlays.md#pictures-and-the-asset-library, "In use"): restored, that layer draws the
 * placeholder and that alert plays nothing.
 */
export async function deleteAsset(deps: AppDeps, caller: AccountCaller, assetId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await findOwn(tx, caller, assetId, true);
    const users = await overlaysUsing(tx, caller.account.id, assetId);
    if (users.length > 0) {
      const by = users.length === 1 ? `the overlay "${users[0]!.name}"` : `${users.length} overlays`;
      const what = assetKindOf(row.contentType) === "sound" ? `The sound is played by the alerts of ${by}` : `The picture is drawn by ${by}`;
      throw new AppError("asset_in_use", `${what}; remove it from ${users.length === 1 ? "that overlay" : "them"} (and publish) before deleting it.`, {
        overlays: users,
      });
    }
    await tx.delete(assets).where(eq(assets.id, assetId));
  });
}

/**
 * Documents using the asset, as jsonb containment (the same statement on PostgreSQL and PGlite): a picture layer
 * drawing it, or an alert sound (of any alert type) playing it.
 */
const patternsOf = (assetId: string) => [
  JSON.stringify({ layers: [{ type: "picture", props: { source: { kind: "asset", id: assetId } } }] }),
  ...alertSoundKeys.map((key) => JSON.stringify({ alertSounds: { [key]: { sound: { kind: "asset", id: assetId } } } })),
];
const usesAny = (column: unknown, patterns: string[]) => or(...patterns.map((pattern) => sql`${column} @> ${pattern}::jsonb`));

/** The account's overlays whose current or live document draws or plays the asset. */
export async function overlaysUsing(db: Queryable, accountId: string, assetId: string): Promise<{ overlayId: string; name: string }[]> {
  const patterns = patternsOf(assetId);
  const rows = await db
    .select({ overlayId: overlays.id, name: overlays.name })
    .from(overlays)
    .leftJoin(
      overlayRevisions,
      and(eq(overlayRevisions.overlayId, overlays.id), eq(overlayRevisions.rev, overlays.liveRev), sql`${overlays.liveRev} <> ${overlays.rev}`),
    )
    .where(and(eq(overlays.accountId, accountId), or(usesAny(overlays.document, patterns), usesAny(overlayRevisions.document, patterns))))
    .orderBy(overlays.name, overlays.id);
  return rows;
}

/**
 * What the picture layers of one account's overlays draw (the renderer calls
 * this): each asset id to its address and size, in one query. Ids that are
 * not UUIDs, unknown ones and other accounts' are left out, so a layer naming
 * them draws nothing.
 */
export async function resolveAssets(
  db: Db | Queryable,
  accountId: string,
  ids: readonly string[],
): Promise<Record<string, { url: string; width: number; height: number }>> {
  const wanted = [...new Set(ids.filter((id) => typeof id === "string" && isUuid(id)).map((id) => id.toLowerCase()))];
  if (wanted.length === 0 || !isUuid(accountId)) return {};
  const rows = await db
    .select({ id: assets.id, blobKey: assets.blobKey, contentType: assets.contentType, width: assets.width, height: assets.height })
    .from(assets)
    .where(and(eq(assets.accountId, accountId), inArray(assets.id, wanted), ofKind("picture")));
  const resolved: Record<string, { url: string; width: number; height: number }> = {};
  for (const row of rows)
    resolved[row.id] = { url: assetUrl(row.blobKey, row.contentType as AssetContentType), width: row.width ?? 1, height: row.height ?? 1 };
  return resolved;
}

/** What the overlay editor offers to pick from and draws with: the account's newest pictures, at most EDITOR_ASSETS_SHOWN. */
export const EDITOR_ASSETS_SHOWN = 200;

export async function editorAssets(db: Db | Queryable, accountId: string) {
  const rows = await db
    .select({ id: assets.id, name: assets.name, blobKey: assets.blobKey, contentType: assets.contentType, width: assets.width, height: assets.height })
    .from(assets)
    .where(and(eq(assets.accountId, accountId), ofKind("picture")))
    .orderBy(desc(assets.createdAt), desc(assets.id))
    .limit(EDITOR_ASSETS_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    url: assetUrl(row.blobKey, row.contentType as AssetContentType),
    width: row.width ?? 1,
    height: row.height ?? 1,
  }));
}

/** What the editor's Alert sounds panel offers of the account's uploads: its newest sounds, at most EDITOR_ASSETS_SHOWN, with the address that previews them. */
export async function editorSoundAssets(db: Db | Queryable, accountId: string) {
  const rows = await db
    .select({ id: assets.id, name: assets.name, blobKey: assets.blobKey, contentType: assets.contentType })
    .from(assets)
    .where(and(eq(assets.accountId, accountId), ofKind("sound")))
    .orderBy(desc(assets.createdAt), desc(assets.id))
    .limit(EDITOR_ASSETS_SHOWN);
  return rows.map((row) => ({ id: row.id, name: row.name, url: assetUrl(row.blobKey, row.contentType as AssetContentType) }));
}

/** One of the account's uploaded sounds, for the OBS source's sound route; null when it is not the account's, or not a sound. */
export async function findSoundAsset(db: Queryable, accountId: string, assetId: string) {
  if (!isUuid(assetId) || !isUuid(accountId)) return null;
  const [row] = await db
    .select({ blobKey: assets.blobKey, contentType: assets.contentType, size: assets.size, name: assets.name })
    .from(assets)
    .where(and(eq(assets.id, assetId), eq(assets.accountId, accountId), ofKind("sound")));
  return row ?? null;
}

/** The stored picture an address names, when some asset holds that content in that type. */
export async function findServedAsset(db: Queryable, blobKey: string, contentType: AssetContentType) {
  const [row] = await db
    .select({ size: assets.size })
    .from(assets)
    .where(and(eq(assets.blobKey, blobKey), eq(assets.contentType, contentType)))
    .limit(1);
  return row ?? null;
}
