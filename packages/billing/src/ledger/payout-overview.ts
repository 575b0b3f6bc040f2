import { accounts, type Db, payouts } from "@streamkit/db";
import { commerce, type SaleCurrency } from "@streamkit/plans";
import { desc, eq, inArray } from "drizzle-orm";
import { balances } from "./ledger";

/**
 * The operator's payouts page: who the next run would pay (payable at or above
 * the minimum, from the same ledger query the run uses) and the latest 100 payouts made.
 */
export async function payoutOverview(db: Db, now: Date) {
  const dueBalances = (await balances(db, now)).filter((b) => b.payable >= commerce.payoutMinimum[b.currency]);
  const history = await db
    .select({ payout: payouts, author: { id: accounts.id, name: accounts.name, email: accounts.email } })
    .from(payouts)
    .innerJoin(accounts, eq(accounts.id, payouts.accountId))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(100);
  const dueAuthors = dueBalances.length
    ? await db
        .select({ id: accounts.id, name: accounts.name, email: accounts.email })
        .from(accounts)
        .where(
          inArray(
            accounts.id,
            dueBalances.map((b) => b.authorId),
          ),
        )
    : [];
  return {
    due: dueBalances.map((b) => ({
      author: dueAuthors.find((a) => a.id === b.authorId) ?? { id: b.authorId, name: "", email: null },
      currency: b.currency,
      payable: b.payable,
    })),
    history: history.map(({ payout, author }) => ({
      id: payout.id,
      author,
      currency: payout.currency as SaleCurrency,
      amount: payout.amount,
      method: payout.method,
      reference: payout.reference,
      createdAt: payout.createdAt.toISOString(),
    })),
  };
}
