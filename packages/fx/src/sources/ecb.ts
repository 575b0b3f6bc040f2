import { XMLParser } from "fast-xml-parser";
import { FeedError } from "./http";
import { byDate, normaliseDay } from "./normalise";
import type { FeedEndpoint, FxSource, ParsedFeed } from "./types";

/**
 * European Central Bank euro foreign exchange reference rates.
 *
 * Format (gesmes envelope; EUR is the base, rate = units of currency per 1 EUR):
 *   <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01"
 *                    xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
 *     <gesmes:subject>Reference rates</gesmes:subject>
 *     <gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
 *     <Cube>
 *       <Cube time='2025-01-10'>
 *         <Cube currency='USD' rate='1.0304'/> …
 * The daily file quotes attributes with ' and the 90-day file with " — the XML
 * parser accepts both. The 90-day file lists days newest first; we sort oldest first.
 * Rates are set around 14:15 CET by concertation and published around 16:00 CET on
 * TARGET business days (no weekends, no TARGET holidays).
 */

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  removeNSPrefix: true,
  parseAttributeValue: false,
  parseTagValue: false,
  isArray: (name) => name === "Cube",
});

interface CubeNode {
  time?: string;
  currency?: string;
  rate?: string;
  Cube?: CubeNode[];
}

export function parseEcbXml(body: string): ParsedFeed {
  let doc: { Envelope?: { Cube?: CubeNode[] } };
  try {
    doc = xml.parse(body, true) as typeof doc;
  } catch (cause) {
    throw new FeedError("parse", `ecb: not well-formed XML (${(cause as Error).message ?? cause})`);
  }
  const envelope = doc.Envelope;
  if (!envelope || typeof envelope !== "object") throw new FeedError("parse", "ecb: no gesmes:Envelope");
  const dayCubes = envelope.Cube?.[0]?.Cube ?? [];
  const days = dayCubes.map((day) =>
    normaliseDay(
      "ecb",
      day.time ?? "",
      "EUR",
      (day.Cube ?? []).map((c) => [c.currency ?? "", c.rate] as const),
    ),
  );
  if (days.length === 0) throw new FeedError("parse", "ecb: the envelope holds no dated Cube");
  return { days: days.sort(byDate) };
}

const endpoint = (path: string): FeedEndpoint => ({
  path,
  accept: "application/xml, text/xml;q=0.9",
  parse: parseEcbXml,
});

export const ecbSource: FxSource = {
  id: "ecb",
  name: "European Central Bank",
  homepage: "https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/html/index.en.html",
  attribution: null,
  schedule: {
    description: "Around 16:00 CET on TARGET business days",
    days: "business-days",
    publishedAround: { time: "16:00", timeZone: "Europe/Berlin" },
  },
  minRefetchIntervalMs: 30 * 60_000,
  baseUrls: ["https://www.ecb.europa.eu/stats/eurofxref/"],
  latest: endpoint("eurofxref-daily.xml"),
  history: endpoint("eurofxref-hist-90d.xml"),
};
