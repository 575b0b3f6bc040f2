/**
 * Snapping while dragging (docs/overlays.md#placing-things): a moved box's
 * edges and centre line up with the canvas's edges and centre and with every
 * other visible layer's edges and centre when within a threshold. Pure, so
 * the editor only converts its screen threshold to canvas pixels.
 */
import type { OverlayDocument } from "./document";
import type { Frame } from "./layers";

/** Positions to snap to, in canvas pixels: x are vertical lines, y horizontal ones. */
export interface SnapTargets {
  x: number[];
  y: number[];
}

/** A guide to draw: `axis` x is a vertical line at x = position, y a horizontal one at y = position. */
export interface SnapGuide {
  axis: "x" | "y";
  position: number;
}

const lines = (start: number, size: number) => [start, start + size / 2, start + size];

/** The canvas's edges and centre, and those of every visible layer not in `exclude` (the ones being dragged). Groups count by their own frame. */
export function snapTargets(document: OverlayDocument, exclude: Iterable<string>): SnapTargets {
  const skip = new Set(exclude);
  const x = lines(0, document.canvas.width);
  const y = lines(0, document.canvas.height);
  for (const layer of document.layers) {
    if (skip.has(layer.id) || layer.hidden === true) continue;
    x.push(...lines(layer.frame.x, layer.frame.w));
    y.push(...lines(layer.frame.y, layer.frame.h));
  }
  return { x: [...new Set(x)], y: [...new Set(y)] };
}

/** The smallest shift (within threshold) bringing one of `own` onto one of `targets`, and every target it then meets. */
function snapAxis(own: number[], targets: number[], threshold: number): { shift: number; hits: number[] } {
  let shift = 0;
  let best = Number.POSITIVE_INFINITY;
  for (const line of own) {
    for (const target of targets) {
      const distance = Math.abs(target - line);
      if (distance <= threshold && distance < best) {
        best = distance;
        shift = target - line;
      }
    }
  }
  if (best === Number.POSITIVE_INFINITY) return { shift: 0, hits: [] };
  const moved = own.map((line) => line + shift);
  const hits = targets.filter((target) => moved.some((line) => Math.abs(line - target) < 1e-6));
  return { shift, hits };
}

/**
 * Where a dragged box lands: shifted by at most `threshold` canvas pixels on
 * each axis so an edge or its centre meets a target, with the guides to draw.
 */
export function snapFrame(box: Frame, targets: SnapTargets, threshold: number): { dx: number; dy: number; guides: SnapGuide[] } {
  const x = snapAxis(lines(box.x, box.w), targets.x, threshold);
  const y = snapAxis(lines(box.y, box.h), targets.y, threshold);
  const guides: SnapGuide[] = [
    ...[...new Set(x.hits)].map((position) => ({ axis: "x" as const, position })),
    ...[...new Set(y.hits)].map((position) => ({ axis: "y" as const, position })),
  ];
  return { dx: x.shift, dy: y.shift, guides };
}
