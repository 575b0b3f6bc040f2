import { type Db, rateLimitWindows } from "@streamkit/db";
import { rateLimits } from "@streamkit/api-contract";
import { sql } from "drizzle-orm";
import type { Context } from "../shared/context";
import type { AppDeps } from "../shared/deps";
import { decideWindow, type RateLimitDecision, rateLimitedError, rateLimitHeaders } from "../shared/rate-limit";
import { middleware } from "../shared/trpc";
import { FX_SERVICE } from "./config";

/**
 * docs/api.md#limits: 120 requests per minute per client address on the exchange-rate
 * endpoints, counted in the shared database under the bucket `fx:<address>`
 * (ctx.clientAddress: the socket peer, or X-Forwarded-For only from
 * TRUSTED_PROXIES). The X-RateLimit-* headers go on every answer, 304s and
 * errors included; past the limit, 429 rate_limited with Retry-After.
 *
 * The same fixed windows, table and decision as shared/rate-limit.ts's
 * hitRateLimit, with one difference for throughput: the hits that arrive while
 * this process's previous statement is in flight are counted together, in one
 * multi-row upsert that adds n to a bucket and returns its new total T. Those
 * n requests then own the hit numbers T−n+1 … T — PostgreSQL serialises the
 * increments of a row, so no other process can hold them — and each is
 * decided exactly as hitRateLimit would have decided it. The count stays exact
 * across any number of processes (test/multiprocess/fx-address-limit.test.ts);
 * the database sees one statement per batch instead of one per request (at
 * most MAX_IN_FLIGHT at a time from one process; hits arriving meanwhile wait
 * for the next). Rows are written in (bucket, window) order, so concurrent
 * statements always lock rows in the same order and cannot deadlock.
 *
 * Once an address is over the limit, the rest of its window is answered from
 * memory: its count can only grow until the window ends, so the answer cannot
 * change, and a flood costs the database nothing more.
 *
 * The website's own server-side calls (surface "web") are not API traffic and
 * carry no client address; they are not counted here.
 */

const WINDOW_MS = rateLimits.fxAddress.windowSeconds * 1000;
const MAX_BATCH = 500;
/** Statements of one process in flight at once (the pool has 10 connections; the rest serve other queries). */
const MAX_IN_FLIGHT = 4;
const MAX_REMEMBERED = 10_000;

interface Hit {
  bucket: string;
  windowStart: number;
  now: number;
  resolve(decision: RateLimitDecision): void;
  reject(error: unknown): void;
}

function decide(hitNumber: number, windowStart: number, now: number): RateLimitDecision {
  return decideWindow(hitNumber, rateLimits.fxAddress.limit, windowStart + WINDOW_MS, now);
}

/** A PostgreSQL array literal of quoted elements: the same text for postgres.js and PGlite, which serialise JS arrays differently. */
function arrayLiteral(values: string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
}

/** Counts the hits of one process: a few statements in flight at most, batching the hits that wait for one. */
class AddressCounter {
  private queue: Hit[] = [];
  private inFlight = 0;
  private scheduled = false;
  /** Addresses over the limit, until their window ends. */
  readonly over = new Map<string, RateLimitDecision>();

  /** One statement text for any batch (the rows travel as three arrays): built once and prepared, not per batch. */
  private readonly upsert;

  constructor(db: Db) {
    this.upsert = db
      .insert(rateLimitWindows)
      .select(
        sql`select bucket, window_start, hits from unnest(${sql.placeholder("buckets")}::text[], ${sql.placeholder("windows")}::timestamptz[], ${sql.placeholder("hits")}::int[]) as batch(bucket, window_start, hits) order by bucket, window_start`,
      )
      .onConflictDoUpdate({
        target: [rateLimitWindows.bucket, rateLimitWindows.windowStart],
        set: { hits: sql`${rateLimitWindows.hits} + excluded.hits` },
      })
      .returning({ bucket: rateLimitWindows.bucket, windowStart: rateLimitWindows.windowStart, hits: rateLimitWindows.hits })
      .prepare("fx_address_hits");
  }

  hit(bucket: string, now: Date): Promise<RateLimitDecision> {
    const at = now.getTime();
    return new Promise((resolve, reject) => {
      this.queue.push({ bucket, windowStart: Math.floor(at / WINDOW_MS) * WINDOW_MS, now: at, resolve, reject });
      this.schedule();
    });
  }

  /** Drains the queue at the end of this tick, so the hits of one tick share a statement. */
  private schedule(): void {
    if (this.scheduled || this.inFlight >= MAX_IN_FLIGHT) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      while (this.queue.length > 0 && this.inFlight < MAX_IN_FLIGHT) {
        const batch = this.queue.splice(0, MAX_BATCH);
        this.inFlight++;
        this.count(batch)
          .catch((error: unknown) => {
            for (const hit of batch) hit.reject(error);
          })
          .finally(() => {
            this.inFlight--;
            if (this.queue.length > 0) this.schedule();
          });
      }
    });
  }

  private async count(batch: Hit[]): Promise<void> {
    const groups = new Map<string, Hit[]>();
    for (const hit of batch) {
      const key = `${hit.windowStart}\u0000${hit.bucket}`;
      const hits = groups.get(key);
      if (hits) hits.push(hit);
      else groups.set(key, [hit]);
    }
    const rows = [...groups.values()];
    const totals = await this.upsert.execute({
      buckets: arrayLiteral(rows.map((hits) => hits[0]!.bucket)),
      windows: arrayLiteral(rows.map((hits) => new Date(hits[0]!.windowStart).toISOString())),
      hits: arrayLiteral(rows.map((hits) => String(hits.length))),
    });
    for (const total of totals) {
      const key = `${total.windowStart.getTime()}\u0000${total.bucket}`;
      const hits = groups.get(key);
      if (!hits) continue;
      groups.delete(key);
      const first = total.hits - hits.length;
      hits.forEach((hit, i) => {
        hit.resolve(decide(first + i + 1, hit.windowStart, hit.now));
      });
    }
    // Every row comes back from the upsert; should one not, its requests fail rather than wait forever.
    for (const hits of groups.values()) for (const hit of hits) hit.reject(new Error("rate-limit window not returned by the upsert"));
  }
}

const counters = new WeakMap<AppDeps, AddressCounter>();

/**
 * Counts one exchange-rate request of ctx's client address: sets the
 * rate-limit headers on ctx.res, and throws 429 rate_limited past the limit.
 * The procedures run it as a middleware; the REST wrapper's answer cache
 * (rest/memo.ts) runs it for the answers it serves without them.
 */
export async function limitAddress(ctx: Context): Promise<void> {
  let counter = counters.get(ctx.deps);
  if (!counter) {
    counter = new AddressCounter(ctx.deps.db);
    counters.set(ctx.deps, counter);
  }
  const now = ctx.deps.now();
  const bucket = `${FX_SERVICE.addressBucket}${ctx.clientAddress}`;

  let decision = counter.over.get(bucket);
  if (decision && now.getTime() >= decision.reset * 1000) {
    counter.over.delete(bucket);
    decision = undefined;
  }
  if (decision) {
    decision = { ...decision, retryAfter: Math.max(1, Math.ceil(decision.reset - now.getTime() / 1000)) };
  } else {
    decision = await counter.hit(bucket, now);
    if (!decision.allowed) {
      if (counter.over.size >= MAX_REMEMBERED) for (const [key, d] of counter.over) if (now.getTime() >= d.reset * 1000) counter.over.delete(key);
      if (counter.over.size < MAX_REMEMBERED) counter.over.set(bucket, decision);
    }
  }
  Object.assign(ctx.res.headers, rateLimitHeaders(decision));
  if (!decision.allowed) throw rateLimitedError(decision, "Too many exchange-rate requests from this address");
}

export const fxAddressLimit = middleware(async ({ ctx, next }) => {
  if (ctx.surface !== "web") await limitAddress(ctx);
  return next();
});
