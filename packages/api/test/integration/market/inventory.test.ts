/**
 * The inventory over HTTP (docs/api.md#operations, docs/api.md#limits): adding what the plan allows,
 * already-held items, themes held as one item with members, the plan's size
 * decided by the database under concurrency, locks derived from the plan,
 * removal, and cursor paging.
 */
import { accounts, catalogItems, inventoryItems } from "@streamkit/db";
import { marketThemes, marketWidgets, predefinedOverlays } from "@streamkit/overlay";
import { type PlanName, planAtLeast, planNames, planRank, plans } from "@streamkit/plans";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { bearer, insertAccount, insertDesktopTokens, insertKey } from "../../support/factories";
import { raceThroughLock } from "../../support/race";
import { sessionCookie } from "../../support/session";
import { readTrpc, trpcQuery } from "../../support/trpc";
import { settleKeptCallers } from "../../../src/accounts/principal";

const clock = new TestClock(Date.UTC(2026, 10, 3, 9, 0, 0));
let app: TestApp;
/** Free test widgets beyond the real market, so an account can fill its inventory (inserted here, never synced). */
const extraSlugs = Array.from({ length: 60 }, (_, i) => `test-widget-${String(i).padStart(2, "0")}`);

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  await app.deps.db.insert(catalogItems).values(
    extraSlugs.map((slug, i) => ({
      slug,
      itemKind: "widget",
      name: `Test widget ${i}`,
      description: "A widget only the tests use.",
      plan: "free",
      document: { schema: 1, kind: "widget", canvas: { width: 10, height: 10 }, layers: [] },
      position: 1000 + i,
    })),
  );
});
afterAll(() => app.close());
// Each test gets a fresh rate-limit window.
beforeEach(() => clock.nextMinute());

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const planOf = new Map<string, PlanName>([...predefinedOverlays, ...marketWidgets].map((item) => [item.slug, item.plan]));
const themePlanOf = (slug: string) =>
  marketThemes
    .find((theme) => theme.slug === slug)!
    .members.map((member) => planOf.get(member)!)
    .reduce((a, b) => (planRank(b) > planRank(a) ? b : a));
const widgetOf = (plan: PlanName) => marketWidgets.find((widget) => widget.plan === plan)!.slug;
const themeOf = (plan: PlanName) => marketThemes.find((theme) => themePlanOf(theme.slug) === plan)!.slug;

/**
 * A streamer signed in from the desktop app (the same /api/v1 and the same
 * caller as a key, with the app's higher request limit, so paging and races
 * fit in one minute).
 */
async function streamer(plan: PlanName) {
  const account = await insertAccount(app.deps.db, { name: "Ivy Inventory", plan });
  const { accessToken } = await insertDesktopTokens(app.deps.db, account.id, { now: clock.now() });
  const json = async (method: string, path: string, body?: unknown) => {
    const response = await app.request(path, {
      method,
      headers: { ...bearer(accessToken), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  // By hand, as another process would: the change is awaited on this instance's kept API key callers too.
  const setPlan = async (next: PlanName) => {
    await app.deps.db.update(accounts).set({ plan: next }).where(eq(accounts.id, account.id));
    await settleKeptCallers(app.deps);
  };
  /** Items placed straight in the database (test widgets), `at` their time added. */
  const hold = async (slugs: string[], at: (i: number) => Date = () => clock.now()) => {
    const rows = await app.deps.db.select({ id: catalogItems.id, slug: catalogItems.slug }).from(catalogItems);
    const idOf = new Map(rows.map((row) => [row.slug, row.id]));
    await app.deps.db.insert(inventoryItems).values(slugs.map((slug, i) => ({ accountId: account.id, catalogItemId: idOf.get(slug)!, createdAt: at(i) })));
  };
  const held = async () => (await app.deps.db.select({ n: count() }).from(inventoryItems).where(eq(inventoryItems.accountId, account.id)))[0]!.n;
  return { account, json, setPlan, hold, held };
}

describe("adding", () => {
  it("POST /inventory → 201 with the item; adding it again → 200 with the same item; GET lists it once", async () => {
    const ivy = await streamer("free");
    const first = await ivy.json("POST", "/inventory", { slug: "chat-feed" });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      added: true,
      item: {
        id: expect.any(String),
        itemKind: "widget",
        slug: "chat-feed",
        name: "Chat box",
        description: expect.any(String),
        plan: "free",
        canvas: { width: 480, height: 360 },
        preview: { url: "http://localhost:3000/api/v1/market/chat-feed/preview", type: "image/svg+xml", width: 480, height: 360 },
        locked: false,
        addedAt: expect.stringMatching(ISO_MS),
      },
    });
    const again = await ivy.json("POST", "/inventory", { slug: "chat-feed" });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, added: false });
    clock.advance(1000);
    const overlay = await ivy.json("POST", "/inventory", { slug: "starting-soon" });
    expect(overlay.status).toBe(201);
    expect(overlay.body.item.itemKind).toBe("overlay");
    const list = await ivy.json("GET", "/inventory");
    expect(list.body.items.map((item: { slug: string }) => item.slug)).toEqual(["starting-soon", "chat-feed"]);
    expect(list.body.nextCursor).toBeNull();
  });

  it("plan gates per docs/api.md#limits: Free adds free items, Pro free and Pro, Ultimate all; otherwise 403 plan_required with details.requiredPlan", async () => {
    for (const plan of planNames) {
      const ivy = await streamer(plan);
      for (const itemPlan of planNames) {
        for (const slug of [widgetOf(itemPlan), themeOf(itemPlan)]) {
          const { status, body } = await ivy.json("POST", "/inventory", { slug });
          if (planAtLeast(plans[plan].entitlements.marketplaceTier, itemPlan)) {
            expect(status, `${plan} adds ${slug}`).toBe(201);
            expect(body.item.plan).toBe(itemPlan);
          } else {
            expect(status, `${plan} adds ${slug}`).toBe(403);
            expect(body.error).toMatchObject({ code: "plan_required", details: { requiredPlan: itemPlan } });
          }
        }
      }
    }
  });

  it("unknown slug → 404 not_found; a missing or empty slug → 400 validation_error", async () => {
    const ivy = await streamer("ultimate");
    const unknown = await ivy.json("POST", "/inventory", { slug: "no-such-item" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("not_found");
    for (const body of [{}, { slug: "" }, { slug: "x".repeat(101) }, { slug: 5 }]) {
      const answer = await ivy.json("POST", "/inventory", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe("validation_error");
    }
    expect(await ivy.held()).toBe(0);
  });

  it("a theme is held as one item with its members (their itemKind and plan) and counts once", async () => {
    const ivy = await streamer("ultimate");
    const theme = marketThemes.find((t) => t.slug === "tournament-night")!;
    const { status, body } = await ivy.json("POST", "/inventory", { slug: theme.slug });
    expect(status).toBe(201);
    expect(body.item).toMatchObject({ itemKind: "theme", plan: "ultimate", canvas: null, locked: false });
    expect(body.item.members.map((m: { slug: string }) => m.slug)).toEqual(theme.members);
    for (const member of body.item.members) expect(member.plan).toBe(planOf.get(member.slug));
    expect(await ivy.held()).toBe(1);
    const [listed] = (await ivy.json("GET", "/inventory")).body.items;
    expect(listed).toEqual(body.item);
  });
});

describe("sizes and locks", () => {
  it("51 concurrent adds on Free → exactly 50 held; the rest 403 limit_reached with details.limit 50", async () => {
    const ivy = await streamer("free");
    const limit = plans.free.entitlements.inventory;
    const slugs = extraSlugs.slice(0, limit + 1);
    // All 51 at once. On PostgreSQL the test holds the account's row until 8 of them wait on it (the pool has ten
    // connections; the rest queue for one), then lets go: they all contend at once (support/race.ts).
    const results = await raceThroughLock(
      app.database,
      { lockSql: "select id from accounts where id = $1 for update", params: [ivy.account.id], racers: 8, ownConnection: true },
      () => slugs.map((slug) => ivy.json("POST", "/inventory", { slug })),
    );
    const answers = results.map((result) => (result.status === "fulfilled" ? result.value : { status: 0, body: result.reason }));
    const tally: Record<number, number> = {};
    for (const answer of answers) tally[answer.status] = (tally[answer.status] ?? 0) + 1;
    expect(tally, JSON.stringify(answers.find((answer) => answer.status !== 201 && answer.status !== 403)?.body)).toEqual({ 201: limit, 403: 1 });
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ status: 403, body: { error: { code: "limit_reached", details: { limit } } } });
    expect(await ivy.held()).toBe(limit);
    // Full: a new item is refused, one already held still answers 200.
    const held = answers.find((answer) => answer.status === 201)!.body.item.slug;
    expect((await ivy.json("POST", "/inventory", { slug: held })).status).toBe(200);
    expect((await ivy.json("POST", "/inventory", { slug: "stream-clock" })).body.error).toMatchObject({ code: "limit_reached", details: { limit } });
  });

  it("a downgrade locks (never deletes); over the size nothing goes, adding is refused until under it; an upgrade unlocks", async () => {
    const ivy = await streamer("ultimate");
    for (const slug of [themeOf("ultimate"), widgetOf("pro"), widgetOf("free")]) expect((await ivy.json("POST", "/inventory", { slug })).status).toBe(201);
    await ivy.hold(extraSlugs.slice(0, 50), () => new Date(clock.now().getTime() - 60_000));
    await ivy.setPlan("free");
    const all = (await ivy.json("GET", "/inventory?limit=100")).body.items as { slug: string; locked: boolean }[];
    expect(all).toHaveLength(53);
    const lockedOf = (slug: string) => all.find((item) => item.slug === slug)!.locked;
    expect(lockedOf(themeOf("ultimate"))).toBe(true);
    expect(lockedOf(widgetOf("pro"))).toBe(true);
    expect(lockedOf(widgetOf("free"))).toBe(false);
    // 53 held on Free (50): adding is refused, nothing was deleted.
    const refused = await ivy.json("POST", "/inventory", { slug: "stream-clock" });
    expect(refused.body.error).toMatchObject({ code: "limit_reached", details: { limit: 50 } });
    expect(await ivy.held()).toBe(53);
    // Under the size again: adding works.
    for (const item of (await ivy.json("GET", "/inventory?limit=4")).body.items) expect((await ivy.json("DELETE", `/inventory/${item.id}`)).status).toBe(204);
    expect((await ivy.json("POST", "/inventory", { slug: "stream-clock" })).status).toBe(201);
    expect((await ivy.json("POST", "/inventory", { slug: "countdown-timer" })).body.error.code).toBe("limit_reached");
    // Pro unlocks the Pro widget on the next request, Ultimate everything.
    await ivy.setPlan("ultimate");
    await ivy.hold([themeOf("ultimate"), widgetOf("pro")].filter((slug) => !all.slice(4).some((item) => item.slug === slug)));
    await ivy.setPlan("pro");
    const pro = (await ivy.json("GET", "/inventory?limit=100")).body.items as { slug: string; plan: PlanName; locked: boolean }[];
    for (const item of pro) expect(item.locked, item.slug).toBe(item.plan === "ultimate");
    await ivy.setPlan("ultimate");
    for (const item of (await ivy.json("GET", "/inventory?limit=100")).body.items) expect(item.locked).toBe(false);
  });
});

describe("removing", () => {
  it("DELETE /inventory/{itemId} → 204, locked or not; again, another account's or unknown → 404; not an id → 400", async () => {
    const ivy = await streamer("pro");
    const { body } = await ivy.json("POST", "/inventory", { slug: widgetOf("pro") });
    const other = await streamer("pro");
    const theirs = await other.json("DELETE", `/inventory/${body.item.id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe("not_found");
    await ivy.setPlan("free");
    expect((await ivy.json("DELETE", `/inventory/${body.item.id}`)).status).toBe(204);
    expect((await ivy.json("DELETE", `/inventory/${body.item.id}`)).body.error.code).toBe("not_found");
    expect((await ivy.json("DELETE", "/inventory/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await ivy.json("DELETE", "/inventory/not-an-id")).status).toBe(400);
    expect(await ivy.held()).toBe(0);
  });
});

describe("GET /inventory paging", () => {
  it("cursor paging as docs/api.md#limits: default 25, limit 1 and 100, following nextCursor visits every item once, newest first", async () => {
    const ivy = await streamer("free");
    // Pairs share a time, so the id breaks ties.
    const base = clock.now().getTime() - 3_600_000;
    await ivy.hold(extraSlugs.slice(0, 30), (i) => new Date(base + Math.floor(i / 2) * 1000));
    const first = await ivy.json("GET", "/inventory");
    expect(first.body.items).toHaveLength(25);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { items: { id: string; addedAt: string }[]; nextCursor: string | null } } = await ivy.json(
        "GET",
        `/inventory?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(1);
      seen.push(...page.body.items.map((item) => item.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    const hundred = await ivy.json("GET", "/inventory?limit=100");
    expect(hundred.body.items.map((item: { id: string }) => item.id)).toEqual(seen);
    expect(hundred.body.nextCursor).toBeNull();
    const times = hundred.body.items.map((item: { addedAt: string }) => item.addedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("limit 0, 101 and garbage cursors → 400 bad_request; an empty inventory is an empty page", async () => {
    const ivy = await streamer("free");
    expect((await ivy.json("GET", "/inventory")).body).toEqual({ items: [], nextCursor: null });
    const wrongShape = Buffer.from(JSON.stringify(["yesterday", 1])).toString("base64url");
    for (const query of ["limit=0", "limit=101", "limit=x", "cursor=garbage", `cursor=${wrongShape}`, `cursor=${"x".repeat(201)}`]) {
      const { status, body } = await ivy.json("GET", `/inventory?${query}`);
      expect(status, query).toBe(400);
      expect(body.error.code, query).toBe("bad_request");
    }
  });

  it("an API key needs inventory:write, reading included (403 insufficient_scope)", async () => {
    const account = await insertAccount(app.deps.db, { plan: "free" });
    const { key } = await insertKey(app.deps.db, account.id, { scopes: ["plugins:read"] });
    const read = await app.json("/inventory", { headers: bearer(key) });
    expect(read.status).toBe(403);
    expect(read.body.error).toMatchObject({ code: "insufficient_scope", details: { requiredScope: "inventory:write" } });
    const { key: writer } = await insertKey(app.deps.db, account.id, { scopes: ["inventory:write"] });
    expect((await app.json("/inventory", { headers: bearer(writer) })).status).toBe(200);
    expect((await app.json("/inventory")).status).toBe(401);
  });
});

describe("whether the account holds an item (inventory.holds, the website's mark on a market item's page)", () => {
  it("is false until the item is added, true after, only for the account that holds it; 401 signed out, 400 for a slug no item has", async () => {
    const holder = await streamer("pro");
    const other = await insertAccount(app.deps.db, { plan: "pro" });
    const holds = async (accountId: string | null, slug: string) =>
      readTrpc(await trpcQuery(app, "inventory.holds", { slug }, accountId ? { cookie: await sessionCookie(app, accountId) } : {}));
    const slug = widgetOf("free");
    expect(await holds(holder.account.id, slug)).toMatchObject({ status: 200, data: { held: false } });
    expect((await holder.json("POST", "/inventory", { slug })).status).toBe(201);
    expect(await holds(holder.account.id, slug)).toMatchObject({ status: 200, data: { held: true } });
    expect(await holds(other.id, slug)).toMatchObject({ status: 200, data: { held: false } });
    expect(await holds(holder.account.id, "no-such-item")).toMatchObject({ status: 200, data: { held: false } });
    expect((await holds(null, slug)).status).toBe(401);
    expect((await holds(holder.account.id, "x".repeat(500))).status).toBe(400);
  });
});
