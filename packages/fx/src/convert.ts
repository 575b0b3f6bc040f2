import { toSignificant } from "./blend";
import type { BlendedDay } from "./day";
import { formatAmount, roundToMinorUnits } from "./money";

/**
 * Reading a blended day for any base. Everywhere, rates[X] is how many units of X
 * one unit of the base buys, so with pivot rates p (units per USD):
 *   rate(from → to) = p[to] / p[from].
 * Rebased rates are cut to FX_LIMITS.rateSignificantDigits like the stored ones,
 * and a conversion's `result` is computed from the `rate` it reports (then rounded
 * to the target's minor units), so a reader can check result ≈ amount × rate.
 */

/** The part of a day that conversion needs (a stored BlendedDay or the built-in table). */
export type RatesDay = Pick<BlendedDay, "date" | "rates">;

export type Lookup<T> = { ok: true; value: T } | { ok: false; missing: string[] };

/** Rates quoted against some base → rates against newBase; null when newBase is not quoted. */
export function rebaseRates(rates: Readonly<Record<string, number>>, newBase: string): Record<string, number> | null {
  const perNewBase = rates[newBase];
  if (perNewBase === undefined || !(perNewBase > 0)) return null;
  const out: Record<string, number> = {};
  for (const [code, value] of Object.entries(rates)) {
    out[code] = code === newBase ? 1 : toSignificant(value / perNewBase);
  }
  return out;
}

/** One unit of `from` buys this many `to`; null when either has no rate that day. */
export function rateBetween(day: RatesDay, from: string, to: string): number | null {
  const perFrom = day.rates[from];
  const perTo = day.rates[to];
  if (perFrom === undefined || perTo === undefined || !(perFrom > 0)) return null;
  return from === to ? 1 : toSignificant(perTo / perFrom);
}

/**
 * The day's rates for `base`, optionally only `symbols` (the base itself is
 * included, as 1, when no symbols are given). Fails with the codes that have no
 * rate that day — the base or any requested symbol (→ 404 not_found).
 */
export function ratesForBase(day: RatesDay, base: string, symbols?: readonly string[]): Lookup<Record<string, number>> {
  const wanted = symbols ?? Object.keys(day.rates).sort();
  const missing = [base, ...wanted].filter((code, i, all) => day.rates[code] === undefined && all.indexOf(code) === i);
  if (missing.length > 0) return { ok: false, missing };
  const rebased = rebaseRates(day.rates, base)!;
  const value: Record<string, number> = {};
  for (const code of wanted) value[code] = rebased[code]!;
  return { ok: true, value };
}

export interface Conversion {
  from: string;
  to: string;
  amount: number;
  rate: number;
  /** Rounded to the ISO 4217 minor units of `to`. */
  result: number;
  /** `result` with the symbol of `to` (see money.ts for the format). */
  formatted: string;
  date: string;
}

/** amount of `from` in `to` on that day. Throws RangeError for a non-finite amount (validate input first). */
export function convert(from: string, to: string, amount: number, day: RatesDay): Lookup<Conversion> {
  if (!Number.isFinite(amount)) throw new RangeError(`Not a finite amount: ${amount}`);
  const rate = rateBetween(day, from, to);
  if (rate === null) {
    return { ok: false, missing: [from, to].filter((c, i, all) => day.rates[c] === undefined && all.indexOf(c) === i) };
  }
  const raw = amount * rate;
  return {
    ok: true,
    value: {
      from,
      to,
      amount,
      rate,
      result: roundToMinorUnits(raw, to),
      formatted: formatAmount(raw, to),
      date: day.date,
    },
  };
}
