/**
 * Refreshing against the five feeds served from 127.0.0.1 in their publishers'
 * formats (test/fixtures/fx): backfill into an empty database, provider and
 * attribution, the publishers' schedules, stale serving when the feeds answer
 * 500 or hang, the built-in table, and a second process picking up the day.
 */
import { BUILTIN_RATES_DATE } from "@streamkit/fx";
import { fxDays, fxFeedState } from "@streamkit/db";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createRestHandler } from "../../../src/app/rest-core";
import { appRouter } from "../../../src/app/router";
import { fxFor, installFx } from "../../../src/fx/service";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { type FeedServer, startFeedServer } from "../../fixtures/fx/feeds";

const BLEND = {
  name: "Blend of European Central Bank, Bank of Canada, Norges Bank, ExchangeRate-API, fawazahmed0 currency-api",
  sources: ["European Central Bank", "Bank of Canada", "Norges Bank", "ExchangeRate-API", "fawazahmed0 currency-api"],
  attribution: "Rates By Exchange Rate API",
  url: "https://www.exchangerate-api.com",
};

let feeds: FeedServer;
const apps: TestApp[] = [];

beforeAll(async () => {
  feeds = await startFeedServer();
});
afterEach(() => {
  feeds.mode = "ok";
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await feeds.close();
});

async function freshApp(clock: TestClock): Promise<TestApp> {
  const app = await createTestApp({ now: clock.now });
  apps.push(app);
  return app;
}

describe("a refresh on an empty database", () => {
  const clock = new TestClock(Date.parse("2026-03-16T09:00:00.000Z"));
  let app: TestApp;

  beforeAll(async () => {
    app = await freshApp(clock);
  });

  it("serves the built-in table as stale before anything is stored", async () => {
    const { status, body, headers } = await app.json("/fx/latest?symbols=EUR,JPY");
    expect(status).toBe(200);
    expect(body).toMatchObject({ base: "USD", date: BUILTIN_RATES_DATE, stale: true });
    expect(body.provider).toEqual({ name: `Built-in table of ${BUILTIN_RATES_DATE}`, sources: [], attribution: "", url: "" });
    expect(headers.get("cache-control")).toBe("public, max-age=600");
  });

  it("backfills every day the feeds' history windows hold, then serves the blend of all five, fresh", async () => {
    const before = await app.request("/fx/latest");
    const fx = installFx(app.deps, { config: feeds.config() });
    const summary = await fx.refresh();
    expect(summary).toMatchObject({ ok: true, mode: "history", stored: ["2025-01-07", "2025-01-08", "2025-01-09", "2025-01-10"], failures: [] });
    expect(summary.read.map((r) => r.source).sort()).toEqual(["bank-of-canada", "currency-api", "ecb", "exchangerate-api", "norges-bank"]);
    expect(feeds.requests).toContain("/ecb/eurofxref-hist-90d.xml");

    const rows = await app.deps.db.select().from(fxDays).orderBy(fxDays.date);
    expect(rows.map((r) => r.date)).toEqual(["2025-01-07", "2025-01-08", "2025-01-09", "2025-01-10"]);
    expect(rows[3]!.sources).toEqual(["ecb", "bank-of-canada", "norges-bank", "exchangerate-api", "currency-api"]);
    expect(rows[3]!.contributors.EUR!.length).toBeGreaterThanOrEqual(3);
    expect(rows[0]!.sources).toEqual(["ecb"]);
    const states = await app.deps.db.select().from(fxFeedState);
    expect(states.map((s) => s.source).sort()).toEqual(["bank-of-canada", "currency-api", "ecb", "exchangerate-api", "norges-bank"]);

    const { body, headers } = await app.json("/fx/latest?symbols=EUR,JPY,CAD,NOK");
    expect(body).toMatchObject({ date: "2025-01-10", stale: false, fetchedAt: clock.now().toISOString(), provider: BLEND });
    expect(body.rates.EUR).toBeCloseTo(0.9705, 2);
    expect(headers.get("cache-control")).toBe("public, max-age=3600");
    expect(headers.get("etag")).not.toBe(before.headers.get("etag"));

    const history = await app.json("/fx/history?symbols=EUR");
    expect(history.body.days.map((d: { date: string }) => d.date)).toEqual(["2025-01-07", "2025-01-08", "2025-01-09", "2025-01-10"]);
  });

  it("respects each publisher's schedule: a round soon after asks nobody", async () => {
    clock.advance(5 * 60_000);
    const asked = feeds.requests.length;
    const fx = installFx(app.deps, { config: feeds.config() });
    const summary = await fx.refresh();
    expect(summary).toMatchObject({ ok: true, mode: "latest", stored: [], read: [] });
    expect(summary.notDue.map((s) => s.source).sort()).toEqual(["bank-of-canada", "currency-api", "ecb", "exchangerate-api", "norges-bank"]);
    expect(feeds.requests.length).toBe(asked);
  });

  it.each([
    ["answer 500", "error" as const, "http"],
    ["hang past the timeout", "hang" as const, "timeout"],
  ])("when every feed can only %s: the stored day, stale, cached for ten minutes; then fresh again", async (_case, mode, kind) => {
    clock.advance(60_000);
    const fx = installFx(app.deps, { config: feeds.config({ timeoutMs: 1_500, retries: 0 }) });
    const fresh = await app.request("/fx/latest");
    feeds.mode = mode;
    const summary = await fx.refresh({ force: true });
    expect(summary.ok).toBe(false);
    expect(summary.stored).toEqual([]);
    expect(summary.failures.map((f) => f.kind)).toEqual(Array(5).fill(kind));

    const { body, headers } = await app.json("/fx/latest?symbols=EUR");
    expect(body).toMatchObject({ date: "2025-01-10", stale: true, provider: BLEND });
    expect(headers.get("cache-control")).toBe("public, max-age=600");
    expect(headers.get("etag")).not.toBe(fresh.headers.get("etag"));
    const converted = await app.json("/fx/convert?from=EUR&to=USD&amount=2");
    expect(converted.body.stale).toBe(true);
    expect(converted.headers.get("cache-control")).toBe("public, max-age=600");

    feeds.mode = "ok";
    clock.advance(60_000);
    expect((await fx.refresh({ force: true })).ok).toBe(true);
    const again = await app.json("/fx/latest?symbols=EUR");
    expect(again.body.stale).toBe(false);
    expect(again.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("stays fresh when one feed fails and the others answer", async () => {
    clock.advance(60_000);
    const fx = installFx(app.deps, {
      config: feeds.config({ sources: { ecb: { baseUrls: [`${feeds.origin}/gone/`] } } }),
    });
    const summary = await fx.refresh({ force: true });
    expect(summary.ok).toBe(true);
    expect(summary.failures.map((f) => f.source)).toEqual(["ecb"]);
    expect((await app.json("/fx/latest")).body.stale).toBe(false);
  });

  it("names only the sources actually used: no attribution without ExchangeRate-API", async () => {
    clock.advance(60_000);
    const fx = installFx(app.deps, { config: feeds.config({ sources: { "exchangerate-api": { enabled: false } } }) });
    await fx.refresh({ force: true });
    const { body } = await app.json("/fx/latest?symbols=EUR");
    expect(body.provider).toEqual({
      name: "Blend of European Central Bank, Bank of Canada, Norges Bank, fawazahmed0 currency-api",
      sources: ["European Central Bank", "Bank of Canada", "Norges Bank", "fawazahmed0 currency-api"],
      attribution: "",
      url: "https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/html/index.en.html",
    });
  });

  it("serves a day whose feeds were last read more than 26 hours ago as stale", async () => {
    const fx = installFx(app.deps, { config: feeds.config() });
    await fx.load();
    expect((await app.json("/fx/latest")).body.stale).toBe(false);
    clock.advance(27 * 60 * 60_000);
    const { body, headers } = await app.json("/fx/latest");
    expect(body.stale).toBe(true);
    expect(headers.get("cache-control")).toBe("public, max-age=600");
  });
});

describe("feeds down on an empty database", () => {
  it("serves the built-in table, stale, and keeps no history", async () => {
    const clock = new TestClock(Date.parse("2026-03-16T09:00:00.000Z"));
    const app = await freshApp(clock);
    feeds.mode = "error";
    const fx = installFx(app.deps, { config: feeds.config({ retries: 0 }) });
    const summary = await fx.refresh();
    expect(summary).toMatchObject({ ok: false, mode: "history", stored: [], current: { builtin: true, stale: true, date: BUILTIN_RATES_DATE } });

    const latest = await app.json("/fx/latest?symbols=EUR,INR");
    expect(latest.body).toMatchObject({ date: BUILTIN_RATES_DATE, stale: true, fetchedAt: clock.now().toISOString(), provider: { attribution: "" } });
    expect(latest.body.rates).toEqual({ EUR: 0.8518, INR: 88.75 });
    const converted = await app.json("/fx/convert?from=USD&to=INR&amount=10");
    expect(converted.body).toMatchObject({ result: 887.5, formatted: "₹887.50", stale: true, date: BUILTIN_RATES_DATE });
    const history = await app.json("/fx/history");
    expect(history.body.days).toEqual([]);
    expect(history.headers.get("cache-control")).toBe("public, max-age=600");
  });
});

describe("a history round on a database that already keeps days", () => {
  it("adds the missing days, rewrites the current one, and leaves the kept ones alone", async () => {
    const clock = new TestClock(Date.parse("2026-03-16T09:00:00.000Z"));
    const app = await freshApp(clock);
    const kept = {
      date: "2025-01-08",
      rates: { USD: 1, EUR: 0.5 },
      contributors: { USD: ["ecb"], EUR: ["ecb", "exchangerate-api"] },
      sources: ["ecb", "exchangerate-api"],
      fetchedAt: new Date("2025-01-08T18:00:00.000Z"),
    };
    await app.deps.db.insert(fxDays).values([kept, { ...kept, date: "2025-01-10", rates: { USD: 1, EUR: 0.6 } }]);
    const summary = await installFx(app.deps, { config: feeds.config() }).refresh({ mode: "history" });
    expect(summary.stored).toEqual(["2025-01-07", "2025-01-09", "2025-01-10"]);
    const rows = await app.deps.db.select().from(fxDays).orderBy(fxDays.date);
    expect(rows.map((r) => r.date)).toEqual(["2025-01-07", "2025-01-08", "2025-01-09", "2025-01-10"]);
    expect(rows[1]).toEqual({ ...kept, pivot: "USD" });
    expect(rows[3]!.rates.EUR).toBeCloseTo(0.9705, 2);
    expect(rows[3]!.sources).toHaveLength(5);
  });
});

describe("several processes on one database", () => {
  it("another process's refresh reaches this one at its next sync, and an older day never replaces a newer one", async () => {
    const clock = new TestClock(Date.parse("2026-03-16T09:00:00.000Z"));
    const app = await freshApp(clock);
    // A second "process": its own deps object (its own service and memory) on the same database.
    const otherDeps = { ...app.deps };
    const other = createRestHandler(appRouter, otherDeps);
    const get = async (path: string) => (await other(new Request(`http://localhost/api/v1${path}`))).json();

    expect((await get("/fx/latest")).date).toBe(BUILTIN_RATES_DATE);
    await installFx(app.deps, { config: feeds.config() }).refresh();
    // Still within its sync interval, the other process serves what it holds.
    expect((await get("/fx/latest")).date).toBe(BUILTIN_RATES_DATE);
    clock.advance(61_000);
    const otherFx = fxFor(otherDeps);
    await otherFx.sync();
    expect(await get("/fx/latest")).toMatchObject({ date: "2025-01-10", stale: false, provider: BLEND });

    // A backfill of an older date upserts that row but does not move the current day back.
    await app.deps.db.insert(fxDays).values({ date: "2024-12-31", rates: { USD: 1, EUR: 0.96 }, contributors: {}, sources: ["ecb"], fetchedAt: clock.now() });
    clock.advance(61_000);
    await otherFx.sync();
    expect((await get("/fx/latest")).date).toBe("2025-01-10");
  });
});
