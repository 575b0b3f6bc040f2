/**
 * "Load the newer version and re-apply my changes": a save that lost the race
 * (409 conflict) keeps what the editor typed. The changes are what differs
 * between the version the editor started from (`base`) and its document now
 * (`mine`); they are applied to the newer saved version (`theirs`), layer by
 * layer: a layer I changed takes my version, one I removed is removed, one I
 * added is added on top; a layer only they changed, added or removed keeps
 * their version. The canvas, vars, bindings and keyframes take mine where I
 * changed them. When both changed one layer, mine wins and it is reported,
 * so the editor can say which layers to check.
 */
import type { OverlayDocument } from "./document";
import type { Layer } from "./layers";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface Reapplied {
  document: OverlayDocument;
  /** Layers both sides changed: mine were kept. */
  overlapping: string[];
}

export function reapplyChanges(base: OverlayDocument, mine: OverlayDocument, theirs: OverlayDocument): Reapplied {
  const byId = (document: OverlayDocument) => new Map(document.layers.map((layer) => [layer.id, layer]));
  const baseLayers = byId(base);
  const mineLayers = byId(mine);
  const theirLayers = byId(theirs);
  const overlapping: string[] = [];

  const layers: Layer[] = [];
  for (const layer of theirs.layers) {
    const before = baseLayers.get(layer.id);
    const now = mineLayers.get(layer.id);
    if (!before) {
      layers.push(layer); // they added it
      continue;
    }
    if (!now) continue; // I removed it
    if (same(before, now)) {
      layers.push(layer); // I did not touch it
      continue;
    }
    if (!same(before, layer)) overlapping.push(layer.id);
    layers.push(now);
  }
  // Layers I added (not in base): on top, in my order. One that they also added under the same id is theirs; mine is kept beside it under mine's id only if free.
  for (const layer of mine.layers) if (!baseLayers.has(layer.id) && !theirLayers.has(layer.id)) layers.push(layer);

  // A group one side removed leaves the other side's members at the top level; bindings and keyframes follow their layers.
  const groups = new Set(layers.filter((layer) => layer.type === "group").map((layer) => layer.id));
  for (const [index, layer] of layers.entries()) {
    if (layer.groupId !== undefined && !groups.has(layer.groupId)) {
      const { groupId: _gone, ...rest } = layer;
      layers[index] = rest as Layer;
    }
  }
  const present = new Set(layers.map((layer) => layer.id));

  const pick = <K extends "canvas" | "vars" | "bindings" | "manualKeyframes" | "kind">(key: K) => (same(base[key], mine[key]) ? theirs[key] : mine[key]);
  const document: OverlayDocument = { ...theirs, canvas: pick("canvas"), layers };
  for (const key of ["vars", "bindings", "manualKeyframes", "kind"] as const) {
    const value = pick(key);
    if (value === undefined) delete (document as Record<string, unknown>)[key];
    else (document as Record<string, unknown>)[key] = value;
  }
  if (document.bindings) document.bindings = document.bindings.filter((binding) => present.has(binding.layerId));
  if (document.manualKeyframes) document.manualKeyframes = document.manualKeyframes.filter((keyframe) => present.has(keyframe.layerId));
  return { document, overlapping };
}
