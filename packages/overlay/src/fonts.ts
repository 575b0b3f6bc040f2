/**
 * The fonts the site serves (docs/overlays.md#fonts): open-licence families from Fontsource's npm packages,
 * copied into the website at build (apps/web/scripts/copy-fonts.mjs) so OBS needs nothing installed.
 * Data only, shared by the renderer, the editor's picker, the build and the tests.
 */

/** The CSS generic family drawn when the font is not loaded (yet, or ever). Display faces fall back to sans-serif. */
export type FontGeneric = "sans-serif" | "serif" | "monospace" | "cursive";

export interface FontFamily {
  /** The name as written in documents' fontFamily, and the @font-face family the site declares. */
  name: string;
  /** The folder under /fonts/ and the files' prefix (the npm package's name without its scope). */
  slug: string;
  generic: FontGeneric;
  /** A variable font: any weight from min to max in steps of 100, from one file per style. A static one: its weights. */
  weights: { variable: true; min: number; max: number } | { variable: false; list: readonly number[] };
  italic: boolean;
  /** SPDX identifier of the font's licence; the licence text is copied next to its files. */
  licence: "OFL-1.1" | "Apache-2.0";
  /** The npm package the files come from, at this exact version (a dependency of @streamkit/web). */
  package: string;
  version: string;
  /** Unicode subsets served: latin always, latin-ext where the package has it. */
  subsets: readonly ("latin" | "latin-ext")[];
}

const both = ["latin", "latin-ext"] as const;
const variable = (min: number, max: number) => ({ variable: true as const, min, max });
const fixed = (...list: number[]) => ({ variable: false as const, list });

export const FONT_CATALOGUE: readonly FontFamily[] = [
  {
    name: "Inter",
    slug: "inter",
    generic: "sans-serif",
    weights: variable(100, 900),
    italic: true,
    licence: "OFL-1.1",
    package: "@fontsource-variable/inter",
    version: "5.3.0",
    subsets: both,
  },
  {
    name: "Roboto",
    slug: "roboto",
    generic: "sans-serif",
    weights: variable(100, 900),
    italic: true,
    licence: "OFL-1.1",
    package: "@fontsource-variable/roboto",
    version: "5.3.0",
    subsets: both,
  },
  {
    name: "Open Sans",
    slug: "open-sans",
    generic: "sans-serif",
    weights: variable(300, 800),
    italic: true,
    licence: "OFL-1.1",
    package: "@fontsource-variable/open-sans",
    version: "5.3.0",
    subsets: both,
  },
  {
    name: "Montserrat",
    slug: "montserrat",
    generic: "sans-serif",
    weights: variable(100, 900),
    italic: true,
    licence: "OFL-1.1",
    package: "@fontsource-variable/montserrat",
    version: "5.3.0",
    subsets: both,
  },
  {
    name: "Poppins",
    slug: "poppins",
    generic: "sans-serif",
    weights: fixed(100, 200, 300, 400, 500, 600, 700, 800, 900),
    italic: true,
    licence: "OFL-1.1",
    package: "@fontsource/poppins",
    version: "5.3.0",
    subsets: both,
  },
  {
    name: "Oswald",
    slug: "oswald",
    generic: "sans-serif",
    weights: variable(200, 700),
    italic: false,
    licence: "OFL-1.1",
    package: "@fontsource-variable/oswald",
    version: "5.3.0",
    subsets: both,
  },
  {
    name: "Bebas Neue",
    slug: "bebas-neue",
    generic: "sans-serif",
    weights: fixed(400),
    italic: false,
    licence: "OFL-1.1",
    package: "@fontsource/bebas-neue",
    version: "5.3.0",
    subsets: both,
  },
  {
    name: "Playfair Display",
    slug: "playfair-display",
    generic: "serif",
    weights: variable(400, 900),
    italic: true,
    licence: "OFL-1.1",
    package: "@fontsource-variable/playfair-display",
    version: "5.3.0",
    subsets: both,
  },
  {
    name: "JetBrains Mono",
    slug: "jetbrains-mono",
    generic: "monospace",
    weights: variable(100, 800),
    italic: true,
    licence: "OFL-1.1",
    package: "@fontsource-variable/jetbrains-mono",
    version: "5.3.0",
    subsets: both,
  },
  {
    name: "Lobster",
    slug: "lobster",
    generic: "cursive",
    weights: fixed(400),
    italic: false,
    licence: "OFL-1.1",
    package: "@fontsource/lobster",
    version: "5.3.0",
    subsets: both,
  },
  {
    name: "Permanent Marker",
    slug: "permanent-marker",
    generic: "cursive",
    weights: fixed(400),
    italic: false,
    licence: "Apache-2.0",
    package: "@fontsource/permanent-marker",
    version: "5.3.0",
    subsets: ["latin"],
  },
  {
    name: "Press Start 2P",
    slug: "press-start-2p",
    generic: "sans-serif",
    weights: fixed(400),
    italic: false,
    licence: "OFL-1.1",
    package: "@fontsource/press-start-2p",
    version: "5.3.0",
    subsets: both,
  },
  {
    name: "Bangers",
    slug: "bangers",
    generic: "sans-serif",
    weights: fixed(400),
    italic: false,
    licence: "OFL-1.1",
    package: "@fontsource/bangers",
    version: "5.3.0",
    subsets: both,
  },
];

/** What a new text layer uses. */
export const DEFAULT_FONT = "Inter";

/** The weights a family has, lightest first. */
export function fontWeights(font: FontFamily): number[] {
  if (!font.weights.variable) return [...font.weights.list];
  const weights: number[] = [];
  for (let weight = font.weights.min; weight <= font.weights.max; weight += 100) weights.push(weight);
  return weights;
}

/** The family a fontFamily names: its first name (a CSS list's first, quotes dropped), compared without case. */
export function findFont(fontFamily: string): FontFamily | undefined {
  const first = firstFamilyName(fontFamily).toLowerCase();
  return FONT_CATALOGUE.find((font) => font.name.toLowerCase() === first);
}

/** "'Courier New', monospace" → "Courier New": older documents hold CSS lists; the first is what the author meant. */
export function firstFamilyName(fontFamily: string): string {
  return (fontFamily.split(",")[0] ?? "")
    .trim()
    .replace(/^(["'])(.*)\1$/, "$2")
    .trim();
}

/** The generic CSS family a text falls back to: the family's own, sans-serif for a family the site does not have. */
export function fontFallback(fontFamily: string): FontGeneric {
  return findFont(fontFamily)?.generic ?? "sans-serif";
}

/**
 * The CSS font-family the renderer writes: the family quoted, then its generic, e.g. `"Bebas Neue", sans-serif`.
 * A family the site does not have keeps its name (a computer that has it installed shows it) and gets sans-serif,
 * so it never falls back to the browser's serif default unnoticed. Quotes and backslashes are dropped from the name.
 */
export function fontFamilyCss(fontFamily: string): string {
  const font = findFont(fontFamily);
  const name = font?.name ?? firstFamilyName(fontFamily).replace(/["\\]/g, "");
  return name ? `"${name}", ${font?.generic ?? "sans-serif"}` : "sans-serif";
}

/** Why a text's font is not drawn as written, for the editor's warning; null when the site has it. */
export function fontWarning(fontFamily: string): string | null {
  if (findFont(fontFamily)) return null;
  return `Font "${firstFamilyName(fontFamily)}" is not available on the site: OBS will show ${fontFallback(fontFamily)} (unless that computer has it installed). Pick one of the site's fonts.`;
}

/** The weight of a family nearest to `weight` (a family switch keeps the weight where it can). */
export function nearestWeight(font: FontFamily, weight: number): number {
  return fontWeights(font).reduce((best, candidate) => (Math.abs(candidate - weight) < Math.abs(best - weight) ? candidate : best));
}

/** A family's folder on the site: versioned, so every file under it is cached for a year. */
export function fontFolder(font: FontFamily): string {
  return `/fonts/${font.slug}/${font.version}`;
}

/** The woff2 files a family is served as (names as in its package's files/ folder), with what each holds. */
export function fontFiles(font: FontFamily): { file: string; subset: string; style: "normal" | "italic"; weight: string }[] {
  const styles = font.italic ? (["normal", "italic"] as const) : (["normal"] as const);
  const files = [];
  for (const subset of font.subsets)
    for (const style of styles) {
      if (font.weights.variable)
        files.push({ file: `${font.slug}-${subset}-wght-${style}.woff2`, subset, style, weight: `${font.weights.min} ${font.weights.max}` });
      else
        for (const weight of font.weights.list) files.push({ file: `${font.slug}-${subset}-${weight}-${style}.woff2`, subset, style, weight: String(weight) });
    }
  return files;
}

/** A short, stable hash (FNV-1a, 32 bits, base 36): names that change when what they name changes. */
export function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** The one stylesheet of every family's @font-face rules, named by the catalogue's hash so it is cached for a year too. */
export const FONT_STYLESHEET_PATH = `/fonts/fonts-${shortHash(JSON.stringify(FONT_CATALOGUE))}.css`;

/** The page listing every family's licence and source package (the licences travel with the files too). */
export const FONT_LICENCES_PATH = "/overlays/fonts";
