import { daysBetween, type BlendedDay, type SourceDay, type SourceId } from "./day";
import { FX_LIMITS } from "./limits";
import { SOURCE_IDS } from "./sources/ids";

/**
 * The blend (docs/exchange-rates.md#endpoints-parameters-and-defaults rule 6): several feeds' days → one day of rates.
 *
 * 1. Pick per source its newest day. The blended day's date is the newest of
 *    those; a source whose newest day is more than FX_LIMITS.maxSourceAgeDays
 *    older is left out (central banks skip weekends and holidays, so a few days'
 *    lag is normal, but not a stale feed).
 * 2. Rebase every source to the pivot, USD: v_s(X) = rates_s[X] / rates_s[USD].
 *    A source without a USD rate cannot be rebased and is left out.
 * 3. For each currency X, let C be the sources quoting it (in priority order:
 *    the registry's order, central banks first), and repeat:
 *    a. |C| = 1 → take that value.
 *    b. m = median of C's values (mean of the middle two for an even count).
 *       If every value lies within the tolerance of m, |v/m − 1| ≤ 0.5 %
 *       (FX_LIMITS.blendTolerance), the rate is the arithmetic mean of C.
 *    c. Otherwise, if |C| ≥ 3, drop the value farthest from m (relative distance;
 *       on a tie the lower-priority source) and repeat from a.
 *    d. Otherwise two sources disagree: keep the one whose value is nearest
 *       (relative distance) to the previous day's blended rate for X. With no
 *       previous rate for X, keep the higher-priority source's value — an official
 *       reference rate rather than an aggregator's; on an exact tie, likewise.
 * 4. contributors[X] lists the sources whose values made the rate; `sources`
 *    lists every source that contributed to at least one rate. USD is exactly 1,
 *    contributed by every source used.
 * 5. Rates are kept to FX_LIMITS.rateSignificantDigits significant digits.
 * A currency quoted by one source only is taken from it (3a), so the blend covers
 * the union of the feeds. No usable source → null: the caller serves the newest
 * stored day, or the built-in table, as stale.
 */

export interface BlendOptions {
  /** Relative tolerance around the median; default FX_LIMITS.blendTolerance. */
  tolerance?: number;
  maxSourceAgeDays?: number;
  /** Source ids, highest priority first; default the registry order. */
  priority?: readonly SourceId[];
}

interface Candidate {
  source: SourceId;
  value: number;
}

const PIVOT = FX_LIMITS.pivot;
// Float noise must not turn "exactly at the tolerance" into a disagreement.
const EPSILON = 1e-12;

export function toSignificant(value: number, digits = FX_LIMITS.rateSignificantDigits): number {
  return Number(value.toPrecision(digits));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const distance = (value: number, reference: number) => Math.abs(value / reference - 1);

/** Step 3 for one currency; `candidates` in priority order. */
export function pickRate(candidates: readonly Candidate[], previous: number | undefined, tolerance: number): { value: number; sources: SourceId[] } {
  let remaining = [...candidates];
  for (;;) {
    if (remaining.length === 1) return { value: remaining[0]!.value, sources: [remaining[0]!.source] };
    const m = median(remaining.map((c) => c.value));
    if (remaining.every((c) => distance(c.value, m) <= tolerance + EPSILON)) {
      const mean = remaining.reduce((sum, c) => sum + c.value, 0) / remaining.length;
      return { value: mean, sources: remaining.map((c) => c.source) };
    }
    if (remaining.length >= 3) {
      let worst = 0;
      remaining.forEach((c, i) => {
        if (distance(c.value, m) >= distance(remaining[worst]!.value, m)) worst = i;
      });
      remaining = remaining.filter((_, i) => i !== worst);
      continue;
    }
    let kept = remaining[0]!;
    if (previous !== undefined && previous > 0) {
      for (const c of remaining) if (distance(c.value, previous) < distance(kept.value, previous)) kept = c;
    }
    return { value: kept.value, sources: [kept.source] };
  }
}

export function blend(inputs: readonly SourceDay[], previous?: BlendedDay | null, options: BlendOptions = {}): BlendedDay | null {
  const tolerance = options.tolerance ?? FX_LIMITS.blendTolerance;
  const maxAge = options.maxSourceAgeDays ?? FX_LIMITS.maxSourceAgeDays;
  const priority = options.priority ?? SOURCE_IDS;
  const rank = (id: SourceId) => {
    const i = priority.indexOf(id);
    return i < 0 ? priority.length : i;
  };

  const newest = new Map<SourceId, SourceDay>();
  for (const day of inputs) {
    const current = newest.get(day.source);
    if (!current || day.date > current.date) newest.set(day.source, day);
  }

  const pivoted = [...newest.values()].flatMap((day) => {
    const perPivot = day.rates[PIVOT];
    if (perPivot === undefined || !(perPivot > 0)) return [];
    const rates: Record<string, number> = {};
    for (const [code, value] of Object.entries(day.rates)) rates[code] = value / perPivot;
    return [{ source: day.source, date: day.date, rates }];
  });
  if (pivoted.length === 0) return null;

  // The newest day: ISO dates (YYYY-MM-DD) order as strings.
  const date = pivoted
    .map((p) => p.date)
    .sort()
    .at(-1)!;
  const used = pivoted.filter((p) => daysBetween(p.date, date) <= maxAge).sort((a, b) => rank(a.source) - rank(b.source) || (a.source < b.source ? -1 : 1));

  const codes = new Set(used.flatMap((p) => Object.keys(p.rates)));
  codes.delete(PIVOT);
  const rates: Record<string, number> = { [PIVOT]: 1 };
  const contributors: Record<string, SourceId[]> = { [PIVOT]: used.map((p) => p.source) };
  for (const code of [...codes].sort()) {
    const candidates = used.flatMap((p) => {
      const value = p.rates[code];
      return value !== undefined ? [{ source: p.source, value }] : [];
    });
    const picked = pickRate(candidates, previous?.rates[code], tolerance);
    rates[code] = toSignificant(picked.value);
    contributors[code] = picked.sources;
  }

  const contributing = new Set(Object.entries(contributors).flatMap(([code, ids]) => (code === PIVOT ? [] : ids)));
  const sources = used.map((p) => p.source).filter((id) => contributing.has(id));
  // A source that quoted nothing but USD contributed nothing either.
  contributors[PIVOT] = contributors[PIVOT]!.filter((id) => contributing.has(id));
  if (sources.length === 0) return null;
  return { date, pivot: PIVOT, rates, contributors, sources };
}
