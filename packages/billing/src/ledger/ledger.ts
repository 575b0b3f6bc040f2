/**
 * Every money figure an author sees comes from the ledger, by the one query
 * below (never from purchases or payouts directly):
 *   earned  = Σ share of sales and refunds
 *   held    = Σ share of sales and refunds still inside the refund window
 *   payable = Σ share of every entry past its window (sales, refunds, and payouts as negatives)
 *   paidOut = −Σ share of payouts
 * so earned = held + payable + paidOut always holds.
 */
import type { SalesReport } from "@streamkit/api-contract";
import { accounts, type Db, ledgerEntries, payouts, plugins, purchases, type Queryable } from "@streamkit/db";
import { commerce, type PayoutMethod, type SaleCurrency, saleCurrencies } from "@streamkit/plans";
import { and, desc, eq, sql } from "drizzle-orm";
import type { BillingDeps } from "../deps";
import { AppError } from "@streamkit/api-contract";

export interface Balance {
  authorId: string;
  currency: SaleCurrency;
  earned: number;
  held: number;
  payable: number;
  paidOut: number;
}

const money = (expression: ReturnType<typeof sql>) => sql<number>`coalesce(${expression}, 0)`.mapWith(Number);

export async function balances(db: Queryable, now: Date, authorId?: string): Promise<Balance[]> {
  const at = now.toISOString();
  const rows = await db
    .select({
      authorId: ledgerEntries.authorId,
      currency: ledgerEntries.currency,
      earned: money(sql`sum(${ledgerEntries.share}) filter (where ${ledgerEntries.kind} in ('sale', 'refund'))`),
      held: money(
        sql`sum(${ledgerEntries.share}) filter (where ${ledgerEntries.kind} in ('sale', 'refund') and ${ledgerEntries.availableAt} > ${at}::timestamptz)`,
      ),
      payable: money(sql`sum(${ledgerEntries.share}) filter (where ${ledgerEntries.availableAt} <= ${at}::timestamptz)`),
      paidOut: money(sql`-sum(${ledgerEntries.share}) filter (where ${ledgerEntries.kind} = 'payout')`),
    })
    .from(ledgerEntries)
    .where(authorId ? eq(ledgerEntries.authorId, authorId) : undefined)
    .groupBy(ledgerEntries.authorId, ledgerEntries.currency);
  return rows as Balance[];
}

/** GET /sales: earnings per currency, the latest 100 sales, the payouts. */
export async function salesReport(db: Db, authorId: string, now: Date): Promise<SalesReport> {
  const mine = await balances(db, now, authorId);
  const earnings = saleCurrencies.map((currency) => {
    const b = mine.find((row) => row.currency === currency);
    return {
      currency,
      earned: b?.earned ?? 0,
      held: b?.held ?? 0,
      payable: b?.payable ?? 0,
      paidOut: b?.paidOut ?? 0,
      minimum: commerce.payoutMinimum[currency],
    };
  });
  const at = now.toISOString();
  // Payouts settle the oldest payable sales first: a sale is paid out when the running total of payable
  // shares up to it is within what has been paid out in its currency.
  const settled = db.$with("settled").as(
    db
      .select({
        purchaseId: ledgerEntries.purchaseId,
        running:
          sql<number>`sum(${ledgerEntries.share}) over (partition by ${ledgerEntries.currency} order by ${ledgerEntries.availableAt}, ${ledgerEntries.id})`
            .mapWith(Number)
            .as("running"),
      })
      .from(ledgerEntries)
      .innerJoin(purchases, eq(purchases.id, ledgerEntries.purchaseId))
      .where(
        and(
          eq(ledgerEntries.authorId, authorId),
          eq(ledgerEntries.kind, "sale"),
          eq(purchases.status, "paid"),
          sql`${ledgerEntries.availableAt} <= ${at}::timestamptz`,
        ),
      ),
  );
  const rows = await db
    .with(settled)
    .select({
      id: purchases.id,
      slug: plugins.slug,
      name: plugins.name,
      currency: purchases.currency,
      amount: purchases.amount,
      share: ledgerEntries.share,
      status: purchases.status,
      paidAt: purchases.paidAt,
      availableAt: ledgerEntries.availableAt,
      running: settled.running,
    })
    .from(purchases)
    .innerJoin(plugins, eq(plugins.id, purchases.pluginId))
    .innerJoin(ledgerEntries, and(eq(ledgerEntries.purchaseId, purchases.id), eq(ledgerEntries.kind, "sale")))
    .leftJoin(settled, eq(settled.purchaseId, purchases.id))
    .where(eq(plugins.ownerId, authorId))
    .orderBy(desc(purchases.paidAt), desc(purchases.id))
    .limit(100);
  const paidOut = new Map(earnings.map((e) => [e.currency, e.paidOut]));
  const sales = rows.map((row) => {
    const payable = row.status === "paid" && row.availableAt.getTime() <= now.getTime();
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      currency: row.currency as SaleCurrency,
      amount: row.amount,
      share: row.share,
      status: row.status,
      paidAt: row.paidAt.toISOString(),
      payable,
      paidOut: payable && row.running !== null && row.running <= (paidOut.get(row.currency as SaleCurrency) ?? 0),
    };
  });
  const payoutRows = await db.select().from(payouts).where(eq(payouts.accountId, authorId)).orderBy(desc(payouts.createdAt), desc(payouts.id));
  return {
    earnings,
    sales,
    payouts: payoutRows.map((p) => ({
      id: p.id,
      currency: p.currency as SaleCurrency,
      amount: p.amount,
      method: p.method,
      reference: p.reference,
      createdAt: p.createdAt.toISOString(),
    })),
  };
}

/** Serialises payout runs: two operators pressing the button at once pay once. */
const PAYOUT_LOCK = 720_410_003;

/**
 * Pays every author whose payable balance in a currency reached its minimum:
 * one payout row and one negative ledger entry each, in one transaction.
 */
export async function runPayouts(deps: BillingDeps, options: { method?: string; reference?: string } = {}) {
  const method = (options.method ?? "bank_transfer") as PayoutMethod;
  if (!commerce.payoutMethods.includes(method)) {
    throw new AppError("bad_request", `The payout method must be one of ${commerce.payoutMethods.join(", ")}.`);
  }
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PAYOUT_LOCK})`);
    const due = (await balances(tx, now)).filter((b) => b.payable >= commerce.payoutMinimum[b.currency]);
    const made = [];
    for (const balance of due) {
      const reference = options.reference ?? `PO-${now.toISOString().slice(0, 10).replaceAll("-", "")}-${balance.authorId.slice(0, 8)}-${balance.currency}`;
      const [payout] = await tx
        .insert(payouts)
        .values({ accountId: balance.authorId, currency: balance.currency, amount: balance.payable, method, reference, createdAt: now })
        .returning();
      await tx.insert(ledgerEntries).values({
        kind: "payout",
        authorId: balance.authorId,
        currency: balance.currency,
        gross: 0,
        share: -balance.payable,
        payoutId: payout!.id,
        availableAt: now,
        createdAt: now,
      });
      const [author] = await tx.select({ name: accounts.name, email: accounts.email }).from(accounts).where(eq(accounts.id, balance.authorId));
      made.push({
        id: payout!.id,
        author: { id: balance.authorId, name: author?.name ?? "", email: author?.email ?? null },
        currency: balance.currency,
        amount: balance.payable,
        method,
        reference,
      });
    }
    return made;
  });
}
