import { catalogue } from "@streamkit/seed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalogue } from "../../../src/app/seeding";
import { createTestApp, type TestApp } from "../../support/app";

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
