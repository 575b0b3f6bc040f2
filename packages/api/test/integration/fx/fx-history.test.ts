/**
 * GET /fx/history on stored days with gaps: the range parameters and their
 * defaults, order, gaps, days without the base or a symbol, every 400 and 404,
 * and its validators.
 */
import { fxDays } from "@streamkit/db";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";

let app: TestApp;
const clock = new TestClock(Date.parse("2026-03-16T09:00:00.000Z"));

const day = (date: string, rates: Record<string, number>) => ({
  date,
  rates,
  contributors: Object.fromEntries(Object.keys(rates).map((c) => [c, ["ecb"]])),
  sources: ["ecb"],
  fetchedAt: new Date("2026-03-16T08:00:00.000Z"),
});

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  // Inserted newest first: the order of storage must not matter. 2026-03-11 is a gap,
  // 2026-03-10 has no EUR, 2026-03-12 no GBP.
  await app.deps.db
    .insert(fxDays)
    .values([
      day("2026-03-13", { USD: 1, EUR: 0.8, GBP: 0.75, JPY: 150 }),
      day("2026-03-12", { USD: 1, EUR: 0.5, JPY: 149 }),
      day("2026-03-10", { USD: 1, GBP: 0.74, JPY: 148 }),
      day("2026-03-09", { USD: 1, EUR: 0.4, GBP: 0.8, JPY: 147 }),
      day("2025-03-13", { USD: 1, EUR: 0.95, GBP: 0.79, JPY: 148.5 }),
      day("2025-03-12", { USD: 1, EUR: 0.96, GBP: 0.8, JPY: 148.2 }),
    ]);
});

afterAll(() => app.close());
beforeEach(() => clock.nextMinute());

const dates = (body: { days: { date: string }[] }) => body.days.map((d) => d.date);

describe("GET /fx/history", () => {
  it("defaults to the 30 days ending with the current day, US-dollar based, every currency, oldest first", async () => {
    const { status, body, headers } = await app.json("/fx/history");
    expect(status).toBe(200);
    expect(body).toEqual({
      base: "USD",
      from: "2026-02-12",
      to: "2026-03-13",
      days: [
        { date: "2026-03-09", rates: { EUR: 0.4, GBP: 0.8, JPY: 147, USD: 1 } },
        { date: "2026-03-10", rates: { GBP: 0.74, JPY: 148, USD: 1 } },
        { date: "2026-03-12", rates: { EUR: 0.5, JPY: 149, USD: 1 } },
        { date: "2026-03-13", rates: { EUR: 0.8, GBP: 0.75, JPY: 150, USD: 1 } },
      ],
    });
    expect(headers.get("etag")).toMatch(/^"fxh-[\w-]+"$/);
    expect(headers.get("cache-control")).toBe("public, max-age=3600");
    expect(headers.get("access-control-allow-origin")).toBe("*");
    expect(headers.get("x-ratelimit-limit")).toBe("120");
  });

  it("rebases every day; a day without the base is left out, a symbol missing on a day is left out of that day", async () => {
    const { body } = await app.json("/fx/history?base=eur&symbols=USD,GBP&from=2026-03-09&to=2026-03-13");
    expect(body).toEqual({
      base: "EUR",
      from: "2026-03-09",
      to: "2026-03-13",
      days: [
        { date: "2026-03-09", rates: { USD: 2.5, GBP: 2 } },
        { date: "2026-03-12", rates: { USD: 2 } },
        { date: "2026-03-13", rates: { USD: 1.25, GBP: 0.9375 } },
      ],
    });
  });

  it.each([
    ["from=2026-03-10&to=2026-03-12", "2026-03-10", "2026-03-12", ["2026-03-10", "2026-03-12"]],
    ["days=1", "2026-03-13", "2026-03-13", ["2026-03-13"]],
    ["from=2026-03-12", "2026-03-12", "2026-03-13", ["2026-03-12", "2026-03-13"]],
    ["to=2026-03-10&days=2", "2026-03-09", "2026-03-10", ["2026-03-09", "2026-03-10"]],
    ["from=2026-03-09&days=3", "2026-03-09", "2026-03-11", ["2026-03-09", "2026-03-10"]],
    ["to=2025-03-13", "2025-02-12", "2025-03-13", ["2025-03-12", "2025-03-13"]],
    ["from=2025-03-13&to=2026-03-13", "2025-03-13", "2026-03-13", ["2025-03-13", "2026-03-09", "2026-03-10", "2026-03-12", "2026-03-13"]],
    ["days=366", "2025-03-13", "2026-03-13", ["2025-03-13", "2026-03-09", "2026-03-10", "2026-03-12", "2026-03-13"]],
    ["from=2026-01-01&to=2026-01-31", "2026-01-01", "2026-01-31", []],
  ])("%s: %s to %s", async (query, from, to, expected) => {
    const { status, body } = await app.json(`/fx/history?symbols=JPY&${query}`);
    expect(status).toBe(200);
    expect({ from: body.from, to: body.to }).toEqual({ from, to });
    expect(dates(body)).toEqual(expected);
  });

  it.each([
    ["days=0", "days"],
    ["days=367", "days"],
    ["days=-3", "days"],
    ["days=1.5", "days"],
    ["days=abc", "days"],
    ["from=2025-03-12&to=2026-03-13", "days"],
    ["to=2026-03-13&days=367", "days"],
    ["from=2026-03-13&to=2026-03-01", "from"],
    ["from=2026-03-01&to=2026-03-13&days=13", "days"],
    ["from=2026-02-30", "from"],
    ["from=20260301", "from"],
    ["to=2026-3-1", "to"],
    ["to=yesterday", "to"],
    ["base=EURO", "base"],
    ["symbols=EUR;GBP", "symbols"],
  ])("%s: 400 bad_request on %s", async (query, path) => {
    const { status, body, headers } = await app.json(`/fx/history?${query}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe("bad_request");
    expect(body.error.details.map((d: { path: string }) => d.path)).toEqual([path]);
    expect(headers.get("x-ratelimit-limit")).toBe("120");
  });

  it.each([
    ["base=ABC", ["ABC"]],
    ["symbols=EUR,CHF", ["CHF"]],
  ])("%s: 404 not_found for a currency with no rate today", async (query, missing) => {
    const { status, body } = await app.json(`/fx/history?${query}`);
    expect(status).toBe(404);
    expect(body.error).toMatchObject({ code: "not_found", details: { currencies: missing, date: "2026-03-13" } });
  });

  it("validators: 304 for the same range while nothing changed, a new ETag when a kept day changes", async () => {
    const first = await app.request("/fx/history?symbols=EUR");
    const etag = first.headers.get("etag")!;
    const again = await app.request("/fx/history?symbols=EUR", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);

    const other = await app.request("/fx/history?symbols=GBP");
    expect(other.headers.get("etag")).not.toBe(etag);

    await app.deps.db.insert(fxDays).values(day("2026-03-11", { USD: 1, EUR: 0.6, JPY: 148.5 }));
    const changed = await app.request("/fx/history?symbols=EUR", { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(dates(await changed.json())).toEqual(["2026-03-09", "2026-03-11", "2026-03-12", "2026-03-13"]);
  });
});
