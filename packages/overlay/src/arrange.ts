/**
 * Edits of a selection of layers (docs/overlays.md#placing-things): move,
 * remove, align, distribute, and the drawing order. Locked layers are never
 * moved; a group carries its members, and a member whose group is selected
 * too moves once, with the group.
 */
import type { OverlayDocument } from "./document";
import { cleanFrame, membersOf, removeLayer } from "./edits";
import type { Frame, Layer } from "./layers";

/** The smallest box around frames, or null for none. */
export function boundsOf(frames: Frame[]): Frame | null {
  if (frames.length === 0) return null;
  const left = Math.min(...frames.map((f) => f.x));
  const top = Math.min(...frames.map((f) => f.y));
  const right = Math.max(...frames.map((f) => f.x + f.w));
  const bottom = Math.max(...frames.map((f) => f.y + f.h));
  return { x: left, y: top, w: right - left, h: bottom - top };
}

/** The selected layers that move themselves: unlocked, and not inside another selected group (the group carries them). */
function movers(document: OverlayDocument, ids: Iterable<string>): Layer[] {
  const selected = new Set(ids);
  const carried = new Set<string>();
  for (const id of selected) {
    const layer = document.layers.find((l) => l.id === id);
    if (layer?.type === "group") for (const member of membersOf(document, id)) carried.add(member);
  }
  return document.layers.filter((layer) => selected.has(layer.id) && !carried.has(layer.id) && layer.locked !== true);
}

/** Shifts layers by their own (dx, dy), with the members of moved groups; locked members stay too. */
function shiftEach(document: OverlayDocument, shifts: Map<string, { dx: number; dy: number }>): OverlayDocument {
  const all = new Map(shifts);
  for (const [id, shift] of shifts) for (const member of membersOf(document, id)) if (!all.has(member)) all.set(member, shift);
  if (all.size === 0) return document;
  return {
    ...document,
    layers: document.layers.map((layer) => {
      const shift = all.get(layer.id);
      if (!shift || layer.locked === true || (shift.dx === 0 && shift.dy === 0)) return layer;
      return { ...layer, frame: cleanFrame({ ...layer.frame, x: layer.frame.x + shift.dx, y: layer.frame.y + shift.dy }) };
    }),
  };
}

/** Moves the selection by (dx, dy) canvas pixels: one drag or one nudge of many layers. */
export function moveLayers(document: OverlayDocument, ids: Iterable<string>, dx: number, dy: number): OverlayDocument {
  return shiftEach(document, new Map(movers(document, ids).map((layer) => [layer.id, { dx, dy }])));
}

/** Removes the selection (locked layers too: removing one picked in the list is deliberate). */
export function removeLayers(document: OverlayDocument, ids: Iterable<string>): OverlayDocument {
  let next = document;
  for (const id of new Set(ids)) next = removeLayer(next, id);
  return next;
}

/**
 * Resizes the selection as one: every unlocked layer (and what a selected
 * group carries) keeps its place and size relative to the box around them,
 * `from` becoming `to`.
 */
export function resizeLayers(document: OverlayDocument, ids: Iterable<string>, from: Frame, to: Frame): OverlayDocument {
  const sx = from.w > 0 ? Math.max(0, to.w) / from.w : 1;
  const sy = from.h > 0 ? Math.max(0, to.h) / from.h : 1;
  const scaled = new Set<string>();
  for (const layer of movers(document, ids)) {
    scaled.add(layer.id);
    for (const member of membersOf(document, layer.id)) scaled.add(member);
  }
  if (scaled.size === 0) return document;
  return {
    ...document,
    layers: document.layers.map((layer) => {
      if (!scaled.has(layer.id) || layer.locked === true) return layer;
      const { x, y, w, h } = layer.frame;
      return { ...layer, frame: cleanFrame({ x: to.x + (x - from.x) * sx, y: to.y + (y - from.y) * sy, w: w * sx, h: h * sy }) };
    }),
  };
}

/**
 * The rotation that turns a frame's top towards a point (the rotation
 * handle's drag), in degrees from -180 to 180, clockwise; with `step`, the
 * nearest multiple of it (Shift: 15°).
 */
export function rotationTowards(frame: Frame, point: { x: number; y: number }, step = 0): number {
  const cx = frame.x + frame.w / 2;
  const cy = frame.y + frame.h / 2;
  let degrees = (Math.atan2(point.y - cy, point.x - cx) * 180) / Math.PI + 90;
  if (step > 0) degrees = Math.round(degrees / step) * step;
  if (degrees > 180) degrees -= 360;
  if (degrees <= -180) degrees += 360;
  return Math.round(degrees * 10) / 10;
}

export type Alignment = "left" | "center" | "right" | "top" | "middle" | "bottom";
export const alignments: readonly Alignment[] = ["left", "center", "right", "top", "middle", "bottom"];

/**
 * Lines the selection up on one side or centre of the box around it (locked
 * layers count for the box, so one can be the anchor, but do not move); a
 * single layer lines up with the canvas.
 */
export function alignLayers(document: OverlayDocument, ids: Iterable<string>, alignment: Alignment): OverlayDocument {
  const selected = new Set(ids);
  const chosen = document.layers.filter((layer) => selected.has(layer.id));
  const moving = movers(document, selected);
  if (moving.length === 0) return document;
  const box = chosen.length === 1 ? { x: 0, y: 0, w: document.canvas.width, h: document.canvas.height } : boundsOf(chosen.map((l) => l.frame))!;
  const shifts = new Map<string, { dx: number; dy: number }>();
  for (const { id, frame } of moving) {
    const dx = { left: box.x - frame.x, center: box.x + box.w / 2 - (frame.x + frame.w / 2), right: box.x + box.w - (frame.x + frame.w) }[
      alignment as "left" | "center" | "right"
    ];
    const dy = { top: box.y - frame.y, middle: box.y + box.h / 2 - (frame.y + frame.h / 2), bottom: box.y + box.h - (frame.y + frame.h) }[
      alignment as "top" | "middle" | "bottom"
    ];
    shifts.set(id, { dx: dx ?? 0, dy: dy ?? 0 });
  }
  return shiftEach(document, shifts);
}

/**
 * Equal gaps between the selection's unlocked layers along an axis: the
 * first and last (by position) stay, the others move between them. Needs
 * three layers; fewer leave the document as it is.
 */
export function distributeLayers(document: OverlayDocument, ids: Iterable<string>, axis: "horizontal" | "vertical"): OverlayDocument {
  const moving = movers(document, ids);
  if (moving.length < 3) return document;
  const [pos, size] = axis === "horizontal" ? (["x", "w"] as const) : (["y", "h"] as const);
  const sorted = [...moving].sort((a, b) => a.frame[pos] + a.frame[size] / 2 - (b.frame[pos] + b.frame[size] / 2));
  const first = sorted[0]!.frame;
  const last = sorted.at(-1)!.frame;
  const span = last[pos] + last[size] - first[pos];
  const gap = (span - sorted.reduce((sum, layer) => sum + layer.frame[size], 0)) / (sorted.length - 1);
  const shifts = new Map<string, { dx: number; dy: number }>();
  let at = first[pos];
  for (const layer of sorted) {
    const delta = at - layer.frame[pos];
    shifts.set(layer.id, axis === "horizontal" ? { dx: delta, dy: 0 } : { dx: 0, dy: delta });
    at += layer.frame[size] + gap;
  }
  return shiftEach(document, shifts);
}

export type ZMove = "forward" | "backward" | "front" | "back";

/**
 * The selection's place in the drawing order (later layers draw on top).
 * forward/backward pass one unselected layer each; front/back put the
 * selection at the top or bottom, keeping its own order.
 */
export function reorderLayers(document: OverlayDocument, ids: Iterable<string>, move: ZMove): OverlayDocument {
  const selected = new Set(ids);
  const layers = [...document.layers];
  if (!layers.some((layer) => selected.has(layer.id))) return document;
  if (move === "front" || move === "back") {
    const picked = layers.filter((layer) => selected.has(layer.id));
    const rest = layers.filter((layer) => !selected.has(layer.id));
    const next = move === "front" ? [...rest, ...picked] : [...picked, ...rest];
    return next.every((layer, index) => layer === layers[index]) ? document : { ...document, layers: next };
  }
  // Walk from the side it moves towards, so a selected layer never jumps over another selected one.
  const step = move === "forward" ? 1 : -1;
  let changed = false;
  const order = layers.map((_, index) => index);
  if (step === 1) order.reverse();
  for (const index of order) {
    const target = index + step;
    if (!selected.has(layers[index]!.id) || target < 0 || target >= layers.length || selected.has(layers[target]!.id)) continue;
    [layers[index], layers[target]] = [layers[target]!, layers[index]!];
    changed = true;
  }
  return changed ? { ...document, layers } : document;
}

/** The layers a marquee (a box in canvas pixels) picks: visible or not, unlocked, whose frame it touches. */
export function layersInBox(document: OverlayDocument, box: Frame): string[] {
  return document.layers
    .filter(
      (layer) =>
        layer.locked !== true &&
        layer.frame.x < box.x + box.w &&
        layer.frame.x + layer.frame.w > box.x &&
        layer.frame.y < box.y + box.h &&
        layer.frame.y + layer.frame.h > box.y,
    )
    .map((layer) => layer.id);
}
