import { isIsoDate } from "../day";
import { FeedError } from "./http";
import { byDate, normaliseDay, parseJson } from "./normalise";
import type { FxSource, ParsedFeed } from "./types";

/**
 * Bank of Canada Valet API, group FX_RATES_DAILY:
 *   { "groupDetail": {…}, "terms": { "url": "https://www.bankofcanada.ca/terms/" },
 *     "seriesDetail": { "FXUSDCAD": { "label": "USD/CAD", … }, … },
 *     "observations": [ { "d": "2025-01-10", "FXUSDCAD": { "v": "1.4406" }, … } ] }
 * Each series FX<XXX>CAD is Canadian dollars per one unit of XXX (values are
 * strings; older answers used numbers; a missing value is absent or { "e": … }).
 * With CAD as the base, rates[XXX] = 1 / v. Published once each business day by
 * 16:30 ET.
 */

const SERIES = /^FX([A-Z]{3})CAD$/;

export function parseBankOfCanadaJson(body: string): ParsedFeed {
  const answer = parseJson("bank-of-canada", body) as { observations?: unknown };
  if (!Array.isArray(answer?.observations)) throw new FeedError("parse", "bank-of-canada: no observations");
  const days = [];
  for (const observation of answer.observations as Record<string, unknown>[]) {
    const date = observation?.d;
    if (typeof date !== "string" || !isIsoDate(date)) continue;
    const pairs: [string, unknown][] = [];
    for (const [key, cell] of Object.entries(observation)) {
      const code = SERIES.exec(key)?.[1];
      const v = (cell as { v?: unknown } | null)?.v;
      if (!code || (typeof v !== "string" && typeof v !== "number")) continue;
      const cadPerUnit = Number(v);
      pairs.push([code, cadPerUnit > 0 ? 1 / cadPerUnit : Number.NaN]);
    }
    days.push(normaliseDay("bank-of-canada", date, "CAD", pairs));
  }
  if (days.length === 0) throw new FeedError("parse", "bank-of-canada: no dated observation");
  return { days: days.sort(byDate) };
}

export const bankOfCanadaSource: FxSource = {
  id: "bank-of-canada",
  name: "Bank of Canada",
  homepage: "https://www.bankofcanada.ca/rates/exchange/daily-exchange-rates/",
  terms: "https://www.bankofcanada.ca/terms/",
  attribution: null,
  schedule: {
    description: "Once each Canadian business day, by 16:30 Eastern time",
    days: "business-days",
    publishedAround: { time: "16:30", timeZone: "America/Toronto" },
  },
  minRefetchIntervalMs: 30 * 60_000,
  baseUrls: ["https://www.bankofcanada.ca/valet/"],
  latest: {
    path: "observations/group/FX_RATES_DAILY/json?recent=1",
    accept: "application/json",
    parse: parseBankOfCanadaJson,
  },
  history: {
    path: "observations/group/FX_RATES_DAILY/json?recent=90",
    accept: "application/json",
    parse: parseBankOfCanadaJson,
  },
};
