/**
 * The exchange-rate endpoints through the real /api/v1 handler, on a stored
 * day with known numbers: shapes, defaults, every 400 and 404, rounding and
 * formatting, ETag/304, Cache-Control and CORS.
 */
import { fxDays } from "@streamkit/db";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";

let app: TestApp;
const clock = new TestClock(Date.parse("2026-03-16T09:00:00.000Z"));
const FETCHED_AT = "2026-03-16T08:30:00.000Z";
const RATES = { USD: 1, EUR: 0.9, GBP: 0.8, JPY: 150.123, KWD: 0.30812, INR: 83.1234, IQD: 1310.5, CHF: 0.88 };
const CODES = Object.keys(RATES).sort();
const PROVIDER = {
  name: "Blend of European Central Bank, ExchangeRate-API",
  sources: ["European Central Bank", "ExchangeRate-API"],
  attribution: "Rates By Exchange Rate API",
  url: "https://www.exchangerate-api.com",
};

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  await app.deps.db.insert(fxDays).values({
    date: "2026-03-13",
    rates: RATES,
    contributors: Object.fromEntries(CODES.map((c) => [c, ["ecb", "exchangerate-api"]])),
    sources: ["ecb", "exchangerate-api"],
    fetchedAt: new Date(FETCHED_AT),
  });
});

afterAll(() => app.close());

// Each test in its own rate-limit minute: the file makes more than 120 requests from one (unknown) address.
beforeEach(() => clock.nextMinute());

function expectFxHeaders(headers: Headers, maxAge = 3600) {
  expect(headers.get("etag")).toMatch(/^"fx-2026-03-13-[\w-]+"$/);
  expect(headers.get("cache-control")).toBe(`public, max-age=${maxAge}`);
  expect(headers.get("access-control-allow-origin")).toBe("*");
  expect(headers.get("x-ratelimit-limit")).toBe("120");
  expect(headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
  expect(headers.get("x-ratelimit-reset")).toMatch(/^\d{10}$/);
}

describe("GET /fx/latest", () => {
  it("defaults to US-dollar rates for every currency with a rate, alphabetical", async () => {
    const { status, body, headers } = await app.json("/fx/latest");
    expect(status).toBe(200);
    expect(body).toEqual({ base: "USD", rates: RATES, date: "2026-03-13", fetchedAt: FETCHED_AT, stale: false, provider: PROVIDER });
    expect(Object.keys(body.rates)).toEqual(CODES);
    expectFxHeaders(headers);
  });

  it("rebases to any base and keeps only the symbols asked for, in their order, codes read case-insensitively", async () => {
    const { status, body } = await app.json("/fx/latest?base=eur&symbols=jpy,USD,%20gbp");
    expect(status).toBe(200);
    expect(body.base).toBe("EUR");
    expect(body.rates).toEqual({ JPY: 166.80333, USD: 1.1111111, GBP: 0.88888889 });
    expect(Object.keys(body.rates)).toEqual(["JPY", "USD", "GBP"]);
  });

  it.each([
    ["base=US", "base"],
    ["base=USDX", "base"],
    ["base=12A", "base"],
    ["symbols=EUR,XX", "symbols"],
    ["symbols=", "symbols"],
    ["symbols=EUR,,1", "symbols"],
  ])("%s: 400 bad_request naming the parameter", async (query, path) => {
    const { status, body, headers } = await app.json(`/fx/latest?${query}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe("bad_request");
    expect(body.error.details).toEqual([{ path, message: expect.any(String) }]);
    expect(headers.get("x-ratelimit-limit")).toBe("120");
    expect(headers.get("etag")).toBeNull();
    expect(headers.get("cache-control")).toBe("no-store");
  });

  it.each([
    ["base=ABC", ["ABC"]],
    ["base=VES", ["VES"]],
    ["symbols=EUR,XXX,ZZZ", ["XXX", "ZZZ"]],
  ])("%s: 404 not_found for a well-formed code with no rate today", async (query, missing) => {
    const { status, body, headers } = await app.json(`/fx/latest?${query}`);
    expect(status).toBe(404);
    expect(body.error).toEqual({
      code: "not_found",
      message: expect.stringContaining(missing.join(", ")),
      details: { currencies: missing, date: "2026-03-13" },
    });
    expect(headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
  });
});

describe("GET /fx/convert", () => {
  it("answers the documented shape, with the day's rate and the provider's name", async () => {
    const { status, body, headers } = await app.json("/fx/convert?from=USD&to=INR&amount=100");
    expect(status).toBe(200);
    expect(body).toEqual({
      from: "USD",
      to: "INR",
      amount: 100,
      result: 8312.34,
      rate: 83.1234,
      formatted: "₹8,312.34",
      date: "2026-03-13",
      stale: false,
      provider: { name: PROVIDER.name },
    });
    expectFxHeaders(headers);
  });

  it.each([
    // [query, result, formatted]: the target's ISO 4217 minor units, half away from zero, in decimal.
    ["from=USD&to=JPY&amount=10", 1501, "¥1,501"],
    ["from=USD&to=JPY&amount=1234.5", 185327, "¥185,327"],
    ["from=USD&to=KWD&amount=1", 0.308, "KD 0.308"],
    ["from=USD&to=KWD&amount=1.5", 0.462, "KD 0.462"],
    ["from=USD&to=KWD&amount=100", 30.812, "KD 30.812"],
    ["from=USD&to=INR&amount=12.5", 1039.04, "₹1,039.04"],
    ["from=EUR&to=USD&amount=10", 11.11, "$11.11"],
    ["from=USD&to=USD&amount=1.005", 1.01, "$1.01"],
    ["from=USD&to=USD&amount=-2.5", -2.5, "-$2.50"],
    ["from=USD&to=IQD&amount=1", 1310.5, "ID 1,310.500"],
    ["from=usd&to=jpy&amount=0", 0, "¥0"],
  ])("%s → %s (%s)", async (query, result, formatted) => {
    const { status, body } = await app.json(`/fx/convert?${query}`);
    expect(status).toBe(200);
    expect(body.result).toBe(result);
    expect(body.formatted).toBe(formatted);
  });

  it("defaults amount to 1 and reports the cross rate it used", async () => {
    const { body } = await app.json("/fx/convert?from=EUR&to=JPY");
    expect(body).toMatchObject({ amount: 1, rate: 166.80333, result: 167, formatted: "¥167" });
  });

  it.each([
    ["to=EUR", "from"],
    ["from=USD", "to"],
    ["from=US&to=EUR", "from"],
    ["from=USD&to=EURO", "to"],
    ["from=USD&to=EUR&amount=abc", "amount"],
    ["from=USD&to=EUR&amount=", "amount"],
    ["from=USD&to=EUR&amount=1,000", "amount"],
    ["from=USD&to=EUR&amount=0x10", "amount"],
    ["from=USD&to=EUR&amount=Infinity", "amount"],
    ["from=USD&to=EUR&amount=1e13", "amount"],
  ])("%s: 400 bad_request on %s", async (query, path) => {
    const { status, body } = await app.json(`/fx/convert?${query}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe("bad_request");
    expect(body.error.details.map((d: { path: string }) => d.path)).toEqual([path]);
  });

  it.each([
    ["from=USD&to=XXX", ["XXX"]],
    ["from=ABC&to=EUR", ["ABC"]],
    ["from=ABC&to=VES", ["ABC", "VES"]],
  ])("%s: 404 not_found", async (query, missing) => {
    const { status, body } = await app.json(`/fx/convert?${query}&amount=5`);
    expect(status).toBe(404);
    expect(body.error.code).toBe("not_found");
    expect(body.error.details.currencies).toEqual(missing);
  });
});

describe("GET /fx/currencies and the legacy GET /rates", () => {
  it("lists every currency with a rate today, with ISO minor units", async () => {
    const { status, body, headers } = await app.json("/fx/currencies");
    expect(status).toBe(200);
    expect(body.date).toBe("2026-03-13");
    expect(body.currencies.map((c: { code: string }) => c.code)).toEqual(CODES);
    expect(body.currencies.find((c: { code: string }) => c.code === "KWD")).toEqual({
      code: "KWD",
      name: "Kuwaiti Dinar",
      symbol: "KD",
      decimals: 3,
      popular: false,
    });
    expect(body.currencies.find((c: { code: string }) => c.code === "JPY")).toMatchObject({ decimals: 0, popular: true });
    expectFxHeaders(headers);
  });

  it("GET /rates is /fx/latest with the defaults, US-dollar based whatever is asked", async () => {
    const latest = await app.json("/fx/latest");
    const legacy = await app.json("/rates?base=EUR");
    expect(legacy.status).toBe(200);
    expect(legacy.body).toEqual(latest.body);
    expect(legacy.body.base).toBe("USD");
    expectFxHeaders(legacy.headers);
  });
});

describe("caching", () => {
  it("answers If-None-Match with 304, no body, the same validators and the limit headers", async () => {
    const first = await app.request("/fx/latest?symbols=EUR");
    const etag = first.headers.get("etag")!;
    for (const path of ["/fx/latest?symbols=EUR", "/fx/convert?from=USD&to=EUR&amount=3", "/fx/currencies", "/rates"]) {
      const response = await app.request(path, { headers: { "if-none-match": etag } });
      expect(response.status, path).toBe(304);
      expect(await response.text()).toBe("");
      expectFxHeaders(response.headers);
      expect(response.headers.get("etag")).toBe(etag);
    }
    const other = await app.request("/fx/latest", { headers: { "if-none-match": '"fx-2026-03-12-nope"' } });
    expect(other.status).toBe(200);
  });

  it("keeps one ETag while the rates are unchanged", async () => {
    const a = await app.request("/fx/latest");
    const b = await app.request("/fx/latest?base=GBP");
    expect(a.headers.get("etag")).toBe(b.headers.get("etag"));
  });

  it("answers a CORS preflight for every exchange-rate path", async () => {
    for (const path of ["/fx/latest", "/fx/convert", "/fx/history", "/fx/currencies", "/rates"]) {
      const response = await app.request(path, { method: "OPTIONS", headers: { origin: "https://example.org", "access-control-request-method": "GET" } });
      expect(response.status, path).toBe(204);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
      expect(response.headers.get("access-control-allow-headers")).toContain("If-None-Match");
      expect(response.headers.get("access-control-expose-headers")).toContain("ETag");
    }
  });

  it("answers HEAD like GET, without a body", async () => {
    const response = await app.request("/fx/latest", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
    expectFxHeaders(response.headers);
  });
});

describe("the OpenAPI document", () => {
  it("documents the five operations as public, cacheable and limited", async () => {
    const { body } = await app.json("/openapi.json");
    for (const path of ["/fx/latest", "/fx/convert", "/fx/history", "/fx/currencies", "/rates"]) {
      const operation = body.paths[path].get;
      expect(operation.security, path).toEqual([]);
      expect(Object.keys(operation.responses), path).toEqual(expect.arrayContaining(["200", "304", "400", "429", "500"]));
      expect(operation.responses["200"].headers.ETag, path).toBeTruthy();
      expect(operation.description, path).toContain("120 requests per minute");
    }
    expect(body.paths["/fx/latest"].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["base", "symbols"]);
    expect(body.paths["/fx/convert"].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["amount", "from", "to"]);
    expect(body.paths["/fx/history"].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["base", "days", "from", "symbols", "to"]);
    for (const parameter of body.paths["/fx/history"].get.parameters) expect(parameter.description, parameter.name).toBeTruthy();
  });
});
