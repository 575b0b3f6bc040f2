import { describe, expect, it } from "vitest";
import { marketWidgets, predefinedOverlays, previewValues, renderPreviewSvg, renderSvg, templateKeys } from "../src";

const documents = [...predefinedOverlays, ...marketWidgets].map((item) => [item.slug, item.document] as const);

describe("still previews", () => {
  it.each(documents)("%s is drawn with the preview values, no placeholder left", (_slug, document) => {
    const svg = renderPreviewSvg(document);
    expect(svg).not.toMatch(/\{\{/);
    expect(svg).toBe(renderSvg(document, { animate: false, values: previewValues }));
  });

  it("has a value for every plugin key the catalogue uses, and none it does not use", () => {
    const used = new Set(
      documents.flatMap(([, document]) =>
        document.layers.flatMap((layer) => (layer.type === "text" ? templateKeys(layer.props.text) : [])).filter((key) => key.startsWith("plugin.")),
      ),
    );
    expect(Object.keys(previewValues).sort()).toEqual([...used].sort());
  });
});
