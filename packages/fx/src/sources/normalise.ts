import { isSupportedCurrency } from "../currencies";
import { isIsoDate, type SourceDay, type SourceId } from "../day";
import { FeedError } from "./http";

/**
 * Turns one publisher's (code, value) pairs into a SourceDay: codes upper-cased,
 * anything that is not a currency in our ISO 4217 table dropped (crypto, metals,
 * indices, withdrawn codes, "GGP"-style local issues), and any value that is not a
 * finite positive number dropped (a feed's null, "N/A", 0 or negative must not
 * become a rate). The base is added with the value 1.
 */
export function normaliseDay(source: SourceId, date: string, base: string, pairs: Iterable<readonly [string, unknown]>): SourceDay {
  const baseCode = base.toUpperCase();
  if (!isIsoDate(date)) throw new FeedError("parse", `${source}: not a date: ${JSON.stringify(date)}`);
  if (!isSupportedCurrency(baseCode)) throw new FeedError("parse", `${source}: unsupported base ${base}`);
  const rates: Record<string, number> = {};
  for (const [rawCode, rawValue] of pairs) {
    const code = rawCode.toUpperCase();
    const value = typeof rawValue === "string" ? Number(rawValue.trim() || Number.NaN) : rawValue;
    if (!isSupportedCurrency(code)) continue;
    if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) continue;
    rates[code] = value;
  }
  rates[baseCode] = 1;
  return { source, date, base: baseCode, rates };
}

export function byDate(a: SourceDay, b: SourceDay): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : 0;
}

export function parseJson(source: SourceId, body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new FeedError("parse", `${source}: the answer is not JSON`);
  }
}
