import { afterEach, describe, expect, it } from "vitest";
import { fetchAllSources } from "../src/refresh";
import { parseEcbXml } from "../src/sources/ecb";
import { FeedError } from "../src/sources/http";
import { only, recordingSleep } from "./support/config";
import { fixture } from "./support/fixtures";
import { startServer, type ScriptedServer } from "./support/server";

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const ECB_CURRENCIES = 30; // USD … ZAR in the daily file, plus EUR itself

describe("ECB adapter over HTTP", () => {
  it("reads the daily file (single-quoted attributes), EUR based", async () => {
    server = await startServer({
      "/stats/eurofxref/eurofxref-daily.xml": { headers: { "content-type": "text/xml" }, body: fixture("ecb-eurofxref-daily.xml") },
    });
    const out = await fetchAllSources(only("ecb", [`${server.origin}/stats/eurofxref/`]), fetch);
    expect(out.failures).toEqual([]);
    const [result] = out.results;
    expect(result?.url).toBe(`${server.origin}/stats/eurofxref/eurofxref-daily.xml`);
    expect(result?.days).toHaveLength(1);
    const day = result!.days[0]!;
    expect(day).toMatchObject({ source: "ecb", date: "2025-01-10", base: "EUR" });
    expect(day.rates).toMatchObject({ EUR: 1, USD: 1.0304, JPY: 163.02, GBP: 0.83596, BGN: 1.9558 });
    expect(Object.keys(day.rates)).toHaveLength(ECB_CURRENCIES + 1);
  });

  it("reads the 90-day file (double-quoted, newest first) oldest first in history mode", async () => {
    server = await startServer({ "/ecb/eurofxref-hist-90d.xml": { body: fixture("ecb-eurofxref-hist-90d.xml") } });
    const out = await fetchAllSources(only("ecb", [`${server.origin}/ecb`]), fetch, { mode: "history" });
    const days = out.results[0]!.days;
    expect(days.map((d) => d.date)).toEqual(["2025-01-07", "2025-01-08", "2025-01-09", "2025-01-10"]);
    expect(days.every((d) => Object.keys(d.rates).length === ECB_CURRENCIES + 1)).toBe(true);
    expect(days[3]!.rates.USD).toBe(1.0304);
  });

  it("reports a 5xx that outlasts the retries as a failure, not a throw", async () => {
    server = await startServer({ "/ecb/eurofxref-daily.xml": { status: 503 } });
    const { sleep } = recordingSleep();
    const out = await fetchAllSources(only("ecb", [`${server.origin}/ecb/`], { retries: 1 }), fetch, { sleep });
    expect(out.results).toEqual([]);
    expect(out.failures).toEqual([expect.objectContaining({ source: "ecb", kind: "http", status: 503, attempts: 2 })]);
  });

  it("treats an HTML error page served with 200 as a parse failure", async () => {
    server = await startServer({ "/ecb/eurofxref-daily.xml": { body: "<html><body>Maintenance</body></html>" } });
    const out = await fetchAllSources(only("ecb", [`${server.origin}/ecb/`]), fetch);
    expect(out.failures[0]).toMatchObject({ source: "ecb", kind: "parse" });
  });
});

describe("parseEcbXml", () => {
  it("accepts both quote styles in one document and drops non-positive or non-numeric rates", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
<Cube><Cube time="2025-01-09"><Cube currency='USD' rate="1.0314"/><Cube currency="JPY" rate='162.9'/>
<Cube currency="RUB" rate="N/A"/><Cube currency="HUF" rate="0"/></Cube></Cube></gesmes:Envelope>`;
    const { days } = parseEcbXml(xml);
    expect(days).toEqual([{ source: "ecb", date: "2025-01-09", base: "EUR", rates: { USD: 1.0314, JPY: 162.9, EUR: 1 } }]);
  });

  it("rejects malformed XML and an envelope with no day", () => {
    expect(() => parseEcbXml("<gesmes:Envelope><Cube>")).toThrow(FeedError);
    expect(() => parseEcbXml(`<gesmes:Envelope xmlns:gesmes="x"><Cube></Cube></gesmes:Envelope>`)).toThrow(/no dated Cube/);
  });
});
