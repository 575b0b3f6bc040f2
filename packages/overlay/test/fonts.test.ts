import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  DRAWING_BUDGET,
  drawingProblem,
  FONT_CATALOGUE,
  FONT_STYLESHEET_PATH,
  findFont,
  fontFallback,
  fontFamilyCss,
  fontFiles,
  fontFolder,
  fontWarning,
  fontWeights,
  nearestWeight,
  OVERLAY_LIMITS as L,
  type OverlayDocument,
  overlayDocumentSchema,
  renderSvg,
  setTextStyle,
} from "../src";

// The font packages are @streamkit/web's dependencies: resolved from there, as the build's copy does.
const requireFromWeb = createRequire(join(import.meta.dirname, "..", "..", "..", "apps", "web", "package.json"));
const packageDir = (name: string) => dirname(requireFromWeb.resolve(`${name}/package.json`));

const text = (props: Record<string, unknown>, id = "title") => ({
  type: "text",
  id,
  name: "Title",
  frame: { x: 10, y: 20, w: 400, h: 100 },
  props: { text: "Hello\nthere", fontFamily: "Inter", fontSize: 40, fill: { kind: "solid", color: "#ffffff" }, ...props },
});
const doc = (layers: unknown[], vars: Record<string, unknown> = {}) => ({ schema: 1, canvas: { width: 1920, height: 1080 }, vars, layers });
function problems(input: unknown): string[] {
  const result = overlayDocumentSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}
const parse = (input: unknown): OverlayDocument => overlayDocumentSchema.parse(input);

describe("the font catalogue", () => {
  it("names each family once, keeps Inter, and says weights, italic, licence and package", () => {
    const names = FONT_CATALOGUE.map((font) => font.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(FONT_CATALOGUE.map((font) => font.slug)).size).toBe(names.length);
    expect(names).toContain("Inter");
    expect(names).toContain("Bebas Neue");
    for (const font of FONT_CATALOGUE) {
      expect(font.slug).toMatch(/^[a-z0-9-]+$/);
      expect(["OFL-1.1", "Apache-2.0"]).toContain(font.licence);
      expect(fontWeights(font).length).toBeGreaterThan(0);
      for (const weight of fontWeights(font)) expect(weight % 100 === 0 && weight >= 100 && weight <= 900).toBe(true);
    }
    expect(fontWeights(findFont("Open Sans")!)).toEqual([300, 400, 500, 600, 700, 800]);
    expect(fontWeights(findFont("Bebas Neue")!)).toEqual([400]);
  });

  it("matches the installed packages: version, licence, weights, italic and every file it serves", () => {
    for (const font of FONT_CATALOGUE) {
      const dir = packageDir(font.package);
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      const metadata = JSON.parse(readFileSync(join(dir, "metadata.json"), "utf8"));
      expect(pkg.version, font.name).toBe(font.version);
      expect(pkg.license, font.name).toBe(font.licence);
      expect(metadata.family).toBe(font.name);
      expect(metadata.weights).toEqual(expect.arrayContaining(fontWeights(font)));
      expect(metadata.styles.includes("italic")).toBe(font.italic);
      expect(readFileSync(join(dir, "LICENSE"), "utf8").length).toBeGreaterThan(100);
      for (const { file } of fontFiles(font)) expect(() => readFileSync(join(dir, "files", file)), file).not.toThrow();
    }
  });

  it("serves from versioned folders and a stylesheet named by the catalogue", () => {
    expect(fontFolder(findFont("Bebas Neue")!)).toBe("/fonts/bebas-neue/5.3.0");
    expect(fontFiles(findFont("Bebas Neue")!).map((f) => f.file)).toEqual(["bebas-neue-latin-400-normal.woff2", "bebas-neue-latin-ext-400-normal.woff2"]);
    expect(fontFiles(findFont("Inter")!)).toHaveLength(4);
    expect(FONT_STYLESHEET_PATH).toMatch(/^\/fonts\/fonts-[a-z0-9]+\.css$/);
  });

  it("finds a family by its name, a CSS list's first name, or in another case; falls back to sans-serif otherwise", () => {
    expect(findFont("Inter, system-ui, sans-serif")?.name).toBe("Inter");
    expect(findFont("'Playfair Display', serif")?.name).toBe("Playfair Display");
    expect(findFont("bebas neue")?.name).toBe("Bebas Neue");
    expect(findFont("Comic Sans MS")).toBeUndefined();
    expect(fontFallback("JetBrains Mono")).toBe("monospace");
    expect(fontFallback("Comic Sans MS")).toBe("sans-serif");
    expect(fontFamilyCss("Playfair Display")).toBe('"Playfair Display", serif');
    expect(fontFamilyCss("Comic Sans MS")).toBe('"Comic Sans MS", sans-serif');
    expect(fontFamilyCss('"\\')).toBe("sans-serif");
    expect(fontWarning("Inter")).toBeNull();
    expect(fontWarning("Comic Sans MS")).toBe(
      'Font "Comic Sans MS" is not available on the site: OBS will show sans-serif (unless that computer has it installed). Pick one of the site\'s fonts.',
    );
    expect(nearestWeight(findFont("Bebas Neue")!, 700)).toBe(400);
    expect(nearestWeight(findFont("Open Sans")!, 100)).toBe(300);
  });
});

describe("text styling: the document rules", () => {
  it("accepts every new member at its bounds, and documents without them", () => {
    const styled = {
      italic: true,
      letterSpacing: L.letterSpacingMax,
      lineHeight: L.lineHeightMin,
      stroke: { paint: { kind: "solid", color: "#000000" }, width: L.textStrokeMax },
      shadow: { color: "#00000080", x: -L.textShadowOffsetMax, y: L.textShadowOffsetMax, blur: L.textShadowBlurMax },
    };
    expect(problems(doc([text(styled)]))).toEqual([]);
    expect(problems(doc([text({ letterSpacing: L.letterSpacingMin, lineHeight: L.lineHeightMax, italic: false })]))).toEqual([]);
    expect(problems(doc([text({})]))).toEqual([]);
  });

  it("accepts a family the site does not have (older documents, other tools)", () => {
    expect(problems(doc([text({ fontFamily: "Comic Sans MS" })]))).toEqual([]);
    expect(problems(doc([text({ fontFamily: "'Courier New', monospace" })]))).toEqual([]);
  });

  it("refuses a blank font name, control characters and a name too long", () => {
    expect(problems(doc([text({ fontFamily: "" })]))).toEqual(["layers.0.props.fontFamily: A font name cannot be empty."]);
    expect(problems(doc([text({ fontFamily: "   " })]))).toEqual(["layers.0.props.fontFamily: A font name cannot be empty."]);
    expect(problems(doc([text({ fontFamily: "Inter\nx" })]))).toEqual([
      "layers.0.props.fontFamily: A font name cannot hold control characters (line breaks, tabs).",
    ]);
    expect(problems(doc([text({ fontFamily: "x".repeat(L.fontFamilyMaxLength + 1) })]))).toEqual([
      `layers.0.props.fontFamily: A font name has at most ${L.fontFamilyMaxLength} characters.`,
    ]);
  });

  it("refuses each styling member out of its bounds or of the wrong kind, with a message", () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ italic: "yes" }, "layers.0.props.italic"],
      [{ letterSpacing: L.letterSpacingMin - 1 }, `layers.0.props.letterSpacing: Letter spacing is at least ${L.letterSpacingMin} pixels.`],
      [{ letterSpacing: L.letterSpacingMax + 1 }, `layers.0.props.letterSpacing: Letter spacing is at most ${L.letterSpacingMax} pixels.`],
      [{ lineHeight: 0.4 }, `layers.0.props.lineHeight: Line height is at least ${L.lineHeightMin} (times the font size).`],
      [{ lineHeight: L.lineHeightMax + 0.1 }, `layers.0.props.lineHeight: Line height is at most ${L.lineHeightMax} (times the font size).`],
      [
        { stroke: { paint: { kind: "solid", color: "#000" }, width: L.textStrokeMax + 1 } },
        `layers.0.props.stroke.width: A text outline is at most ${L.textStrokeMax} pixels wide.`,
      ],
      [{ stroke: { paint: { kind: "solid", color: "#000" }, width: -1 } }, "layers.0.props.stroke.width"],
      [{ stroke: { paint: { kind: "solid", color: "red" }, width: 2 } }, "layers.0.props.stroke.paint.color"],
      [{ stroke: { width: 2 } }, "layers.0.props.stroke.paint"],
      [
        { shadow: { color: "#000", x: L.textShadowOffsetMax + 1, y: 0, blur: 0 } },
        `layers.0.props.shadow.x: A shadow's offset is at most ${L.textShadowOffsetMax} pixels each way.`,
      ],
      [{ shadow: { color: "#000", x: 0, y: -L.textShadowOffsetMax - 1, blur: 0 } }, "layers.0.props.shadow.y"],
      [
        { shadow: { color: "#000", x: 0, y: 0, blur: L.textShadowBlurMax + 1 } },
        `layers.0.props.shadow.blur: A shadow's blur is at most ${L.textShadowBlurMax} pixels.`,
      ],
      [{ shadow: { color: "#000", x: 0, y: 0, blur: -1 } }, "layers.0.props.shadow.blur"],
      [{ shadow: { color: "url(#x)", x: 0, y: 0, blur: 1 } }, "layers.0.props.shadow.color"],
      [{ shadow: { color: "#000", x: 0, y: 0, blur: 1, spread: 2 } }, "layers.0.props.shadow"],
      [{ fontWeight: 450 }, "layers.0.props.fontWeight"],
    ];
    for (const [props, expected] of cases) {
      const found = problems(doc([text(props)]));
      expect(found, JSON.stringify(props)).toHaveLength(1);
      expect(found[0]!.startsWith(expected), `${found[0]} ≠ ${expected}`).toBe(true);
    }
  });

  it("checks an outline that follows a variable like any paint", () => {
    const stroke = { paint: { kind: "var", key: "outline" }, width: 3 };
    expect(problems(doc([text({ stroke })], { outline: { type: "color", value: "#ff0000" } }))).toEqual([]);
    expect(problems(doc([text({ stroke })]))).toEqual(['layers.0.props.stroke.paint.key: No variable "outline" in vars.']);
    expect(problems(doc([text({ stroke })], { outline: { type: "text", value: "x" } }))).toEqual([
      'layers.0.props.stroke.paint.key: Variable "outline" is a text, not a color.',
    ]);
  });
});

describe("text styling: the renderer", () => {
  it("writes the family with its generic fallback, and a family the site lacks with sans-serif", () => {
    expect(renderSvg(parse(doc([text({ fontFamily: "Bebas Neue" })])))).toContain('font-family="&quot;Bebas Neue&quot;, sans-serif"');
    expect(renderSvg(parse(doc([text({ fontFamily: "JetBrains Mono" })])))).toContain('font-family="&quot;JetBrains Mono&quot;, monospace"');
    expect(renderSvg(parse(doc([text({ fontFamily: "Comic Sans MS" })])))).toContain('font-family="&quot;Comic Sans MS&quot;, sans-serif"');
  });

  it("draws italic, letter spacing, line height, an outline behind the fill and a shadow filter", () => {
    const svg = renderSvg(
      parse(
        doc([
          text({
            fontWeight: 700,
            italic: true,
            letterSpacing: 2.5,
            lineHeight: 1.5,
            stroke: { paint: { kind: "solid", color: "#112233" }, width: 4 },
            shadow: { color: "#000000", x: 3, y: -4, blur: 6 },
          }),
        ]),
      ),
    );
    expect(svg).toContain('font-weight="700" font-style="italic" letter-spacing="2.5"');
    expect(svg).toContain('stroke="#112233" stroke-width="4" stroke-linejoin="round" paint-order="stroke"');
    expect(svg).toContain('<tspan x="10" dy="0">Hello</tspan><tspan x="10" dy="1.5em">there</tspan>');
    expect(svg).toMatch(
      /<filter id="text-shadow-title-[a-z0-9]+" [^>]*><feDropShadow dx="3" dy="-4" stdDeviation="3" flood-color="#000000"\/><\/filter><text [^>]* filter="url\(#text-shadow-title-[a-z0-9]+\)">/,
    );
  });

  it("draws as before without the new members (1.2em lines, no style attributes)", () => {
    const svg = renderSvg(parse(doc([text({})])));
    expect(svg).toContain('dy="1.2em"');
    for (const attribute of ["font-style", "letter-spacing", "stroke", "filter", "paint-order"]) expect(svg).not.toContain(attribute);
  });

  it("names a shadow's filter by the layer and the shadow: the same drawing twice, different shadows apart", () => {
    const shadowed = (blur: number) => renderSvg(parse(doc([text({ shadow: { color: "#000000", x: 1, y: 1, blur } })]))).match(/filter id="([^"]+)"/)![1];
    expect(shadowed(2)).toBe(shadowed(2));
    expect(shadowed(2)).not.toBe(shadowed(3));
  });

  it("draws an outline that follows a colour variable, none when the value is not a colour", () => {
    const stroke = { paint: { kind: "var", key: "outline" }, width: 2 };
    expect(renderSvg(parse(doc([text({ stroke })], { outline: { type: "color", value: "#ff0000" } })))).toContain('stroke="#ff0000"');
  });

  it("counts a shadow's filter in the drawing budget", () => {
    // 500 layers of 37 empty lines: 500 × (group + text + 37 lines) = 19,500 elements, within 20,000; a shadow adds 2 each (filter, primitive).
    const lines = "\n".repeat(36);
    const layers = (shadow?: object) => Array.from({ length: 500 }, (_, i) => text({ text: lines, ...(shadow ? { shadow } : {}) }, `t${i}`));
    expect(DRAWING_BUDGET.elements).toBe(20_000);
    expect(drawingProblem(parse(doc(layers())))).toBeNull();
    expect(drawingProblem(parse(doc(layers({ color: "#000000", x: 1, y: 1, blur: 1 }))))).toMatch(/elements/);
  });
});

describe("setTextStyle", () => {
  it("sets and removes styling in the schema's order, so the editor's document equals the saved one", () => {
    const before = parse(doc([text({})]));
    const styled = setTextStyle(before, "title", { shadow: { color: "#000000", x: 1, y: 1, blur: 2 }, italic: true, fontFamily: "Bebas Neue" });
    const props = styled.layers[0]!.props;
    expect(Object.keys(props)).toEqual(Object.keys(parse(styled).layers[0]!.props));
    expect(JSON.stringify(parse(styled))).toBe(JSON.stringify(styled));
    const plain = setTextStyle(styled, "title", { italic: undefined, shadow: undefined });
    expect(Object.keys(plain.layers[0]!.props)).toEqual(["text", "fontFamily", "fontSize", "fill"]);
    expect(setTextStyle(before, "nope", { italic: true })).toEqual(before);
  });
});
