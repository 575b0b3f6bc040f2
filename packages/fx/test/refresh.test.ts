import { afterEach, describe, expect, it } from "vitest";
import { builtinDay } from "../src/builtin-rates";
import { providerFor } from "../src/provider";
import { buildDay, buildDays, feedsDown, fetchAllSources } from "../src/refresh";
import { SOURCES, SOURCE_IDS, fxConfigSchema, type FxConfigInput } from "../src/sources/registry";
import { recordingSleep } from "./support/config";
import { fixture } from "./support/fixtures";
import { startServer, type ScriptedServer, type Reply } from "./support/server";

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const PATHS = {
  ecb: "/ecb/eurofxref-daily.xml",
  "bank-of-canada": "/boc/observations/group/FX_RATES_DAILY/json?recent=1",
  "norges-bank": "/nb/data/EXR/B..NOK.SP?format=csv&lastNObservations=1&locale=en",
  "exchangerate-api": "/er/latest/USD",
  "currency-api": "/ca/currencies/usd.json",
} as const;

const OK: Record<keyof typeof PATHS, Reply> = {
  ecb: { body: fixture("ecb-eurofxref-daily.xml") },
  "bank-of-canada": { body: fixture("bank-of-canada-fx-rates-daily.json") },
  "norges-bank": { body: fixture("norges-bank-exr-last.csv") },
  "exchangerate-api": { body: fixture("exchangerate-api-latest-usd.json") },
  "currency-api": { body: fixture("currency-api-usd.json") },
};

function allSources(origin: string, overrides: Partial<FxConfigInput> = {}): FxConfigInput {
  return {
    timeoutMs: 2_000,
    retries: 1,
    backoffMs: 1,
    maxBackoffMs: 2,
    ...overrides,
    sources: {
      ecb: { baseUrls: [`${origin}/ecb/`] },
      "bank-of-canada": { baseUrls: [`${origin}/boc/`] },
      "norges-bank": { baseUrls: [`${origin}/nb/`] },
      "exchangerate-api": { baseUrls: [`${origin}/er/`] },
      "currency-api": { baseUrls: [`${origin}/ca/`] },
    },
  };
}

function serve(replies: Partial<Record<keyof typeof PATHS, Reply | Reply[]>>) {
  return startServer(Object.fromEntries(Object.entries(PATHS).map(([id, path]) => [path, replies[id as keyof typeof PATHS] ?? OK[id as keyof typeof PATHS]])));
}

describe("fetchAllSources + buildDay", () => {
  it("reads all five feeds and blends them into one USD day", async () => {
    server = await serve({});
    const out = await fetchAllSources(allSources(server.origin), fetch, { now: new Date("2025-01-10T18:00:00Z") });
    expect(out.failures).toEqual([]);
    expect(out.results.map((r) => r.source)).toEqual([...SOURCE_IDS]);
    expect(out.fetchedAt).toBe("2025-01-10T18:00:00.000Z");

    const day = buildDay(out, null)!;
    expect(day.date).toBe("2025-01-10");
    expect(day.pivot).toBe("USD");
    expect(day.sources).toEqual([...SOURCE_IDS]);
    expect(day.contributors.EUR).toEqual([...SOURCE_IDS]);
    expect(day.rates.EUR).toBeCloseTo(0.9705, 3);
    expect(day.rates.JPY).toBeCloseTo(158.2, 0);
    expect(day.contributors.KWD).toEqual(["exchangerate-api", "currency-api"]);
    expect(day.rates).not.toHaveProperty("BTC");

    expect(providerFor(day.sources)).toEqual({
      name: "Blend of European Central Bank, Bank of Canada, Norges Bank, ExchangeRate-API, fawazahmed0 currency-api",
      sources: ["European Central Bank", "Bank of Canada", "Norges Bank", "ExchangeRate-API", "fawazahmed0 currency-api"],
      attribution: "Rates By Exchange Rate API",
      url: "https://www.exchangerate-api.com",
    });
  });

  it("keeps going when some feeds fail, and says which and why", async () => {
    server = await serve({ ecb: { status: 503 }, "bank-of-canada": { hang: true }, "currency-api": { status: 404 } });
    const { sleep } = recordingSleep();
    const out = await fetchAllSources(allSources(server.origin), fetch, { sleep });
    expect(out.results.map((r) => r.source)).toEqual(["norges-bank", "exchangerate-api"]);
    expect(out.failures).toEqual([
      expect.objectContaining({ source: "ecb", kind: "http", status: 503, attempts: 2 }),
      expect.objectContaining({ source: "bank-of-canada", kind: "timeout", attempts: 2 }),
      expect.objectContaining({ source: "currency-api", kind: "http", status: 404, attempts: 1 }),
    ]);
    const day = buildDay(out, null)!;
    expect(day.sources).toEqual(["norges-bank", "exchangerate-api"]);
    expect(providerFor(day.sources).attribution).toBe("Rates By Exchange Rate API");
  });

  it("when every feed is down: no day, every failure listed, and the built-in table to serve", async () => {
    server = await serve({
      ecb: { status: 500 },
      "bank-of-canada": { status: 502 },
      "norges-bank": { status: 503 },
      "exchangerate-api": { status: 429, headers: { "retry-after": "600" } },
      "currency-api": { body: "<html>oops</html>" },
    });
    const { sleep } = recordingSleep();
    const out = await fetchAllSources(allSources(server.origin), fetch, { sleep });
    expect(out.results).toEqual([]);
    expect(out.failures.map((f) => f.source)).toEqual([...SOURCE_IDS]);
    expect(feedsDown(out)).toBe(true);
    expect(buildDay(out, null)).toBeNull();
    const fallback = builtinDay();
    expect(providerFor(fallback.sources)).toEqual({ name: "Built-in table of 2025-10-01", sources: [], attribution: "", url: "" });
  });

  it("respects each source's minimum refetch interval unless forced", async () => {
    server = await serve({});
    const config = allSources(server.origin);
    const first = await fetchAllSources(config, fetch, { now: new Date("2025-01-10T16:10:00Z") });
    const soon = await fetchAllSources(config, fetch, { now: new Date("2025-01-10T16:20:00Z"), state: first.state });
    expect(soon.results).toEqual([]);
    expect(soon.skipped.map((s) => [s.source, s.reason])).toEqual([
      ["ecb", "min-interval"],
      ["bank-of-canada", "min-interval"],
      ["norges-bank", "min-interval"],
      ["exchangerate-api", "next-update"],
      ["currency-api", "min-interval"],
    ]);
    expect(soon.skipped[0]!.until).toBe("2025-01-10T16:40:00.000Z");
    expect(feedsDown(soon)).toBe(false); // nothing was due: not a reason to call the rates stale
    expect(buildDay(soon, null)).toBeNull(); // nothing new to store
    const later = await fetchAllSources(config, fetch, { now: new Date("2025-01-10T16:45:00Z"), state: soon.state });
    expect(later.results.map((r) => r.source)).toEqual(["ecb", "bank-of-canada", "norges-bank"]);
    // The sources skipped this round still take part with the day remembered from the first.
    const day = buildDay(later, null)!;
    expect(day.sources).toEqual([...SOURCE_IDS]);
    expect(day.contributors.KWD).toEqual(["exchangerate-api", "currency-api"]);
    const forced = await fetchAllSources(config, fetch, { now: new Date("2025-01-10T16:46:00Z"), state: later.state, force: true });
    expect(forced.results).toHaveLength(5);
    expect(server.count(PATHS.ecb)).toBe(3);
  });

  it("stays away for a long Retry-After", async () => {
    server = await serve({ "exchangerate-api": { status: 429, headers: { "retry-after": "7200" } } });
    const config = allSources(server.origin, { retries: 3 });
    const now = new Date("2025-01-10T12:00:00Z");
    const first = await fetchAllSources(config, fetch, { now });
    expect(first.failures).toEqual([expect.objectContaining({ source: "exchangerate-api", status: 429, attempts: 1 })]);
    expect(first.state["exchangerate-api"]?.retryAfterUntil).toBe("2025-01-10T14:00:00.000Z");
    const second = await fetchAllSources(config, fetch, { now: new Date("2025-01-10T13:30:00Z"), state: first.state });
    expect(second.skipped.find((s) => s.source === "exchangerate-api")).toEqual({
      source: "exchangerate-api",
      reason: "retry-after",
      until: "2025-01-10T14:00:00.000Z",
    });
    expect(server.count(PATHS["exchangerate-api"])).toBe(1);
  });

  it("forgets a source once it is disabled", async () => {
    server = await serve({});
    const config = allSources(server.origin);
    const first = await fetchAllSources(config, fetch);
    config.sources = { ...config.sources, "exchangerate-api": { enabled: false } };
    const second = await fetchAllSources(config, fetch, { state: first.state, force: true });
    expect(second.state).not.toHaveProperty("exchangerate-api");
    expect(buildDay(second, null)!.sources).not.toContain("exchangerate-api");
  });

  it("does not ask disabled sources", async () => {
    server = await serve({});
    const config = allSources(server.origin);
    config.sources = { ...config.sources, ecb: { enabled: false }, "currency-api": { enabled: false } };
    const out = await fetchAllSources(config, fetch);
    expect(out.results.map((r) => r.source)).toEqual(["bank-of-canada", "norges-bank", "exchangerate-api"]);
    expect(server.count(PATHS.ecb)).toBe(0);
    expect(server.count(PATHS["currency-api"])).toBe(0);
  });

  it("backfills one blended day per date from the 90-day history", async () => {
    server = await startServer({ "/ecb/eurofxref-hist-90d.xml": { body: fixture("ecb-eurofxref-hist-90d.xml") } });
    const config: FxConfigInput = {
      sources: { ...Object.fromEntries(SOURCE_IDS.map((id) => [id, { enabled: false }])), ecb: { baseUrls: [`${server.origin}/ecb/`] } },
    };
    const out = await fetchAllSources(config, fetch, { mode: "history" });
    const days = buildDays(out, null);
    expect(days.map((d) => d.date)).toEqual(["2025-01-07", "2025-01-08", "2025-01-09", "2025-01-10"]);
    expect(days.every((d) => d.sources.length === 1 && d.sources[0] === "ecb")).toBe(true);
    expect(days[3]!.rates.EUR).toBe(Number((1 / 1.0304).toPrecision(8)));
  });
});

describe("configuration", () => {
  it("defaults every source on at its publisher's address", () => {
    const config = fxConfigSchema.parse({});
    expect(config.sources).toEqual({});
    expect(config.timeoutMs).toBe(10_000);
  });

  it("rejects an unknown source id and a base URL that is not http(s)", () => {
    expect(fxConfigSchema.safeParse({ sources: { ecbb: {} } }).success).toBe(false);
    expect(fxConfigSchema.safeParse({ sources: { ecb: { baseUrls: ["ftp://x/"] } } }).success).toBe(false);
    expect(fxConfigSchema.safeParse({ sources: { ecb: { baseUrls: [] } } }).success).toBe(false);
  });

  it("adds the trailing slash a base URL needs", () => {
    const config = fxConfigSchema.parse({ sources: { ecb: { baseUrls: ["http://127.0.0.1:1/ecb"] } } });
    expect(config.sources.ecb?.baseUrls).toEqual(["http://127.0.0.1:1/ecb/"]);
  });

  it("lists the sources in SOURCE_IDS order, each with a schedule, a refetch interval and https mirrors", () => {
    expect(SOURCES.map((s) => s.id)).toEqual([...SOURCE_IDS]);
    for (const source of SOURCES) {
      expect(source.minRefetchIntervalMs).toBeGreaterThanOrEqual(30 * 60_000);
      expect(source.schedule.description.length).toBeGreaterThan(0);
      expect(source.baseUrls.every((u) => u.startsWith("https://") && u.endsWith("/"))).toBe(true);
    }
    expect(SOURCES.filter((s) => s.attribution).map((s) => s.id)).toEqual(["exchangerate-api"]);
  });
});
