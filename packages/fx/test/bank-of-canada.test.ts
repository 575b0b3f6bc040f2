import { afterEach, describe, expect, it } from "vitest";
import { fetchAllSources } from "../src/refresh";
import { parseBankOfCanadaJson } from "../src/sources/bank-of-canada";
import { only } from "./support/config";
import { fixture } from "./support/fixtures";
import { startServer, type ScriptedServer } from "./support/server";

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const PATH = "/valet/observations/group/FX_RATES_DAILY/json?recent=1";

describe("Bank of Canada Valet adapter over HTTP", () => {
  it("inverts CAD-per-unit series into CAD-based rates", async () => {
    server = await startServer({ [PATH]: { body: fixture("bank-of-canada-fx-rates-daily.json") } });
    const out = await fetchAllSources(only("bank-of-canada", [`${server.origin}/valet/`]), fetch);
    expect(server.count(PATH)).toBe(1);
    const day = out.results[0]!.days[0]!;
    expect(day).toMatchObject({ source: "bank-of-canada", date: "2025-01-10", base: "CAD" });
    expect(day.rates.CAD).toBe(1);
    expect(day.rates.USD).toBeCloseTo(1 / 1.4385, 10); // FXUSDCAD "1.4385"
    expect(day.rates.JPY).toBeCloseTo(1 / 0.009092, 8); // FXJPYCAD "0.009092"
    // RUB is in seriesDetail but has no observation since the series was suspended.
    expect(day.rates).not.toHaveProperty("RUB");
    expect(Object.keys(day.rates)).toHaveLength(23);
  });
});

describe("parseBankOfCanadaJson", () => {
  it("accepts numeric values, skips error cells, and sorts observations by date", () => {
    const body = JSON.stringify({
      observations: [
        { d: "2025-01-10", FXUSDCAD: { v: "1.4385" }, FXEURCAD: { e: -64 } },
        { d: "2025-01-09", FXUSDCAD: { v: 1.44 }, FXEURCAD: { v: "0" } },
      ],
    });
    const { days } = parseBankOfCanadaJson(body);
    expect(days.map((d) => d.date)).toEqual(["2025-01-09", "2025-01-10"]);
    expect(days[0]!.rates).toEqual({ USD: 1 / 1.44, CAD: 1 });
    expect(days[1]!.rates).toEqual({ USD: 1 / 1.4385, CAD: 1 });
  });

  it("rejects an answer without observations", () => {
    expect(() => parseBankOfCanadaJson(`{"message":"Series not found"}`)).toThrow(/no observations/);
  });
});
