import type { OverlayRevisionComparison } from "@streamkit/api-contract";
import type { OverlayDocument } from "@streamkit/overlay";
import { isDeepStrictEqual } from "node:util";

type Layer = OverlayDocument["layers"][number];

const frameChanged = (a: Layer, b: Layer) => a.frame.x !== b.frame.x || a.frame.y !== b.frame.y || a.frame.w !== b.frame.w || a.frame.h !== b.frame.h;

/** Everything but the frame; key order does not count (the database stores JSON with its own key order). */
function restyled(a: Layer, b: Layer): boolean {
  const { frame: _a, ...restA } = a;
  const { frame: _b, ...restB } = b;
  return !isDeepStrictEqual(restA, restB);
}

/**
 * What changed between two documents, layer by layer (matched by id): added,
 * removed, moved (frame x/y/w/h) and restyled (any other property). Changes
 * outside the layers (canvas, variables) and a new stacking order alone are not reported.
 */
export function compareLayers(from: OverlayDocument, to: OverlayDocument): Omit<OverlayRevisionComparison, "from" | "to"> {
  const before = new Map(from.layers.map((layer) => [layer.id, layer]));
  const after = new Set(to.layers.map((layer) => layer.id));
  const kept = to.layers.flatMap((layer) => {
    const old = before.get(layer.id);
    return old ? [{ old, layer }] : [];
  });
  return {
    added: to.layers.filter((layer) => !before.has(layer.id)).map((layer) => layer.id),
    removed: from.layers.filter((layer) => !after.has(layer.id)).map((layer) => layer.id),
    moved: kept.filter(({ old, layer }) => frameChanged(old, layer)).map(({ layer }) => layer.id),
    restyled: kept.filter(({ old, layer }) => restyled(old, layer)).map(({ layer }) => layer.id),
  };
}
