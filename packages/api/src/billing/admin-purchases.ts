import type { AdminPurchase, AdminSearchQuery } from "@streamkit/api-contract";
import { accounts, type Db, plugins, purchases } from "@streamkit/db";
import { refundWindowEnds, type SaleCurrency } from "@streamkit/plans";
import { and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { decodeTimeCursor, encodeTimeCursor, isUuid } from "@streamkit/api-contract";
import { likePattern } from "@streamkit/db";

/**
 * The operator's purchase search, newest first, a keyset page at a time.
 * `q` matches a purchase id, the buyer's account id or the provider's payment
 * id exactly, and the buyer's email or name and the plugin's slug or name as a
 * case-insensitive substring.
 */
export async function findPurchases(db: Db, query: AdminSearchQuery): Promise<{ items: AdminPurchase[]; next: string | null }> {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    const matches: SQL[] = [
      ilike(accounts.email, pattern),
      ilike(accounts.name, pattern),
      ilike(plugins.slug, pattern),
      ilike(plugins.name, pattern),
      eq(purchases.providerPaymentId, query.q),
    ];
    if (isUuid(query.q)) matches.push(eq(purchases.id, query.q), eq(purchases.accountId, query.q));
    conditions.push(or(...matches)!);
  }
  if (query.cursor) {
    const after = decodeTimeCursor(query.cursor);
    conditions.push(sql`(${purchases.paidAt}, ${purchases.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`);
  }
  const rows = await db
    .select({ purchase: purchases, slug: plugins.slug, name: plugins.name, buyer: { id: accounts.id, name: accounts.name, email: accounts.email } })
    .from(purchases)
    .innerJoin(plugins, eq(plugins.id, purchases.pluginId))
    .innerJoin(accounts, eq(accounts.id, purchases.accountId))
    .where(and(...conditions))
    .orderBy(desc(purchases.paidAt), desc(purchases.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ purchase, slug, name, buyer }) => ({
      id: purchase.id,
      slug,
      name,
      buyer,
      provider: purchase.provider,
      providerPaymentId: purchase.providerPaymentId,
      currency: purchase.currency as SaleCurrency,
      amount: purchase.amount,
      status: purchase.status,
      paidAt: purchase.paidAt.toISOString(),
      refundedAt: purchase.refundedAt?.toISOString() ?? null,
      refundableUntil: refundWindowEnds(purchase.paidAt).toISOString(),
    })),
    next: rows.length > query.limit && last ? encodeTimeCursor({ at: last.purchase.paidAt, id: last.purchase.id }) : null,
  };
}
