/**
 * The market's kept answers (docs/api.md#caching-of-the-market): GET /market,
 * /market/{slug} without credentials and /market/{slug}/preview are built
 * once per process and market version, carry a strong ETag, answer a
 * matching If-None-Match with 304, and change on the very next request after
 * the catalogue does. Changes are made the way they happen in production: a
 * release's sync on start (syncPredefinedCatalogue, syncMarketCatalogue)
 * bringing back rows an older release (or an operator's hand-made UPDATE) left
 * different; the version is bumped by triggers, so no process is ever told.
 */
import { marketAnswers } from "@streamkit/api-contract";
import { catalogItems, marketVersion, themeMembers } from "@streamkit/db";
import { marketWidgets, predefinedOverlays } from "@streamkit/overlay";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createRestHandler } from "../../../src/app/rest-core";
import { appRouter } from "../../../src/app/router";
import { rawRoutes } from "../../../src/app/raw-routes";
import { buildAuthConfig } from "../../../src/accounts/auth-config";
import { syncMarketCatalogue } from "../../../src/market/market-catalogue";
import { syncPredefinedCatalogue } from "../../../src/overlays/catalog";
import { BASE, createTestApp, type TestApp } from "../../support/app";
import { readAnswer, settledAnswer, type Through } from "../../support/answers";
import { TestClock } from "../../support/clock";
import { bearer, insertAccount, insertKey } from "../../support/factories";

const PUBLIC = `public, max-age=${marketAnswers.maxAgeSeconds}`;
const clock = new TestClock(Date.UTC(2026, 10, 3, 9, 0, 0));
let app: TestApp;
/** A second process on the same database: its own REST core and kept answers. */
let other: (path: string, init?: RequestInit) => Promise<Response>;

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  const handler = createRestHandler(appRouter, app.deps, rawRoutes(buildAuthConfig(app.deps)));
  other = (path, init) => handler(new Request(`${BASE}/api/v1${path}`, init));
});
afterAll(() => app.close());
// A fresh anonymous rate-limit window for each test.
beforeEach(() => clock.nextMinute());

const get = (path: string, headers: Record<string, string> = {}, through: Through = app.request) => readAnswer(through, path, headers);
const settled = (path: string, through: Through = app.request) => settledAnswer(through, path);

async function version(): Promise<number> {
  const [row] = await app.deps.db.select().from(marketVersion);
  return row!.version;
}

const widget = marketWidgets[0]!;
const overlay = predefinedOverlays[0]!;

describe("validators", () => {
  for (const path of ["/market", "/market?itemKind=theme&limit=2", `/market/${widget.slug}`]) {
    it(`GET ${path}: a strong ETag, public caching, Vary; 304 for the current tag, 200 for a stale one`, async () => {
      const first = await get(path);
      expect(first.status).toBe(200);
      expect(first.etag).toMatch(/^"[\w-]{27}"$/);
      expect(first.response.headers.get("cache-control")).toBe(PUBLIC);
      expect(first.response.headers.get("vary")).toBe("Authorization");

      const kept = await get(path, { "if-none-match": first.etag! });
      expect(kept.status).toBe(304);
      expect(kept.text).toBe("");
      expect(kept.etag).toBe(first.etag);
      expect(kept.response.headers.get("cache-control")).toBe(PUBLIC);
      expect(kept.response.headers.get("x-request-id")).toBeTruthy();

      const stale = await get(path, { "if-none-match": '"an-older-answer"' });
      expect(stale.status).toBe(200);
      expect(stale.text).toBe(first.text);
      expect(stale.etag).toBe(first.etag);
    });
  }

  it("the preview: 304 for the current tag, 200 for a stale one", async () => {
    const first = await get(`/market/${widget.slug}/preview`);
    expect(first.status).toBe(200);
    expect(first.response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect((await get(`/market/${widget.slug}/preview`, { "if-none-match": first.etag! })).status).toBe(304);
    const stale = await get(`/market/${widget.slug}/preview`, { "if-none-match": '"an-older-image"' });
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(first.text);
  });

  it("with a key: built for the request, no-store and no ETag, the same items", async () => {
    const account = await insertAccount(app.deps.db, { plan: "free" });
    const { key } = await insertKey(app.deps.db, account.id);
    const anonymous = await settled("/market");
    const keyed = await get("/market", bearer(key));
    expect(keyed.status).toBe(200);
    expect(keyed.etag).toBeNull();
    expect(keyed.response.headers.get("cache-control")).toBe("no-store");
    expect(keyed.response.headers.get("vary")).toBe("Authorization");
    expect(keyed.text).toBe(anonymous.text);
  });
});

describe("a release changes the catalogue: every process answers the new one on its next request", () => {
  it("an item an older release (or an operator) left different comes back with the release's sync", async () => {
    const path = `/market/${widget.slug}`;
    const current = await settled(path);
    expect(JSON.parse(current.text).item.name).toBe(widget.name);

    // As another process or a hand-made UPDATE would write it: the triggers move the version.
    await app.deps.db.update(catalogItems).set({ name: "An older name" }).where(eq(catalogItems.slug, widget.slug));
    const older = await settled(path);
    expect(JSON.parse(older.text).item.name).toBe("An older name");
    expect(older.etag).not.toBe(current.etag);
    expect(JSON.parse((await settled(path, other)).text).item.name).toBe("An older name");
    const listed = await settled("/market?limit=100");
    expect(JSON.parse(listed.text).items.find((item: { slug: string }) => item.slug === widget.slug).name).toBe("An older name");

    // The release starts: its sync writes the widget back.
    await syncMarketCatalogue(app.deps.db);
    const released = await get(path, { "if-none-match": older.etag! });
    expect(released.status).toBe(200);
    expect(JSON.parse(released.text).item.name).toBe(widget.name);
    expect(released.etag).toBe(current.etag);
    expect(JSON.parse((await get(path, {}, other)).text).item.name).toBe(widget.name);
    const relisted = await get("/market?limit=100", { "if-none-match": listed.etag! });
    expect(relisted.status).toBe(200);
    expect(JSON.parse(relisted.text).items.find((item: { slug: string }) => item.slug === widget.slug).name).toBe(widget.name);
  });

  it("a predefined overlay's document: its answer and its preview follow the catalogue's sync", async () => {
    const path = `/market/${overlay.slug}`;
    const preview = await settled(`${path}/preview`);
    const current = await settled(path);
    const document = structuredClone(overlay.document) as { canvas: { width: number; height: number } };
    document.canvas = { ...document.canvas, width: document.canvas.width / 2 };
    await app.deps.db.update(catalogItems).set({ document }).where(eq(catalogItems.slug, overlay.slug));

    const halved = await get(path);
    expect(JSON.parse(halved.text).item.canvas.width).toBe(overlay.document.canvas.width / 2);
    const halvedPreview = await get(`${path}/preview`, { "if-none-match": preview.etag! });
    expect(halvedPreview.status).toBe(200);
    expect(halvedPreview.etag).not.toBe(preview.etag);
    expect((await get(`${path}/preview`, { "if-none-match": halvedPreview.etag! })).status).toBe(304);

    await syncPredefinedCatalogue(app.deps.db);
    const released = await get(path);
    expect(released.text).toBe(current.text);
    const releasedPreview = await get(`${path}/preview`, { "if-none-match": halvedPreview.etag! });
    expect(releasedPreview.status).toBe(200);
    expect(releasedPreview.text).toBe(preview.text);
  });

  it("a theme's members: a member an older release lacked comes back with the sync", async () => {
    const first = await settled("/market?itemKind=theme&limit=1");
    const theme = JSON.parse(first.text).items[0] as { slug: string; members: { slug: string }[] };
    const [themeRow] = await app.deps.db.select({ id: catalogItems.id }).from(catalogItems).where(eq(catalogItems.slug, theme.slug));
    const [memberRow] = await app.deps.db
      .select({ id: catalogItems.id })
      .from(catalogItems)
      .where(eq(catalogItems.slug, theme.members.at(-1)!.slug));
    await app.deps.db.delete(themeMembers).where(and(eq(themeMembers.themeId, themeRow!.id), eq(themeMembers.memberId, memberRow!.id)));

    const fewer = await settled("/market?itemKind=theme&limit=1");
    expect(JSON.parse(fewer.text).items[0].members).toHaveLength(theme.members.length - 1);
    expect(JSON.parse((await get(`/market/${theme.slug}`)).text).item.members).toHaveLength(theme.members.length - 1);

    await syncMarketCatalogue(app.deps.db);
    const again = await get("/market?itemKind=theme&limit=1", { "if-none-match": fewer.etag! });
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
  });

  it("a start that finds the catalogue as it is moves nothing: kept answers stay kept", async () => {
    const before = await version();
    const kept = await settled("/market");
    await syncPredefinedCatalogue(app.deps.db);
    await syncMarketCatalogue(app.deps.db);
    expect(await version()).toBe(before);
    expect((await get("/market", { "if-none-match": kept.etag! })).status).toBe(304);
  });
});

describe("errors are never kept", () => {
  it("an unknown slug is 404 until the item exists, then 200 at once (answer and preview)", async () => {
    for (const path of ["/market/late-widget", "/market/late-widget/preview"]) {
      const missing = await get(path);
      expect(missing.status).toBe(404);
      expect(missing.etag).toBeNull();
      expect(missing.response.headers.get("cache-control")).toBe("no-store");
    }
    const [row] = await app.deps.db.select().from(catalogItems).where(eq(catalogItems.slug, widget.slug));
    await app.deps.db.insert(catalogItems).values({ ...row!, id: undefined, slug: "late-widget", name: "Late widget", position: 999 });
    const found = await get("/market/late-widget");
    expect(found.status).toBe(200);
    expect(JSON.parse(found.text).item.name).toBe("Late widget");
    expect((await get("/market/late-widget/preview")).status).toBe(200);

    await app.deps.db.delete(catalogItems).where(eq(catalogItems.slug, "late-widget"));
    expect((await get("/market/late-widget")).status).toBe(404);
    expect((await get("/market/late-widget/preview")).status).toBe(404);
  });

  it("a bad query is refused every time, no-store", async () => {
    for (let i = 0; i < 2; i++) {
      const refused = await get("/market?limit=0");
      expect(refused.status).toBe(400);
      expect(refused.etag).toBeNull();
      expect(refused.response.headers.get("cache-control")).toBe("no-store");
    }
  });
});
