import { DrawingMeter, DrawingTooLarge } from "./budget";
import type { OverlayDocument } from "./document";
import type { Layer, ParticlesLayer } from "./layers";
import { escapeXml, num } from "./markup";
import { paintColor } from "./paint";
import { pictureAssetIds, pictureMarkup, type RenderAsset, standInAssets } from "./picture";
import { textMarkup } from "./text";

type Keyframe = NonNullable<OverlayDocument["manualKeyframes"]>[number];

/**
 * The one renderer: a document to SVG markup, used by the editor's canvas, the
 * catalogue's previews and the OBS browser source alike. Pure and
 * deterministic (particles are placed by a generator seeded from the layer id),
 * so the same document draws the same on every surface. Transparent where no
 * layer draws. Animation is SVG's own (SMIL): particles move, and the editor's
 * manualKeyframes move and fade layers, with no script on the page.
 * Every drawing is bounded by DRAWING_BUDGET, counted while it is made: a
 * document over it draws a placeholder that says what to reduce.
 */
export interface RenderOptions {
  /** Live values by key, e.g. plugin.<id>.<name> from the desktop app; win over vars. */
  values?: Readonly<Record<string, string>>;
  /** Animate particles and keyframes (false: the first frame, for still previews). */
  animate?: boolean;
  /** Also draw hidden layers (the editor shows them faintly); default false. */
  showHidden?: boolean;
  /** `{{key}}` without a value: kept as written (the editor, previews) or left blank (on stream); default keep. */
  missing?: "keep" | "blank";
  /** Uploaded pictures by asset id, resolved by the server for the overlay's owner; a picture whose asset is absent draws a placeholder. */
  assets?: Readonly<Record<string, RenderAsset>>;
}

/** Every value a {{key}} can take: the document's vars, then live values. */
export function templateValues(document: OverlayDocument, values: Readonly<Record<string, string>> = {}): Record<string, string> {
  const all: Record<string, string> = Object.create(null);
  for (const [key, variable] of Object.entries(document.vars ?? {})) all[key] = String(variable.value);
  for (const [key, value] of Object.entries(values)) all[key] = value;
  return all;
}

/** A small seeded generator (mulberry32), so particles land in the same places on every render. */
function seeded(seedText: string): () => number {
  let seed = 0;
  for (const char of seedText) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function particles(layer: ParticlesLayer, animate: boolean, meter: DrawingMeter): string {
  const { frame, props } = layer;
  meter.take("particles", props.count);
  meter.take("elements", props.count * (animate ? 3 : 1));
  const random = seeded(layer.id);
  const lifetime = (props.lifetimeMs ?? 3000) / 1000;
  const travel = props.speed * lifetime;
  const parts: string[] = [];
  for (let i = 0; i < props.count; i++) {
    const size = props.size.min + random() * (props.size.max - props.size.min);
    const color = props.colors[Math.floor(random() * props.colors.length)]!;
    const delay = -random() * lifetime;
    let x = frame.x + random() * frame.w;
    let y = frame.y + random() * frame.h;
    let dx = 0;
    let dy = 0;
    if (props.direction === "up") {
      y = frame.y + frame.h;
      dy = -travel;
    } else if (props.direction === "down") {
      y = frame.y;
      dy = travel;
    } else if (props.direction === "left") {
      x = frame.x + frame.w;
      dx = -travel;
    } else if (props.direction === "right") {
      x = frame.x;
      dx = travel;
    } else {
      const angle = random() * Math.PI * 2;
      x = frame.x + frame.w / 2;
      y = frame.y + frame.h / 2;
      dx = Math.cos(angle) * travel;
      dy = Math.sin(angle) * travel;
    }
    if (!animate) {
      // A still frame: particles spread along their way.
      const along = random();
      x += dx * along;
      y += dy * along;
    }
    const motion = animate
      ? `<animateTransform attributeName="transform" type="translate" from="0 0" to="${num(dx)} ${num(dy)}" dur="${num(lifetime)}s" begin="${num(delay)}s" repeatCount="indefinite"/><animate attributeName="opacity" values="1;1;0" dur="${num(lifetime)}s" begin="${num(delay)}s" repeatCount="indefinite"/>`
      : "";
    parts.push(meter.markup(`<circle cx="${num(x)}" cy="${num(y)}" r="${num(size / 2)}" fill="${escapeXml(color)}">${motion}</circle>`));
  }
  return parts.join("");
}

/** A layer's own markup, without its members (groups get them in renderLayers). */
function layerMarkup(
  layer: Layer,
  values: Record<string, string>,
  bound: Record<string, string>,
  animate: boolean,
  blank: boolean,
  meter: DrawingMeter,
  assets: Readonly<Record<string, RenderAsset>>,
): string {
  const { x, y, w, h } = layer.frame;
  switch (layer.type) {
    case "text":
      return textMarkup(layer, values, bound, blank, meter);
    case "shape": {
      const box = layer.props.viewBox ?? { w: w || 1, h: h || 1 };
      const fill = bound.fill && /^#[0-9a-fA-F]{3,8}$/.test(bound.fill) ? bound.fill : paintColor(layer.props.fill, values);
      const stroke = layer.props.stroke
        ? ` stroke="${escapeXml(paintColor(layer.props.stroke.paint, values))}" stroke-width="${num(layer.props.stroke.width)}" vector-effect="non-scaling-stroke"`
        : "";
      meter.take("elements", 1);
      return meter.markup(
        `<path transform="translate(${num(x)} ${num(y)}) scale(${num(w / box.w)} ${num(h / box.h)})" d="${escapeXml(layer.props.path)}" fill="${escapeXml(fill)}" fill-rule="evenodd"${stroke}/>`,
      );
    }
    case "particles":
      return particles(layer, animate, meter);
    case "picture":
      return pictureMarkup(layer, values, assets, meter);
    case "group":
      return "";
  }
}

function keyframeAnimation(keyframes: Keyframe[] | undefined, layer: Layer, meter: DrawingMeter): string {
  if (!keyframes || keyframes.length < 2) return "";
  const frames = [...keyframes].sort((a, b) => a.atMs - b.atMs);
  meter.take("elements", 3);
  const total = frames.at(-1)!.atMs || 1;
  const keyTimes = frames.map((k) => num(k.atMs / total)).join(";");
  const translate = frames.map((k) => `${num((k.frame?.x ?? layer.frame.x) - layer.frame.x)} ${num((k.frame?.y ?? layer.frame.y) - layer.frame.y)}`).join(";");
  const opacity = frames.map((k) => num(k.opacity ?? layer.opacity ?? 1)).join(";");
  const dur = `${num(total / 1000)}s`;
  return meter.markup(
    `<animateTransform attributeName="transform" type="translate" values="${translate}" keyTimes="${keyTimes}" dur="${dur}" fill="freeze" additive="sum"/><animate attributeName="opacity" values="${opacity}" keyTimes="${keyTimes}" dur="${dur}" fill="freeze"/>`,
  );
}

/** Items grouped by a key, in order, in one pass (members by group, bindings and keyframes by layer). */
function groupBy<T>(items: readonly T[], key: (item: T) => string | undefined): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    if (name === undefined) continue;
    const group = groups.get(name);
    if (group) group.push(item);
    else groups.set(name, [item]);
  }
  return groups;
}

/** The SVG of a document, canvas-sized, transparent background; throws DrawingTooLarge before passing DRAWING_BUDGET. */
export function drawSvg(document: OverlayDocument, options: RenderOptions = {}): string {
  const meter = new DrawingMeter();
  const values = templateValues(document, options.values);
  const animate = options.animate ?? true;
  const assets = options.assets ?? {};
  const members = groupBy(document.layers, (layer) => layer.groupId);
  const bindings = groupBy(document.bindings ?? [], (binding) => binding.layerId);
  const keyframes = groupBy(document.manualKeyframes ?? [], (keyframe) => keyframe.layerId);
  const draw = (layer: Layer): string => {
    const bound: Record<string, string> = {};
    for (const binding of bindings.get(layer.id) ?? []) if (values[binding.key] !== undefined) bound[binding.prop] = values[binding.key]!;
    const hidden = bound.hidden !== undefined ? bound.hidden !== "" && bound.hidden !== "false" && bound.hidden !== "0" : layer.hidden === true;
    if (hidden && !options.showHidden) return "";
    const opacity = bound.opacity !== undefined ? Math.min(1, Math.max(0, Number(bound.opacity) || 0)) : (layer.opacity ?? 1);
    const { x, y, w, h } = layer.frame;
    const attributes = [
      `data-layer-id="${escapeXml(layer.id)}"`,
      opacity !== 1 || hidden ? `opacity="${num(hidden ? opacity * 0.35 : opacity)}"` : "",
      layer.rotation ? `transform="rotate(${num(layer.rotation)} ${num(x + w / 2)} ${num(y + h / 2)})"` : "",
    ].filter(Boolean);
    meter.take("elements", 1);
    const open = meter.markup(`<g ${attributes.join(" ")}>`);
    const inner = layerMarkup(layer, values, bound, animate, options.missing === "blank", meter, assets) + (members.get(layer.id) ?? []).map(draw).join("");
    const animation = animate ? keyframeAnimation(keyframes.get(layer.id), layer, meter) : "";
    return `${open}${animation ? meter.markup("<g>") + animation + inner + meter.markup("</g>") : inner}${meter.markup("</g>")}`;
  };
  const top = document.layers
    .filter((layer) => layer.groupId === undefined)
    .map(draw)
    .join("");
  const { width, height } = document.canvas;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${top}</svg>`;
}

/** What a document over DRAWING_BUDGET shows instead, on stream and in the editor: the canvas with the reason, never an error. */
export function placeholderSvg(document: Pick<OverlayDocument, "canvas">, reason: string): string {
  const { width, height } = document.canvas;
  const size = Math.max(8, Math.min(32, Math.floor(width / 40)));
  const lines = ["This overlay is too large to draw.", reason, "Open it in the editor and reduce it."];
  const tspans = lines.map((line, i) => `<tspan x="${size}" dy="${i === 0 ? "0" : "1.4em"}">${escapeXml(line)}</tspan>`).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" data-drawing="too-large"><rect width="${width}" height="${height}" fill="#000000" fill-opacity="0.6" stroke="#ff3366" stroke-width="4"/><text x="${size}" y="${size}" dominant-baseline="hanging" font-family="system-ui, sans-serif" font-size="${size}" fill="#ffffff">${tspans}</text></svg>`;
}

/** The SVG of a document, or the placeholder when its drawing would pass DRAWING_BUDGET: never throws for a valid document. */
export function renderSvg(document: OverlayDocument, options: RenderOptions = {}): string {
  try {
    return drawSvg(document, options);
  } catch (error) {
    if (error instanceof DrawingTooLarge) return placeholderSvg(document, error.message);
    throw error;
  }
}

/**
 * Why a document may not be saved, or null: the drawing the editor makes
 * (hidden layers shown, unfilled {{keys}} kept, animated) is the largest any
 * surface makes of it without live values, so within it every surface is;
 * uploaded pictures are counted both missing and present, at the longest address an asset has.
 */
export function drawingProblem(document: OverlayDocument): string | null {
  try {
    drawSvg(document, { showHidden: true, missing: "keep", animate: true });
    // Uploaded pictures draw as placeholders (more elements) here, as images (more bytes) on stream: both must fit.
    const ids = pictureAssetIds(document);
    if (ids.length > 0) drawSvg(document, { showHidden: true, missing: "keep", animate: true, assets: standInAssets(ids) });
    return null;
  } catch (error) {
    if (error instanceof DrawingTooLarge) return error.message;
    throw error;
  }
}
