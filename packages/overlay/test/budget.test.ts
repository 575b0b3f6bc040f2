import { describe, expect, it } from "vitest";
import { DRAWING_BUDGET, drawingProblem, drawSvg, DrawingTooLarge, overlayDocumentSchema, renderSvg, utf8Length } from "../src";
import { overBudgetDocuments, worstValidDocument } from "../src/worst-documents";

const parse = (document: unknown) => overlayDocumentSchema.parse(document);

describe("the drawing budget", () => {
  it("the documents that exhausted a server's heap within the old limits are refused, naming what to reduce", () => {
    const { particles, text } = overBudgetDocuments();
    expect(drawingProblem(parse(particles))).toMatch(/more than 2,000 particles in all: lower the particle layers' counts/);
    expect(drawingProblem(parse(text))).toMatch(/more than 20,000 characters of text once its \{\{variables\}\} are filled/);
  });

  it("draws such a document as a placeholder that says why, at the canvas size, never throwing", () => {
    const { particles, text } = overBudgetDocuments();
    for (const document of [particles, text]) {
      const svg = renderSvg(parse(document), { missing: "blank" });
      expect(svg).toContain('data-drawing="too-large"');
      expect(svg).toContain('width="1920" height="1080"');
      expect(svg).toContain("This overlay is too large to draw.");
      expect(svg.length).toBeLessThan(2_000);
    }
    expect(() => drawSvg(parse(text))).toThrow(DrawingTooLarge);
  });

  it("the worst document the limits allow draws within every measure, on every surface", () => {
    const document = parse(worstValidDocument());
    expect(drawingProblem(document)).toBeNull();
    for (const options of [{ showHidden: true }, { missing: "blank" as const }, { animate: false }]) {
      const svg = drawSvg(document, options);
      expect(utf8Length(svg)).toBeLessThanOrEqual(DRAWING_BUDGET.bytes);
      expect(svg).not.toContain("too-large");
      expect(svg.match(/<circle /g)).toHaveLength(DRAWING_BUDGET.particles);
    }
  });

  it("one element, character or byte over a measure is refused", () => {
    const base = { schema: 1, canvas: { width: 100, height: 100 } };
    const text = (id: string, value: string) => ({
      type: "text",
      id,
      name: id,
      frame: { x: 0, y: 0, w: 10, h: 10 },
      props: { text: value, fontFamily: "Inter", fontSize: 12, fill: { kind: "solid", color: "#fff" } },
    });
    const atLimit = Array.from({ length: 10 }, (_, i) => text(`t${i}`, "x".repeat(2_000)));
    expect(drawingProblem(parse({ ...base, layers: atLimit }))).toBeNull();
    expect(drawingProblem(parse({ ...base, layers: [...atLimit, text("one", "x")] }))).toMatch(/characters of text/);
    // Lines are elements: 2,000 characters of newlines are 2,001 lines each.
    const lines = Array.from({ length: 10 }, (_, i) => text(`n${i}`, "\n".repeat(2_000)));
    expect(drawingProblem(parse({ ...base, layers: lines }))).toMatch(/more than 20,000 elements/);
  });

  it("counts UTF-8 bytes as Buffer does", () => {
    for (const sample of ["", "plain", "é", "€ and 中文", "emoji 🎉 pair", "\u{10ffff}", "a\u0800b\u07ffc"])
      expect(utf8Length(sample)).toBe(Buffer.byteLength(sample));
  });
});
