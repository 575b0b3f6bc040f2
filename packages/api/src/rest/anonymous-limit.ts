/**
 * The per-address limit of /api/v1 requests that carry no credentials
 * (rateLimits.anonymous), counted in this process's memory: anonymous reads
 * stay cheap — no database statement per request — at the price of
 * exactness across processes (N processes each allow the limit). Keyed
 * requests are counted per account in the database instead (trpc.ts).
 *
 * Fixed windows aligned to the clock, as every other limit: one map holds the
 * current window's counts and is dropped whole when the window ends, so no old
 * window outlives its minute. The map holds at most
 * httpLimits.maxAnonymousAddresses addresses; a new address past that evicts
 * the oldest one (Map keeps insertion order), so a flood of distinct
 * addresses costs bounded memory, and every request is still counted against
 * its own address.
 *
 * The exchange-rate endpoints have their own, exact per-address limit and
 * declare `auth: "none"`, so the REST core never brings them here; the
 * OpenAPI document and preflights are not counted either.
 */
import { httpLimits, rateLimits } from "@streamkit/api-contract";
import type { Context } from "../context";
import type { AppDeps } from "../deps";
import { decideWindow, type RateLimitDecision, rateLimitedError, rateLimitHeaders } from "../services/rate-limit";

const WINDOW_MS = rateLimits.anonymous.windowSeconds * 1000;

/** One process's counts of the current window. */
export class AnonymousCounter {
  private windowStart = 0;
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly limit: number = rateLimits.anonymous.limit,
    private readonly capacity: number = httpLimits.maxAnonymousAddresses,
  ) {}

  /** Addresses remembered now (at most the capacity). */
  get size(): number {
    return this.counts.size;
  }

  hit(address: string, now: Date): RateLimitDecision {
    const at = now.getTime();
    const windowStart = Math.floor(at / WINDOW_MS) * WINDOW_MS;
    if (windowStart !== this.windowStart) {
      this.counts.clear();
      this.windowStart = windowStart;
    }
    const hits = (this.counts.get(address) ?? 0) + 1;
    if (hits === 1 && this.counts.size >= this.capacity) this.counts.delete(this.counts.keys().next().value!);
    this.counts.set(address, hits);
    return decideWindow(hits, this.limit, windowStart + WINDOW_MS, at);
  }
}

const counters = new WeakMap<AppDeps, AnonymousCounter>();

/** The counter of a process (one per AppDeps). */
export function anonymousCounter(deps: AppDeps): AnonymousCounter {
  let counter = counters.get(deps);
  if (!counter) {
    counter = new AnonymousCounter();
    counters.set(deps, counter);
  }
  return counter;
}

/**
 * Counts one anonymous request of ctx's client address: sets the rate-limit
 * headers on ctx.res, and throws 429 rate_limited with Retry-After past the limit.
 */
export function limitAnonymous(ctx: Context): void {
  const decision = anonymousCounter(ctx.deps).hit(ctx.clientAddress, ctx.deps.now());
  Object.assign(ctx.res.headers, rateLimitHeaders(decision));
  if (!decision.allowed) throw rateLimitedError(decision, "Too many requests without an API key from this address");
}
