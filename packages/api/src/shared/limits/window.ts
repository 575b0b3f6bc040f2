/**
 * The one decision of every rate limit of the service: a hit is counted in
 * the current fixed window (aligned to the clock), allowed or not, and the
 * answer says how many are left and when the window ends. Where the count
 * lives is the store's business (database-store.ts, memory-store.ts); which
 * limit counts what, with which number, is index.ts's.
 */
import { AppError } from "@streamkit/api-contract";

/** At most `limit` hits per fixed window of `windowSeconds`. */
export interface WindowRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix time in seconds when the window ends. */
  reset: number;
  /** Seconds until the window ends (at least 1). */
  retryAfter: number;
}

/** The window `nowMs` falls in, as epoch milliseconds: [start, end). */
export function windowAt(nowMs: number, windowSeconds: number): { start: number; end: number } {
  const length = windowSeconds * 1000;
  const start = Math.floor(nowMs / length) * length;
  return { start, end: start + length };
}

/**
 * The decision for the `hit`-th hit of a fixed window ending at `endMs`.
 * Hits past the limit still count, so a client that keeps hammering learns
 * nothing new until the window ends.
 */
export function decideWindow(hit: number, limit: number, endMs: number, nowMs: number): RateLimitDecision {
  return {
    allowed: hit <= limit,
    limit,
    remaining: Math.max(0, limit - hit),
    reset: Math.ceil(endMs / 1000),
    retryAfter: Math.max(1, Math.ceil((endMs - nowMs) / 1000)),
  };
}

/** The same decision later in its window: only Retry-After moves. */
export function decisionAt(decision: RateLimitDecision, nowMs: number): RateLimitDecision {
  return { ...decision, retryAfter: Math.max(1, Math.ceil(decision.reset - nowMs / 1000)) };
}

export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(decision.limit),
    "X-RateLimit-Remaining": String(decision.remaining),
    "X-RateLimit-Reset": String(decision.reset),
  };
}

export function rateLimitedError(decision: RateLimitDecision, what = "Too many requests"): AppError {
  return new AppError("rate_limited", `${what}; retry in ${decision.retryAfter} second${decision.retryAfter === 1 ? "" : "s"}.`, undefined, {
    "Retry-After": String(decision.retryAfter),
  });
}
