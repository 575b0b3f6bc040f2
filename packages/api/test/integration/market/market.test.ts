/**
 * The market over HTTP (docs/api.md#operations, docs/api.md#limits, docs/api.md#versioning): widgets, predefined overlays
 * and themes, offset paging, filters, search, a theme's plan from its
 * members, the previews, and the catalogue still listing only overlays.
 */
import { catalogItems, themeMembers } from "@streamkit/db";
import { marketThemes, marketWidgets, predefinedOverlays, THEME_MEMBERS } from "@streamkit/overlay";
import { type PlanName, planNames, planRank } from "@streamkit/plans";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { syncMarketCatalogue } from "../../../src/market/market-catalogue";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { bearer, insertAccount, insertKey } from "../../support/factories";

const clock = new TestClock(Date.UTC(2026, 10, 2, 9, 0, 0));
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
});
afterAll(() => app.close());
// Each test gets a fresh anonymous rate-limit window: paging one item at a time makes many calls.
beforeEach(() => clock.nextMinute());

const total = predefinedOverlays.length + marketWidgets.length + marketThemes.length;
const planOf = new Map<string, PlanName>([...predefinedOverlays, ...marketWidgets].map((item) => [item.slug, item.plan]));
const expectedThemePlan = (members: string[]) => members.map((slug) => planOf.get(slug)!).reduce((a, b) => (planRank(b) > planRank(a) ? b : a));

type Item = { itemKind: string; slug: string; plan: PlanName; name: string; description: string; members?: { slug: string; plan: PlanName }[] };

/** Every item of a query, following nextOffset with `limit` per page. */
async function everything(query: string, limit: number): Promise<Item[]> {
  const items: Item[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const page: { status: number; body: { items: Item[]; nextOffset: number | null } } = await app.json(
      `/market?${query}${query ? "&" : ""}limit=${limit}&offset=${offset}`,
    );
    expect(page.status).toBe(200);
    expect(page.body.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.body.items);
    offset = page.body.nextOffset;
  }
  return items;
}

describe("GET /market", () => {
  it("lists widgets, then overlays, then themes, no key needed, default 50 per page", async () => {
    const { status, body } = await app.json("/market");
    expect(status).toBe(200);
    expect(body.items).toHaveLength(Math.min(50, total));
    const kinds = body.items.map((item: Item) => item.itemKind);
    expect(kinds).toEqual([...kinds].sort((a, b) => ["widget", "overlay", "theme"].indexOf(a) - ["widget", "overlay", "theme"].indexOf(b)));
    expect(body.items.slice(0, marketWidgets.length).map((item: Item) => item.slug)).toEqual(marketWidgets.map((widget) => widget.slug));
    const chat = body.items.find((item: Item) => item.slug === "chat-feed");
    expect(chat).toEqual({
      itemKind: "widget",
      slug: "chat-feed",
      name: "Chat box",
      description: expect.any(String),
      plan: "free",
      canvas: { width: 480, height: 360 },
      preview: { url: "http://localhost:3000/api/v1/market/chat-feed/preview", type: "image/svg+xml", width: 480, height: 360 },
    });
  });

  it("pages by offset: limit 1 and 100 work, following nextOffset visits every item once, 0, 101 and garbage are 400 bad_request", async () => {
    const one = await everything("", 1);
    expect(one).toHaveLength(total);
    expect(new Set(one.map((item) => item.slug)).size).toBe(total);
    const hundred = await app.json("/market?limit=100");
    expect(hundred.body.items.map((item: Item) => item.slug)).toEqual(one.map((item) => item.slug));
    expect(hundred.body.nextOffset).toBeNull();
    const last = await app.json(`/market?limit=1&offset=${total - 1}`);
    expect(last.body).toMatchObject({ items: [{ slug: one.at(-1)!.slug }], nextOffset: null });
    expect((await app.json(`/market?offset=${total}`)).body).toEqual({ items: [], nextOffset: null });
    for (const query of ["limit=0", "limit=101", "limit=x", "offset=-1", "offset=x", "offset=1.5", "itemKind=sound", "plan=gold", `q=${"x".repeat(101)}`]) {
      const { status, body } = await app.json(`/market?${query}`);
      expect(status, query).toBe(400);
      expect(body.error.code, query).toBe("bad_request");
    }
  });

  it("filters by itemKind and by plan (a theme by its computed plan), and combines them", async () => {
    const widgets = await everything("itemKind=widget", 100);
    expect(widgets.map((item) => item.slug)).toEqual(marketWidgets.map((widget) => widget.slug));
    const overlays = await everything("itemKind=overlay", 3);
    expect(overlays.map((item) => item.slug)).toEqual(predefinedOverlays.map((overlay) => overlay.slug));
    const themes = await everything("itemKind=theme", 100);
    expect(themes.map((item) => item.slug)).toEqual(marketThemes.map((theme) => theme.slug));
    for (const plan of planNames) {
      const items = await everything(`plan=${plan}`, 100);
      expect(items.length, plan).toBeGreaterThan(0);
      for (const item of items) expect(item.plan).toBe(plan);
      const expectedThemes = marketThemes.filter((theme) => expectedThemePlan(theme.members) === plan).map((theme) => theme.slug);
      expect(items.filter((item) => item.itemKind === "theme").map((item) => item.slug)).toEqual(expectedThemes);
      const proWidgets = await everything(`plan=${plan}&itemKind=widget`, 100);
      expect(proWidgets.map((item) => item.slug)).toEqual(marketWidgets.filter((widget) => widget.plan === plan).map((widget) => widget.slug));
    }
  });

  it("searches name, slug and description case-insensitively; % and _ are plain characters", async () => {
    const clock = await everything("q=CLOCK", 100);
    expect(clock.map((item) => item.slug)).toContain("stream-clock");
    for (const item of clock) expect(`${item.name} ${item.slug} ${item.description}`.toLowerCase()).toContain("clock");
    const confetti = await everything("q=confetti&itemKind=overlay", 100);
    expect(confetti.map((item) => item.slug).sort()).toEqual(
      predefinedOverlays
        .filter((overlay) => overlay.description.toLowerCase().includes("confetti"))
        .map((overlay) => overlay.slug)
        .sort(),
    );
    expect(await everything(`q=${encodeURIComponent("%")}`, 100)).toEqual([]);
    expect(await everything(`q=${encodeURIComponent("_")}`, 100)).toEqual([]);
    expect(await everything("q=no+such+thing+anywhere", 100)).toEqual([]);
    expect((await everything("q=tournament", 100)).map((item) => item.slug)).toEqual(["scoreboard", "tournament-night"]);
    expect((await everything("q=Tournament&itemKind=theme", 100)).map((item) => item.slug)).toEqual(["tournament-night"]);
  });

  it("a sent key must be valid; a valid one changes nothing", async () => {
    const bad = await app.json("/market", { headers: bearer("sk_live_not-a-key") });
    expect(bad.status).toBe(401);
    expect(bad.body.error.code).toBe("invalid_token");
    const account = await insertAccount(app.deps.db, { plan: "free" });
    const { key } = await insertKey(app.deps.db, account.id, { scopes: ["plugins:read"] });
    const withKey = await app.json("/market?limit=5", { headers: bearer(key) });
    expect(withKey.status).toBe(200);
    expect(withKey.body).toEqual((await app.json("/market?limit=5")).body);
  });
});

describe("GET /market/{slug}", () => {
  it("a theme carries its members in order, each with itemKind and plan; its plan is the most demanding member's", async () => {
    for (const theme of marketThemes) {
      const { status, body } = await app.json(`/market/${theme.slug}`);
      expect(status).toBe(200);
      expect(body.item).toMatchObject({ itemKind: "theme", slug: theme.slug, name: theme.name, plan: expectedThemePlan(theme.members), canvas: null });
      expect(body.item.members.map((member: { slug: string }) => member.slug)).toEqual(theme.members);
      for (const member of body.item.members) {
        expect(member).toEqual({
          slug: member.slug,
          name: expect.any(String),
          itemKind: marketWidgets.some((widget) => widget.slug === member.slug) ? "widget" : "overlay",
          plan: planOf.get(member.slug),
          preview: expect.objectContaining({ url: `http://localhost:3000/api/v1/market/${member.slug}/preview` }),
        });
      }
      expect(body.item.members.length).toBeGreaterThanOrEqual(THEME_MEMBERS.min);
      expect(body.item.members.length).toBeLessThanOrEqual(THEME_MEMBERS.max);
    }
    const plans = new Set(marketThemes.map((theme) => expectedThemePlan(theme.members)));
    expect([...plans].sort()).toEqual([...planNames].sort());
  });

  it("a widget and an overlay: itemKind and plan, no members; unknown slug → 404 not_found", async () => {
    expect((await app.json("/market/goal-bar")).body.item).toMatchObject({ itemKind: "widget", plan: "pro", canvas: { width: 640, height: 120 } });
    const overlay = (await app.json("/market/scoreboard")).body.item;
    expect(overlay).toMatchObject({ itemKind: "overlay", plan: "ultimate" });
    expect(overlay.members).toBeUndefined();
    for (const slug of ["no-such-item", "x".repeat(100)]) {
      const { status, body } = await app.json(`/market/${slug}`);
      expect(status).toBe(404);
      expect(body.error.code).toBe("not_found");
    }
    expect((await app.json(`/market/${"x".repeat(101)}`)).status).toBe(400);
  });
});

describe("GET /market/{slug}/preview", () => {
  it("an SVG drawn by the renderer with an ETag, 304 on If-None-Match, an hour of caching and no active content", async () => {
    for (const slug of ["chat-feed", "starting-soon", "creator-kit"]) {
      const response = await app.request(`/market/${slug}/preview`);
      expect(response.status, slug).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
      expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      const svg = await response.text();
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).not.toMatch(/<script|<animate/);
      const etag = response.headers.get("etag")!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const again = await app.request(`/market/${slug}/preview`, { headers: { "if-none-match": etag } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      expect((await app.request(`/market/${slug}/preview`, { headers: { "if-none-match": '"stale"' } })).status).toBe(200);
    }
  });

  it("a theme's preview is a grid of its members' drawings, sized as the item says", async () => {
    const theme = marketThemes.find((t) => t.slug === "tournament-night")!;
    const item = (await app.json(`/market/${theme.slug}`)).body.item;
    const svg = await (await app.request(`/market/${theme.slug}/preview`)).text();
    expect(svg).toContain(`viewBox="0 0 ${item.preview.width} ${item.preview.height}"`);
    expect(svg.match(/<svg /g)).toHaveLength(theme.members.length + 1);
    const member = await (await app.request("/market/scoreboard/preview")).text();
    expect(svg).toContain(member.slice(member.indexOf(">") + 1, member.indexOf(">") + 200));
  });

  it("unknown slug → 404 not_found in the error envelope", async () => {
    const response = await app.request("/market/no-such-item/preview");
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe("not_found");
  });
});

describe("the catalogue beside the market", () => {
  it("GET /catalog/overlays still lists only overlays", async () => {
    const { body } = await app.json("/catalog/overlays?limit=100");
    expect(body.items.map((item: Item) => item.slug)).toEqual(predefinedOverlays.map((overlay) => overlay.slug));
  });

  it("syncing again (every start) is idempotent: same items, same theme members", async () => {
    const before = await app.json("/market?limit=100");
    await syncMarketCatalogue(app.deps.db);
    await syncMarketCatalogue(app.deps.db);
    expect((await app.json("/market?limit=100")).body).toEqual(before.body);
    const [{ n }] = (await app.deps.db.select({ n: count() }).from(themeMembers)) as [{ n: number }];
    expect(n).toBe(marketThemes.reduce((sum, theme) => sum + theme.members.length, 0));
    const [theme] = await app.deps.db.select().from(catalogItems).where(eq(catalogItems.slug, "cozy-basics"));
    expect(theme).toMatchObject({ itemKind: "theme", plan: null, document: null });
  });
});
