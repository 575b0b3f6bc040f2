import {
  DEFAULT_LINE_HEIGHT,
  fillTemplate,
  type Frame,
  fontFamilyCss,
  type OverlayDocument,
  setFrame,
  type TextLayer,
  templateValues,
} from "@streamkit/overlay";

/** A little room so the last glyph is not on the frame's edge. */
const PAD = 4;

let context: CanvasRenderingContext2D | null | undefined;

/**
 * The size a text layer's text is drawn at on the canvas, in canvas pixels:
 * measured by the browser with the fonts its SVG text uses (a canvas's
 * measureText with the layer's family, size and weight), as the editor
 * shows it (the document's variables filled in, plugin values as their
 * `{{key}}`). Null where the browser cannot measure.
 */
export function measureText(document: OverlayDocument, layer: TextLayer): { w: number; h: number } | null {
  context ??= typeof window === "undefined" ? null : window.document.createElement("canvas").getContext("2d");
  if (!context) return null;
  const { fontSize, letterSpacing, lineHeight } = layer.props;
  // As the renderer draws it (text.ts): the family with its fallback, the style, the spacing and the line advance.
  context.font = textFont(layer);
  context.letterSpacing = `${letterSpacing ?? 0}px`;
  const lines = fillTemplate(layer.props.text, templateValues(document)).split("\n");
  const widest = Math.max(...lines.map((line) => context!.measureText(line).width));
  return { w: Math.ceil(widest) + PAD, h: Math.ceil(lines.length * fontSize * (lineHeight ?? DEFAULT_LINE_HEIGHT)) };
}

/** A text layer's CSS font shorthand, as the renderer draws it. */
function textFont(layer: TextLayer): string {
  const { fontSize, fontFamily, fontWeight, italic } = layer.props;
  return `${italic ? "italic " : ""}${fontWeight ?? 400} ${fontSize}px ${fontFamilyCss(fontFamily)}`;
}

/**
 * Null when the site's font a text layer is drawn in is loaded (its measure is what is drawn); otherwise the font's
 * loading, to measure again once it is there: measured before, the fallback's widths would size the frame.
 */
export function fontLoading(layer: Pick<TextLayer, "props">): Promise<unknown> | null {
  if (typeof window === "undefined" || !("fonts" in window.document)) return null;
  const font = textFont(layer as TextLayer);
  return window.document.fonts.check(font) ? null : window.document.fonts.load(font);
}

/** `frame` widened (and heightened) to at least `size`, the text staying where it is drawn: a centred text keeps its centre, a right-aligned one its right edge. */
function grown(frame: Frame, size: { w: number; h: number }, align: TextLayer["props"]["align"]): Frame {
  const w = Math.max(frame.w, size.w);
  const h = Math.max(frame.h, size.h);
  const x = align === "center" ? frame.x - (w - frame.w) / 2 : align === "right" ? frame.x - (w - frame.w) : frame.x;
  return { x: Math.round(x), y: frame.y, w, h };
}

/**
 * The document with text layer `id`'s frame grown to fit its text, so the
 * selection box covers what is drawn; a frame already wide enough is kept
 * (its author may want the room). Anything else is returned as it is.
 */
export function fitTextFrame(document: OverlayDocument, id: string): OverlayDocument {
  const layer = document.layers.find((candidate) => candidate.id === id);
  if (layer?.type !== "text") return document;
  const size = measureText(document, layer);
  if (!size || (size.w <= layer.frame.w && size.h <= layer.frame.h)) return document;
  return setFrame(document, id, grown(layer.frame, size, layer.props.align));
}

/** A new text layer's frame made to hug its text, centred where the layer was placed (addLayer centres it on the canvas). */
export function hugText(document: OverlayDocument, id: string): OverlayDocument {
  const layer = document.layers.find((candidate) => candidate.id === id);
  if (layer?.type !== "text") return document;
  const size = measureText(document, layer);
  if (!size) return document;
  const { frame } = layer;
  return setFrame(document, id, { x: Math.round(frame.x + (frame.w - size.w) / 2), y: Math.round(frame.y + (frame.h - size.h) / 2), ...size });
}
