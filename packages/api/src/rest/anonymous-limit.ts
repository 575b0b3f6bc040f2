/**
 * The per-address limits counted in this process's memory: /api/v1 requests
 * that carry no credentials (rateLimits.anonymous), the website's pages
 * rendered per request (rateLimits.pageViews, page-view-limit.ts), the OAuth
 * token and revocation endpoints (rateLimits.oauth) and the payment webhooks
 * (rateLimits.webhooks). Keyless work stays cheap — no database statement per
 * request — at the price of exactness across processes (N processes each
 * allow the limit). Keyed requests are counted per account in the database
 * instead (trpc.ts).
 *
 * Fixed windows aligned to the clock, as every other limit: one map per limit
 * holds the current window's counts and is dropped whole when the window
 * ends, so no old window outlives its minute. A map holds at most
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
import type { Context } from "../shared/context";
import type { AppDeps } from "../shared/deps";
import { decideWindow, type RateLimitDecision, rateLimitedError, rateLimitHeaders } from "../shared/rate-limit";

/** One process's counts of the current window. */
export class AnonymousCounter {
  private windowStart = 0;
  private readonly counts = new Map<string, number>();

  private readonly windowMs: number;

  constructor(
    private readonly limit: number = rateLimits.anonymous.limit,
    private readonly capacity: number = httpLimits.maxAnonymousAddresses,
    windowSeconds: number = rateLimits.anonymous.windowSeconds,
  ) {
    this.windowMs = windowSeconds * 1000;
  }

  /** Addresses remembered now (at most the capacity). */
  get size(): number {
    return this.counts.size;
  }

  hit(address: string, now: Date): RateLimitDecision {
    const at = now.getTime();
    const windowStart = Math.floor(at / this.windowMs) * this.windowMs;
    if (windowStart !== this.windowStart) {
      this.counts.clear();
      this.windowStart = windowStart;
    }
    const hits = (this.counts.get(address) ?? 0) + 1;
    if (hits === 1 && this.counts.size >= this.capacity) this.counts.delete(this.counts.keys().next().value!);
    this.counts.set(address, hits);
    return decideWindow(hits, this.limit, windowStart + this.windowMs, at);
  }
}

/** The limits counted here (each per client address, in memory). */
export type AddressLimit = "anonymous" | "pageViews" | "oauth" | "webhooks";

/** A limit's number: rateLimits, or the operator's override where there is one. */
function limitOf(deps: AppDeps, name: AddressLimit): number {
  if (name === "pageViews") return deps.env.PAGE_VIEW_LIMIT_PER_MINUTE ?? rateLimits.pageViews.limit;
  return rateLimits[name].limit;
}

const counters = new WeakMap<AppDeps, Map<AddressLimit, AnonymousCounter>>();

/** A process's counter of one limit (one per AppDeps). */
export function addressCounter(deps: AppDeps, name: AddressLimit): AnonymousCounter {
  let byName = counters.get(deps);
  if (!byName) {
    byName = new Map();
    counters.set(deps, byName);
  }
  let counter = byName.get(name);
  if (!counter) {
    counter = new AnonymousCounter(limitOf(deps, name), httpLimits.maxAnonymousAddresses, rateLimits[name].windowSeconds);
    byName.set(name, counter);
  }
  return counter;
}

/** The counter of requests without credentials. */
export function anonymousCounter(deps: AppDeps): AnonymousCounter {
  return addressCounter(deps, "anonymous");
}

/**
 * Counts one request of ctx's client address against a limit: sets the
 * rate-limit headers on ctx.res, and throws 429 rate_limited with
 * Retry-After past the limit.
 */
export function limitPerAddress(ctx: Context, name: AddressLimit, what: string): void {
  const decision = addressCounter(ctx.deps, name).hit(ctx.clientAddress, ctx.deps.now());
  Object.assign(ctx.res.headers, rateLimitHeaders(decision));
  if (!decision.allowed) throw rateLimitedError(decision, what);
}

/** Counts one anonymous /api/v1 request (limitPerAddress with rateLimits.anonymous). */
export function limitAnonymous(ctx: Context): void {
  limitPerAddress(ctx, "anonymous", "Too many requests without an API key from this address");
}
