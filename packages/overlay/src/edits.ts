/**
 * The editor's changes to a document, as pure functions (document in,
 * document out): what a click, a drag or a key does, so undo and redo are a
 * list of documents and the rules live beside the schema. Each keeps the
 * document valid: new layers get unused ids, groups keep their members,
 * frames stay within the limits.
 */
import { DEFAULT_FONT } from "./fonts";
import type { OverlayDocument } from "./document";
import type { Frame, Layer, PictureSource } from "./layers";
import { OVERLAY_LIMITS as L } from "./limits";

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round = (value: number) => Math.round(value * 100) / 100;

/** A frame kept within the limits, to two decimals (dragging at a zoom gives fractions nobody wants). */
export function cleanFrame(frame: Frame): Frame {
  return {
    x: round(clamp(frame.x, -L.maxCoordinate, L.maxCoordinate)),
    y: round(clamp(frame.y, -L.maxCoordinate, L.maxCoordinate)),
    w: round(clamp(frame.w, 0, L.maxCoordinate)),
    h: round(clamp(frame.h, 0, L.maxCoordinate)),
  };
}

/** An id no layer has: `<prefix>-<n>`. */
export function freeLayerId(document: OverlayDocument, prefix: string): string {
  const taken = new Set(document.layers.map((layer) => layer.id));
  for (let n = 1; ; n++) if (!taken.has(`${prefix}-${n}`)) return `${prefix}-${n}`;
}

/** The ids of a group's members, members of member groups included. */
export function membersOf(document: OverlayDocument, groupId: string): string[] {
  const found: string[] = [];
  const visit = (id: string) => {
    for (const layer of document.layers) {
      if (layer.groupId === id && !found.includes(layer.id)) {
        found.push(layer.id);
        if (layer.type === "group") visit(layer.id);
      }
    }
  };
  visit(groupId);
  return found;
}

/** A layer's members in the schema's order, the order the API answers in: an edit that adds one (hidden, opacity) still equals the saved document's JSON. */
const layerKeyOrder = ["type", "id", "name", "frame", "groupId", "hidden", "opacity", "rotation", "locked", "props"] as const;
function inSchemaOrder(layer: Layer): Layer {
  const ordered: Record<string, unknown> = {};
  for (const key of layerKeyOrder) if (key in layer) ordered[key] = layer[key as keyof Layer];
  return Object.assign(ordered, layer) as Layer;
}

export function updateLayer(document: OverlayDocument, id: string, change: (layer: Layer) => Layer): OverlayDocument {
  return { ...document, layers: document.layers.map((layer) => (layer.id === id ? inSchemaOrder(change(layer)) : layer)) };
}

/** A layer's opacity, 0 to 1; fully opaque leaves the member out, as documents write it. */
export function setOpacity(document: OverlayDocument, id: string, opacity: number): OverlayDocument {
  return updateLayer(document, id, (layer) => {
    const { opacity: _old, ...rest } = layer;
    const value = clamp(round(opacity), 0, 1);
    return (value === 1 ? rest : { ...rest, opacity: value }) as Layer;
  });
}

/** Moves a layer by (dx, dy) canvas pixels; a group carries its members along. */
export function moveLayer(document: OverlayDocument, id: string, dx: number, dy: number): OverlayDocument {
  const layer = document.layers.find((l) => l.id === id);
  if (!layer) return document;
  const moved = new Set([id, ...(layer.type === "group" ? membersOf(document, id) : [])]);
  return {
    ...document,
    layers: document.layers.map((l) => (moved.has(l.id) ? { ...l, frame: cleanFrame({ ...l.frame, x: l.frame.x + dx, y: l.frame.y + dy }) } : l)),
  };
}

/** Sets a layer's frame (from the properties panel or a resize). */
export function setFrame(document: OverlayDocument, id: string, frame: Frame): OverlayDocument {
  return updateLayer(document, id, (layer) => ({ ...layer, frame: cleanFrame(frame) }) as Layer);
}

/** Drawing order: later layers are drawn on top. `direction` 1 brings the layer up one step, -1 sends it down. */
export function reorderLayer(document: OverlayDocument, id: string, direction: 1 | -1): OverlayDocument {
  const index = document.layers.findIndex((layer) => layer.id === id);
  const target = index + direction;
  if (index < 0 || target < 0 || target >= document.layers.length) return document;
  const layers = [...document.layers];
  [layers[index], layers[target]] = [layers[target]!, layers[index]!];
  return { ...document, layers };
}

/** A layer's rotation in degrees, kept within -360..360 to a tenth; no rotation leaves the member out. */
export function setRotation(document: OverlayDocument, id: string, degrees: number): OverlayDocument {
  return updateLayer(document, id, (layer) => {
    const { rotation: _old, ...rest } = layer;
    const value = Math.round(clamp(Number.isFinite(degrees) ? degrees : 0, -360, 360) * 10) / 10;
    return (value === 0 ? rest : { ...rest, rotation: value }) as Layer;
  });
}

/** The editor's lock on a layer; unlocked leaves the member out, as documents write it. */
export function setLocked(document: OverlayDocument, id: string, locked: boolean): OverlayDocument {
  return updateLayer(document, id, (layer) => {
    const { locked: _old, ...rest } = layer;
    return (locked ? { ...rest, locked: true } : rest) as Layer;
  });
}

export function setHidden(document: OverlayDocument, id: string, hidden: boolean): OverlayDocument {
  return updateLayer(document, id, (layer) => {
    const { hidden: _old, ...rest } = layer;
    return (hidden ? { ...rest, hidden: true } : rest) as Layer;
  });
}

/** Puts a layer in a group (or none). Refused (the document unchanged) when it would make a cycle or the target is not a group. */
export function setGroup(document: OverlayDocument, id: string, groupId: string | null): OverlayDocument {
  if (groupId !== null) {
    const group = document.layers.find((layer) => layer.id === groupId);
    if (group?.type !== "group" || groupId === id || membersOf(document, id).includes(groupId)) return document;
  }
  return updateLayer(document, id, (layer) => {
    const { groupId: _old, ...rest } = layer;
    return (groupId === null ? rest : { ...rest, groupId }) as Layer;
  });
}

/** Removes a layer; a group's members stay, moved out of it. Bindings and keyframes of the layer go with it. */
export function removeLayer(document: OverlayDocument, id: string): OverlayDocument {
  const layer = document.layers.find((l) => l.id === id);
  const layers = document.layers
    .filter((l) => l.id !== id)
    .map((l) => {
      if (l.groupId !== id) return l;
      const { groupId: _gone, ...rest } = l;
      return (layer?.groupId ? { ...rest, groupId: layer.groupId } : rest) as Layer;
    });
  const next: OverlayDocument = { ...document, layers };
  if (document.bindings) next.bindings = document.bindings.filter((binding) => binding.layerId !== id);
  if (document.manualKeyframes) next.manualKeyframes = document.manualKeyframes.filter((keyframe) => keyframe.layerId !== id);
  return next;
}

export type NewLayerType = "text" | "shape" | "group" | "picture";

/** A var key no var has: `<prefix>`, then `<prefix>2`, `<prefix>3`… */
export function freeVarKey(document: OverlayDocument, prefix: string): string {
  const vars = document.vars ?? {};
  if (!Object.hasOwn(vars, prefix)) return prefix;
  for (let n = 2; ; n++) if (!Object.hasOwn(vars, `${prefix}${n}`)) return `${prefix}${n}`;
}

/**
 * A new picture layer's source: the given one, else the document's first picture variable, else a new empty picture
 * variable (so the layer is valid at once and draws the placeholder until the streamer picks a picture).
 */
function newPictureSource(document: OverlayDocument, source: PictureSource | undefined): { source: PictureSource; vars?: OverlayDocument["vars"] } {
  if (source) return { source };
  const existing = Object.entries(document.vars ?? {}).find(([, variable]) => variable.type === "picture");
  if (existing) return { source: { kind: "var", key: existing[0] } };
  const key = freeVarKey(document, "picture");
  return { source: { kind: "var", key }, vars: { ...document.vars, [key]: { type: "picture", label: "Picture", value: "" } } };
}

/** A new layer of `type` in the middle of the canvas, on top of the others; returns the document and its id. A picture may be given its source. */
export function addLayer(document: OverlayDocument, type: NewLayerType, options: { source?: PictureSource } = {}): { document: OverlayDocument; id: string } {
  const { width, height } = document.canvas;
  const w = Math.max(1, Math.round(width * 0.3));
  const h = Math.max(1, Math.round(type === "text" ? Math.min(height * 0.12, 160) : height * 0.2));
  const frame = cleanFrame({ x: Math.round((width - w) / 2), y: Math.round((height - h) / 2), w, h });
  const id = freeLayerId(document, type);
  const count = document.layers.filter((layer) => layer.type === type).length + 1;
  if (type === "picture") {
    const { source, vars } = newPictureSource(document, options.source);
    const side = Math.max(1, Math.round(Math.min(width, height) * 0.3));
    const square = cleanFrame({ x: Math.round((width - side) / 2), y: Math.round((height - side) / 2), w: side, h: side });
    const picture: Layer = { type, id, name: `Picture ${count}`, frame: square, props: { source, fit: "contain" } };
    return { document: { ...document, ...(vars ? { vars } : {}), layers: [...document.layers, picture] }, id };
  }
  const layer: Layer =
    type === "text"
      ? {
          type,
          id,
          name: `Text ${count}`,
          frame,
          props: {
            text: "New text",
            fontFamily: DEFAULT_FONT,
            fontSize: Math.max(12, Math.round(h * 0.5)),
            fill: { kind: "solid", color: "#ffffff" },
          },
        }
      : type === "shape"
        ? {
            type,
            id,
            name: `Shape ${count}`,
            frame,
            props: { shape: "path", path: "M0 0H100V100H0Z", viewBox: { w: 100, h: 100 }, fill: { kind: "solid", color: "#7c5cff" } },
          }
        : { type, id, name: `Group ${count}`, frame, props: {} };
  return { document: { ...document, layers: [...document.layers, layer] }, id };
}

/** A new canvas size; layers keep their place (a preset change is not a rescale). */
export function setCanvas(document: OverlayDocument, width: number, height: number): OverlayDocument {
  return { ...document, canvas: { width: clamp(Math.round(width), L.canvasMin, L.canvasMax), height: clamp(Math.round(height), L.canvasMin, L.canvasMax) } };
}
