import { describe, expect, it } from "vitest";
import { type OverlayDocument, overlayDocumentSchema, renderSvg } from "../src";

const base = {
  schema: 1,
  canvas: { width: 1280, height: 720 },
  vars: { name: { type: "text", value: "Ada" }, accent: { type: "color", value: "#ff3366" } },
  layers: [
    { type: "group", id: "third", name: "Lower third", frame: { x: 0, y: 600, w: 1280, h: 120 }, props: {}, opacity: 0.9 },
    {
      type: "shape",
      id: "bar",
      name: "Bar",
      groupId: "third",
      frame: { x: 40, y: 620, w: 600, h: 80 },
      props: { shape: "path", path: "M0 0 H100 V100 H0 Z", viewBox: { w: 100, h: 100 }, fill: { kind: "var", key: "accent" } },
    },
    {
      type: "text",
      id: "title",
      name: "Title",
      groupId: "third",
      frame: { x: 60, y: 640, w: 560, h: 40 },
      props: {
        text: "Hi {{name}} <script>alert(1)</script> {{plugin.goal.count}}",
        fontFamily: 'Inter", evil="1',
        fontSize: 32,
        fill: { kind: "solid", color: "#ffffff" },
      },
    },
    {
      type: "text",
      id: "secret",
      name: "Hidden",
      hidden: true,
      frame: { x: 0, y: 0, w: 10, h: 10 },
      props: { text: "hidden", fontFamily: "Inter", fontSize: 12, fill: { kind: "solid", color: "#000" } },
    },
    {
      type: "particles",
      id: "confetti",
      name: "Confetti",
      frame: { x: 0, y: 0, w: 1280, h: 720 },
      props: { count: 25, colors: ["#ffd166"], size: { min: 4, max: 8 }, speed: 100, direction: "up" },
    },
  ],
  manualKeyframes: [
    { layerId: "title", atMs: 0, frame: { x: -600 }, opacity: 0 },
    { layerId: "title", atMs: 600, frame: { x: 60 }, opacity: 1, easing: "ease-out" },
  ],
};
const document: OverlayDocument = overlayDocumentSchema.parse(base);

describe("the renderer", () => {
  it("draws a canvas-sized SVG with a transparent background", () => {
    const svg = renderSvg(document);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 1280 720" width="1280" height="720">/);
    expect(svg).not.toContain("<rect");
  });

  it("fills {{key}} from vars and live values, and escapes what it writes", () => {
    const svg = renderSvg(document, { values: { "plugin.goal.count": "42" } });
    expect(svg).toContain("Hi Ada &lt;script&gt;alert(1)&lt;/script&gt; 42");
    expect(svg).not.toContain("<script");
    // The family is written as a quoted CSS name with its fallback (fonts.ts): what follows a stray quote is dropped.
    expect(svg).toContain('font-family="&quot;Inter&quot;, sans-serif"');
    expect(svg).not.toContain("evil");
    expect(renderSvg(document)).toContain("{{plugin.goal.count}}");
    expect(renderSvg(document, { missing: "blank" })).toContain("Hi Ada &lt;script&gt;alert(1)&lt;/script&gt; </tspan>");
  });

  it("draws group members inside their group, paths scaled to the frame, colour variables resolved", () => {
    const svg = renderSvg(document);
    expect(svg).toMatch(
      /<g data-layer-id="third" opacity="0.9"><g data-layer-id="bar"><path transform="translate\(40 620\) scale\(6 0.8\)" d="M0 0 H100 V100 H0 Z" fill="#ff3366"/,
    );
  });

  it("skips hidden layers unless asked, and animates particles and keyframes only when animating", () => {
    expect(renderSvg(document)).not.toContain("hidden");
    expect(renderSvg(document, { showHidden: true })).toContain("hidden");
    const animated = renderSvg(document);
    expect(animated.match(/<circle /g)).toHaveLength(25);
    expect(animated).toContain('<animateTransform attributeName="transform" type="translate" values="-660 0;0 0" keyTimes="0;1" dur="0.6s"');
    const still = renderSvg(document, { animate: false });
    expect(still.match(/<circle /g)).toHaveLength(25);
    expect(still).not.toContain("<animate");
  });

  it("is deterministic: the same document draws the same", () => {
    expect(renderSvg(document)).toBe(renderSvg(overlayDocumentSchema.parse(structuredClone(base))));
  });
});
