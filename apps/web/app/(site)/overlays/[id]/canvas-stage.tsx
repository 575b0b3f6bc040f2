"use client";

import { boundsOf, type OverlayDocument, type RenderAsset, renderSvg, type SnapGuide } from "@streamkit/overlay";
import { type KeyboardEvent, type PointerEvent, useMemo, useRef } from "react";
import styles from "./overlay-editor.module.css";
import { useCanvasPointer } from "./use-canvas-pointer";

/**
 * The canvas as it will look on stream (the one renderer, on a transparency
 * checkerboard), with the selection's frames on top. Click a layer to select
 * it (Shift: add or remove it), drag on the empty canvas to select with a
 * box, drag the selection to move it (snapping, with guides), drag the corner
 * handle to resize it (several as one box), drag the round handle above one
 * layer to rotate it. With the canvas focused, arrow keys move
 * the selection by 1 px (Shift: 10) and Alt+arrows resize one layer.
 * Locked layers are not picked here (the layer list selects them).
 */
export function CanvasStage({
  document,
  assets,
  selection,
  snapping,
  onSelect,
  onChange,
}: {
  document: OverlayDocument;
  /** The account's uploaded pictures by id: picture layers draw them as on stream. */
  assets: Readonly<Record<string, RenderAsset>>;
  selection: string[];
  /** Snap while dragging (Alt held turns it off for one drag). */
  snapping: boolean;
  onSelect: (ids: string[]) => void;
  onChange: (next: OverlayDocument, coalesce?: string) => void;
}) {
  const svg = useMemo(() => renderSvg(document, { showHidden: true, assets }), [document, assets]);
  const stage = useRef<HTMLDivElement>(null);
  const { width, height } = document.canvas;
  const selected = document.layers.filter((layer) => selection.includes(layer.id));
  const single = selected.length === 1 ? selected[0]! : null;
  // Several layers resize together by the box around the unlocked ones.
  const bounds = selected.length > 1 ? boundsOf(selected.filter((layer) => layer.locked !== true).map((layer) => layer.frame)) : null;
  const pointer = useCanvasPointer({ stage, document, selection, snapping, onSelect, onChange });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (selected.length === 0) return;
    const step = event.shiftKey ? 10 : 1;
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[event.key];
    if (!delta) return;
    event.preventDefault();
    const [dx, dy] = delta as [number, number];
    pointer.nudge(dx, dy, event.altKey);
  }

  const percent = (value: number, of: number) => `${(value / of) * 100}%`;
  const place = (frame: { x: number; y: number; w: number; h: number }) => ({
    left: percent(frame.x, width),
    top: percent(frame.y, height),
    width: percent(frame.w, width),
    height: percent(frame.h, height),
  });
  const guide = (g: SnapGuide) =>
    g.axis === "x" ? { left: percent(g.position, width), top: 0, bottom: 0 } : { top: percent(g.position, height), left: 0, right: 0 };
  const described = single
    ? `selected: ${single.name}, x ${single.frame.x}, y ${single.frame.y}, ${single.frame.w} by ${single.frame.h}`
    : selected.length > 1
      ? `${selected.length} layers selected`
      : "no layer selected";
  return (
    <div
      ref={stage}
      className={styles.stage}
      style={{ aspectRatio: `${width} / ${height}` }}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the canvas takes the keyboard: arrows move and resize the selected layer.
      tabIndex={0}
      role="application"
      aria-label={`Canvas, ${width} by ${height}; ${described}. Arrow keys move the selection, Alt and arrows resize one layer.`}
      data-testid="overlay-canvas"
      onPointerDown={(event: PointerEvent<HTMLDivElement>) => pointer.down(event)}
      onPointerMove={pointer.move}
      onPointerUp={pointer.up}
      onPointerCancel={pointer.up}
      onKeyDown={onKeyDown}
    >
      {/* The site's own renderer: every text and attribute in it is escaped, nothing in it runs; it loads only pictures (/api/assets/…, https:). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the markup comes from renderSvg, which escapes everything the document holds. */}
      <div className={styles.drawing} dangerouslySetInnerHTML={{ __html: svg }} />
      {selected.map((layer) => (
        <div
          key={layer.id}
          className={styles.selection}
          data-selection={layer.id}
          data-testid="selection"
          style={{ ...place(layer.frame), ...(layer.rotation ? { transform: `rotate(${layer.rotation}deg)` } : {}) }}
        >
          {single ? (
            <>
              <span className={styles.handle} data-handle="" data-testid="resize-handle" />
              <span className={styles.rotateHandle} data-rotate="" data-testid="rotate-handle" title="Drag to rotate (Shift: 15° steps)" />
            </>
          ) : null}
        </div>
      ))}
      {bounds ? (
        <div className={styles.bounds} data-testid="selection-bounds" style={place(bounds)}>
          <span className={styles.handle} data-handle="" data-testid="resize-handle" />
        </div>
      ) : null}
      {pointer.marquee ? <div className={styles.marquee} data-testid="marquee" style={place(pointer.marquee)} /> : null}
      {pointer.guides.map((g) => (
        <div
          key={`${g.axis}${g.position}`}
          className={g.axis === "x" ? styles.guideX : styles.guideY}
          data-testid="snap-guide"
          data-axis={g.axis}
          data-position={g.position}
          style={guide(g)}
        />
      ))}
    </div>
  );
}
