/**
 * Finding plugins through GET /api/v1/plugins (docs/plugins.md#finding-plugins):
 * every sort and filter paged with its own keyset cursor (no plugin twice or
 * missing, also while plugins are published between pages), ranking (an exact
 * name of a verified publisher first, above look-alikes with more downloads),
 * full-text search with stemming and the README, typo tolerance, the count,
 * the plugin API version filter (`api`), the 400s, anonymous caching per URL
 * and the OpenAPI parameters.
 */
import { pluginCountBound, pluginSorts } from "@streamkit/api-contract";
import { plugins } from "@streamkit/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { bearer, insertAccount, insertKey, insertPlugin } from "../../support/factories";
import { jsonPost, publishBody } from "../../support/packages";

type Item = {
  id: string;
  slug: string;
  name: string;
  downloads: number;
  price: { tier: string } | null;
  createdAt: string;
  updatedAt: string;
  permissions: string[];
  category: string | null;
  tags: string[];
  apiVersion: number;
  publisher: { verified: boolean; kind: string };
};

let app: TestApp;
const clock = new TestClock();
let authorKey: string;
let copycatId: string;

async function seed(
  slug: string,
  ownerId: string,
  extra: Partial<Parameters<typeof insertPlugin>[1]> & { category?: string; tags?: string[]; createdAt?: Date; ratings?: number[]; apiVersion?: number } = {},
) {
  const { category, tags, createdAt, ratings, apiVersion, ...rest } = extra;
  const row = await insertPlugin(app.deps.db, { slug, ownerId, ...rest });
  // A plugin API version above 1 is not publishable yet (SPEC §2.1): the listing's copy is set as a later version will set it.
  if (apiVersion !== undefined) await app.deps.db.update(plugins).set({ apiVersion }).where(eq(plugins.id, row.id));
  // The listing's rating as reviews leave it (reviews.test.ts writes real reviews): the sum and count of the ratings.
  if (ratings) {
    await app.deps.db
      .update(plugins)
      .set({ ratingSum: ratings.reduce((sum, r) => sum + r, 0), ratingCount: ratings.length })
      .where(eq(plugins.id, row.id));
  }
  if (category || tags || createdAt) {
    await app.deps.db
      .update(plugins)
      .set({ category: category ?? null, tags: tags ?? [], ...(createdAt ? { createdAt, updatedAt: createdAt } : {}) })
      .where(eq(plugins.id, row.id));
  }
  return row;
}

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  const db = app.deps.db;
  const official = await insertAccount(db, { name: "Streamkit", official: true, verified: true });
  const verified = await insertAccount(db, { name: "Verified Labs", verified: true, plan: "pro" });
  const copycat = await insertAccount(db, { name: "Copycat Co" });
  const other = await insertAccount(db, { name: "Other Author" });
  copycatId = copycat.id;
  authorKey = (await insertKey(db, verified.id)).key;
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));

  await seed("official-chat", official.id, { official: true, name: "Official Chat", downloads: 5, category: "chat", tags: ["commands"], createdAt: day(1) });
  // The verified original and its look-alikes, all with more downloads.
  await seed("song-requests", verified.id, {
    name: "Song Requests",
    downloads: 10,
    description: "Viewers queue songs from chat.",
    category: "music",
    tags: ["songs", "queue"],
    createdAt: day(2),
  });
  await seed("song-requests-pro", copycat.id, {
    name: "Song Requests Pro",
    downloads: 5000,
    description: "Song requests, but more.",
    category: "music",
    createdAt: day(3),
  });
  await seed("song-request", copycat.id, {
    name: "Song Request",
    downloads: 9000,
    description: "Queue song requests from chat.",
    category: "music",
    createdAt: day(4),
  });
  await seed("song-requests-x", copycat.id, {
    name: "song requests",
    downloads: 20000,
    description: "Totally the song requests plugin.",
    category: "music",
    createdAt: day(5),
  });
  await seed("obs-scene-switcher", other.id, {
    name: "OBS Scene Switcher",
    downloads: 300,
    description: "Switches scenes on a schedule.",
    category: "obs",
    permissions: ["obs"],
    createdAt: day(6),
  });
  await seed("follow-alerts", other.id, {
    name: "Follow Alerts",
    downloads: 300,
    description: "Shows an alert for every follower.",
    category: "alerts",
    priceTier: "t2",
    permissions: ["alerts", "network"],
    createdAt: day(7),
  });
  await seed("raid-alarm", other.id, {
    name: "Raid Alarm",
    downloads: 40,
    description: "Sounds when a raid arrives.",
    category: "alerts",
    priceTier: "t1",
    permissions: ["alerts", "sounds"],
    tags: ["raids"],
    createdAt: day(8),
  });
  await seed("chat-translator", other.id, {
    name: "Chat Translator",
    downloads: 700,
    description: "Translates chat.",
    category: "accessibility",
    permissions: ["chat.read", "network", "ai"],
    priceTier: "t5",
    createdAt: day(9),
  });
  await seed("zen-timer", other.id, {
    name: "zen timer",
    downloads: 0,
    description: "A quiet countdown.",
    category: "utilities",
    tags: ["timer"],
    createdAt: day(9),
  });
  await seed("aardvark-utils", other.id, { name: "Aardvark Utils", downloads: 0, description: "Odds and ends.", category: "utilities", createdAt: day(9) });
  await seed("hidden-songs", copycat.id, { name: "Song Requests", downloads: 99999, status: "hidden", category: "music", createdAt: day(10) });
}, 120_000);
afterAll(() => app.close());
// Requests without a key count 120 a minute per address: each test starts a fresh window.
beforeEach(() => clock.nextMinute());

/** Follows `next` from the first page of `query` with `limit`, asserting every page is 200. */
async function walk(query: string, limit: number): Promise<{ items: Item[]; pages: number; total: number }> {
  const items: Item[] = [];
  let cursor: string | null = null;
  let pages = 0;
  let total = -1;
  do {
    const sep = query ? "&" : "";
    const url: string = `/plugins?${query}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const { status, body } = await app.json(url);
    expect(status, `${url}: ${JSON.stringify(body)}`).toBe(200);
    items.push(...body.items);
    if (pages === 0) total = body.total;
    cursor = body.next;
    pages++;
  } while (cursor && pages < 100);
  return { items, pages, total };
}

const slugs = (items: { slug: string }[]) => items.map((i) => i.slug);

describe("sorts", () => {
  const queries = [
    "",
    "sort=downloads",
    "sort=newest",
    "sort=updated",
    "sort=price",
    "sort=name",
    "sort=relevance&q=song",
    "q=song&sort=name",
    "category=music&sort=newest",
    "price=paid&sort=price",
    "verified=true",
    "without=network&sort=name",
    "tag=timer",
  ];

  it.each(queries)("pages %s by 2 and by 3 through exactly the items of one big page, each once, total exact", async (query) => {
    const whole = (await app.json(`/plugins?${query}${query ? "&" : ""}limit=100`)).body;
    expect(whole.next).toBeNull();
    expect(whole.total).toBe(whole.items.length);
    expect(whole.totalExact).toBe(true);
    for (const limit of [2, 3]) {
      const walked = await walk(query, limit);
      expect(slugs(walked.items)).toEqual(slugs(whole.items));
      expect(new Set(walked.items.map((i) => i.id)).size).toBe(walked.items.length);
      expect(walked.total).toBe(whole.items.length);
    }
  });

  it("keeps today's default order: the service's own first, then downloads, then id", async () => {
    const items: Item[] = (await app.json("/plugins?limit=100")).body.items;
    expect(items[0]!.slug).toBe("official-chat");
    const rest = items.slice(1).map((i) => i.downloads);
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
    expect(slugs(items)).toEqual(slugs((await app.json("/plugins?sort=downloads&limit=100")).body.items));
    expect(slugs(items)).not.toContain("hidden-songs");
  });

  it("orders newest and recently updated by their time, newest first, ids breaking ties", async () => {
    for (const [sort, field] of [
      ["newest", "createdAt"],
      ["updated", "updatedAt"],
    ] as const) {
      const items: Item[] = (await app.json(`/plugins?sort=${sort}&limit=100`)).body.items;
      const times = items.map((i) => i[field]);
      expect(times).toEqual([...times].sort().reverse());
      const tied = items.filter((i) => i[field] === "2026-01-09T00:00:00.000Z").map((i) => i.id);
      expect(tied).toHaveLength(3);
      expect(tied).toEqual([...tied].sort().reverse());
    }
  });

  it("orders by price free first, then t1 to t5, downloads within a price", async () => {
    const items: Item[] = (await app.json("/plugins?sort=price&limit=100")).body.items;
    const tiers = items.map((i) => i.price?.tier ?? "free");
    expect(tiers.slice(-3)).toEqual(["t1", "t2", "t5"]);
    const free = items.filter((i) => i.price === null).map((i) => i.downloads);
    expect(free).toEqual([...free].sort((a, b) => b - a));
  });

  it("orders by name ignoring case", async () => {
    const names = ((await app.json("/plugins?sort=name&limit=100")).body.items as Item[]).map((i) => i.name.toLowerCase());
    expect(names[0]).toBe("aardvark utils");
    expect(names.at(-1)).toBe("zen timer");
    expect(names).toEqual([...names].sort());
  });

  it("keeps every page exact while plugins are published between pages: no plugin twice, none of the first ones missing", async () => {
    const others = await insertAccount(app.deps.db, { name: "Busy Author" });
    for (const sort of ["downloads", "newest", "name", "price", "updated"]) {
      clock.nextMinute();
      const before = new Set(slugs((await app.json(`/plugins?sort=${sort}&limit=100`)).body.items));
      const seen: string[] = [];
      let cursor: string | null = null;
      let n = 0;
      do {
        const query: string = `/plugins?sort=${sort}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
        const page = await app.json(query);
        expect(page.status).toBe(200);
        seen.push(...slugs(page.body.items));
        cursor = page.body.next;
        // Between the first pages another author publishes: at both ends of every order (names a… and z…, many and no downloads).
        if (n < 3) {
          await Promise.all([
            seed(`a-${sort}-${n}`, others.id, { name: `A new ${n}`, downloads: 100_000 }),
            seed(`z-${sort}-${n}`, others.id, { name: `Z new ${n}`, downloads: 0 }),
          ]);
        }
        n++;
      } while (cursor && n < 40);
      expect(cursor).toBeNull();
      expect(new Set(seen).size).toBe(seen.length);
      for (const slug of before) expect(seen).toContain(slug);
    }
  });
});

describe("search", () => {
  it("ranks an exact name of a verified publisher first, above look-alikes with far more downloads", async () => {
    for (const q of ["Song Requests", "song requests", "song-requests"]) {
      const { status, body } = await app.json(`/plugins?q=${encodeURIComponent(q)}&sort=relevance`);
      expect(status).toBe(200);
      const found = slugs(body.items);
      expect(found[0], q).toBe("song-requests");
      expect(found).toEqual(expect.arrayContaining(["song-requests-x", "song-requests-pro", "song-request"]));
      expect(found).not.toContain("hidden-songs");
      expect(body.items[0].publisher.verified).toBe(true);
    }
    // The same-named impostor (exact too, unverified) comes second, before mere look-alikes.
    expect(slugs((await app.json("/plugins?q=song%20requests&sort=relevance")).body.items)[1]).toBe("song-requests-x");
    // By downloads (the default) the impostor leads: relevance is asked for.
    expect(slugs((await app.json("/plugins?q=song%20requests")).body.items)[0]).toBe("song-requests-x");
  });

  it("ranks better matches higher: a name match above a description mention", async () => {
    const found = slugs((await app.json("/plugins?q=alerts&sort=relevance")).body.items);
    expect(found[0]).toBe("follow-alerts");
  });

  it("tolerates typos in names", async () => {
    for (const [q, slug] of [
      ["obs scene swicher", "obs-scene-switcher"],
      ["Chat Translater", "chat-translator"],
      ["raid alram", "raid-alarm"],
    ]) {
      const found = slugs((await app.json(`/plugins?q=${encodeURIComponent(q!)}&sort=relevance`)).body.items);
      expect(found[0], q).toBe(slug);
    }
    expect((await app.json("/plugins?q=qwxzv")).body.items).toEqual([]);
  });

  it("searches words with stemming, tags and the publisher's name", async () => {
    expect(slugs((await app.json("/plugins?q=followers")).body.items)).toEqual(["follow-alerts"]);
    expect(slugs((await app.json("/plugins?q=raids&sort=relevance")).body.items)[0]).toBe("raid-alarm");
    expect(slugs((await app.json("/plugins?q=countdown")).body.items)).toEqual(["zen-timer"]);
    expect(slugs((await app.json("/plugins?q=copycat%20co")).body.items).sort()).toEqual(["song-request", "song-requests-pro", "song-requests-x"]);
  });

  it("searches the README of the latest version, as published", async () => {
    clock.nextMinute();
    const publish = async (version: string, readme: string) => {
      const files = { "README.md": readme };
      const answer = await app.json("/plugins", jsonPost(publishBody({ id: "readme-demo", name: "Readme Demo", version, files }), bearer(authorKey)));
      expect(answer.status).toBe(201);
    };
    await publish("1.0.0", "# Readme Demo\n\nPlays a xylophone when someone subscribes.");
    expect(slugs((await app.json("/plugins?q=xylophone")).body.items)).toEqual(["readme-demo"]);
    await publish("1.1.0", "# Readme Demo\n\nNow with a marimba.");
    expect((await app.json("/plugins?q=xylophone")).body.items).toEqual([]);
    expect(slugs((await app.json("/plugins?q=marimba")).body.items)).toEqual(["readme-demo"]);
  });
});

describe("filters", () => {
  it("filters by category, tag, price, verified publisher and permissions, together", async () => {
    const music: Item[] = (await app.json("/plugins?category=music&limit=100")).body.items;
    expect(slugs(music).sort()).toEqual(["song-request", "song-requests", "song-requests-pro", "song-requests-x"]);
    expect((await app.json("/plugins?tag=QUEUE")).body.items.map((i: Item) => i.slug)).toEqual(["song-requests"]);
    const paid: Item[] = (await app.json("/plugins?price=paid&limit=100")).body.items;
    expect(slugs(paid).sort()).toEqual(["chat-translator", "follow-alerts", "raid-alarm"]);
    const free: Item[] = (await app.json("/plugins?price=free&limit=100")).body.items;
    expect(free.every((i) => i.price === null)).toBe(true);
    const verified: Item[] = (await app.json("/plugins?verified=true&limit=100")).body.items;
    expect(verified.length).toBeGreaterThan(0);
    expect(verified.every((i) => i.publisher.verified || i.publisher.kind === "official")).toBe(true);
    const offline: Item[] = (await app.json("/plugins?without=network&limit=100")).body.items;
    expect(offline.some((i) => i.permissions.includes("network"))).toBe(false);
    expect(slugs(offline)).toContain("raid-alarm");
    const neither: Item[] = (await app.json("/plugins?without=network&without=sounds&limit=100")).body.items;
    expect(slugs(neither)).not.toContain("raid-alarm");
    expect(slugs((await app.json("/plugins?category=alerts&price=paid&without=network")).body.items)).toEqual(["raid-alarm"]);
    expect(slugs((await app.json("/plugins?q=song&category=music&verified=true")).body.items)).toEqual(["song-requests"]);
  });
});

describe("refusals", () => {
  it.each([
    ["sort=relevance", "sort"],
    ["sort=popular", "sort"],
    ["category=cooking", "category"],
    ["tag=c%2B%2B", "tag"],
    ["price=cheap", "price"],
    ["verified=yes", "without-verified"],
    ["without=http", "without"],
    ["api=0", "api"],
    ["api=100", "api"],
    ["api=1.5", "api"],
    ["api=two", "api"],
    ["api=", "api"],
  ])("answers 400 bad_request for %s", async (query, path) => {
    const { status, body } = await app.json(`/plugins?${query}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe("bad_request");
    const expected = path === "without-verified" ? "verified" : path;
    expect(body.error.details.map((d: { path: string }) => d.path.split(/[.[]/)[0])).toContain(expected);
  });

  it("refuses a cursor of another sort with 400, for every pair of sorts", async () => {
    const cursors: Record<string, string> = {};
    for (const sort of pluginSorts) {
      const query = sort === "relevance" ? "sort=relevance&q=song" : `sort=${sort}`;
      const { body } = await app.json(`/plugins?${query}&limit=1`);
      expect(body.next, sort).toBeTruthy();
      cursors[sort] = body.next;
    }
    for (const from of pluginSorts) {
      for (const to of pluginSorts) {
        if (from === to) continue;
        const query = to === "relevance" ? "sort=relevance&q=song" : `sort=${to}`;
        const { status, body } = await app.json(`/plugins?${query}&cursor=${encodeURIComponent(cursors[from]!)}`);
        expect(status, `${from} → ${to}`).toBe(400);
        expect(body.error.details).toEqual([expect.objectContaining({ path: "cursor" })]);
      }
    }
  });
});

describe("anonymous caching varies on every parameter", () => {
  it("answers each query its own bytes and ETag, and the same query the same", async () => {
    const queries = ["sort=name", "sort=newest", "sort=name&category=alerts", "sort=name&category=alerts&price=free", "sort=name&without=network"];
    const answers = await Promise.all(queries.map((q) => app.json(`/plugins?${q}`)));
    const tags = answers.map((a) => a.headers.get("etag"));
    expect(new Set(tags).size).toBe(queries.length);
    for (const [index, q] of queries.entries()) {
      const again = await app.json(`/plugins?${q}`);
      expect(again.headers.get("etag")).toBe(tags[index]);
      expect(again.body).toEqual(answers[index]!.body);
    }
  });
});

describe("the OpenAPI document", () => {
  it("lists and describes every query parameter of GET /plugins, and the listing operation", async () => {
    const document = await (await app.request("/openapi.json")).json();
    const parameters: { name: string; in: string; description?: string }[] = document.paths["/plugins"].get.parameters;
    const names = parameters.filter((p) => p.in === "query").map((p) => p.name);
    expect(names.sort()).toEqual(["api", "category", "cursor", "limit", "price", "q", "sort", "tag", "verified", "without"]);
    expect(parameters.find((p) => p.name === "api")!.description).toContain("plugin API version");
    expect(document.components.schemas.Listing.properties.apiVersion.description).toContain("plugin.json `api`");
    for (const parameter of parameters) expect(parameter.description, parameter.name).toBeTruthy();
    const put = document.paths["/plugins/{slug}/listing"].put;
    expect(put.security).toBeTruthy();
    expect(Object.keys(put.requestBody.content["application/json"].schema.properties).sort()).toEqual(["category", "tags"]);
    const page = document.components.schemas.ListingPage;
    expect(Object.keys(page.properties)).toEqual(expect.arrayContaining(["items", "next", "total", "totalExact"]));
  });
});

describe("the count", () => {
  it(`is exact up to ${pluginCountBound.toLocaleString("en")}, then the bound with totalExact false`, async () => {
    // Many plugins of one category in one statement (triggers and all), the rest of the marketplace untouched.
    await app.deps.db.execute(sql`
      insert into plugins (slug, owner_id, name, description, latest_version, category, downloads)
      select 'bulk-' || n, ${copycatId}, 'Bulk ' || n, 'A bulk plugin.', '1.0.0', 'games', n from generate_series(1, ${pluginCountBound + 1}) as n`);
    const { body } = await app.json("/plugins?category=games&limit=1");
    expect(body).toMatchObject({ total: pluginCountBound, totalExact: false });
    expect(body.items[0].slug).toBe(`bulk-${pluginCountBound + 1}`);
    const exact = await app.json("/plugins?category=games&q=bulk%2010000&sort=relevance&limit=1");
    expect(exact.body.items[0].slug).toBe("bulk-10000");
    expect(exact.body.totalExact).toBe(true);
  }, 120_000);
});

describe("ratings", () => {
  let owner: string;
  beforeAll(async () => {
    owner = (await insertAccount(app.deps.db, { name: "Rated Author" })).id;
    await seed("rated-timer-low", owner, { category: "utilities", name: "Rated Timer", description: "Counts down.", downloads: 900, ratings: [3, 4] });
    await seed("rated-timer-high", owner, { category: "utilities", name: "Rated Timer", description: "Counts down.", downloads: 10, ratings: [5, 4, 5] });
    await seed("rated-timer-many", owner, { category: "utilities", name: "Rated Clock", description: "Counts up.", downloads: 5, ratings: [5, 4, 5, 5, 4, 5] });
  });

  it("sorts by the average rating, more ratings breaking ties, unrated plugins last, and pages it exactly", async () => {
    const items = (await app.json("/plugins?sort=rating&limit=100")).body.items as (Item & { rating: { average: number | null; count: number } })[];
    expect(slugs(items).slice(0, 3)).toEqual(["rated-timer-many", "rated-timer-high", "rated-timer-low"]);
    const averages = items.map((i) => i.rating.average ?? 0);
    expect(averages).toEqual([...averages].sort((a, b) => b - a));
    expect(items.at(-1)!.rating.count).toBe(0);
    // Paged within a category (the whole marketplace here is longer than a walk goes).
    const utilities = (await app.json("/plugins?sort=rating&category=utilities&limit=100")).body.items;
    expect(slugs(utilities).slice(0, 3)).toEqual(["rated-timer-many", "rated-timer-high", "rated-timer-low"]);
    for (const limit of [2, 3]) expect(slugs((await walk("sort=rating&category=utilities", limit)).items)).toEqual(slugs(utilities));
  });

  it("breaks a relevance tie by the rating before downloads", async () => {
    const found = slugs((await app.json("/plugins?q=rated%20timer&sort=relevance")).body.items);
    expect(found.slice(0, 2)).toEqual(["rated-timer-high", "rated-timer-low"]);
    // By downloads the less-rated one leads.
    expect(slugs((await app.json("/plugins?q=rated%20timer")).body.items)[0]).toBe("rated-timer-low");
    // A relevance cursor carries the rating: the next page starts right after it.
    const first = (await app.json("/plugins?q=rated%20timer&sort=relevance&limit=1")).body;
    const second = (await app.json(`/plugins?q=rated%20timer&sort=relevance&limit=1&cursor=${encodeURIComponent(first.next)}`)).body;
    expect(slugs([...first.items, ...second.items])).toEqual(["rated-timer-high", "rated-timer-low"]);
  });
});

describe("the plugin API version filter", () => {
  // Five plugins of one tag: API versions 1, 2, 1, 3, 2 (downloads and names apart, so every sort orders them).
  const versions = [1, 2, 1, 3, 2];
  beforeAll(async () => {
    const owner = (await insertAccount(app.deps.db, { name: "Versioned Author" })).id;
    for (const [index, apiVersion] of versions.entries()) {
      await seed(`versioned-${index}`, owner, {
        name: `Versioned ${"edcba"[index]}`,
        description: "Runs on some plugin API.",
        downloads: 10 * (index + 1),
        priceTier: index === 1 ? "t1" : undefined,
        tags: ["api-demo"],
        createdAt: new Date(Date.UTC(2026, 1, 1 + index)),
        ratings: [1 + index],
        apiVersion,
      });
    }
  });

  const matching = (max: number) =>
    versions
      .map((v, index) => [v, `versioned-${index}`] as const)
      .filter(([v]) => v <= max)
      .map(([, slug]) => slug)
      .sort();

  it("lists only plugins whose API version is at most N, and shows each listing's apiVersion", async () => {
    const all: Item[] = (await app.json("/plugins?tag=api-demo&limit=100")).body.items;
    expect(Object.fromEntries(all.map((i) => [i.slug, i.apiVersion]))).toEqual(Object.fromEntries(versions.map((v, index) => [`versioned-${index}`, v])));
    for (const max of [1, 2, 3, 99]) {
      const { status, body } = await app.json(`/plugins?tag=api-demo&api=${max}&limit=100`);
      expect(status).toBe(200);
      expect(slugs(body.items).sort(), `api=${max}`).toEqual(matching(max));
      expect(body.total).toBe(matching(max).length);
      expect((body.items as Item[]).every((i) => i.apiVersion <= max)).toBe(true);
    }
    // Across the whole marketplace, api=1 keeps every version-1 plugin (the first ones above among them) and leaves out the others.
    const v1 = slugs((await app.json("/plugins?api=1&q=versioned&limit=100")).body.items).sort();
    expect(v1).toEqual(matching(1));
    expect(slugs((await app.json("/plugins?api=1&category=music&limit=100")).body.items).sort()).toEqual([
      "song-request",
      "song-requests",
      "song-requests-pro",
      "song-requests-x",
    ]);
    // With the other filters.
    expect(slugs((await app.json("/plugins?tag=api-demo&api=2&price=free&limit=100")).body.items).sort()).toEqual([
      "versioned-0",
      "versioned-2",
      "versioned-4",
    ]);
  });

  it.each([...pluginSorts])("pages sort=%s with the filter by 1 and by 2 through exactly the matches, each once", async (sort) => {
    const query = `tag=api-demo&api=2&sort=${sort}${sort === "relevance" ? "&q=versioned" : ""}`;
    const whole = (await app.json(`/plugins?${query}&limit=100`)).body;
    expect(slugs(whole.items).sort()).toEqual(matching(2));
    for (const limit of [1, 2]) {
      const walked = await walk(query, limit);
      expect(slugs(walked.items)).toEqual(slugs(whole.items));
      expect(walked.total).toBe(matching(2).length);
    }
  });

  it("is part of the anonymous cache key: api=1 and api=2 answer their own pages", async () => {
    const [one, two] = await Promise.all([app.json("/plugins?tag=api-demo&api=1"), app.json("/plugins?tag=api-demo&api=2")]);
    expect(one.headers.get("etag")).not.toBe(two.headers.get("etag"));
    expect(slugs(one.body.items).sort()).toEqual(matching(1));
    expect(slugs(two.body.items).sort()).toEqual(matching(2));
  });

  it("copies the latest version's manifest api at publish", async () => {
    clock.nextMinute();
    const publish = async (version: string) =>
      app.json("/plugins", jsonPost(publishBody({ id: "api-copied", version, extraManifest: { api: 1 } }), bearer(authorKey)));
    expect((await publish("1.0.0")).body.item.apiVersion).toBe(1);
    // As a listing of a later plugin API version would be, before this version replaces it.
    await app.deps.db.update(plugins).set({ apiVersion: 3 }).where(eq(plugins.slug, "api-copied"));
    expect(slugs((await app.json("/plugins?q=api-copied&api=2")).body.items)).toEqual([]);
    const next = await publish("1.1.0");
    expect(next.status).toBe(201);
    expect(next.body.item.apiVersion).toBe(1);
    expect(slugs((await app.json("/plugins?q=api-copied&api=1")).body.items)).toEqual(["api-copied"]);
  });
});
