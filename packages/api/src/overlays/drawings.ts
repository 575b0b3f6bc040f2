import { type OverlayDocument, pictureAssetIds, renderSvg } from "@streamkit/overlay";
import type { AppDeps } from "../shared/deps";
import { boundedCache } from "../shared/bounded-cache";
import { readSourceDocument } from "./overlay-source";
import { resolveAssets } from "../assets";

/**
 * The browser source's drawings, made once per overlay revision and shared by
 * every request for it: a rev is never saved twice, so (overlay, rev) names
 * one drawing in every process, and a request that finds it reads no document.
 * Each is at most DRAWING_BUDGET.bytes; the store keeps the recently used ones
 * within a fixed total. A drawing includes the owner's uploaded pictures as
 * they were when it was made (their addresses, by content, never change).
 */
export const DRAWING_CACHE_LIMITS = { maxEntries: 2_000, maxBytes: 32 * 1024 * 1024 };

export interface SourceDrawing {
  rev: number;
  canvas: OverlayDocument["canvas"];
  svg: string;
  /** The feed's JSON answer for it (GET /api/overlay-source/{token}), the same for every source of the overlay. */
  feed: string;
}

const drawings = boundedCache<SourceDrawing>(DRAWING_CACHE_LIMITS);

/** The on-stream drawing of an overlay at `rev` (or at a newer rev saved meanwhile); null once deleted. Plugin values blank: the desktop app fills them. */
export async function sourceDrawing(deps: AppDeps, overlayId: string, rev: number): Promise<SourceDrawing | null> {
  const kept = drawings.get(`${overlayId}.${rev}`);
  if (kept) return kept;
  const saved = await readSourceDocument(deps, overlayId);
  if (!saved) return null;
  const { canvas } = saved.document;
  // The owner's pictures as they are now: a picture deleted later draws the placeholder from the next drawing on.
  const assets = await resolveAssets(deps.db, saved.accountId, pictureAssetIds(saved.document));
  const svg = renderSvg(saved.document, { missing: "blank", assets });
  const feed = JSON.stringify({ rev: saved.rev, locked: false, width: canvas.width, height: canvas.height, svg });
  const drawing: SourceDrawing = { rev: saved.rev, canvas, svg, feed };
  // Up to two bytes a character in memory, for the drawing and its feed.
  drawings.set(`${overlayId}.${saved.rev}`, drawing, { size: (svg.length + feed.length) * 2 });
  return drawing;
}
