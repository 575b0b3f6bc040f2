import { catalogue } from "@streamkit/db/seed/catalogue";
import { checkPackage } from "@streamkit/plugin-rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filesFor, seedDemoCatalogue } from "../../../src/plugins/demo-catalogue";
import { createTestApp, type TestApp } from "../../support/app";

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

describe("seeding an empty database", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it("inserts the whole catalogue once, and never into a database that has plugins", async () => {
    expect(await seedDemoCatalogue(app.deps.db)).toBe(catalogue.length);
    expect(await seedDemoCatalogue(app.deps.db)).toBe(0);
    const { body } = await app.json("/plugins?limit=100");
    expect(body.items).toHaveLength(catalogue.length);
    const official = catalogue.filter((e) => e.publisher.kind === "official").length;
    expect(body.items.slice(0, official).every((i: { publisher: { kind: string } }) => i.publisher.kind === "official")).toBe(true);
    const latest = catalogue[1]!;
    const { body: detail } = await app.json(`/plugins/${latest.manifest.id}`);
    expect(detail.item.versions.map((v: { version: string }) => v.version)).toEqual(latest.versions.map((v) => v.version).reverse());
  });
});
