import { checkPackage } from "@streamkit/plugin-rules";
import { describe, expect, it } from "vitest";
import { catalogue, filesFor } from "../src/index";

describe("the demo catalogue", () => {
  it.each(catalogue.flatMap((entry) => entry.versions.map((v, index) => [`${entry.manifest.id}@${v.version}`, entry, index] as const)))(
    "%s is a valid plugin folder",
    (_name, entry, index) => {
      const result = checkPackage(filesFor(entry, index), { folderName: entry.manifest.id });
      expect(result.ok ? [] : result.problems).toEqual([]);
    },
  );

  it("has the service's own plugins, community ones, prices, ties and several versions", () => {
    expect(catalogue.filter((e) => e.publisher.kind === "official").length).toBeGreaterThanOrEqual(3);
    expect(new Set(catalogue.filter((e) => e.publisher.kind === "user").map((e) => e.publisher.name)).size).toBeGreaterThanOrEqual(3);
    expect(catalogue.filter((e) => e.price !== null).length).toBeGreaterThanOrEqual(3);
    const downloads = catalogue.map((e) => e.downloads);
    expect(new Set(downloads).size).toBeLessThan(downloads.length);
    expect(catalogue.every((e) => e.versions.length >= 2)).toBe(true);
  });
});
