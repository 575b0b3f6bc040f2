import { DrawingTooLarge, drawSvg, type OverlayDocument, pictureAssetIds, previewValues, type RenderAsset, renderSvg } from "@streamkit/overlay";
import sharp from "sharp";
import { blobStore } from "../shared/blobs/index";
import { boundedCache } from "../shared/bounded-cache";
import type { AccountCaller } from "../shared/context";
import type { AppDeps } from "../shared/deps";
import { resolveAssets } from "../assets";
import { unlockedRow } from "./overlays";
import { documentAt } from "./revisions";

/**
 * The thumbnails of My overlays (docs/overlays.md#thumbnails): a revision drawn still by the one renderer with the
 * preview values, made once per (overlay, rev) — a rev is never saved twice — and kept. It is shown as an <img>,
 * which loads nothing, so the owner's pictures go inside it, scaled down to WebP data: addresses (at most
 * `pictures` of them, within `inlineBytes`; the rest draw the placeholder), and text shows in the font's generic family.
 */
export const THUMBNAIL_LIMITS = { pictures: 24, pictureSide: 240, inlineBytes: 512 * 1024, maxEntries: 1_000, maxBytes: 16 * 1024 * 1024 };

const thumbnails = boundedCache<string>(THUMBNAIL_LIMITS);

/** The overlay's drawing at `rev` (its current one or one in its history) for its owner; 404 for another's or an unknown rev, 403 when locked. */
export async function overlayThumbnail(deps: AppDeps, caller: AccountCaller, overlayId: string, rev: number): Promise<string> {
  const row = await unlockedRow(deps.db, caller, overlayId);
  const key = `${row.id}.${rev}`;
  const kept = thumbnails.get(key);
  if (kept) return kept;
  const document = await documentAt(deps, row, rev);
  const svg = await drawThumbnail(deps, row.accountId, document);
  thumbnails.set(key, svg, { size: svg.length * 2 });
  return svg;
}

async function drawThumbnail(deps: AppDeps, accountId: string, document: OverlayDocument): Promise<string> {
  const ids = pictureAssetIds(document).slice(0, THUMBNAIL_LIMITS.pictures);
  const assets = ids.length ? await inlinePictures(deps, await resolveAssets(deps.db, accountId, ids)) : {};
  try {
    return drawSvg(document, { animate: false, values: previewValues, assets });
  } catch (error) {
    if (!(error instanceof DrawingTooLarge)) throw error;
    // The pictures took the drawing past its budget: they draw the placeholder (and a document over it, its own).
    return renderSvg(document, { animate: false, values: previewValues });
  }
}

/** Each resolved picture scaled to fit `pictureSide` as a WebP data: address; one that cannot be read is left out (its placeholder shows). */
async function inlinePictures(deps: AppDeps, resolved: Record<string, RenderAsset>): Promise<Record<string, RenderAsset>> {
  const store = blobStore(deps.db);
  const inlined: Record<string, RenderAsset> = {};
  let budget = THUMBNAIL_LIMITS.inlineBytes;
  for (const [id, asset] of Object.entries(resolved)) {
    const blobKey = /^\/api\/assets\/([0-9a-f]{64})\./.exec(asset.url)?.[1];
    if (!blobKey) continue;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of store.read(blobKey)) chunks.push(chunk as Buffer);
      const side = THUMBNAIL_LIMITS.pictureSide;
      const webp = await sharp(Buffer.concat(chunks), { animated: false })
        .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 70 })
        .toBuffer();
      const url = `data:image/webp;base64,${webp.toString("base64")}`;
      if (url.length > budget) continue;
      budget -= url.length;
      inlined[id] = { ...asset, url };
    } catch (error) {
      deps.log.warn({ err: error, blobKey }, "could not scale a picture for a thumbnail");
    }
  }
  return inlined;
}
