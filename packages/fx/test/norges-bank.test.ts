import { afterEach, describe, expect, it } from "vitest";
import { blend } from "../src/blend";
import { fetchAllSources } from "../src/refresh";
import { parseNorgesBankCsv } from "../src/sources/norges-bank";
import { only } from "./support/config";
import { fixture } from "./support/fixtures";
import { startServer, type ScriptedServer } from "./support/server";

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const PATH = "/api/data/EXR/B..NOK.SP?format=csv&lastNObservations=1&locale=en";
const HEADER =
  "FREQ;Frequency;BASE_CUR;Base Currency;QUOTE_CUR;Quote Currency;TENOR;Tenor;DECIMALS;CALCULATED;UNIT_MULT;Unit Multiplier;COLLECTION;Collection Indicator;TIME_PERIOD;OBS_VALUE";

describe("Norges Bank SDMX CSV adapter over HTTP", () => {
  it("reads the CSV with UNIT_MULT, NOK based, dropping index series and SDR", async () => {
    server = await startServer({ [PATH]: { headers: { "content-type": "text/csv" }, body: fixture("norges-bank-exr-last.csv") } });
    const out = await fetchAllSources(only("norges-bank", [`${server.origin}/api/`]), fetch);
    expect(server.count(PATH)).toBe(1);
    const days = out.results[0]!.days;
    // RUB's last observation is from 2022: it forms its own, older day.
    expect(days.map((d) => d.date)).toEqual(["2022-02-25", "2025-01-10"]);
    const day = days[1]!;
    expect(day.base).toBe("NOK");
    expect(day.rates.USD).toBeCloseTo(1 / 11.4125, 10); // UNIT_MULT 0: 1 USD = 11.4125 NOK
    expect(day.rates.JPY).toBeCloseTo(100 / 7.2135, 8); // UNIT_MULT 2: 100 JPY = 7.2135 NOK
    expect(day.rates.SEK).toBeCloseTo(100 / 102.0915, 10);
    for (const code of ["I44", "TWI", "XDR", "RUB"]) expect(day.rates).not.toHaveProperty(code);
    // The blend reads the newest day only.
    expect(blend(days)?.date).toBe("2025-01-10");
    expect(blend(days)?.rates).not.toHaveProperty("RUB");
  });
});

describe("parseNorgesBankCsv", () => {
  it("finds columns by name and strips thousands separators", () => {
    const csv = [
      "TIME_PERIOD,OBS_VALUE,BASE_CUR,QUOTE_CUR,UNIT_MULT",
      '2025-01-10,"1,137.50",XYZ,NOK,0',
      '2025-01-10,"1,140.25",ISK,NOK,4',
      "2025-01-10,11.4125,USD,NOK,0",
      "2025-01-10,11.0000,USD,SEK,0",
    ].join("\n");
    const [day] = parseNorgesBankCsv(csv).days;
    expect(day!.rates).toEqual({ USD: 1 / 11.4125, ISK: 10_000 / 1140.25, NOK: 1 });
  });

  it("rejects an answer that is not the SDMX CSV", () => {
    expect(() => parseNorgesBankCsv("<html>error</html>")).toThrow(/header/);
    expect(() => parseNorgesBankCsv(`${HEADER}\n`)).toThrow(/no observation/);
  });
});
