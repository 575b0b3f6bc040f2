import { accounts, type Db, ledgerEntries, plugins, purchases, type Tx } from "@streamkit/db";
import { refundWindowEnds, type SaleCurrency } from "@streamkit/plans";
import { and, desc, eq } from "drizzle-orm";
import type { BillingDeps } from "../deps";
import { rollUpSaleEntry } from "../ledger/sale-days";
import { AppError, notFound } from "@streamkit/api-contract";

export async function listPurchases(db: Db, accountId: string) {
  const rows = await db
    .select({ purchase: purchases, slug: plugins.slug, name: plugins.name })
    .from(purchases)
    .innerJoin(plugins, eq(plugins.id, purchases.pluginId))
    .where(eq(purchases.accountId, accountId))
    .orderBy(desc(purchases.paidAt), desc(purchases.id));
  return rows.map(({ purchase, slug, name }) => ({
    id: purchase.id,
    slug,
    name,
    currency: purchase.currency as SaleCurrency,
    amount: purchase.amount,
    status: purchase.status,
    paidAt: purchase.paidAt.toISOString(),
    refundableUntil: refundWindowEnds(purchase.paidAt).toISOString(),
  }));
}

/**
 * Refunds a purchase once: status refunded, the buyer no longer owns the
 * plugin, and a ledger entry takes the author's share back. The operator
 * may refund only inside the refund window, and the provider is asked to
 * return the money first; a refund the provider reports is recorded whenever
 * it comes, because the money has already gone back.
 *
 * Money goes back once: the purchase row is locked (FOR UPDATE) for the whole
 * decision — already refunded?, the window, the provider's refund, the record —
 * so a concurrent refund of the same purchase waits, then finds it refunded
 * (alreadyRefunded). The provider also gets an idempotency key derived from the
 * purchase, so a retry after a lost answer cannot refund twice either. If the
 * provider refuses or cannot be reached, nothing is recorded.
 */
export async function refundPurchase(deps: BillingDeps, purchaseId: string, source: "operator" | "provider") {
  const now = deps.now();
  if (!/^[0-9a-f-]{36}$/i.test(purchaseId)) throw notFound("No such purchase.");
  return deps.db.transaction(async (tx) => {
    const purchase = await lockPurchase(tx, purchaseId);
    if (purchase.status === "refunded") return { ...summary(purchase), alreadyRefunded: true };
    if (source === "operator") {
      const closes = refundWindowEnds(purchase.paidAt);
      if (now.getTime() > closes.getTime()) {
        throw new AppError("forbidden", `The refund window of this purchase closed on ${closes.toISOString()}.`);
      }
      const provider = deps.payments.byId(purchase.provider);
      if (!provider) throw new AppError("internal_error", `The payment provider ${purchase.provider} is not configured here.`);
      // Under the lock, on purpose: the call is what must happen once.
      await provider.refund(purchase.providerPaymentId, purchase.amount, `streamkit-refund-${purchase.id}`);
    }
    return recordRefund(tx, purchase, now);
  });
}

/** Inside a transaction: locks the purchase, then marks it refunded and writes the ledger entry, once. */
export async function applyRefund(tx: Tx, purchaseId: string, now: Date) {
  const locked = await lockPurchase(tx, purchaseId);
  if (locked.status === "refunded") return { ...summary(locked), alreadyRefunded: true };
  return recordRefund(tx, locked, now);
}

async function lockPurchase(tx: Tx, purchaseId: string) {
  const [locked] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId)).for("update");
  if (!locked) throw notFound("No such purchase.");
  return locked;
}

/** The refund of a purchase this transaction has locked and found unrefunded. */
async function recordRefund(tx: Tx, purchase: typeof purchases.$inferSelect, now: Date) {
  const purchaseId = purchase.id;
  const [refunded] = await tx.update(purchases).set({ status: "refunded", refundedAt: now }).where(eq(purchases.id, purchaseId)).returning();
  const [sale] = await tx
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.purchaseId, purchaseId), eq(ledgerEntries.kind, "sale")));
  await tx.insert(ledgerEntries).values({
    kind: "refund",
    authorId: sale!.authorId,
    currency: sale!.currency,
    gross: -sale!.gross,
    share: -sale!.share,
    purchaseId,
    // The refund cancels the sale in the same bucket: held while the sale is held, payable after.
    availableAt: sale!.availableAt,
    createdAt: now,
  });
  await rollUpSaleEntry(tx, { kind: "refund", pluginId: purchase.pluginId, currency: sale!.currency, gross: sale!.gross, share: sale!.share, at: now });
  return { ...summary(refunded!), alreadyRefunded: false };
}

function summary(purchase: typeof purchases.$inferSelect) {
  return {
    id: purchase.id,
    status: purchase.status,
    currency: purchase.currency,
    amount: purchase.amount,
    refundedAt: purchase.refundedAt?.toISOString() ?? null,
  };
}

/** The latest purchases, for the operator's refund page. */
export async function recentPurchases(db: Db, limit = 100) {
  const rows = await db
    .select({ purchase: purchases, slug: plugins.slug, name: plugins.name, buyer: { name: accounts.name, email: accounts.email } })
    .from(purchases)
    .innerJoin(plugins, eq(plugins.id, purchases.pluginId))
    .innerJoin(accounts, eq(accounts.id, purchases.accountId))
    .orderBy(desc(purchases.paidAt), desc(purchases.id))
    .limit(limit);
  return rows.map(({ purchase, slug, name, buyer }) => ({
    id: purchase.id,
    slug,
    name,
    accountId: purchase.accountId,
    buyer,
    provider: purchase.provider,
    currency: purchase.currency as SaleCurrency,
    amount: purchase.amount,
    status: purchase.status,
    paidAt: purchase.paidAt.toISOString(),
    refundableUntil: refundWindowEnds(purchase.paidAt).toISOString(),
  }));
}
