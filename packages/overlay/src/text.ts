import type { DrawingMeter } from "./budget";
import { fontFamilyCss, shortHash } from "./fonts";
import type { TextLayer } from "./layers";
import { escapeXml, num } from "./markup";
import { paintColor } from "./paint";
import { fillTemplate, filledLength } from "./template";

/** The renderer's line advance when a text sets no lineHeight (what documents before lineHeight drew). */
export const DEFAULT_LINE_HEIGHT = 1.2;

/**
 * A text layer's SVG (docs/overlays.md#fonts): one <text> with a <tspan> per line, the family with its generic
 * fallback, and the optional styling — italic, letter spacing, line height, an outline behind the fill
 * (paint-order), a drop shadow as a filter whose id comes from the layer id and the shadow (deterministic, and
 * two drawings on one page with different shadows never share one). Every value is escaped or a number.
 */
export function textMarkup(layer: TextLayer, values: Record<string, string>, bound: Record<string, string>, blank: boolean, meter: DrawingMeter): string {
  const { x, w } = layer.frame;
  const { props } = layer;
  const template = bound.text ?? props.text;
  meter.take("textCharacters", filledLength(template, values, blank));
  const text = fillTemplate(template, values, blank);
  const fontSize = Number(bound.fontSize ?? props.fontSize) || props.fontSize;
  const fill = bound.fill && /^#[0-9a-fA-F]{3,8}$/.test(bound.fill) ? bound.fill : paintColor(props.fill, values);
  const align = props.align ?? "left";
  const anchor = align === "center" ? "middle" : align === "right" ? "end" : "start";
  const ax = align === "center" ? x + w / 2 : align === "right" ? x + w : x;
  const lines = text.split("\n");
  const advance = `${num(props.lineHeight ?? DEFAULT_LINE_HEIGHT)}em`;
  meter.take("elements", lines.length + 1);
  let filter = "";
  let defs = "";
  if (props.shadow) {
    const { color, x: dx, y: dy, blur } = props.shadow;
    const id = `text-shadow-${layer.id}-${shortHash(JSON.stringify(props.shadow))}`;
    meter.take("elements", 2);
    // stdDeviation is half the blur, as CSS's text-shadow does it; the region grows so a far or wide shadow is not clipped.
    defs = meter.markup(
      `<filter id="${escapeXml(id)}" x="-50%" y="-50%" width="200%" height="200%"><feDropShadow dx="${num(dx)}" dy="${num(dy)}" stdDeviation="${num(blur / 2)}" flood-color="${escapeXml(color)}"/></filter>`,
    );
    filter = ` filter="url(#${escapeXml(id)})"`;
  }
  const attributes = [
    `x="${num(ax)}" y="${num(layer.frame.y)}" dominant-baseline="hanging" text-anchor="${anchor}"`,
    `font-family="${escapeXml(fontFamilyCss(bound.fontFamily || props.fontFamily))}" font-size="${num(fontSize)}"`,
    props.fontWeight ? `font-weight="${props.fontWeight}"` : "",
    props.italic ? `font-style="italic"` : "",
    props.letterSpacing ? `letter-spacing="${num(props.letterSpacing)}"` : "",
    `fill="${escapeXml(fill)}"`,
    props.stroke
      ? `stroke="${escapeXml(paintColor(props.stroke.paint, values))}" stroke-width="${num(props.stroke.width)}" stroke-linejoin="round" paint-order="stroke"`
      : "",
  ].filter(Boolean);
  const tspans = lines.map((line, i) => meter.markup(`<tspan x="${num(ax)}" dy="${i === 0 ? "0" : advance}">${escapeXml(line)}</tspan>`)).join("");
  return `${defs}${meter.markup(`<text ${attributes.join(" ")}${filter}>`)}${tspans}${meter.markup("</text>")}`;
}
