import { type Db, type Queryable, rateLimitWindows } from "@streamkit/db";
import { lt, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { AppError } from "@streamkit/api-contract";
import { preparedPerDatabase } from "./prepared";

/** One limit: at most `limit` hits per fixed window of `windowSeconds`, counted per `bucket`. */
export interface RateLimitRule {
  bucket: string;
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

/**
 * Counts one hit and decides, in a single upsert: exact with any number of
 * server processes on one database, because PostgreSQL serialises the
 * increments of a row. Hits past the limit still count, so a client that
 * keeps hammering learns nothing new until the window ends.
 */
export async function hitRateLimit(db: Queryable, rule: RateLimitRule, now: Date): Promise<RateLimitDecision> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  // Counted on every request of every account: prepared once on the database itself; inside a transaction (a publish counts in its own) built as usual.
  const statement = db instanceof PgTransaction ? hitStatement(db) : preparedHit(db as Db);
  const [row] = await statement.execute({ bucket: rule.bucket, windowStart: windowStart.toISOString() });
  return decideWindow(row!.hits, rule.limit, windowStart.getTime() + windowMs, now.getTime());
}

function hitStatement(db: Queryable) {
  return db
    .insert(rateLimitWindows)
    .values({ bucket: sql.placeholder("bucket"), windowStart: sql`${sql.placeholder("windowStart")}::timestamptz`, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitWindows.bucket, rateLimitWindows.windowStart],
      set: { hits: sql`${rateLimitWindows.hits} + 1` },
    })
    .returning({ hits: rateLimitWindows.hits });
}

const preparedHit = preparedPerDatabase((db) => hitStatement(db).prepare("rate_limit_hit"));

/**
 * The decision for the `hit`-th hit of a fixed window ending at `resetMs`
 * (epoch ms): every limit of the service — in the database, per address for
 * the exchange rates, in memory for keyless traffic — decides the same way.
 */
export function decideWindow(hit: number, limit: number, resetMs: number, nowMs: number): RateLimitDecision {
  return {
    allowed: hit <= limit,
    limit,
    remaining: Math.max(0, limit - hit),
    reset: Math.ceil(resetMs / 1000),
    retryAfter: Math.max(1, Math.ceil((resetMs - nowMs) / 1000)),
  };
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

/** Deletes windows that ended before `before`; the server calls it on a timer. */
export async function deleteRateLimitWindowsBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db.delete(rateLimitWindows).where(lt(rateLimitWindows.windowStart, before)).returning({ bucket: rateLimitWindows.bucket });
  return deleted.length;
}
