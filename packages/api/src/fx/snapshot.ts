import { createHash } from "node:crypto";
import {
  type BlendedDay,
  CURRENCIES,
  type Currency,
  FX_LIMITS,
  type LatestResponse,
  type Lookup,
  type Provider,
  providerFor,
  rebaseRates,
} from "@streamkit/fx";

/**
 * What the exchange-rate endpoints serve, computed once per (day, fetch time,
 * staleness) — never per request: the ETag, the Cache-Control value, the
 * provider, the currency list, the legacy /rates body; rates for other bases
 * are worked out on first use and kept for the life of the snapshot.
 */
export interface FxSnapshot {
  day: BlendedDay;
  /** The built-in table is served: nothing stored, feeds unreadable. */
  builtin: boolean;
  /** ISO 8601: when the feeds behind `day` were read (for the built-in table: the last attempt). */
  fetchedAt: string;
  stale: boolean;
  /** Epoch ms at which this (fresh) snapshot turns stale by age; Infinity when already stale. */
  staleAt: number;
  provider: Provider;
  etag: string;
  cacheControl: string;
  /** Every currency with a rate today, alphabetical (docs/exchange-rates.md#endpoints-parameters-and-defaults rule 5). */
  currencies: Currency[];
  /** Rates against `base` for `symbols` (all, alphabetical, when absent); the codes with no rate today otherwise. */
  ratesFor(base: string, symbols?: readonly string[]): Lookup<Record<string, number>>;
  /** GET /fx/latest?base=USD with every symbol, which is also the legacy GET /rates body. */
  usdLatest(): LatestResponse;
}

export interface SnapshotInput {
  day: BlendedDay;
  builtin: boolean;
  fetchedAt: Date;
  stale: boolean;
  staleAt: number;
}

export function makeSnapshot(input: SnapshotInput): FxSnapshot {
  const { day, builtin, stale } = input;
  const fetchedAt = input.fetchedAt.toISOString();
  const codes = Object.keys(day.rates).sort();
  const pivotRates: Record<string, number> = {};
  for (const code of codes) pivotRates[code] = day.rates[code]!;
  const provider = providerFor(builtin ? [] : day.sources);
  // The validator covers everything a body can carry: the day's numbers, when they were read, staleness, sources.
  const digest = createHash("sha1")
    .update(JSON.stringify([day.date, fetchedAt, stale, day.sources, pivotRates]))
    .digest("base64url")
    .slice(0, 16);
  const byBase = new Map<string, Record<string, number> | null>();
  const allFor = (base: string) => {
    if (!byBase.has(base)) byBase.set(base, base === day.pivot ? pivotRates : rebaseRates(pivotRates, base));
    return byBase.get(base)!;
  };
  let legacy: LatestResponse | undefined;
  const snapshot: FxSnapshot = {
    day: { ...day, rates: pivotRates },
    builtin,
    fetchedAt,
    stale,
    staleAt: stale ? Number.POSITIVE_INFINITY : input.staleAt,
    provider,
    etag: `"fx-${day.date}-${digest}"`,
    cacheControl: `public, max-age=${stale ? FX_LIMITS.cacheSeconds.stale : FX_LIMITS.cacheSeconds.fresh}`,
    currencies: CURRENCIES.filter((c) => pivotRates[c.code] !== undefined),
    ratesFor(base, symbols) {
      const all = allFor(base);
      const missing = [base, ...(symbols ?? [])].filter((code, i, list) => pivotRates[code] === undefined && list.indexOf(code) === i);
      if (!all || missing.length > 0) return { ok: false, missing };
      if (!symbols) return { ok: true, value: all };
      const value: Record<string, number> = {};
      for (const code of symbols) value[code] = all[code]!;
      return { ok: true, value };
    },
    usdLatest() {
      legacy ??= { base: "USD", rates: allFor("USD")!, date: day.date, fetchedAt, stale, provider };
      return legacy;
    },
  };
  return snapshot;
}
