import { describe, expect, it } from "vitest";
import {
  addLayer,
  DRAWING_BUDGET,
  drawingProblem,
  layerTypes,
  OVERLAY_LIMITS,
  type OverlayDocument,
  overlayDocumentSchema,
  pictureAssetIds,
  pictureUrl,
  renderSvg,
  setHidden,
  setOpacity,
  utf8Length,
} from "../src";

const ASSET = "0b5d3c7e-9a41-4d2f-8f7e-2a9c1e4b6d80";
const OTHER = "7f3e2d1c-0b9a-4876-9543-210fedcba987";
const picture = (id: string, props: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "picture",
  id,
  name: `Picture ${id}`,
  frame: { x: 10, y: 20, w: 400, h: 300 },
  props,
  ...extra,
});
const doc = (layers: unknown[], vars: Record<string, unknown> = {}) => ({ schema: 1, canvas: { width: 1920, height: 1080 }, vars, layers });
const logo = { type: "picture", label: "Logo", value: "https://cdn.example.com/logo.png" };

function problems(input: unknown): string[] {
  const result = overlayDocumentSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}
const parse = (input: unknown): OverlayDocument => overlayDocumentSchema.parse(input);

describe("picture layers: the document rules", () => {
  it("accepts an asset source and a picture variable source, every fit, with and without a radius", () => {
    expect(layerTypes).toContain("picture");
    for (const fit of ["contain", "cover", "stretch"]) {
      expect(problems(doc([picture("a", { source: { kind: "asset", id: ASSET }, fit })]))).toEqual([]);
      expect(problems(doc([picture("v", { source: { kind: "var", key: "logo" }, fit, radius: 12 })], { logo }))).toEqual([]);
    }
    expect(problems(doc([picture("r", { source: { kind: "asset", id: ASSET }, fit: "cover", radius: 0 }, { opacity: 0.5, rotation: 10 })]))).toEqual([]);
    expect(problems(doc([picture("r", { source: { kind: "asset", id: ASSET }, fit: "cover", radius: OVERLAY_LIMITS.pictureRadiusMax })]))).toEqual([]);
  });

  it("refuses an unknown fit, a missing fit, a negative or too large radius, naming the path", () => {
    const asset = { kind: "asset", id: ASSET };
    expect(problems(doc([picture("p", { source: asset, fit: "fill" })]))).toEqual(["layers.0.props.fit: fit is one of contain, cover, stretch."]);
    expect(problems(doc([picture("p", { source: asset })])).map((p) => p.split(":")[0])).toEqual(["layers.0.props.fit"]);
    expect(problems(doc([picture("p", { source: asset, fit: "cover", radius: -1 })])).map((p) => p.split(":")[0])).toEqual(["layers.0.props.radius"]);
    expect(problems(doc([picture("p", { source: asset, fit: "cover", radius: OVERLAY_LIMITS.pictureRadiusMax + 1 })]))).toEqual([
      `layers.0.props.radius: A corner radius is at most ${OVERLAY_LIMITS.pictureRadiusMax} pixels.`,
    ]);
  });

  it("refuses a source that is not an asset UUID or a var key, and strict objects' extra members", () => {
    expect(problems(doc([picture("p", { source: { kind: "asset", id: "logo.png" }, fit: "cover" })]))).toEqual([
      "layers.0.props.source.id: An asset id is a UUID.",
    ]);
    expect(problems(doc([picture("p", { source: { kind: "url", url: "https://x.test/a.png" }, fit: "cover" })])).map((p) => p.split(":")[0])).toEqual([
      "layers.0.props.source.kind",
    ]);
    expect(problems(doc([picture("p", { source: { kind: "var", key: "1logo" }, fit: "cover" })]))[0]).toMatch(
      /^layers\.0\.props\.source\.key: A variable's key starts with a letter/,
    );
    expect(problems(doc([picture("p", { source: { kind: "asset", id: ASSET, url: "/x" }, fit: "cover" })]))[0]).toMatch(/^layers\.0\.props\.source: /);
    expect(problems(doc([picture("p", { source: { kind: "asset", id: ASSET }, fit: "cover", src: "x" })]))[0]).toMatch(/^layers\.0\.props: /);
  });

  it("a var source names an existing variable of type picture", () => {
    expect(problems(doc([picture("p", { source: { kind: "var", key: "logo" }, fit: "cover" })]))).toEqual([
      'layers.0.props.source.key: No variable "logo" in vars: add a picture variable "logo", or pick an uploaded picture.',
    ]);
    expect(problems(doc([picture("p", { source: { kind: "var", key: "name" }, fit: "cover" })], { name: { type: "text", value: "Ada" } }))).toEqual([
      'layers.0.props.source.key: Variable "name" is a text, not a picture.',
    ]);
  });

  it("binds only opacity and hidden; documents without pictures are unchanged", () => {
    const layers = [picture("p", { source: { kind: "asset", id: ASSET }, fit: "cover" })];
    expect(problems({ ...doc(layers, { on: { type: "number", value: 1 } }), bindings: [{ layerId: "p", prop: "opacity", key: "on" }] })).toEqual([]);
    expect(problems({ ...doc(layers, { t: { type: "text", value: "x" } }), bindings: [{ layerId: "p", prop: "text", key: "t" }] })).toEqual([
      "bindings.0.prop: A picture layer's text cannot be bound: opacity, hidden can.",
    ]);
    expect(problems({ schema: 1, canvas: { width: 1, height: 1 }, layers: [] })).toEqual([]);
  });
});

describe("picture layers: drawing", () => {
  const assets = { [ASSET]: { url: `/api/assets/${"ab".repeat(32)}.png`, width: 640, height: 480 } };

  it("draws an asset as an <image> clipped to its frame with the fit's preserveAspectRatio", () => {
    const expected = { contain: "xMidYMid meet", cover: "xMidYMid slice", stretch: "none" } as const;
    for (const [fit, ratio] of Object.entries(expected)) {
      const svg = renderSvg(parse(doc([picture("logo", { source: { kind: "asset", id: ASSET }, fit })])), { assets });
      expect(svg).toContain(
        `<clipPath id="sk-picture-logo"><rect x="10" y="20" width="400" height="300"/></clipPath><image data-picture="image" href="/api/assets/${"ab".repeat(32)}.png" x="10" y="20" width="400" height="300" preserveAspectRatio="${ratio}" clip-path="url(#sk-picture-logo)"/>`,
      );
    }
  });

  it("rounds the clip's corners (at most half the frame) and draws opacity and rotation on the layer like others", () => {
    const layer = picture("p", { source: { kind: "asset", id: ASSET }, fit: "cover", radius: 24 }, { opacity: 0.5, rotation: 90 });
    const svg = renderSvg(parse(doc([layer])), { assets });
    expect(svg).toContain('<g data-layer-id="p" opacity="0.5" transform="rotate(90 210 170)">');
    expect(svg).toContain('<rect x="10" y="20" width="400" height="300" rx="24"/>');
    const round = renderSvg(parse(doc([{ ...layer, props: { ...layer.props, radius: 4000 } }])), { assets });
    expect(round).toContain('rx="150"');
  });

  it("draws a picture variable's https address, and a live value that is one", () => {
    const layers = [picture("p", { source: { kind: "var", key: "logo" }, fit: "contain" })];
    expect(renderSvg(parse(doc(layers, { logo })))).toContain('href="https://cdn.example.com/logo.png"');
    const live = renderSvg(parse(doc(layers, { logo })), { values: { logo: "https://cdn.example.com/live.webp?size=2&x=1" } });
    expect(live).toContain('href="https://cdn.example.com/live.webp?size=2&amp;x=1"');
  });

  it("draws an asset inlined in the drawing as raster bytes (a thumbnail, a comparison), never SVG, and never a variable's data: value", () => {
    const inline = "data:image/webp;base64,UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==";
    const asset = parse(doc([picture("p", { source: { kind: "asset", id: ASSET }, fit: "cover" })]));
    expect(renderSvg(asset, { assets: { [ASSET]: { url: inline, width: 1, height: 1 } } })).toContain(`href="${inline}"`);
    // The History's comparison inlines the library's bytes as the browser reads them: PNG, JPEG and GIF too.
    const png = "data:image/png;base64,iVBORw0KGgo=";
    expect(renderSvg(asset, { assets: { [ASSET]: { url: png, width: 1, height: 1 } } })).toContain(`href="${png}"`);
    for (const url of ["data:image/svg+xml;base64,PHN2Zz4=", "data:image/webp;base64,AA AA", 'data:image/webp;base64,AA"/><script>'])
      expect(renderSvg(asset, { assets: { [ASSET]: { url, width: 1, height: 1 } } }), url).toContain('data-picture="placeholder"');
    const variable = parse(doc([picture("p", { source: { kind: "var", key: "logo" }, fit: "cover" })], { logo: { type: "picture", value: "" } }));
    expect(renderSvg(variable, { values: { logo: inline } })).toContain('data-picture="placeholder"');
  });

  it("draws the placeholder for a missing asset, an empty variable or an unusable value, never an error", () => {
    const placeholder = (svg: string) => svg.includes('data-picture="placeholder"') && !svg.includes("<image");
    const asset = parse(doc([picture("p", { source: { kind: "asset", id: ASSET }, fit: "cover" })]));
    expect(placeholder(renderSvg(asset))).toBe(true);
    expect(placeholder(renderSvg(asset, { assets: { [OTHER]: assets[ASSET] } }))).toBe(true);
    expect(placeholder(renderSvg(asset, { assets: { [ASSET]: { url: "javascript:alert(1)", width: 1, height: 1 } } }))).toBe(true);
    const variable = (value: string) =>
      parse(doc([picture("p", { source: { kind: "var", key: "logo" }, fit: "cover" })], { logo: { type: "picture", value } }));
    expect(placeholder(renderSvg(variable("")))).toBe(true);
    for (const value of [
      "javascript:alert(1)",
      "http://x.test/a.png",
      "data:image/png;base64,AAAA",
      '"><script>alert(1)</script>',
      "/etc/passwd",
      "//x.test/a.png",
    ])
      expect(placeholder(renderSvg(variable(""), { values: { logo: value } })), value).toBe(true);
    // The placeholder is a dashed box with a glyph, the same wherever it is drawn.
    expect(renderSvg(asset)).toMatch(
      /<g data-picture="placeholder"><rect x="10" y="20" width="400" height="300" fill="#8a8f98" fill-opacity="0.12" stroke="#8a8f98" stroke-width="2" stroke-dasharray="8 6"\/><path /,
    );
  });

  it("accepts only https:// addresses and the service's own /api/assets/ paths", () => {
    expect(pictureUrl("https://cdn.example.com/a.png")).toBe("https://cdn.example.com/a.png");
    expect(pictureUrl(`/api/assets/${"0".repeat(64)}.gif`)).toBe(`/api/assets/${"0".repeat(64)}.gif`);
    for (const bad of [
      undefined,
      "",
      "https://",
      "https://a b",
      'https://x.test/"onload="x',
      "HTTPS://x.test/a",
      "/api/assets/../secret",
      "/api/assets/a/b",
      "/api/other/a.png",
      "ftp://x",
    ])
      expect(pictureUrl(bad), String(bad)).toBeNull();
  });

  it("lists the asset ids a document draws, once each, in lower case", () => {
    const document = parse(
      doc(
        [
          picture("a", { source: { kind: "asset", id: ASSET }, fit: "cover" }),
          picture("b", { source: { kind: "asset", id: ASSET.toUpperCase() }, fit: "cover" }),
          picture("c", { source: { kind: "asset", id: OTHER }, fit: "cover" }),
          picture("d", { source: { kind: "var", key: "logo" }, fit: "cover" }),
        ],
        { logo },
      ),
    );
    expect(pictureAssetIds(document)).toEqual([ASSET, OTHER]);
    expect(renderSvg(document, { assets })).toContain('<g data-layer-id="b"><clipPath id="sk-picture-b">');
  });

  it("counts pictures in the budget: 500 of the longest addresses stay within it, or the save is refused, never a throw on stream", () => {
    const url = `https://cdn.example.com/${"a&".repeat((OVERLAY_LIMITS.varValueMaxLength - 24) / 2)}`;
    const layers = Array.from({ length: OVERLAY_LIMITS.maxLayers }, (_, i) => picture(`p${i}`, { source: { kind: "var", key: "logo" }, fit: "cover" }));
    const document = parse(doc(layers, { logo: { type: "picture", value: url } }));
    expect(drawingProblem(document)).toMatch(/MiB/);
    expect(renderSvg(document)).toContain('data-drawing="too-large"');
    const fewer = parse(doc(layers.slice(0, 100), { logo: { type: "picture", value: url } }));
    expect(drawingProblem(fewer)).toBeNull();
    expect(utf8Length(renderSvg(fewer))).toBeLessThanOrEqual(DRAWING_BUDGET.bytes);
  });

  it("a picture is 5 elements of the budget as the placeholder (the save's measure), so one picture can tip a document over", () => {
    const text = (id: string, lines: number) => ({
      type: "text",
      id,
      name: id,
      frame: { x: 0, y: 0, w: 10, h: 10 },
      props: { text: "\n".repeat(lines), fontFamily: "Inter", fontSize: 12, fill: { kind: "solid", color: "#fff" } },
    });
    // Each text: its group, the <text> and one <tspan> per line. 9 × 2,003 + 1,968 + 5 = 20,000 elements exactly.
    const texts = (last: number) => [...Array.from({ length: 9 }, (_, i) => text(`t${i}`, 2_000)), text("last", last)];
    const logo = picture("p", { source: { kind: "asset", id: ASSET }, fit: "cover" });
    expect(drawingProblem(parse(doc([...texts(1_965), logo])))).toBeNull();
    expect(drawingProblem(parse(doc([...texts(1_966), logo])))).toMatch(/more than 20,000 elements/);
    expect(drawingProblem(parse(doc(texts(1_966))))).toBeNull();
  });

  it("the editor adds a valid picture layer: with a given source, the first picture variable, or a new empty one", () => {
    const empty = parse(doc([]));
    const added = addLayer(empty, "picture");
    expect(added.document.vars).toEqual({ picture: { type: "picture", label: "Picture", value: "" } });
    expect(added.document.layers[0]).toMatchObject({ type: "picture", id: "picture-1", props: { source: { kind: "var", key: "picture" }, fit: "contain" } });
    expect(problems(added.document)).toEqual([]);
    const again = addLayer(added.document, "picture");
    expect(again.document.vars).toEqual(added.document.vars);
    const withAsset = addLayer(empty, "picture", { source: { kind: "asset", id: ASSET } });
    expect(withAsset.document.vars).toEqual({});
    expect(problems(withAsset.document)).toEqual([]);
    const taken = addLayer(parse(doc([], { picture: { type: "text", value: "x" } })), "picture");
    expect(Object.keys(taken.document.vars ?? {})).toEqual(["picture", "picture2"]);
    expect(problems(taken.document)).toEqual([]);
  });
});

describe("picture layers: editing", () => {
  it("sets opacity (1 leaves it out) with the layer's members in the schema's order, so an edit equals the saved JSON", () => {
    const document = parse(doc([picture("p", { source: { kind: "asset", id: ASSET }, fit: "cover" })]));
    const faded = setOpacity(document, "p", 0.5);
    expect(faded.layers[0]!.opacity).toBe(0.5);
    expect(JSON.stringify(faded)).toBe(JSON.stringify(parse(faded)));
    const hidden = setHidden(faded, "p", true);
    expect(JSON.stringify(hidden)).toBe(JSON.stringify(parse(hidden)));
    expect(setOpacity(faded, "p", 1).layers[0]).not.toHaveProperty("opacity");
    expect(setOpacity(faded, "p", 7).layers[0]).not.toHaveProperty("opacity");
    expect(setOpacity(faded, "p", -1).layers[0]!.opacity).toBe(0);
  });
});
