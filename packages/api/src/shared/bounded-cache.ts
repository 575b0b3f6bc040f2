/**
 * What a process keeps in memory — the REST core's answers, the overlays'
 * drawings, the session cookies' claims — is an lru-cache bounded by count
 * and by bytes, whose entries may also expire, so it can never outgrow its
 * limits whatever it is asked for. A value larger than the whole budget is
 * not kept.
 */
import { LRUCache } from "lru-cache";

export interface CacheLimits {
  maxEntries: number;
  maxBytes: number;
  /** Entries this old are gone (no expiry when absent). */
  ttlMs?: number;
}

/**
 * An LRUCache within `limits`; each `set` gives the entry's bytes as `size`.
 * Entries age by `nowMs` — the service's clock, which tests move — read on
 * every check (ttlResolution 0). lru-cache drops an entry once it is older
 * than its ttl, ours once it is ttlMs old: one millisecond less, on a clock of
 * whole milliseconds.
 */
export function boundedCache<V extends {}>(limits: CacheLimits, nowMs: () => number = Date.now): LRUCache<string, V> {
  return new LRUCache<string, V>({
    max: limits.maxEntries,
    maxSize: limits.maxBytes,
    ...(limits.ttlMs === undefined ? {} : { ttl: limits.ttlMs - 1, ttlResolution: 0, perf: { now: nowMs } }),
  });
}
