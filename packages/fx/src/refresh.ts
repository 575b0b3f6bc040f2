import { blend, type BlendOptions } from "./blend";
import type { BlendedDay, SourceDay, SourceId } from "./day";
import { fetchSource, type FetchMode } from "./sources/fetch-source";
import { FeedError, type FeedErrorKind, type FetchLike, type HttpDeps } from "./sources/http";
import { fxConfigSchema, resolveSources, type FxConfigInput } from "./sources/registry";
import type { FxSource } from "./sources/types";

/**
 * Orchestration without storage: read every enabled feed that is due (concurrently;
 * one failing feed never fails the others), then blend into the day to store.
 *
 * The API owns the clock, the schedule loop and the database. It passes the
 * `state` returned by one call into the next: that is how each publisher's
 * schedule is respected ("no more often than it updates"), and it also remembers
 * each source's newest day, because most rounds read only some sources (the
 * central banks publish in the afternoon, ExchangeRate-API after midnight) and the
 * day must still blend all of them — see buildDay.
 *
 * Staleness, for the API: a round with results → store buildDay(...), fresh.
 * A round where sources were tried and none could be read (feedsDown) → keep
 * serving the newest stored day, or the built-in table, with stale: true.
 * A round where everything was merely skipped (not due) changes nothing.
 */

export interface SourceState {
  lastAttemptAt: string;
  lastSuccessAt?: string;
  /** From the publisher (ExchangeRate-API's time_next_update_unix). */
  nextUpdateAt?: string;
  /** From a Retry-After too long to wait for within one round. */
  retryAfterUntil?: string;
  /** The newest day this source gave, so a round that skips it can still blend it. */
  lastDay?: SourceDay;
}
export type SourceStates = Record<SourceId, SourceState>;

export interface SourceResult {
  source: SourceId;
  ok: true;
  days: SourceDay[];
  url: string;
  attempts: number;
  nextUpdateAt?: string;
}

export interface SourceFailure {
  source: SourceId;
  ok: false;
  kind: FeedErrorKind | "internal";
  message: string;
  status?: number;
  url?: string;
  attempts: number;
}

export type SkipReason = "min-interval" | "next-update" | "retry-after";

export interface SkippedSource {
  source: SourceId;
  reason: SkipReason;
  /** ISO 8601: not asked again before this. */
  until: string;
}

export interface FetchAllResult {
  fetchedAt: string;
  results: SourceResult[];
  failures: SourceFailure[];
  skipped: SkippedSource[];
  /** Pass back in as options.state next time. */
  state: SourceStates;
}

export interface FetchAllOptions {
  /** Per-source memory from the previous call; without it every source is due. */
  state?: SourceStates;
  now?: Date;
  /** "history" reads the longer window where a source has one (ECB 90 days), for backfilling. */
  mode?: FetchMode;
  /** Ignore the schedule (an operator's manual `fx:refresh`). */
  force?: boolean;
  signal?: AbortSignal;
  sleep?: HttpDeps["sleep"];
  random?: HttpDeps["random"];
}

/** When the source may next be asked, and why; null when it may be asked now. */
export function notBefore(source: FxSource, state: SourceState | undefined, now: Date): SkippedSource | null {
  if (!state) return null;
  const limits: { at: number; reason: SkipReason }[] = [{ at: Date.parse(state.lastAttemptAt) + source.minRefetchIntervalMs, reason: "min-interval" }];
  if (state.nextUpdateAt) limits.push({ at: Date.parse(state.nextUpdateAt), reason: "next-update" });
  if (state.retryAfterUntil) limits.push({ at: Date.parse(state.retryAfterUntil), reason: "retry-after" });
  const latest = limits.reduce((a, b) => (b.at > a.at ? b : a));
  if (!(latest.at > now.getTime())) return null;
  return { source: source.id, reason: latest.reason, until: new Date(latest.at).toISOString() };
}

export async function fetchAllSources(
  config: FxConfigInput = {},
  fetchImpl: FetchLike = (url, init) => globalThis.fetch(url, init),
  options: FetchAllOptions = {},
): Promise<FetchAllResult> {
  const parsed = fxConfigSchema.parse(config);
  const now = options.now ?? new Date();
  const fetchedAt = now.toISOString();
  const policy = {
    timeoutMs: parsed.timeoutMs,
    retries: parsed.retries,
    backoffMs: parsed.backoffMs,
    maxBackoffMs: parsed.maxBackoffMs,
    maxRetryAfterMs: parsed.maxRetryAfterMs,
    userAgent: parsed.userAgent,
  };
  const deps: HttpDeps = { fetch: fetchImpl, sleep: options.sleep, random: options.random, signal: options.signal };
  const enabled = resolveSources(parsed);
  // Only enabled sources are remembered: a source switched off stops counting at once.
  const state: SourceStates = Object.fromEntries(enabled.flatMap(({ source }) => (options.state?.[source.id] ? [[source.id, options.state[source.id]!]] : [])));
  const results: SourceResult[] = [];
  const failures: SourceFailure[] = [];
  const skipped: SkippedSource[] = [];

  await Promise.all(
    enabled.map(async (resolved) => {
      const { source } = resolved;
      const previous = state[source.id];
      const wait = options.force ? null : notBefore(source, previous, now);
      if (wait) {
        skipped.push(wait);
        return;
      }
      try {
        const fetched = await fetchSource(resolved, options.mode ?? "latest", policy, deps);
        results.push({ source: source.id, ok: true, ...fetched });
        const newest = fetched.days.at(-1);
        state[source.id] = {
          lastAttemptAt: fetchedAt,
          lastSuccessAt: fetchedAt,
          ...(fetched.nextUpdateAt ? { nextUpdateAt: fetched.nextUpdateAt } : {}),
          ...(newest ? { lastDay: newest } : {}),
        };
      } catch (error) {
        if (options.signal?.aborted) throw error;
        const feed = error instanceof FeedError ? error : undefined;
        const retryAfterMs = feed?.details.retryAfterMs;
        failures.push({
          source: source.id,
          ok: false,
          kind: feed?.kind ?? "internal",
          message: error instanceof Error ? error.message : String(error),
          ...(feed?.details.status !== undefined ? { status: feed.details.status } : {}),
          ...(feed?.details.url !== undefined ? { url: feed.details.url } : {}),
          attempts: feed?.details.attempts ?? 1,
        });
        state[source.id] = {
          ...previous,
          lastAttemptAt: fetchedAt,
          ...(retryAfterMs !== undefined ? { retryAfterUntil: new Date(now.getTime() + retryAfterMs).toISOString() } : {}),
        };
      }
    }),
  );

  const order = (id: SourceId) => enabled.findIndex((r) => r.source.id === id);
  const byOrder = (a: { source: SourceId }, b: { source: SourceId }) => order(a.source) - order(b.source);
  return { fetchedAt, results: results.sort(byOrder), failures: failures.sort(byOrder), skipped: skipped.sort(byOrder), state };
}

/** Sources were tried this round and none could be read: serve what is stored (or built in) as stale. */
export function feedsDown(round: FetchAllResult): boolean {
  return round.results.length === 0 && round.failures.length > 0;
}

function daysOf(round: FetchAllResult | readonly SourceResult[]): SourceDay[] {
  if (!("results" in round)) return round.flatMap((r) => r.days);
  const fresh = round.results.flatMap((r) => r.days);
  const read = new Set(round.results.map((r) => r.source));
  const remembered = Object.entries(round.state).flatMap(([id, s]) => (!read.has(id) && s.lastDay ? [s.lastDay] : []));
  return [...fresh, ...remembered];
}

/**
 * The blended day to store, or null when this round read nothing new (no
 * source answered, or none could be rebased): the caller keeps what it serves.
 * Given a whole round (FetchAllResult), the sources not read this round — skipped
 * as not due, or failed — take part with the newest day remembered in the state,
 * so an afternoon round that reads only the central banks still blends in the
 * morning's ExchangeRate-API day; the blend drops any day older than
 * FX_LIMITS.maxSourceAgeDays. Given bare results, only those are blended.
 * previousDay is the newest stored day, for the blend's "nearest to the previous
 * day" rule.
 */
export function buildDay(round: FetchAllResult | readonly SourceResult[], previousDay: BlendedDay | null, options?: BlendOptions): BlendedDay | null {
  const fresh = "results" in round ? round.results : round;
  if (fresh.length === 0) return null;
  return blend(daysOf(round), previousDay, options);
}

/**
 * Backfill: one blended day per date found in the results (fetched with
 * mode "history"), oldest first, each using only the sources that published that
 * date, and the day built before it as its previous day.
 */
export function buildDays(round: FetchAllResult | readonly SourceResult[], previousDay: BlendedDay | null, options?: BlendOptions): BlendedDay[] {
  const fresh = "results" in round ? round.results : round;
  const byDate = new Map<string, SourceDay[]>();
  for (const day of fresh.flatMap((r) => r.days)) byDate.set(day.date, [...(byDate.get(day.date) ?? []), day]);
  const built: BlendedDay[] = [];
  let previous = previousDay;
  for (const date of [...byDate.keys()].sort()) {
    const day = blend(byDate.get(date)!, previous, options);
    if (day) {
      built.push(day);
      previous = day;
    }
  }
  return built;
}
