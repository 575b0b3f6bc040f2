import { afterEach, describe, expect, it } from "vitest";
import { fetchAllSources } from "../src/refresh";
import { currencyApiSource } from "../src/sources/currency-api";
import { only, recordingSleep } from "./support/config";
import { fixture } from "./support/fixtures";
import { deadOrigin, startServer, type ScriptedServer } from "./support/server";

let primary: ScriptedServer | undefined;
let fallback: ScriptedServer | undefined;
afterEach(async () => {
  await primary?.close();
  await fallback?.close();
  primary = fallback = undefined;
});

const JSDELIVR = "/npm/@fawazahmed0/currency-api@latest/v1/";
const PAGES = "/v1/";
const FILE = "currencies/usd.json";

describe("fawazahmed0 currency-api adapter over HTTP", () => {
  it("documents jsDelivr first and Cloudflare Pages as the fallback", () => {
    expect(currencyApiSource.baseUrls).toEqual([
      "https://cdn.jsdelivr.net/npm/@fawazahmed0/currency-api@latest/v1/",
      "https://latest.currency-api.pages.dev/v1/",
    ]);
  });

  it("reads lowercase codes and drops crypto, metals and non-ISO codes", async () => {
    primary = await startServer({ [JSDELIVR + FILE]: { body: fixture("currency-api-usd.json") } });
    const out = await fetchAllSources(only("currency-api", [primary.origin + JSDELIVR]), fetch);
    const day = out.results[0]!.days[0]!;
    expect(day).toMatchObject({ source: "currency-api", date: "2025-01-10", base: "USD" });
    expect(day.rates.USD).toBe(1);
    expect(day.rates.EUR).toBeCloseTo(0.9706, 4);
    expect(day.rates.BTN).toBe(86.1497);
    for (const code of ["1INCH", "BTC", "ETH", "USDT", "XAU", "XAG", "XPT", "XDR", "ZWL", "SLL", "VEF", "GGP", "btc", "eur"]) {
      expect(day.rates).not.toHaveProperty(code);
    }
    expect(Object.keys(day.rates).every((c) => /^[A-Z]{3}$/.test(c))).toBe(true);
  });

  it("falls back to the second address when the first answers 404 (no retry on a 4xx)", async () => {
    primary = await startServer({});
    fallback = await startServer({ [PAGES + FILE]: { body: fixture("currency-api-usd.json") } });
    const out = await fetchAllSources(only("currency-api", [primary.origin + JSDELIVR, fallback.origin + PAGES]), fetch);
    expect(out.failures).toEqual([]);
    expect(out.results[0]).toMatchObject({ url: fallback.origin + PAGES + FILE, attempts: 2 });
    expect(primary.count(JSDELIVR + FILE)).toBe(1);
  });

  it("falls back after the first address exhausts its retries on 5xx", async () => {
    primary = await startServer({ [JSDELIVR + FILE]: { status: 500 } });
    fallback = await startServer({ [PAGES + FILE]: { body: fixture("currency-api-usd.json") } });
    const { sleep } = recordingSleep();
    const out = await fetchAllSources(only("currency-api", [primary.origin + JSDELIVR, fallback.origin + PAGES], { retries: 2 }), fetch, { sleep });
    expect(primary.count(JSDELIVR + FILE)).toBe(3);
    expect(out.results[0]?.url).toBe(fallback.origin + PAGES + FILE);
  });

  it("falls back when the first address refuses connections", async () => {
    const dead = await deadOrigin();
    fallback = await startServer({ [PAGES + FILE]: { body: fixture("currency-api-usd.json") } });
    const { sleep } = recordingSleep();
    const out = await fetchAllSources(only("currency-api", [dead + JSDELIVR, fallback.origin + PAGES]), fetch, { sleep });
    expect(out.results[0]?.url).toBe(fallback.origin + PAGES + FILE);
  });

  it("reports the last error when both addresses fail", async () => {
    primary = await startServer({ [JSDELIVR + FILE]: { status: 404 } });
    fallback = await startServer({ [PAGES + FILE]: { body: "not json" } });
    const out = await fetchAllSources(only("currency-api", [primary.origin + JSDELIVR, fallback.origin + PAGES]), fetch);
    expect(out.results).toEqual([]);
    expect(out.failures[0]).toMatchObject({ source: "currency-api", kind: "parse", url: fallback.origin + PAGES + FILE });
  });
});
