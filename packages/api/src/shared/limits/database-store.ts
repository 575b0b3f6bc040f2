/**
 * Windows counted in the shared database (rate_limit_windows): exact with any
 * number of server processes on one database, because PostgreSQL serialises
 * the increments of a row. Two ways in, the same count and decision
 * (window.ts):
 * - hitWindow: one upsert per hit, inside a transaction too (a publish counts
 *   in its own, rolled back with it);
 * - BatchedWindows: for the busiest limit (the exchange rates per address),
 *   the hits that arrive while this process's previous statement is in flight
 *   are counted together, and a bucket over its limit is answered from memory.
 */
import { rateLimitCounting } from "@streamkit/api-contract";
import { type Db, type Queryable, rateLimitWindows } from "@streamkit/db";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { preparedPerDatabase } from "../prepared";
import { decideWindow, decisionAt, type RateLimitDecision, type WindowRule, windowAt } from "./window";

/** Counts one hit of `bucket` and decides, in a single upsert. */
export async function hitWindow(db: Queryable, bucket: string, rule: WindowRule, now: Date): Promise<RateLimitDecision> {
  const window = windowAt(now.getTime(), rule.windowSeconds);
  // Counted on every request of every account: prepared once on the database itself; inside a transaction built as usual.
  const statement = db instanceof PgTransaction ? hitStatement(db) : preparedHit(db as Db);
  const [row] = await statement.execute({ bucket, windowStart: new Date(window.start).toISOString() });
  return decideWindow(row!.hits, rule.limit, window.end, now.getTime());
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

/** Takes one hit back from `bucket`'s window at `now` (never below zero). */
export async function refundWindow(db: Queryable, bucket: string, windowSeconds: number, now: Date): Promise<void> {
  const window = windowAt(now.getTime(), windowSeconds);
  await db
    .update(rateLimitWindows)
    .set({ hits: sql`${rateLimitWindows.hits} - 1` })
    .where(and(eq(rateLimitWindows.bucket, bucket), eq(rateLimitWindows.windowStart, new Date(window.start)), gt(rateLimitWindows.hits, 0)));
}

/** Deletes windows that ended before `before`; the server calls it on a timer. */
export async function deleteRateLimitWindowsBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db.delete(rateLimitWindows).where(lt(rateLimitWindows.windowStart, before)).returning({ bucket: rateLimitWindows.bucket });
  return deleted.length;
}

interface Hit {
  bucket: string;
  rule: WindowRule;
  window: { start: number; end: number };
  now: number;
  resolve(decision: RateLimitDecision): void;
  reject(error: unknown): void;
}

/** A PostgreSQL array literal of quoted elements: the same text for postgres.js and PGlite, which serialise JS arrays differently. */
function arrayLiteral(values: string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
}

/**
 * One process's batched counting. The hits of a batch go into one multi-row
 * upsert that adds n to a bucket and returns its new total T; those n hits
 * then own the hit numbers T−n+1 … T — no other process can hold them — and
 * each is decided exactly as hitWindow would have decided it, so the count
 * stays exact across processes (test/multiprocess/fx-address-limit.test.ts)
 * while the database sees one statement per batch (at most
 * rateLimitCounting.maxStatementsInFlight at a time; hits arriving meanwhile
 * wait for the next). Rows are written in (bucket, window) order, so
 * concurrent statements always lock rows in the same order and cannot
 * deadlock.
 *
 * Once a bucket is over its limit, the rest of its window is answered from
 * memory: its count can only grow until the window ends, so the answer cannot
 * change, and a flood costs the database nothing more.
 *
 * Each batch commits asynchronously (synchronous_commit off, for its own
 * transaction only): every process sees the new totals the moment the
 * statement ends, so the count stays exact, but the request does not wait for
 * the WAL to reach the disk — on this path that flush was most of a request's
 * time. What a crash of the database can lose is the last fraction of a
 * second of counts (wal_writer_delay), which only lets those addresses ask
 * again; nothing else is written this way.
 */
export class BatchedWindows {
  private queue: Hit[] = [];
  private inFlight = 0;
  private scheduled = false;
  /** Buckets over their limit, until their window ends. */
  private readonly over = new Map<string, RateLimitDecision>();

  /** One statement text for any batch (the rows travel as three arrays): built once and prepared, not per batch. */
  private readonly upsert;

  constructor(db: Db) {
    this.upsert = db
      .insert(rateLimitWindows)
      .select(
        // The statement's own transaction commits without waiting for the WAL's flush (see above).
        sql`select bucket, window_start, hits from unnest(${sql.placeholder("buckets")}::text[], ${sql.placeholder("windows")}::timestamptz[], ${sql.placeholder("hits")}::int[]) as batch(bucket, window_start, hits) where set_config('synchronous_commit', 'off', true) = 'off' order by bucket, window_start`,
      )
      .onConflictDoUpdate({
        target: [rateLimitWindows.bucket, rateLimitWindows.windowStart],
        set: { hits: sql`${rateLimitWindows.hits} + excluded.hits` },
      })
      .returning({ bucket: rateLimitWindows.bucket, windowStart: rateLimitWindows.windowStart, hits: rateLimitWindows.hits })
      .prepare("rate_limit_hits");
  }

  /** Counts one hit of `bucket` (or answers from memory when it is already over its limit in this window). */
  async hit(bucket: string, rule: WindowRule, now: Date): Promise<RateLimitDecision> {
    const at = now.getTime();
    const refused = this.over.get(bucket);
    if (refused && at < refused.reset * 1000) return decisionAt(refused, at);
    if (refused) this.over.delete(bucket);
    const decision = await this.count(bucket, rule, at);
    if (!decision.allowed) this.remember(bucket, decision, at);
    return decision;
  }

  private remember(bucket: string, decision: RateLimitDecision, at: number): void {
    const max = rateLimitCounting.maxRememberedRefusals;
    if (this.over.size >= max) for (const [key, d] of this.over) if (at >= d.reset * 1000) this.over.delete(key);
    if (this.over.size < max) this.over.set(bucket, decision);
  }

  private count(bucket: string, rule: WindowRule, at: number): Promise<RateLimitDecision> {
    return new Promise((resolve, reject) => {
      this.queue.push({ bucket, rule, window: windowAt(at, rule.windowSeconds), now: at, resolve, reject });
      this.schedule();
    });
  }

  /** Drains the queue at the end of this tick, so the hits of one tick share a statement. */
  private schedule(): void {
    if (this.scheduled || this.inFlight >= rateLimitCounting.maxStatementsInFlight) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      while (this.queue.length > 0 && this.inFlight < rateLimitCounting.maxStatementsInFlight) {
        const batch = this.queue.splice(0, rateLimitCounting.maxBatchHits);
        this.inFlight++;
        this.write(batch)
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

  private async write(batch: Hit[]): Promise<void> {
    const groups = new Map<string, Hit[]>();
    for (const hit of batch) {
      const key = `${hit.window.start}\u0000${hit.bucket}`;
      const hits = groups.get(key);
      if (hits) hits.push(hit);
      else groups.set(key, [hit]);
    }
    const rows = [...groups.values()];
    const totals = await this.upsert.execute({
      buckets: arrayLiteral(rows.map((hits) => hits[0]!.bucket)),
      windows: arrayLiteral(rows.map((hits) => new Date(hits[0]!.window.start).toISOString())),
      hits: arrayLiteral(rows.map((hits) => String(hits.length))),
    });
    for (const total of totals) {
      const key = `${total.windowStart.getTime()}\u0000${total.bucket}`;
      const hits = groups.get(key);
      if (!hits) continue;
      groups.delete(key);
      const first = total.hits - hits.length;
      hits.forEach((hit, i) => {
        hit.resolve(decideWindow(first + i + 1, hit.rule.limit, hit.window.end, hit.now));
      });
    }
    // Every row comes back from the upsert; should one not, its hits fail rather than wait forever.
    for (const hits of groups.values()) for (const hit of hits) hit.reject(new Error("rate-limit window not returned by the upsert"));
  }
}
