/**
 * /robots.txt and /sitemap.xml over HTTP (docs/website.md#search-engines): status,
 * content type, caching, the private paths kept out, and a sitemap that
 * follows the catalogue — a plugin published through the API is in it on the
 * next request, one its author removes leaves it.
 */
import { marketThemes, marketWidgets, predefinedOverlays } from "@streamkit/overlay";
import { catalogItems } from "@streamkit/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { privatePaths, publicPages, type SitemapEntry, sitemapXml } from "../../../src/server/crawlers";
import { BASE, createTestApp, type TestApp } from "../../support/app";
import { bearer, insertAccount, insertKey, insertPlugin } from "../../support/factories";
import { jsonPost, publishBody } from "../../support/packages";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** The <loc> URLs of a sitemap document. */
const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));

async function sitemap(path = "/sitemap.xml") {
  const response = await app.raw(path);
  return { response, body: await response.text() };
}

describe("GET /robots.txt", () => {
  it("keeps crawlers out of the private pages, lets them into the overlay catalogue, and names the sitemap", async () => {
    const response = await app.raw("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    const body = await response.text();
    const lines = body.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const path of ["/account", "/dashboard", "/admin", "/purchases", "/inventory", "/oauth/", "/overlays", "/api/"]) {
      expect(lines, path).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain("Allow: /overlays/catalog");
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    // No public page is disallowed (the catalogue of overlays is allowed by the longer rule).
    for (const page of publicPages.filter((path) => path !== "/overlays/catalog")) {
      expect(
        privatePaths.some((path) => page.startsWith(path.replace(/\*.*$/, ""))),
        page,
      ).toBe(false);
    }
  });

  it("answers 304 to a matching If-None-Match, and HEAD without a body", async () => {
    const first = await app.raw("/robots.txt");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.raw("/robots.txt", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const head = await app.raw("/robots.txt", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });
});

describe("GET /sitemap.xml", () => {
  it("lists the public pages, every published plugin and every market item, as absolute URLs", async () => {
    const owner = await insertAccount(app.deps.db, { name: "Sitemap Author" });
    await insertPlugin(app.deps.db, { slug: "listed-one", ownerId: owner.id });
    await insertPlugin(app.deps.db, { slug: "hidden-one", ownerId: owner.id, status: "hidden" });
    await insertPlugin(app.deps.db, { slug: "removed-one", ownerId: owner.id, status: "removed" });

    const { response, body } = await sitemap();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const urls = locations(body);
    for (const page of publicPages) expect(urls, page).toContain(`${BASE}${page}`);
    expect(urls).toContain(`${BASE}/plugins/listed-one`);
    expect(urls).not.toContain(`${BASE}/plugins/hidden-one`);
    expect(urls).not.toContain(`${BASE}/plugins/removed-one`);
    for (const item of [...marketWidgets, ...predefinedOverlays, ...marketThemes]) expect(urls, item.slug).toContain(`${BASE}/market/${item.slug}`);
    // Nothing private, and every URL once.
    expect(urls.filter((url) => /\/(account|dashboard|admin|purchases|inventory|oauth|api)\b/.test(url))).toEqual([]);
    expect(new Set(urls).size).toBe(urls.length);
    // A plugin's page says when it last changed.
    expect(body).toMatch(new RegExp(`<url><loc>${BASE}/plugins/listed-one</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod></url>`));
  });

  it("has a plugin published through the API on the next request, and loses it when its author removes it", async () => {
    const author = await insertAccount(app.deps.db, { name: "Fresh Author", plan: "pro" });
    const { key } = await insertKey(app.deps.db, author.id, { scopes: ["plugins:read", "plugins:write"] });
    const before = await sitemap();
    const etag = before.response.headers.get("etag")!;
    expect(locations(before.body)).not.toContain(`${BASE}/plugins/fresh-sitemap-plugin`);
    // Nothing changed yet: the same document, so a revalidation is a 304.
    expect((await app.raw("/sitemap.xml", { headers: { "if-none-match": etag } })).status).toBe(304);

    expect((await app.request("/plugins", jsonPost(publishBody({ id: "fresh-sitemap-plugin" }), bearer(key)))).status).toBe(201);
    const after = await sitemap();
    expect(locations(after.body)).toContain(`${BASE}/plugins/fresh-sitemap-plugin`);
    expect(after.response.headers.get("etag")).not.toBe(etag);
    expect((await app.raw("/sitemap.xml", { headers: { "if-none-match": etag } })).status).toBe(200);

    const removed = await app.request("/plugins/fresh-sitemap-plugin", { method: "DELETE", headers: bearer(key) });
    expect(removed.status).toBe(204);
    expect(locations((await sitemap()).body)).not.toContain(`${BASE}/plugins/fresh-sitemap-plugin`);
  });

  it("follows a change of the market's items on the next request (the market's own version)", async () => {
    const widget = marketWidgets[0]!;
    const before = await sitemap();
    expect(locations(before.body)).toContain(`${BASE}/market/${widget.slug}`);
    await app.deps.db.update(catalogItems).set({ slug: "renamed-by-hand" }).where(eq(catalogItems.slug, widget.slug));
    try {
      const after = await sitemap();
      expect(locations(after.body)).toContain(`${BASE}/market/renamed-by-hand`);
      expect(locations(after.body)).not.toContain(`${BASE}/market/${widget.slug}`);
      expect(after.response.headers.get("etag")).not.toBe(before.response.headers.get("etag"));
    } finally {
      await app.deps.db.update(catalogItems).set({ slug: widget.slug }).where(eq(catalogItems.slug, "renamed-by-hand"));
    }
    expect(locations((await sitemap()).body)).toContain(`${BASE}/market/${widget.slug}`);
  });

  it("many concurrent first requests share one build and get the same document", async () => {
    const owner = await insertAccount(app.deps.db, { name: "Concurrent Author" });
    await insertPlugin(app.deps.db, { slug: "concurrent-one", ownerId: owner.id });
    const answers = await Promise.all(Array.from({ length: 20 }, () => sitemap()));
    const bodies = new Set(answers.map((answer) => answer.body));
    expect(bodies.size).toBe(1);
    expect(locations([...bodies][0]!)).toContain(`${BASE}/plugins/concurrent-one`);
  });

  it("answers 503 while the database cannot be read, and builds it again on the next request", async () => {
    // Built once (the version's reader prepared), then a change: the next request builds anew, and that read fails.
    expect((await sitemap()).response.status).toBe(200);
    const owner = await insertAccount(app.deps.db, { name: "Outage Author" });
    await insertPlugin(app.deps.db, { slug: "after-outage", ownerId: owner.id });
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const select = vi.spyOn(app.deps.db, "select").mockImplementationOnce(() => {
      throw refused;
    });
    try {
      const down = await app.raw("/sitemap.xml");
      expect(down.status).toBe(503);
      expect(down.headers.get("retry-after")).not.toBeNull();
      expect(down.headers.get("cache-control")).toBe("no-store");
      expect((await down.json()).error.code).toBe("service_unavailable");
    } finally {
      select.mockRestore();
    }
    const { response, body } = await sitemap();
    expect(response.status).toBe(200);
    expect(locations(body)).toContain(`${BASE}/plugins/after-outage`);
  });

  it("refuses a part that is not a number, and answers 404 for a part that does not exist", async () => {
    for (const part of ["0", "x", "-1", "1.5", ""]) {
      const response = await app.raw(`/sitemap.xml?part=${part}`);
      expect(response.status, part).toBe(400);
      const body = await response.json();
      expect(body.error.code).toBe("bad_request");
      expect(body.error.message).toMatch(/part must be a whole number/);
    }
    const missing = await app.raw("/sitemap.xml?part=2");
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toBe("The sitemap has no part 2.");
    // While everything fits in one file, part 1 is the whole sitemap.
    expect((await sitemap("/sitemap.xml?part=1")).body).toBe((await sitemap()).body);
  });
});

describe("sitemapXml past one file's limit", () => {
  const entries: SitemapEntry[] = Array.from({ length: 5 }, (_, index) => ({ path: `/plugins/p${index}` }));

  it("is an index of parts, each within the limit, together holding every URL once", () => {
    const index = sitemapXml(entries, BASE, 0, 2)!;
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locations(index)).toEqual([1, 2, 3].map((part) => `${BASE}/sitemap.xml?part=${part}`));
    const parts = [1, 2, 3].map((part) => locations(sitemapXml(entries, BASE, part, 2)!));
    expect(parts.map((urls) => urls.length)).toEqual([2, 2, 1]);
    expect(parts.flat()).toEqual(entries.map((entry) => `${BASE}${entry.path}`));
    expect(sitemapXml(entries, BASE, 4, 2)).toBeNull();
  });

  it("escapes what XML needs escaped", () => {
    expect(sitemapXml([{ path: "/a?b=1&c=<2>" }], BASE, 0)).toContain(`<loc>${BASE}/a?b=1&amp;c=&lt;2&gt;</loc>`);
  });
});
