import { assets } from "@streamkit/db";
import type { Db } from "@streamkit/db";
import { OVERLAY_LIMITS, type RenderAsset } from "@streamkit/overlay";
import { and, desc, eq, inArray } from "drizzle-orm";

/**
 * The uploaded pictures an overlay's picture layers draw (docs/overlays.md#the-document-schema-1), resolved when the
 * server draws it. Stands in for the asset library's resolveAssets (packages/api/src/assets), same signature, until
 * the two are merged.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The served file's extension by stored content type (the asset library stores only these four). */
const extensions: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp", "image/gif": "gif" };

/** Where an asset is served: /api/assets/<blob key>.<ext>; null for a type the library does not serve. */
export function assetUrl(blobKey: string, contentType: string): string | null {
  const ext = extensions[contentType];
  return ext ? `/api/assets/${blobKey}.${ext}` : null;
}

/**
 * The account's assets among `ids`, by id (lower case), with their served address and size, in one query.
 * Only that account's (the overlay owner's): another account's id resolves to nothing and draws the placeholder.
 * Ids that are not UUIDs are ignored; at most one lookup per layer.
 */
export async function resolveAssets(db: Db, accountId: string, ids: string[]): Promise<Record<string, RenderAsset>> {
  const wanted = [...new Set(ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))].slice(0, OVERLAY_LIMITS.maxLayers);
  const found: Record<string, RenderAsset> = {};
  if (wanted.length === 0 || !UUID.test(accountId)) return found;
  const rows = await db
    .select({ id: assets.id, blobKey: assets.blobKey, contentType: assets.contentType, width: assets.width, height: assets.height })
    .from(assets)
    .where(and(eq(assets.accountId, accountId), inArray(assets.id, wanted)));
  for (const row of rows) {
    const url = assetUrl(row.blobKey, row.contentType);
    if (url) found[row.id.toLowerCase()] = { url, width: row.width, height: row.height };
  }
  return found;
}

/** What the editor offers to pick from: the account's newest pictures (the asset library's own list replaces it). */
export const EDITOR_ASSETS_SHOWN = 200;

export interface EditorAsset extends RenderAsset {
  id: string;
  name: string;
}

/** The account's newest pictures for the editor's picker and canvas, at most EDITOR_ASSETS_SHOWN. */
export async function editorAssets(db: Db, accountId: string): Promise<EditorAsset[]> {
  const rows = await db
    .select({ id: assets.id, name: assets.name, blobKey: assets.blobKey, contentType: assets.contentType, width: assets.width, height: assets.height })
    .from(assets)
    .where(eq(assets.accountId, accountId))
    .orderBy(desc(assets.createdAt), desc(assets.id))
    .limit(EDITOR_ASSETS_SHOWN);
  return rows.flatMap((row) => {
    const url = assetUrl(row.blobKey, row.contentType);
    return url ? [{ id: row.id, name: row.name, url, width: row.width, height: row.height }] : [];
  });
}
