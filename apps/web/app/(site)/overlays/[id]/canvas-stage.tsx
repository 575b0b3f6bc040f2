"use client";

import { type Frame, moveLayer, type OverlayDocument, type RenderAsset, removeLayer, renderSvg, setFrame } from "@streamkit/overlay";
import { type KeyboardEvent, type PointerEvent, useMemo, useRef } from "react";
import styles from "./overlay-editor.module.css";

interface Drag {
  mode: "move" | "resize";
  id: string;
  startX: number;
  startY: number;
  /** Canvas pixels per screen pixel. */
  scale: number;
  start: OverlayDocument;
  frame: Frame;
  key: string;
}

/**
 * The canvas as it will look on stream (the one renderer, on a transparency
 * checkerboard), with the selected layer's frame on top. Click a layer to
 * select it; drag to move it, drag the corner handle to resize. With the
 * canvas focused: arrow keys move by 1 px (Shift: 10), Alt+arrows resize,
 * Delete removes, Escape clears the selection.
 */
export function CanvasStage({
  document,
  assets,
  selectedId,
  onSelect,
  onChange,
}: {
  document: OverlayDocument;
  /** The account's uploaded pictures by id: picture layers draw them as on stream. */
  assets: Readonly<Record<string, RenderAsset>>;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  onChange: (next: OverlayDocument, coalesce?: string) => void;
}) {
  const svg = useMemo(() => renderSvg(document, { showHidden: true, assets }), [document, assets]);
  const stage = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const { width, height } = document.canvas;
  const selected = document.layers.find((layer) => layer.id === selectedId) ?? null;

  function begin(event: PointerEvent<HTMLDivElement>, mode: Drag["mode"], id: string) {
    const box = stage.current!.getBoundingClientRect();
    const layer = document.layers.find((l) => l.id === id)!;
    drag.current = {
      mode,
      id,
      startX: event.clientX,
      startY: event.clientY,
      scale: width / box.width,
      start: document,
      frame: layer.frame,
      key: `${mode}-${id}-${event.timeStamp}`,
    };
    stage.current!.setPointerCapture(event.pointerId);
    event.preventDefault();
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    stage.current!.focus();
    const target = event.target as Element;
    if (target.closest("[data-handle]") && selected) return begin(event, "resize", selected.id);
    if (target.closest("[data-selection]") && selected) return begin(event, "move", selected.id);
    const id = target.closest("[data-layer-id]")?.getAttribute("data-layer-id") ?? null;
    onSelect(id);
    if (id) begin(event, "move", id);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current) return;
    const dx = (event.clientX - current.startX) * current.scale;
    const dy = (event.clientY - current.startY) * current.scale;
    if (current.mode === "move") onChange(moveLayer(current.start, current.id, Math.round(dx), Math.round(dy)), current.key);
    else
      onChange(
        setFrame(current.start, current.id, { ...current.frame, w: current.frame.w + Math.round(dx), h: current.frame.h + Math.round(dy) }),
        current.key,
      );
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    if (!drag.current) return;
    drag.current = null;
    stage.current!.releasePointerCapture(event.pointerId);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!selected) return;
    if (event.key === "Escape") return onSelect(null);
    if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      onSelect(null);
      return onChange(removeLayer(document, selected.id));
    }
    const step = event.shiftKey ? 10 : 1;
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[event.key];
    if (!delta) return;
    event.preventDefault();
    const [dx, dy] = delta as [number, number];
    if (event.altKey) {
      const { frame } = selected;
      onChange(setFrame(document, selected.id, { ...frame, w: frame.w + dx, h: frame.h + dy }), `keys-resize-${selected.id}`);
    } else {
      onChange(moveLayer(document, selected.id, dx, dy), `keys-move-${selected.id}`);
    }
  }

  const percent = (value: number, of: number) => `${(value / of) * 100}%`;
  return (
    <div
      ref={stage}
      className={styles.stage}
      style={{ aspectRatio: `${width} / ${height}` }}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the canvas takes the keyboard: arrows move and resize the selected layer.
      tabIndex={0}
      role="application"
      aria-label={`Canvas, ${width} by ${height}${selected ? `; selected: ${selected.name}, x ${selected.frame.x}, y ${selected.frame.y}, ${selected.frame.w} by ${selected.frame.h}` : "; no layer selected"}. Arrow keys move the selected layer, Alt and arrows resize it.`}
      data-testid="overlay-canvas"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
    >
      {/* The site's own renderer: every text and attribute in it is escaped, nothing in it runs; it loads only pictures (/api/assets/…, https:). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the markup comes from renderSvg, which escapes everything the document holds. */}
      <div className={styles.drawing} dangerouslySetInnerHTML={{ __html: svg }} />
      {selected ? (
        <div
          className={styles.selection}
          data-selection=""
          data-testid="selection"
          style={{
            left: percent(selected.frame.x, width),
            top: percent(selected.frame.y, height),
            width: percent(selected.frame.w, width),
            height: percent(selected.frame.h, height),
          }}
        >
          <span className={styles.handle} data-handle="" data-testid="resize-handle" />
        </div>
      ) : null}
    </div>
  );
}
