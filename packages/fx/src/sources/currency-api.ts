import { isIsoDate } from "../day";
import { FeedError } from "./http";
import { normaliseDay, parseJson } from "./normalise";
import type { FxSource, ParsedFeed } from "./types";

/**
 * fawazahmed0's free currency-api (CC0), static JSON files rebuilt once a day:
 *   GET …/v1/currencies/usd.json → { "date": "2025-01-10", "usd": { "1inch": 2.41, "aed": 3.6725, … } }
 * Codes are lowercase and the list mixes ISO currencies with crypto tokens,
 * metals and others; only ISO currencies from our table are kept.
 * The project documents two addresses: jsDelivr first, and Cloudflare Pages as the
 * fallback "in case the CDN is down" — they are this source's two base URLs.
 */

export function parseCurrencyApiJson(body: string, base = "usd"): ParsedFeed {
  const answer = parseJson("currency-api", body);
  if (typeof answer !== "object" || answer === null) throw new FeedError("parse", "currency-api: not an object");
  const { date } = answer as { date?: unknown };
  const rates = (answer as Record<string, unknown>)[base];
  if (typeof date !== "string" || !isIsoDate(date)) throw new FeedError("parse", "currency-api: no date");
  if (typeof rates !== "object" || rates === null) throw new FeedError("parse", `currency-api: no "${base}" rates`);
  return { days: [normaliseDay("currency-api", date, base, Object.entries(rates))] };
}

export const currencyApiSource: FxSource = {
  id: "currency-api",
  name: "fawazahmed0 currency-api",
  homepage: "https://github.com/fawazahmed0/exchange-api",
  attribution: null,
  schedule: {
    description: "Rebuilt once a day and served from CDN caches",
    days: "daily",
    publishedAround: null,
  },
  minRefetchIntervalMs: 60 * 60_000,
  baseUrls: ["https://cdn.jsdelivr.net/npm/@fawazahmed0/currency-api@latest/v1/", "https://latest.currency-api.pages.dev/v1/"],
  latest: { path: "currencies/usd.json", accept: "application/json", parse: (body) => parseCurrencyApiJson(body) },
};
