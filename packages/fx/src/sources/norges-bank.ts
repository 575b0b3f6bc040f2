import { isIsoDate } from "../day";
import { FeedError } from "./http";
import { byDate, normaliseDay } from "./normalise";
import type { FxSource, ParsedFeed } from "./types";

/**
 * Norges Bank exchange rates, SDMX CSV (locale=en):
 *   FREQ;Frequency;BASE_CUR;Base Currency;QUOTE_CUR;Quote Currency;TENOR;Tenor;DECIMALS;CALCULATED;UNIT_MULT;Unit Multiplier;COLLECTION;Collection Indicator;TIME_PERIOD;OBS_VALUE
 *   B;Business;USD;US dollar;NOK;Norwegian krone;SP;Spot;4;false;0;Units;C;ECB concertation time 14:15 CET;2025-01-10;11.4086
 *   B;Business;JPY;Japanese yen;NOK;Norwegian krone;SP;Spot;4;false;2;Hundreds;C;ECB concertation time 14:15 CET;2025-01-10;7.2174
 * OBS_VALUE is NOK per 10^UNIT_MULT units of BASE_CUR: JPY, SEK, DKK, ISK, HUF, …
 * are quoted per 100 (UNIT_MULT 2), so 7.2174 means 100 JPY = 7.2174 NOK. Ignoring it
 * is off by a factor 100. With NOK as the base, rates[X] = 10^UNIT_MULT / OBS_VALUE.
 * Columns are found by header name, not position. With locale=en "." is the decimal
 * point and "," can only be a thousands separator. lastNObservations=1 is per
 * series, so a discontinued series brings an old date: it forms its own (older)
 * day and is left out of the blend, which reads each source's newest day.
 * Index series (I44, TWI) and XDR are not currencies and are dropped.
 */

function splitLine(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      cells.push(cell);
      cell = "";
    } else cell += ch;
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
}

export function parseNorgesBankCsv(body: string): ParsedFeed {
  const lines = body
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter((l) => l.trim() !== "");
  const header = lines[0];
  if (header === undefined) throw new FeedError("parse", "norges-bank: empty answer");
  const delimiter = header.includes(";") ? ";" : ",";
  const columns = splitLine(header, delimiter);
  const at = (name: string) => columns.indexOf(name);
  const [base, quote, mult, period, value] = ["BASE_CUR", "QUOTE_CUR", "UNIT_MULT", "TIME_PERIOD", "OBS_VALUE"].map(at);
  if ([base, quote, mult, period, value].some((i) => i === undefined || i < 0)) {
    throw new FeedError("parse", "norges-bank: not the SDMX CSV header");
  }
  const byDay = new Map<string, [string, number][]>();
  for (const line of lines.slice(1)) {
    const cells = splitLine(line, delimiter);
    const date = cells[period!] ?? "";
    if (cells[quote!] !== "NOK" || !isIsoDate(date)) continue;
    const nokPerUnits = Number((cells[value!] ?? "").replace(/,/g, "") || Number.NaN);
    const unitMult = Number(cells[mult!] || "0");
    const rate = Number.isInteger(unitMult) && nokPerUnits > 0 ? 10 ** unitMult / nokPerUnits : Number.NaN;
    const list = byDay.get(date) ?? [];
    list.push([cells[base!] ?? "", rate]);
    byDay.set(date, list);
  }
  const days = [...byDay].map(([date, pairs]) => normaliseDay("norges-bank", date, "NOK", pairs));
  if (days.length === 0) throw new FeedError("parse", "norges-bank: no observation");
  return { days: days.sort(byDate) };
}

export const norgesBankSource: FxSource = {
  id: "norges-bank",
  name: "Norges Bank",
  homepage: "https://www.norges-bank.no/en/topics/Statistics/exchange_rates/",
  terms: "https://data.norge.no/nlod/en/2.0",
  attribution: null,
  schedule: {
    description: "Around 16:00 Oslo time on Norwegian business days",
    days: "business-days",
    publishedAround: { time: "16:00", timeZone: "Europe/Oslo" },
  },
  minRefetchIntervalMs: 30 * 60_000,
  baseUrls: ["https://data.norges-bank.no/api/"],
  latest: {
    path: "data/EXR/B..NOK.SP?format=csv&lastNObservations=1&locale=en",
    accept: "text/csv",
    parse: parseNorgesBankCsv,
  },
  history: {
    path: "data/EXR/B..NOK.SP?format=csv&lastNObservations=90&locale=en",
    accept: "text/csv",
    parse: parseNorgesBankCsv,
  },
};
