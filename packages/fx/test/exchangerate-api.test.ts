import { afterEach, describe, expect, it } from "vitest";
import { providerFor } from "../src/provider";
import { fetchAllSources } from "../src/refresh";
import { parseExchangeRateApiJson } from "../src/sources/exchangerate-api";
import { getSource } from "../src/sources/registry";
import { only } from "./support/config";
import { fixture } from "./support/fixtures";
import { startServer, type ScriptedServer } from "./support/server";

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const PATH = "/v6/latest/USD";

describe("ExchangeRate-API adapter over HTTP", () => {
  it("reads the open-access answer, dated by time_last_update_unix, keeping only ISO currencies", async () => {
    server = await startServer({ [PATH]: { headers: { "content-type": "application/json" }, body: fixture("exchangerate-api-latest-usd.json") } });
    const out = await fetchAllSources(only("exchangerate-api", [`${server.origin}/v6/`]), fetch);
    const result = out.results[0]!;
    expect(result.nextUpdateAt).toBe("2025-01-11T00:14:01.000Z");
    const day = result.days[0]!;
    expect(day).toMatchObject({ source: "exchangerate-api", date: "2025-01-10", base: "USD" });
    expect(day.rates).toMatchObject({ USD: 1, EUR: 0.9705, JPY: 158.21, KWD: 0.3083, AED: 3.6725 });
    // Local issues, units of account and withdrawn codes the feed still lists:
    for (const code of ["FOK", "GGP", "IMP", "JEP", "KID", "TVD", "XDR", "SLL", "ZWL", "ANG"]) {
      expect(day.rates).not.toHaveProperty(code);
    }
  });

  it("asks at most once per update: skipped until time_next_update_unix, asked again after it", async () => {
    server = await startServer({ [PATH]: { body: fixture("exchangerate-api-latest-usd.json") } });
    const config = only("exchangerate-api", [`${server.origin}/v6/`]);
    const first = await fetchAllSources(config, fetch, { now: new Date("2025-01-10T08:00:00Z") });
    const second = await fetchAllSources(config, fetch, { now: new Date("2025-01-10T20:00:00Z"), state: first.state });
    expect(second.results).toEqual([]);
    expect(second.skipped).toEqual([{ source: "exchangerate-api", reason: "next-update", until: "2025-01-11T00:14:01.000Z" }]);
    expect(server.count(PATH)).toBe(1);
    const third = await fetchAllSources(config, fetch, { now: new Date("2025-01-11T00:20:00Z"), state: second.state });
    expect(third.results).toHaveLength(1);
    expect(server.count(PATH)).toBe(2);
  });

  it("turns a result: error answer into a parse failure", async () => {
    server = await startServer({ [PATH]: { body: `{"result":"error","error-type":"unsupported-code"}` } });
    const out = await fetchAllSources(only("exchangerate-api", [`${server.origin}/v6/`]), fetch);
    expect(out.failures[0]).toMatchObject({ kind: "parse", message: expect.stringContaining("unsupported-code") });
  });

  it("carries the attribution its terms require", () => {
    expect(getSource("exchangerate-api")?.attribution).toEqual({
      text: "Rates By Exchange Rate API",
      url: "https://www.exchangerate-api.com",
    });
    expect(providerFor(["ecb", "exchangerate-api"])).toMatchObject({
      attribution: "Rates By Exchange Rate API",
      url: "https://www.exchangerate-api.com",
    });
  });
});

describe("parseExchangeRateApiJson", () => {
  it("drops null, zero, negative and non-finite values", () => {
    const body = JSON.stringify({
      result: "success",
      time_last_update_unix: 1736467351,
      time_next_update_unix: 1736554441,
      base_code: "USD",
      rates: { USD: 1, EUR: 0.97, JPY: null, GBP: 0, INR: -1, CAD: "abc", CHF: Number.POSITIVE_INFINITY },
    });
    expect(parseExchangeRateApiJson(body).days[0]!.rates).toEqual({ USD: 1, EUR: 0.97 });
  });

  it("rejects a body that is not JSON", () => {
    expect(() => parseExchangeRateApiJson("<html>")).toThrow(/not JSON/);
  });
});
