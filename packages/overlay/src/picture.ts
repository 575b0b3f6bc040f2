import type { DrawingMeter } from "./budget";
import type { OverlayDocument } from "./document";
import type { PictureFit, PictureLayer } from "./layers";
import { OVERLAY_LIMITS as L } from "./limits";
import { escapeXml, num } from "./markup";

/**
 * Picture layers in the one renderer (docs/overlays.md#the-document-schema-1): an uploaded asset, resolved by the
 * server into an address, or a picture variable's https address, drawn as an SVG <image> clipped to the frame.
 * Anything missing or unusable draws the same placeholder on every surface, never an error on stream.
 */

/** An uploaded picture as the server resolved it for the overlay's owner: where it is served and its size in pixels. */
export interface RenderAsset {
  /** Where it is served (/api/assets/…), or, inside a drawing that loads nothing (a thumbnail), its bytes as a data: address. */
  url: string;
  width: number;
  height: number;
}

const aspect: Record<PictureFit, string> = { contain: "xMidYMid meet", cover: "xMidYMid slice", stretch: "none" };
const ASSET_PATH = /^\/api\/assets\/[A-Za-z0-9][A-Za-z0-9._-]*$/;
const HTTPS_URL = /^https:\/\/[^\s<>"'`\\]+$/;
/**
 * An asset's bytes inlined in a drawing that loads nothing (a thumbnail, the History's comparison): only the
 * library's raster types (never SVG), only for an asset, never a variable.
 */
const INLINE_PICTURE = /^data:image\/(?:webp|png|jpeg|gif);base64,[A-Za-z0-9+/]+={0,2}$/;

/**
 * The address a picture may load, or null: the service's own /api/assets/… path or an https:// URL. Everything else
 * (javascript:, data:, http:, relative paths, whitespace) is refused, so a value can neither run script nor load in
 * the clear; the markup is escaped besides.
 */
export function pictureUrl(value: string | undefined): string | null {
  if (!value || value.length > L.varValueMaxLength) return null;
  if (ASSET_PATH.test(value)) return value;
  if (!HTTPS_URL.test(value)) return null;
  try {
    return new URL(value).protocol === "https:" ? value : null;
  } catch {
    return null;
  }
}

/** The unique asset ids the document's picture layers draw (lower case, as the database spells them), at most one per layer. */
export function pictureAssetIds(document: Pick<OverlayDocument, "layers">): string[] {
  const ids = new Set<string>();
  for (const layer of document.layers.slice(0, L.maxLayers)) {
    if (layer.type === "picture" && layer.props.source.kind === "asset") ids.add(layer.props.source.id.toLowerCase());
  }
  return [...ids];
}

/** Assets at the longest address the library serves (a SHA-256 and .webp), for measuring a drawing before they are resolved. */
export function standInAssets(ids: readonly string[]): Record<string, RenderAsset> {
  return Object.fromEntries(ids.map((id) => [id, { url: `/api/assets/${"0".repeat(64)}.webp`, width: 1, height: 1 }]));
}

/** The address a picture layer draws now, or null for the placeholder. */
function sourceUrl(layer: PictureLayer, values: Record<string, string>, assets: Readonly<Record<string, RenderAsset>>): string | null {
  const { source } = layer.props;
  if (source.kind === "var") return pictureUrl(values[source.key]);
  const id = source.id.toLowerCase();
  if (!Object.hasOwn(assets, id)) return null;
  const { url } = assets[id]!;
  return INLINE_PICTURE.test(url) ? url : pictureUrl(url);
}

/** What a missing asset, an empty variable or an unusable address shows: a dashed box with a small picture glyph. */
function placeholder(layer: PictureLayer, radius: number, meter: DrawingMeter): string {
  const { x, y, w, h } = layer.frame;
  const box = `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}"${radius ? ` rx="${num(radius)}"` : ""} fill="#8a8f98" fill-opacity="0.12" stroke="#8a8f98" stroke-width="2" stroke-dasharray="8 6"/>`;
  // The glyph (a framed mountain and sun) only where it fits.
  const size = Math.min(48, w * 0.5, h * 0.5);
  let glyph = "";
  if (size >= 8) {
    const gw = size;
    const gh = size * 0.75;
    const gx = x + (w - gw) / 2;
    const gy = y + (h - gh) / 2;
    const d = `M${num(gx)} ${num(gy)}h${num(gw)}v${num(gh)}h${num(-gw)}Z M${num(gx)} ${num(gy + gh)}l${num(gw * 0.35)} ${num(-gh * 0.5)}l${num(gw * 0.25)} ${num(gh * 0.3)}l${num(gw * 0.15)} ${num(-gh * 0.15)}l${num(gw * 0.25)} ${num(gh * 0.35)}`;
    glyph = `<path d="${d}" fill="none" stroke="#8a8f98" stroke-width="2" stroke-linejoin="round"/><circle cx="${num(gx + gw * 0.72)}" cy="${num(gy + gh * 0.3)}" r="${num(size * 0.08)}" fill="#8a8f98"/>`;
  }
  meter.take("elements", glyph ? 4 : 2);
  return meter.markup(`<g data-picture="placeholder">${box}${glyph}</g>`);
}

/** A picture layer's markup: the image clipped to the frame and its corner radius, or the placeholder. */
export function pictureMarkup(layer: PictureLayer, values: Record<string, string>, assets: Readonly<Record<string, RenderAsset>>, meter: DrawingMeter): string {
  const { x, y, w, h } = layer.frame;
  const radius = Math.min(layer.props.radius ?? 0, w / 2, h / 2);
  const url = sourceUrl(layer, values, assets);
  if (!url) return placeholder(layer, radius, meter);
  // Layer ids are letters, digits, _ and -, unique in the document: the clip's id is too.
  const clipId = `sk-picture-${layer.id}`;
  const rect = `x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}"`;
  meter.take("elements", 3);
  return meter.markup(
    `<clipPath id="${escapeXml(clipId)}"><rect ${rect}${radius ? ` rx="${num(radius)}"` : ""}/></clipPath><image data-picture="image" href="${escapeXml(url)}" ${rect} preserveAspectRatio="${aspect[layer.props.fit]}" clip-path="url(#${escapeXml(clipId)})"/>`,
  );
}
