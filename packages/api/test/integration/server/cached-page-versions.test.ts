/**
 * What names a cached page's copy (src/cached-pages.ts, used by the website's
 * server.ts): the marketplace's version moves with a publish and not with a
 * download; the exchange rates' is the current snapshot's, in a URL-safe form;
 * the nonce is fixed per page and copy, differs between them and between
 * master secrets, and is 16 bytes like a fresh one.
 */
import { plugins } from "@streamkit/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachedPageNonce, cachedPageVersion } from "../../../src/server/cached-pages";
import { fxFor } from "../../../src/fx/service";
import { createTestApp, type TestApp } from "../../support/app";
import { insertAccount, insertPlugin } from "../../support/factories";

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe("cached page versions", () => {
  it("moves the marketplace's with a publish, not with a download, and keeps the build's", async () => {
    const before = await cachedPageVersion(app.deps, "marketplace");
    expect(before).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    const owner = await insertAccount(app.deps.db);
    const slug = `cached-version-${Date.now()}`;
    await insertPlugin(app.deps.db, { slug, ownerId: owner.id });
    const published = await cachedPageVersion(app.deps, "marketplace");
    expect(published).not.toBe(before);
    await app.deps.db
      .update(plugins)
      .set({ downloads: sql`${plugins.downloads} + 1` })
      .where(eq(plugins.slug, slug));
    expect(await cachedPageVersion(app.deps, "marketplace")).toBe(published);
    expect(await cachedPageVersion(app.deps, "none")).toBe("0");
  });

  it("names the exchange rates' copy after the current snapshot, in a form a path segment can hold", async () => {
    const version = await cachedPageVersion(app.deps, "fx");
    expect(version).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await cachedPageVersion(app.deps, "fx")).toBe(version);
    // Another snapshot (here: another ETag) is another copy.
    const snapshot = await fxFor(app.deps).current();
    const original = snapshot.etag;
    try {
      (snapshot as { etag: string }).etag = `${original}-next`;
      expect(await cachedPageVersion(app.deps, "fx")).not.toBe(version);
    } finally {
      (snapshot as { etag: string }).etag = original;
    }
  });

  it("gives each copy of each page its own fixed nonce under the master secret", () => {
    const nonce = cachedPageNonce(app.deps, "/plugins/:slug in/42");
    expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(cachedPageNonce(app.deps, "/plugins/:slug in/42")).toBe(nonce);
    for (const other of ["/plugins/:slug in/43", "/plugins/:slug intl/42", "/ in/42"]) expect(cachedPageNonce(app.deps, other)).not.toBe(nonce);
    expect(cachedPageNonce({ cachedPageSecret: "another master secret's" }, "/plugins/:slug in/42")).not.toBe(nonce);
  });
});
