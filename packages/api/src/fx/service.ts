import {
  type BlendedDay,
  builtinDay,
  buildDay,
  buildDays,
  type FetchLike,
  type FetchMode,
  type FxConfig,
  type FxConfigInput,
  fetchAllSources,
  feedsDown,
  fxConfigSchema,
  resolveSources,
  type SourceStates,
} from "@streamkit/fx";
import type { AppDeps } from "../shared/deps";
import { hitWindow } from "../shared/limits/database-store";
import { FX_SERVICE, fxConfigFromEnv, staleAfterMs } from "./config";
import { type FxSnapshot, makeSnapshot } from "./snapshot";
import { loadFeedHealth, loadFeedStates, newestDay, newestDayHead, insertMissingDays, saveFeedStates, type StoredDay, upsertDays } from "./store";
import { type RefreshSummary, summarise } from "./summary";

/**
 * The exchange-rate service of one server process.
 *
 * Memory: the current day lives here as an FxSnapshot; requests read it and
 * never go to the database for the rates. It is loaded once (at start, or by
 * the first request), replaced by this process's refresh rounds, and — so that
 * several processes on one PostgreSQL database agree — the first request after
 * FX_SERVICE.syncIntervalMs asks the database, in the background, for the
 * newest day's date and fetch time and the feeds' health (two small queries),
 * and adopts a newer day stored by another process. An older date never
 * replaces the current day.
 *
 * Staleness: the snapshot is stale when the built-in table is served, when the
 * last attempt of every enabled feed failed (read from fx_feed_state, so every
 * process sees the same), or when the day's feeds were read longer ago than
 * staleAfterMs(env) (the refresh is off or stuck).
 *
 * Refresh: one round = read the shared feed states, fetchAllSources (which
 * honours each publisher's schedule through those states), save the states,
 * blend and upsert the day by date. On an empty database the round reads the
 * sources' history windows and stores every day they cover (backfill).
 * Scheduled rounds take a lease (one per refresh interval across all
 * processes, decided by the database) so N processes make one round.
 */

export interface FxServiceOptions {
  /** Overrides FX_CONFIG (tests and the CLI point the sources at other addresses this way). */
  config?: FxConfigInput;
  fetch?: FetchLike;
}

export interface RefreshOptions {
  /** Ignore each source's schedule (an operator's manual refresh). */
  force?: boolean;
  /** "history" backfills from the sources' longer windows; default: history on an empty database, else latest. */
  mode?: FetchMode;
  /** Take the scheduled round's lease first; without it the round runs unconditionally. */
  lease?: boolean;
}

type Health = Record<string, { lastAttemptAt?: string; lastSuccessAt?: string }>;

export class FxService {
  readonly config: FxConfig;
  private readonly fetchImpl: FetchLike;
  private readonly enabled: string[];
  private readonly createdAt: Date;
  private snapshot: FxSnapshot | null = null;
  private stored: StoredDay | null = null;
  private health: Health = {};
  private loading: Promise<FxSnapshot> | null = null;
  private syncing: Promise<void> | null = null;
  private lastSyncAt = Number.NEGATIVE_INFINITY;
  private round: Promise<RefreshSummary> | null = null;
  private readonly abort = new AbortController();
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly deps: AppDeps,
    options: FxServiceOptions = {},
  ) {
    this.config = options.config ? fxConfigSchema.parse(options.config) : fxConfigFromEnv(deps.env);
    this.fetchImpl = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
    this.enabled = resolveSources(this.config).map((r) => r.source.id);
    this.createdAt = deps.now();
  }

  /** The snapshot to serve. Loads on first use; afterwards memory only (a due sync runs in the background). */
  async current(): Promise<FxSnapshot> {
    const snapshot = this.snapshot ?? (await this.load());
    const now = this.deps.now().getTime();
    if (now - this.lastSyncAt >= FX_SERVICE.syncIntervalMs && !this.syncing) {
      this.sync().catch((error: unknown) => this.deps.log.warn({ err: error }, "fx: could not read the newest stored day"));
    }
    if (now >= snapshot.staleAt) this.rebuild();
    return this.snapshot!;
  }

  /** Reads the newest stored day and the feeds' health from the database (once; concurrent callers share it). */
  load(): Promise<FxSnapshot> {
    this.loading ??= (async () => {
      const [stored, health] = await Promise.all([newestDay(this.deps.db), loadFeedHealth(this.deps.db)]);
      this.lastSyncAt = this.deps.now().getTime();
      this.health = health;
      this.adopt(stored);
      return this.snapshot!;
    })().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** Picks up a newer day (and the feeds' health) stored by any process. */
  sync(): Promise<void> {
    this.syncing ??= (async () => {
      this.lastSyncAt = this.deps.now().getTime();
      const [head, health] = await Promise.all([newestDayHead(this.deps.db), loadFeedHealth(this.deps.db)]);
      this.health = health;
      const current = this.stored;
      const newer =
        head !== null &&
        (current === null || head.date > current.day.date || (head.date === current.day.date && head.fetchedAt.getTime() > current.fetchedAt.getTime()));
      this.adopt(newer ? await newestDay(this.deps.db) : current);
    })().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  /** One refresh round in this process (concurrent callers share the round in flight). */
  refresh(options: RefreshOptions = {}): Promise<RefreshSummary> {
    this.round ??= this.runRound(options).finally(() => {
      this.round = null;
    });
    return this.round;
  }

  /** The scheduler: a round now and every FX_REFRESH_MINUTES, when FX_REFRESH=auto outside tests. Timers never hold the process. */
  start(): void {
    const { env, log } = this.deps;
    if (env.FX_REFRESH !== "auto" || env.NODE_ENV === "test" || this.timers.length > 0) return;
    const tick = () => {
      this.refresh({ lease: true })
        .then((summary) => {
          if (summary.skipped === "lease") return;
          const level = summary.failures.length > 0 ? "warn" : "info";
          log[level]({ fx: summary }, "fx: refresh round");
        })
        .catch((error: unknown) => {
          if (!this.abort.signal.aborted) log.error({ err: error }, "fx: refresh round failed");
        });
    };
    const first = setTimeout(tick, 0);
    const every = setInterval(tick, env.FX_REFRESH_MINUTES * 60_000);
    first.unref();
    every.unref();
    this.timers.push(first, every);
  }

  /** Stops the timers, cancels a round's fetches and waits for the round to end. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    this.abort.abort(new Error("fx service stopped"));
    await this.round?.catch(() => undefined);
  }

  private async runRound(options: RefreshOptions): Promise<RefreshSummary> {
    const { db, env } = this.deps;
    const now = this.deps.now();
    if (options.lease) {
      // A lease, counted as a limit of one round per refresh interval: the first process to ask in an interval runs it.
      const lease = await hitWindow(db, FX_SERVICE.refreshLeaseBucket, { limit: 1, windowSeconds: env.FX_REFRESH_MINUTES * 60 }, now);
      if (!lease.allowed) return summarise({ skipped: "lease", mode: "latest", now, stored: [], snapshot: await this.current() });
    }
    const [states, previous] = await Promise.all([loadFeedStates(db), newestDay(db)]);
    const mode: FetchMode = options.mode ?? (previous ? "latest" : "history");
    const round = await fetchAllSources(this.config, this.fetchImpl, {
      state: states as SourceStates,
      now,
      mode,
      force: options.force,
      signal: this.abort.signal,
    });
    await saveFeedStates(db, round.state, now);
    this.health = Object.fromEntries(
      Object.entries(round.state).map(([id, s]) => [id, { lastAttemptAt: s.lastAttemptAt, ...(s.lastSuccessAt ? { lastSuccessAt: s.lastSuccessAt } : {}) }]),
    );

    // History (backfill) adds the days not kept yet; the current day is always (re)written.
    const backfill: BlendedDay[] = [];
    let current: BlendedDay | null = null;
    if (round.results.length > 0) {
      if (mode === "history") {
        const oldest = round.results.flatMap((r) => r.days.map((d) => d.date)).sort()[0];
        const before = oldest ? await newestDay(db, oldest) : null;
        backfill.push(...buildDays(round, before?.day ?? null));
      }
      // The current day blends every source's newest day (including those remembered from earlier rounds),
      // against the newest day strictly before it.
      current = buildDay(round, previous?.day ?? null);
      if (current && previous && current.date <= previous.day.date) {
        const date = current.date;
        const prior = backfill.filter((d) => d.date < date).at(-1) ?? (await newestDay(db, date))?.day ?? null;
        current = buildDay(round, prior);
      }
    }
    const stored = await insertMissingDays(
      db,
      backfill.filter((d) => d.date !== current?.date),
      now,
    );
    if (current) {
      await upsertDays(db, [current], now);
      stored.push(current.date);
    }
    this.adopt(current ? { day: current, fetchedAt: now } : previous);
    return summarise({ mode, now, round, stored: stored.sort(), snapshot: this.snapshot!, down: feedsDown(round) });
  }

  /** Takes `candidate` as the current day unless it is older than the one held; rebuilds the snapshot. */
  private adopt(candidate: StoredDay | null): void {
    const held = this.stored;
    if (
      candidate &&
      (held === null ||
        candidate.day.date > held.day.date ||
        (candidate.day.date === held.day.date && candidate.fetchedAt.getTime() >= held.fetchedAt.getTime()))
    ) {
      this.stored = candidate;
    }
    this.rebuild();
  }

  /** True when the last attempt of every enabled feed that has been tried failed. */
  private feedsDown(): boolean {
    const tried = this.enabled.flatMap((id) => (this.health[id]?.lastAttemptAt ? [this.health[id]!] : []));
    return tried.length > 0 && tried.every((h) => !h.lastSuccessAt || h.lastSuccessAt < h.lastAttemptAt!);
  }

  private rebuild(): void {
    const now = this.deps.now().getTime();
    const stored = this.stored;
    let next: FxSnapshot;
    if (stored) {
      const staleAt = stored.fetchedAt.getTime() + staleAfterMs(this.deps.env);
      const stale = this.feedsDown() || now >= staleAt;
      next = makeSnapshot({ day: stored.day, builtin: false, fetchedAt: stored.fetchedAt, stale, staleAt });
    } else {
      const attempts = Object.values(this.health)
        .flatMap((h) => (h.lastAttemptAt ? [h.lastAttemptAt] : []))
        .sort();
      const fetchedAt = attempts.length > 0 ? new Date(attempts.at(-1)!) : this.createdAt;
      next = makeSnapshot({ day: builtinDay(), builtin: true, fetchedAt, stale: true, staleAt: Number.POSITIVE_INFINITY });
    }
    // Keep the same object (and its per-base memo) when nothing a response shows has changed.
    if (this.snapshot?.etag !== next.etag) this.snapshot = next;
  }
}

// One service per AppDeps, kept on globalThis: Next bundles the API a second time for the
// website's server components, and both copies must share the process's service.
const REGISTRY = Symbol.for("streamkit.fx.services");
function registry(): WeakMap<AppDeps, FxService> {
  const holder = globalThis as typeof globalThis & { [REGISTRY]?: WeakMap<AppDeps, FxService> };
  holder[REGISTRY] ??= new WeakMap();
  return holder[REGISTRY];
}

/** The service of these deps, created on first use from the env. */
export function fxFor(deps: AppDeps): FxService {
  let service = registry().get(deps);
  if (!service) {
    service = new FxService(deps);
    registry().set(deps, service);
  }
  return service;
}

/** Replaces the service of these deps with one built from explicit options (tests, the CLI). */
export function installFx(deps: AppDeps, options: FxServiceOptions): FxService {
  const service = new FxService(deps, options);
  registry().set(deps, service);
  return service;
}

/** For the runtime: warm the current day from the database, then start the scheduler. */
export async function startFx(deps: AppDeps): Promise<FxService> {
  const service = fxFor(deps);
  await service.load();
  service.start();
  return service;
}
