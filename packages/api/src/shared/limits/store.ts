/**
 * Where the windows of the limits index.ts counts "in the database" live: the
 * database itself (database-store.ts), or Redis when REDIS_URL is set
 * (redis-store.ts), as create-store.ts picks. Both decide the same way (window.ts), with the same
 * buckets and numbers; the choice is the deployment's (docs/operations.md#redis).
 */
import type { Db, Tx } from "@streamkit/db";
import { BatchedWindows, hitWindow, refundWindow } from "./database-store";
import type { RateLimitDecision, WindowRule } from "./window";

/** Counts one hit of a bucket inside a transaction (WindowStore.transaction). */
export type TransactionHit = (bucket: string, rule: WindowRule, now: Date) => Promise<RateLimitDecision>;

export interface WindowStore {
  readonly kind: "database" | "redis";
  /** Counts one hit of `bucket` and decides; `busy`: a limit hit on most requests (the database batches those). */
  hit(bucket: string, rule: WindowRule, now: Date, options?: { busy?: boolean }): Promise<RateLimitDecision>;
  /** Takes back one hit counted at the same `now` (same window), never below zero. */
  refund(bucket: string, windowSeconds: number, now: Date): Promise<void>;
  /**
   * Runs `work` in one transaction of `db` whose hits count only if it commits: a publish refused by a
   * later check, or rolled back for any reason, leaves its limit as it was.
   */
  transaction<T>(db: Db, work: (tx: Tx, hit: TransactionHit) => Promise<T>): Promise<T>;
  /** Whether a decision can be made now (readiness, server/health.ts): Redis answers a PING; the database's own check is the database's. Never throws. */
  answers(): Promise<boolean>;
  close(): Promise<void>;
}

/** The windows in rate_limit_windows: a hit in a transaction is a row of that transaction, rolled back with it. */
export class DatabaseWindows implements WindowStore {
  readonly kind = "database";
  private batched: BatchedWindows | undefined;

  constructor(private readonly db: Db) {}

  hit(bucket: string, rule: WindowRule, now: Date, options?: { busy?: boolean }): Promise<RateLimitDecision> {
    if (!options?.busy) return hitWindow(this.db, bucket, rule, now);
    this.batched ??= new BatchedWindows(this.db);
    return this.batched.hit(bucket, rule, now);
  }

  refund(bucket: string, windowSeconds: number, now: Date): Promise<void> {
    return refundWindow(this.db, bucket, windowSeconds, now);
  }

  transaction<T>(db: Db, work: (tx: Tx, hit: TransactionHit) => Promise<T>): Promise<T> {
    return db.transaction((tx) => work(tx, (bucket, rule, now) => hitWindow(tx, bucket, rule, now)));
  }

  async answers(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {}
}
