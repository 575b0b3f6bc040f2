/**
 * Authors' analytics (docs/analytics.md) through /api/v1: the roll-ups agree
 * with the raw rows (plugin_downloads, the ledger) and with the sales view,
 * through concurrent downloads and refunds; the splits by version and
 * country; the range rules; the CSV's form.
 */
import { pluginDownloads, purchases } from "@streamkit/db";
import { refundPurchase } from "@streamkit/billing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { buy, deliver } from "../../support/commerce";
import { bearer, insertAccount, insertKey, insertPlugin } from "../../support/factories";
import { jsonPost, publishBody } from "../../support/packages";
import { sessionCookie } from "../../support/session";

let app: TestApp;
const DAY = 24 * 60 * 60 * 1000;
const clock = new TestClock(Date.UTC(2026, 10, 1, 9, 0, 0));
let author: { id: string; key: string };
let other: { id: string; key: string };
const PAID_NAME = '=SUM(A1) "Deluxe", edition';

async function account(name: string, country: string | null = null, plan: "pro" | "ultimate" = "pro") {
  const row = await insertAccount(app.deps.db, { name, plan, country });
  return { id: row.id, key: (await insertKey(app.deps.db, row.id)).key };
}
const download = (key: string, slug: string) => app.request(`/plugins/${slug}/package`, { headers: bearer(key) }).then((r) => r.status);
const analytics = (slug: string, query: string, key = author.key) => app.json(`/plugins/${slug}/analytics?${query}`, { headers: bearer(key) });
const csv = (slug: string, query: string, key = author.key) => app.request(`/plugins/${slug}/analytics.csv?${query}`, { headers: bearer(key) });

/** RFC 4180, strictly: CRLF between records, quoted fields with doubled quotes; throws on anything else. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let i = 0;
  while (i < text.length) {
    const record: string[] = [];
    for (;;) {
      let field = "";
      if (text[i] === '"') {
        i++;
        for (;;) {
          if (i >= text.length) throw new Error("unterminated quote");
          if (text[i] === '"' && text[i + 1] === '"') {
            field += '"';
            i += 2;
          } else if (text[i] === '"') {
            i++;
            break;
          } else field += text[i++];
        }
      } else {
        while (i < text.length && text[i] !== "," && text[i] !== "\r") {
          if (text[i] === '"' || text[i] === "\n") throw new Error(`bare ${JSON.stringify(text[i])} at ${i}`);
          field += text[i++];
        }
      }
      record.push(field);
      if (text[i] === ",") i++;
      else if (text.startsWith("\r\n", i)) {
        i += 2;
        break;
      } else throw new Error(`expected , or CRLF at ${i}`);
    }
    records.push(record);
  }
  return records;
}

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  author = await account("Analyst Author");
  other = await account("Someone Else");
  // 2026-11-01: 1.0.0 is published and downloaded.
  expect((await app.json("/plugins", jsonPost(publishBody({ id: "stat-free", version: "1.0.0" }), bearer(author.key)))).status).toBe(201);
  await insertPlugin(app.deps.db, { slug: "stat-paid", name: PAID_NAME, ownerId: author.id, priceTier: "t2" });
  await insertPlugin(app.deps.db, { slug: "not-yours", ownerId: other.id });
});
afterAll(() => app.close());
beforeEach(() => clock.nextMinute());

describe("downloads", () => {
  it("count one per account per day, however concurrent, split by version and country, equal to the raw rows", async () => {
    const india = await account("Viewer IN", "IN");
    const usa = await account("Viewer US", "US");
    const nowhere = await account("Viewer unknown", null);
    const more = await Promise.all(["DE", "DE", "FR", null].map((c, n) => account(`Crowd ${n}`, c)));

    // Day 1 (2026-11-01), version 1.0.0: one account six times at once, others at once too.
    const first = await Promise.all([...Array.from({ length: 6 }, () => download(india.key, "stat-free")), ...more.map((a) => download(a.key, "stat-free"))]);
    expect(first.every((status) => status === 200)).toBe(true);
    expect(await download(usa.key, "stat-free")).toBe(200);
    expect(await download(usa.key, "stat-free")).toBe(200);

    // Day 2: 1.1.0 is out; the same accounts count again, once each.
    clock.advance(DAY);
    expect((await app.json("/plugins", jsonPost(publishBody({ id: "stat-free", version: "1.1.0" }), bearer(author.key)))).status).toBe(201);
    await Promise.all([download(india.key, "stat-free"), download(india.key, "stat-free"), download(nowhere.key, "stat-free")]);

    const { status, body } = await analytics("stat-free", "from=2026-11-01&to=2026-11-07");
    expect(status).toBe(200);
    expect(body.totals.downloads).toBe(8);
    expect(body.periods).toHaveLength(7);
    expect(body.periods.slice(0, 3).map((p: { period: string; downloads: number }) => [p.period, p.downloads])).toEqual([
      ["2026-11-01", 6],
      ["2026-11-02", 2],
      ["2026-11-03", 0],
    ]);
    expect(body.versions).toEqual([
      { version: "1.0.0", downloads: 6 },
      { version: "1.1.0", downloads: 2 },
    ]);
    expect(body.countries).toEqual([
      { country: "DE", downloads: 2 },
      { country: "IN", downloads: 2 },
      { country: "unknown", downloads: 2 },
      { country: "FR", downloads: 1 },
      { country: "US", downloads: 1 },
    ]);
    // No reviews yet: every period says so.
    expect(body.reviews).toHaveLength(7);
    expect(body.reviews.every((r: { reviews: number; averageRating: number | null }) => r.reviews === 0 && r.averageRating === null)).toBe(true);

    // The raw rows and the listing's counter say the same.
    const [raw] = await app.deps.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(pluginDownloads)
      .innerJoin(sql`plugins`, sql`plugins.id = ${pluginDownloads.pluginId}`)
      .where(sql`plugins.slug = 'stat-free'`);
    expect(raw!.n).toBe(8);
    expect((await app.json("/plugins/stat-free")).body.item.downloads).toBe(8);

    // Weeks and months add up to the same.
    const weeks = (await analytics("stat-free", "from=2026-11-01&to=2026-11-30&granularity=week")).body;
    expect(weeks.periods.map((p: { period: string }) => p.period)).toEqual([
      "2026-10-26",
      "2026-11-02",
      "2026-11-09",
      "2026-11-16",
      "2026-11-23",
      "2026-11-30",
    ]);
    expect(weeks.periods.map((p: { downloads: number }) => p.downloads)).toEqual([6, 2, 0, 0, 0, 0]);
    const months = (await analytics("stat-free", "from=2026-10-15&to=2026-12-31&granularity=month")).body;
    expect(months.periods.map((p: { period: string; downloads: number }) => [p.period, p.downloads])).toEqual([
      ["2026-10-01", 0],
      ["2026-11-01", 8],
      ["2026-12-01", 0],
    ]);
    // A range that misses the days misses their downloads.
    expect((await analytics("stat-free", "from=2026-11-02&to=2026-11-02")).body.totals.downloads).toBe(2);
  });
});

describe("money", () => {
  it("per day and currency, refunds on their own day, the totals exactly the sales view's", async () => {
    clock.advance(DAY);
    const start = clock.now().toISOString().slice(0, 10);
    const buyers = await Promise.all([account("Buyer IN 1", "IN"), account("Buyer IN 2", "IN"), account("Buyer US 1", "US"), account("Buyer US 2", "US")]);
    for (const buyer of buyers) {
      clock.nextMinute();
      expect((await buy(app, buyer.id, "stat-paid")).delivered.body.outcome).toBe("applied");
    }
    expect(await download(buyers[0]!.key, "stat-paid")).toBe(200);
    // Two days later one rupee sale and one dollar sale are refunded: by the operator, and as the provider reports it.
    clock.advance(2 * DAY);
    const refundDay = clock.now().toISOString().slice(0, 10);
    const [inr] = await app.deps.db.select().from(purchases).where(eq(purchases.accountId, buyers[0]!.id));
    const [usd] = await app.deps.db.select().from(purchases).where(eq(purchases.accountId, buyers[2]!.id));
    await refundPurchase(app.deps, inr!.id, "operator");
    const event = app.deps.payments.builtin!.refundEvent(usd!.providerPaymentId, clock.now());
    expect((await deliver(app, event)).body.outcome).toBe("applied");
    await refundPurchase(app.deps, inr!.id, "operator"); // once only

    const { status, body } = await analytics("stat-paid", `from=${start}&to=${refundDay}`);
    expect(status).toBe(200);
    const sales = (await app.json("/sales", { headers: bearer(author.key) })).body;
    for (const currency of ["INR", "USD"] as const) {
      const total = body.totals.money.find((m: { currency: string }) => m.currency === currency);
      const view = sales.earnings.find((e: { currency: string }) => e.currency === currency);
      const listed = sales.sales.filter((s: { currency: string }) => s.currency === currency);
      expect(total.earned).toBe(view.earned);
      expect(total.sales).toBe(listed.length);
      expect(total.gross).toBe(listed.reduce((n: number, s: { amount: number }) => n + s.amount, 0));
      expect(total.share).toBe(listed.reduce((n: number, s: { share: number }) => n + s.share, 0));
      const refunded = listed.filter((s: { status: string }) => s.status === "refunded");
      expect(total.refunds).toBe(refunded.length);
      expect(total.refundedGross).toBe(refunded.reduce((n: number, s: { amount: number }) => n + s.amount, 0));
      expect(total.refundedShare).toBe(refunded.reduce((n: number, s: { share: number }) => n + s.share, 0));
    }
    expect(body.totals.money.find((m: { currency: string }) => m.currency === "INR")).toEqual({
      currency: "INR",
      sales: 2,
      gross: 19800,
      share: expect.any(Number),
      refunds: 1,
      refundedGross: 9900,
      refundedShare: expect.any(Number),
      earned: expect.any(Number),
    });
    const byDay = Object.fromEntries(body.periods.map((p: { period: string; money: unknown[] }) => [p.period, p.money]));
    expect(byDay[start].map((m: { currency: string; sales: number; refunds: number }) => [m.currency, m.sales, m.refunds])).toEqual([
      ["INR", 2, 0],
      ["USD", 2, 0],
    ]);
    expect(
      byDay[refundDay].map((m: { currency: string; sales: number; refunds: number; earned: number }) => [m.currency, m.sales, m.refunds, m.earned < 0]),
    ).toEqual([
      ["INR", 0, 1, true],
      ["USD", 0, 1, true],
    ]);
    // A range without the refund day shows the sales whole.
    const salesDay = (await analytics("stat-paid", `from=${start}&to=${start}`)).body.totals.money;
    expect(salesDay.map((m: { refunds: number }) => m.refunds)).toEqual([0, 0]);
  });
});

describe("the range and the owner", () => {
  it.each([
    ["from=2026-11-10&to=2026-11-01", "to", "`to` comes before `from`."],
    ["from=2025-01-01&to=2026-01-02", "to", "The range covers 367 days; at most 366 per request."],
    ["from=2026-02-30&to=2026-03-01", "from", "No such day."],
    ["from=2026-1-01&to=2026-03-01", "from", "A day is written YYYY-MM-DD."],
    ["to=2026-03-01", "from", expect.any(String)],
    ["from=2026-01-01&to=2026-03-01&granularity=hour", "granularity", expect.any(String)],
  ])("%s: 400 bad_request naming the parameter, for the JSON and the CSV alike", async (query, path, message) => {
    const json = await analytics("stat-free", query);
    expect(json.status).toBe(400);
    expect(json.body.error.code).toBe("bad_request");
    expect(json.body.error.details).toContainEqual({ path, message });
    const file = await csv("stat-free", query);
    expect(file.status).toBe(400);
    const body = await file.json();
    expect(body.error.code).toBe("bad_request");
    expect(body.error.details).toContainEqual({ path, message });
  });

  it("a whole leap year (366 days) is one request", async () => {
    expect((await analytics("stat-free", "from=2028-01-01&to=2028-12-31")).body.periods).toHaveLength(366);
    expect((await csv("stat-free", "from=2028-01-01&to=2028-12-31")).status).toBe(200);
  });

  it("another account's plugin, or an unknown one: 404, never its figures", async () => {
    for (const slug of ["not-yours", "no-such-plugin"]) {
      const json = await analytics(slug, "from=2026-11-01&to=2026-11-30");
      expect(json.status).toBe(404);
      expect(json.body.error.code).toBe("not_found");
      expect((await csv(slug, "from=2026-11-01&to=2026-11-30")).status).toBe(404);
    }
    // The owner of not-yours reads it; the author cannot read theirs.
    expect((await analytics("not-yours", "from=2026-11-01&to=2026-11-30", other.key)).status).toBe(200);
    expect((await analytics("stat-free", "from=2026-11-01&to=2026-11-30", other.key)).status).toBe(404);
  });

  it("a key without sales:read: 403 insufficient_scope, for the CSV too", async () => {
    const key = (await insertKey(app.deps.db, author.id, { scopes: ["plugins:read", "plugins:write"] })).key;
    for (const response of [
      await app.request("/plugins/stat-free/analytics?from=2026-11-01&to=2026-11-30", { headers: bearer(key) }),
      await csv("stat-free", "from=2026-11-01&to=2026-11-30", key),
    ]) {
      expect(response.status).toBe(403);
      expect((await response.json()).error).toMatchObject({ code: "insufficient_scope", details: { requiredScope: "sales:read" } });
    }
  });
});

describe("CSV", () => {
  it("is RFC 4180 with a header row, UTF-8, formula-safe, and says what the JSON says", async () => {
    const query = "from=2026-11-01&to=2026-11-30";
    const response = await csv("stat-paid", query);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8; header=present");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="stat-paid-analytics-2026-11-01-2026-11-30.csv"');
    expect(response.headers.get("x-request-id")).toBeTruthy();
    const text = new TextDecoder("utf-8", { fatal: true }).decode(await response.arrayBuffer());
    expect(text.endsWith("\r\n")).toBe(true);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(["slug", "name", "period", "metric", "version", "country", "currency", "value"]);
    expect(rows.every((row) => row.length === header!.length)).toBe(true);
    // The name starts like a formula and holds a quote and a comma: quoted, quotes doubled, an apostrophe in front.
    expect(text).toContain(`"'=SUM(A1) ""Deluxe"", edition"`);
    expect(new Set(rows.map((row) => row[1]))).toEqual(new Set([`'${PAID_NAME}`]));
    for (const row of rows) {
      for (const cell of row) expect(cell).not.toMatch(/^[=+@\t\r]/);
      expect(row[7]).toMatch(/^-?\d+$/);
    }
    // Its figures are the JSON's.
    const json = (await analytics("stat-paid", query)).body;
    const value = (metric: string, currency = "") =>
      rows.filter((r) => r[3] === metric && r[6] === currency && r[4] === "" && r[5] === "").reduce((n, r) => n + Number(r[7]), 0);
    expect(value("downloads")).toBe(json.totals.downloads);
    expect(rows.filter((r) => r[3] === "downloads" && r[4] === "" && r[5] === "")).toHaveLength(30);
    for (const money of json.totals.money) {
      expect(value("earned", money.currency)).toBe(money.earned);
      expect(value("gross", money.currency)).toBe(money.gross);
      expect(value("refunded_gross", money.currency)).toBe(money.refundedGross);
    }
    const byCountry = rows.filter((r) => r[3] === "downloads" && r[5] !== "");
    expect(byCountry.reduce((n, r) => n + Number(r[7]), 0)).toBe(json.totals.downloads);
  });

  it("splits downloads by version and country per period; unknown countries by name", async () => {
    const rows = parseCsv(await (await csv("stat-free", "from=2026-11-01&to=2026-11-02")).text()).slice(1);
    expect(rows.filter((r) => r[4] !== "").map((r) => [r[2], r[4], r[7]])).toEqual([
      ["2026-11-01", "1.0.0", "6"],
      ["2026-11-02", "1.1.0", "2"],
    ]);
    expect(rows.filter((r) => r[5] === "unknown").map((r) => [r[2], r[7]])).toEqual([
      ["2026-11-01", "1"],
      ["2026-11-02", "1"],
    ]);
  });

  it("the dashboard's copy answers the signed-in author only", async () => {
    const path = "/api/plugins/stat-free/analytics.csv?from=2026-11-01&to=2026-11-30";
    expect((await app.raw(path)).status).toBe(401);
    const mine = await app.raw(path, { headers: { cookie: await sessionCookie(app, author.id) } });
    expect(mine.status).toBe(200);
    expect((await mine.text()).startsWith("slug,name,period,metric,version,country,currency,value\r\n")).toBe(true);
    const theirs = await app.raw(path, { headers: { cookie: await sessionCookie(app, other.id) } });
    expect(theirs.status).toBe(404);
  });
});

describe("reviews over time", () => {
  it("count the visible reviews by the day they were first written, with their average, per period, in the JSON and the CSV", async () => {
    const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    clock.advance(30 * DAY);
    const from = utcDay(clock.now().getTime());
    expect((await app.json("/plugins", jsonPost(publishBody({ id: "stat-reviewed", version: "1.0.0" }), bearer(author.key)))).status).toBe(201);
    const fans = await Promise.all(["Ann", "Ben", "Cy"].map((name) => account(`Reviewer ${name}`)));
    for (const fan of fans) expect(await download(fan.key, "stat-reviewed")).toBe(200);
    const review = (key: string, rating: number) =>
      app.request("/plugins/stat-reviewed/review", {
        method: "PUT",
        headers: { ...bearer(key), "content-type": "application/json" },
        body: JSON.stringify({ rating, text: "Used it on stream." }),
      });
    // Day 1: two reviews (5 and 4). Day 3: one (2). Day 4: the first is edited (it stays on day 1) and the third deleted.
    expect((await review(fans[0]!.key, 5)).status).toBe(200);
    expect((await review(fans[1]!.key, 4)).status).toBe(200);
    clock.advance(2 * DAY);
    expect((await review(fans[2]!.key, 2)).status).toBe(200);
    clock.advance(DAY);
    expect((await review(fans[0]!.key, 3)).status).toBe(200);
    expect((await app.request("/plugins/stat-reviewed/review", { method: "DELETE", headers: bearer(fans[1]!.key) })).status).toBe(204);
    const to = utcDay(clock.now().getTime() + 2 * DAY);

    const { status, body } = await analytics("stat-reviewed", `from=${from}&to=${to}`);
    expect(status).toBe(200);
    expect(body.reviews.map((r: { reviews: number; averageRating: number | null }) => [r.reviews, r.averageRating])).toEqual([
      [1, 3],
      [0, null],
      [1, 2],
      [0, null],
      [0, null],
      [0, null],
    ]);
    expect(body.reviews[0].period).toBe(from);
    const monthly = (await analytics("stat-reviewed", `from=${from}&to=${to}&granularity=month`)).body.reviews;
    expect(monthly.reduce((n: number, r: { reviews: number }) => n + r.reviews, 0)).toBe(2);

    const rows = parseCsv(await (await csv("stat-reviewed", `from=${from}&to=${to}`)).text());
    const reviewLines = rows.filter((row) => row[3] === "reviews" || row[3] === "average_rating").map((row) => [row[2], row[3], row[7]]);
    expect(reviewLines.filter((line) => line[1] === "reviews")).toHaveLength(6);
    expect(reviewLines).toEqual(
      expect.arrayContaining([
        [from, "reviews", "1"],
        [from, "average_rating", "3"],
        [body.reviews[2].period, "average_rating", "2"],
      ]),
    );
    expect(reviewLines.filter((line) => line[1] === "average_rating")).toHaveLength(2);
  });
});
