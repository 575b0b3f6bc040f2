"use client";

import {
  boundsOf,
  type Frame,
  layersInBox,
  membersOf,
  moveLayers,
  type OverlayDocument,
  resizeLayers,
  rotationTowards,
  type SnapGuide,
  setFrame,
  setRotation,
  snapFrame,
  snapTargets,
} from "@streamkit/overlay";
import { type PointerEvent, type RefObject, useRef, useState } from "react";

/** How near (in screen pixels) an edge or centre must come to snap; converted to canvas pixels by the zoom. */
const SNAP_SCREEN_PX = 6;

type Drag =
  | { mode: "move" | "resize" | "rotate"; ids: string[]; startX: number; startY: number; scale: number; start: OverlayDocument; frame: Frame; key: string }
  | { mode: "marquee"; startX: number; startY: number; additive: string[] };

/**
 * The canvas's pointer: picking layers (Shift adds or removes), the marquee,
 * moving the selection with snapping, resizing it (several as one box),
 * rotating one layer (Shift: 15° steps), and arrow-key nudges. A drag is one undo step (its changes share a coalescing key).
 */
export function useCanvasPointer({
  stage,
  document,
  selection,
  snapping,
  onSelect,
  onChange,
}: {
  stage: RefObject<HTMLDivElement | null>;
  document: OverlayDocument;
  selection: string[];
  snapping: boolean;
  onSelect: (ids: string[]) => void;
  onChange: (next: OverlayDocument, coalesce?: string) => void;
}) {
  const drag = useRef<Drag | null>(null);
  const [guides, setGuides] = useState<SnapGuide[]>([]);
  const [marquee, setMarquee] = useState<Frame | null>(null);
  const { width } = document.canvas;
  const byId = (id: string) => document.layers.find((layer) => layer.id === id);

  /** Canvas pixels of a point on screen, and canvas pixels per screen pixel. */
  function toCanvas(clientX: number, clientY: number) {
    const box = stage.current!.getBoundingClientRect();
    const scale = width / box.width;
    return { x: (clientX - box.left) * scale, y: (clientY - box.top) * scale, scale };
  }

  function begin(event: PointerEvent<HTMLDivElement>, mode: "move" | "resize" | "rotate", ids: string[]) {
    const first = byId(ids[0]!)!;
    // Several layers resize as the box around them.
    const frame = ids.length > 1 ? boundsOf(document.layers.filter((l) => ids.includes(l.id) && l.locked !== true).map((l) => l.frame)) : first.frame;
    if (!frame) return;
    drag.current = {
      mode,
      ids,
      startX: event.clientX,
      startY: event.clientY,
      scale: toCanvas(0, 0).scale,
      start: document,
      frame,
      key: `${mode}-${ids.join(",")}-${event.timeStamp}`,
    };
    stage.current!.setPointerCapture(event.pointerId);
    event.preventDefault();
  }

  /** The topmost unlocked layer under the pointer: a locked one on top lets the click through. */
  function layerAt(event: PointerEvent<HTMLDivElement>): string | null {
    const stack = window.document.elementsFromPoint?.(event.clientX, event.clientY) ?? [event.target as Element];
    for (const element of stack) {
      const id = element.closest("[data-layer-id]")?.getAttribute("data-layer-id");
      if (id && byId(id) && byId(id)!.locked !== true) return id;
    }
    return null;
  }

  function down(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    // Without scrolling: a page that jumped now would move the canvas away from the pointer mid-drag.
    stage.current!.focus({ preventScroll: true });
    const target = event.target as Element;
    if (target.closest("[data-handle]") && selection.length > 0) return begin(event, "resize", selection);
    if (target.closest("[data-rotate]") && selection.length === 1) return begin(event, "rotate", selection);
    const boxId = target.closest("[data-selection]")?.getAttribute("data-selection");
    const id = boxId ?? layerAt(event);
    if (id && event.shiftKey) {
      onSelect(selection.includes(id) ? selection.filter((s) => s !== id) : [...selection, id]);
      event.preventDefault();
      return;
    }
    if (id) {
      const ids = selection.includes(id) ? selection : [id];
      if (ids !== selection) onSelect(ids);
      return begin(event, "move", ids);
    }
    // The empty canvas: a marquee (Shift keeps the selection and adds to it).
    const additive = event.shiftKey ? selection : [];
    if (!event.shiftKey) onSelect([]);
    drag.current = { mode: "marquee", startX: event.clientX, startY: event.clientY, additive };
    stage.current!.setPointerCapture(event.pointerId);
    event.preventDefault();
  }

  function move(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current) return;
    if (current.mode === "marquee") {
      const a = toCanvas(current.startX, current.startY);
      const b = toCanvas(event.clientX, event.clientY);
      const box = { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(a.x - b.x), h: Math.abs(a.y - b.y) };
      setMarquee(box);
      onSelect([...new Set([...current.additive, ...layersInBox(document, box)])]);
      return;
    }
    let dx = Math.round((event.clientX - current.startX) * current.scale);
    let dy = Math.round((event.clientY - current.startY) * current.scale);
    if (current.mode === "rotate") {
      const point = toCanvas(event.clientX, event.clientY);
      onChange(setRotation(current.start, current.ids[0]!, rotationTowards(current.frame, point, event.shiftKey ? 15 : 0)), current.key);
      return;
    }
    if (current.mode === "resize") {
      const to = { ...current.frame, w: current.frame.w + dx, h: current.frame.h + dy };
      if (current.ids.length === 1) onChange(setFrame(current.start, current.ids[0]!, to), current.key);
      else onChange(resizeLayers(current.start, current.ids, current.frame, to), current.key);
      return;
    }
    const moving = current.start.layers.filter((layer) => current.ids.includes(layer.id) && layer.locked !== true);
    const box = boundsOf(moving.map((layer) => layer.frame));
    if (snapping && !event.altKey && box) {
      // Neither the moved layers nor what they carry (group members) are targets.
      const carried = current.ids.flatMap((id) => membersOf(current.start, id));
      const snap = snapFrame(
        { ...box, x: box.x + dx, y: box.y + dy },
        snapTargets(current.start, [...current.ids, ...carried]),
        SNAP_SCREEN_PX * current.scale,
      );
      dx += snap.dx;
      dy += snap.dy;
      setGuides(snap.guides);
    } else setGuides([]);
    onChange(moveLayers(current.start, current.ids, dx, dy), current.key);
  }

  function up(event: PointerEvent<HTMLDivElement>) {
    if (!drag.current) return;
    drag.current = null;
    setGuides([]);
    setMarquee(null);
    if (stage.current?.hasPointerCapture(event.pointerId)) stage.current.releasePointerCapture(event.pointerId);
  }

  /** Arrow keys: move the selection (a key run is one step), or with Alt resize the one selected layer. */
  function nudge(dx: number, dy: number, resize: boolean) {
    if (resize) {
      const layer = selection.length === 1 ? byId(selection[0]!) : undefined;
      if (!layer || layer.locked === true) return;
      onChange(setFrame(document, layer.id, { ...layer.frame, w: layer.frame.w + dx, h: layer.frame.h + dy }), `keys-resize-${layer.id}`);
    } else onChange(moveLayers(document, selection, dx, dy), `keys-move-${selection.join(",")}`);
  }

  return { down, move, up, nudge, guides, marquee };
}
