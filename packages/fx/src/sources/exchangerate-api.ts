import { z } from "zod";
import { utcDate } from "../day";
import { FeedError } from "./http";
import { normaliseDay, parseJson } from "./normalise";
import type { FxSource, ParsedFeed } from "./types";

/**
 * ExchangeRate-API, open access endpoint (no key): GET /v6/latest/USD →
 *   { "result": "success", "provider": "https://www.exchangerate-api.com",
 *     "time_last_update_unix": 1736467351, "time_next_update_unix": 1736554441,
 *     "base_code": "USD", "rates": { "USD": 1, "AED": 3.6725, … } }
 * or { "result": "error", "error-type": "unsupported-code" } on failure.
 *
 * Its terms require the text "Rates By Exchange Rate API" linked to
 * https://www.exchangerate-api.com wherever the rates are shown, and ask clients
 * to fetch once per update: the data change once a day and over-eager clients are
 * answered 429. We keep time_next_update_unix and do not ask again before it.
 * The day is the UTC date of time_last_update_unix.
 */

const answerSchema = z.object({
  result: z.string(),
  "error-type": z.string().optional(),
  time_last_update_unix: z.number().optional(),
  time_next_update_unix: z.number().optional(),
  base_code: z.string().optional(),
  rates: z.record(z.string(), z.unknown()).optional(),
});

export function parseExchangeRateApiJson(body: string): ParsedFeed {
  const parsed = answerSchema.safeParse(parseJson("exchangerate-api", body));
  if (!parsed.success) throw new FeedError("parse", "exchangerate-api: unexpected answer shape");
  const answer = parsed.data;
  if (answer.result !== "success") {
    throw new FeedError("parse", `exchangerate-api: result ${answer.result} (${answer["error-type"] ?? "no error-type"})`);
  }
  if (answer.time_last_update_unix === undefined || !answer.base_code || !answer.rates) {
    throw new FeedError("parse", "exchangerate-api: success without time, base or rates");
  }
  const day = normaliseDay("exchangerate-api", utcDate(new Date(answer.time_last_update_unix * 1000)), answer.base_code, Object.entries(answer.rates));
  const next = answer.time_next_update_unix;
  return {
    days: [day],
    ...(next !== undefined && next > 0 ? { nextUpdateAt: new Date(next * 1000).toISOString() } : {}),
  };
}

export const exchangeRateApiSource: FxSource = {
  id: "exchangerate-api",
  name: "ExchangeRate-API",
  homepage: "https://www.exchangerate-api.com/docs/free",
  terms: "https://www.exchangerate-api.com/terms",
  attribution: { text: "Rates By Exchange Rate API", url: "https://www.exchangerate-api.com" },
  schedule: {
    description: "Once a day, shortly after 00:00 UTC; each answer says when the next update is due",
    days: "daily",
    publishedAround: { time: "00:00", timeZone: "UTC" },
  },
  minRefetchIntervalMs: 60 * 60_000,
  baseUrls: ["https://open.er-api.com/v6/"],
  latest: { path: "latest/USD", accept: "application/json", parse: parseExchangeRateApiJson },
};
