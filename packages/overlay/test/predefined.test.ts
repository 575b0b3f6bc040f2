import { planNames } from "@streamkit/plans";
import { describe, expect, it } from "vitest";
import { overlayDocumentSchema, predefinedOverlays, renderSvg } from "../src";

describe("the predefined catalogue", () => {
  it("has at least 12 overlays with unique slugs, Free, Pro and Ultimate ones", () => {
    expect(predefinedOverlays.length).toBeGreaterThanOrEqual(12);
    expect(new Set(predefinedOverlays.map((overlay) => overlay.slug)).size).toBe(predefinedOverlays.length);
    for (const plan of planNames)
      expect(
        predefinedOverlays.some((overlay) => overlay.plan === plan),
        plan,
      ).toBe(true);
  });

  it.each(predefinedOverlays.map((overlay) => [overlay.slug, overlay] as const))("%s is a valid schema 1 document that renders", (_slug, overlay) => {
    const parsed = overlayDocumentSchema.safeParse(overlay.document);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    const svg = renderSvg(overlay.document, { animate: false });
    expect(svg).toContain(`viewBox="0 0 ${overlay.document.canvas.width} ${overlay.document.canvas.height}"`);
    // Only plugin values are left for the desktop app to fill; every document variable has a value.
    expect(svg.match(/\{\{(?!plugin\.)[^}]*\}\}/g)).toBeNull();
  });
});
