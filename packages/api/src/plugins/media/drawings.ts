/**
 * What the service draws for plugins (docs/plugins.md#icons-and-screenshots): the generated icon of a plugin without
 * one — initials of its slug on a colour from a hash of it, the same slug always the same picture — and the social
 * preview (og:image), a PNG since chat and social sites take no SVG, drawn with sharp (the asset library's decoder and
 * encoder) from an SVG of fixed size: the work is bounded by the size, whatever the plugin's text.
 */
import { pluginMediaLimits } from "@streamkit/api-contract";
import sharp from "sharp";

/** FNV-1a of the text: small, stable, the same everywhere. */
function hashOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619) >>> 0;
  return hash;
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
/** Control characters never reach the drawing: XML 1.0 refuses most of them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this removes.
const printable = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, " ");

/** The slug's colour: a hue from its hash, dark enough for white initials (WCAG AA at large text). */
export function colourOf(slug: string): string {
  return `hsl(${hashOf(slug) % 360}, 55%, 38%)`;
}

/** One or two letters: the first of the slug's first two words, or its first two characters. */
export function initialsOf(slug: string): string {
  const words = slug.split("-").filter(Boolean);
  const letters = words.length >= 2 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? "?").slice(0, 2);
  return letters.toUpperCase();
}

export function generatedIconSvg(slug: string): string {
  const side = pluginMediaLimits.generatedIconSide;
  const initials = escapeXml(initialsOf(slug));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" viewBox="0 0 ${side} ${side}"><rect width="${side}" height="${side}" rx="${side / 5}" fill="${colourOf(slug)}"/><text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Verdana, sans-serif" font-size="${side * 0.42}" font-weight="700" fill="#ffffff">${initials}</text></svg>`;
}

/** Lines of at most `width` characters, at most `lines` of them, the last ending in … when cut. */
function wrap(text: string, width: number, lines: number): string[] {
  const words = printable(text).replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  const out: string[] = [];
  let line = "";
  for (const word of words) {
    const piece = word.length > width ? `${word.slice(0, width - 1)}…` : word;
    if (line && line.length + 1 + piece.length > width) {
      out.push(line);
      line = piece;
      if (out.length === lines) break;
    } else line = line ? `${line} ${piece}` : piece;
  }
  if (out.length < lines && line) out.push(line);
  else if (out.length === lines) out[lines - 1] = `${out[lines - 1]!.slice(0, width - 1)}…`;
  return out;
}

export interface SocialCard {
  slug: string;
  name: string;
  description: string;
  publisher: string;
  verified: boolean;
  version: string;
  /** The icon's bytes (an uploaded picture), or null for the generated one. */
  iconBytes: Uint8Array | null;
}

const ICON_SIDE = 240;

/** The social preview as PNG bytes, 1200×630. */
export async function socialImagePng(card: SocialCard): Promise<Buffer> {
  const { width, height } = pluginMediaLimits.social;
  const title = wrap(card.name, 20, 2);
  const body = wrap(card.description.replace(/[#*_`>[\]()!]/g, ""), 48, 3);
  const by = `by ${printable(card.publisher).slice(0, 60)}${card.verified ? " ✓" : ""} · v${printable(card.version).slice(0, 30)}`;
  const text = (lines: string[], y: number, size: number, step: number, extra: string) =>
    lines.map((line, i) => `<text x="400" y="${y + i * step}" font-size="${size}" ${extra}>${escapeXml(line)}</text>`).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Verdana, sans-serif">
<rect width="${width}" height="${height}" fill="#0f172a"/><rect width="${width}" height="12" fill="${colourOf(card.slug)}"/>
${text(title, 190, 52, 64, 'font-weight="700" fill="#ffffff"')}
${text(body, 190 + title.length * 64 + 16, 30, 42, 'fill="#cbd5e1"')}
<text x="400" y="560" font-size="28" fill="#94a3b8">${escapeXml(by)}</text>
<text x="80" y="560" font-size="28" font-weight="700" fill="#ffffff">Streamkit</text></svg>`;
  const icon = await sharp(card.iconBytes ?? Buffer.from(generatedIconSvg(card.slug)), { pages: 1, limitInputPixels: pluginMediaLimits.icon.maxPixels })
    .resize(ICON_SIDE, ICON_SIDE, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: icon, left: 80, top: 150 }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}
