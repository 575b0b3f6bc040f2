import { type Db, purchases } from "@streamkit/db";
import { and, eq, inArray } from "drizzle-orm";

/** Which of `pluginIds` the account has a paid purchase of. */
export async function purchasedAmong(db: Db, accountId: string, pluginIds: string[]): Promise<Set<string>> {
  if (pluginIds.length === 0) return new Set();
  const rows = await db
    .select({ pluginId: purchases.pluginId })
    .from(purchases)
    .where(and(eq(purchases.accountId, accountId), eq(purchases.status, "paid"), inArray(purchases.pluginId, pluginIds)));
  return new Set(rows.map((row) => row.pluginId));
}
