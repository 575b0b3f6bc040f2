import { accounts, type Db, type Tx } from "@streamkit/db";
import { eq } from "drizzle-orm";
import { AppError, notFound } from "@streamkit/api-contract";

/** One per-account quota: how many rows the account may hold, and how to count the ones it holds. */
export interface Quota {
  accountId: string;
  /** The most the account may hold (rows, or bytes for the asset library); past it the insert is refused. */
  limit: number;
  /** What the insert adds to the count: 1 row unless said (the asset library adds a picture's bytes). */
  amount?: number;
  /** Counts what the quota covers (e.g. unrevoked API keys), inside the locking transaction. */
  count: (tx: Tx) => Promise<number>;
  /** The user's message when the quota is full (docs/api.md#errors: 403 limit_reached, details.limit). */
  message: string;
  /** More details for the refusal beside `limit`, from what is held. */
  details?: (held: number) => Record<string, unknown>;
}

/**
 * Counts, then inserts, as one decision of the database: the account's row is
 * locked (SELECT … FOR NO KEY UPDATE: it serialises the quota without blocking inserts elsewhere that merely reference the account) before counting, so concurrent requests of one
 * account take turns and never both see the last free place. Every quota
 * (API keys, overlays, inventory items) goes through here; requests of
 * different accounts do not wait for each other.
 *
 * Throws limit_reached when the insert would take the account past `limit`, not_found when
 * the account does not exist. `insert` runs in the same transaction; what it
 * returns is returned.
 */
export async function withinQuota<T>(db: Db, quota: Quota, insert: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const [account] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, quota.accountId)).for("no key update");
    if (!account) throw notFound("No such account.");
    const held = await quota.count(tx);
    if (held + (quota.amount ?? 1) > quota.limit) throw new AppError("limit_reached", quota.message, { limit: quota.limit, ...quota.details?.(held) });
    return insert(tx);
  });
}
