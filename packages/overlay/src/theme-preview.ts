import type { OverlayDocument } from "./document";
import { renderPreviewSvg } from "./preview";

/**
 * A theme's preview (GET /market/{slug}/preview): its members drawn by the
 * one renderer, still, each fitted into a 16:9 tile of a grid (two columns up
 * to four members, three beyond), on dark tiles so transparent scenes show.
 * Pure and deterministic, like renderSvg.
 */
export const THEME_TILE = { width: 640, height: 360, gap: 24 } as const;

/** The grid of a theme of `members` members: its columns and the image's size. */
export function themeGrid(members: number): { columns: number; width: number; height: number } {
  const { width, height, gap } = THEME_TILE;
  const columns = members <= 4 ? 2 : 3;
  const rows = Math.max(1, Math.ceil(members / columns));
  return { columns, width: columns * width + (columns + 1) * gap, height: rows * height + (rows + 1) * gap };
}

export function renderThemeSvg(members: readonly OverlayDocument[]): string {
  const { width, height, gap } = THEME_TILE;
  const { columns, width: canvasWidth, height: canvasHeight } = themeGrid(members.length);
  const tiles = members.map((document, index) => {
    const x = gap + (index % columns) * (width + gap);
    const y = gap + Math.floor(index / columns) * (height + gap);
    const inner = renderPreviewSvg(document);
    // The member's own <svg> becomes a nested viewport: same viewBox, placed and fitted into the tile.
    const body = inner.slice(inner.indexOf(">") + 1);
    const { width: w, height: h } = document.canvas;
    return `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="16" fill="#1d1d2b"/><svg x="${x + 12}" y="${y + 12}" width="${width - 24}" height="${height - 24}" viewBox="0 0 ${w} ${h}" preserveAspectRatio="xMidYMid meet">${body}`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${canvasWidth} ${canvasHeight}" width="${canvasWidth}" height="${canvasHeight}"><rect width="${canvasWidth}" height="${canvasHeight}" fill="#0f0f1a"/>${tiles.join("")}</svg>`;
}
