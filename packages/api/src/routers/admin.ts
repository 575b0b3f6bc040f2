import { accounts, type Db, payouts } from "@streamkit/db";
import { commerce, type SaleCurrency } from "@streamkit/plans";
import type { TRPCRouterRecord } from "@trpc/server";
import { desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { balances, runPayouts } from "../services/ledger";
import { pendingPriceRequests, reviewPriceRequest } from "../services/prices";
import { recentPurchases, refundPurchase } from "../services/purchases";
import { staffProcedure } from "../trpc";

/** The operator's website pages; the same operations as the admin CLI. Not part of /api/v1. */
export const adminRouter = {
  priceRequests: staffProcedure.input(z.void()).query(({ ctx }) => pendingPriceRequests(ctx.deps.db)),
  reviewPriceRequest: staffProcedure
    .input(z.object({ slug: z.string(), decision: z.enum(["approve", "reject"]), note: z.string().max(1000).nullable().optional() }))
    .mutation(({ ctx, input }) => reviewPriceRequest(ctx.deps, { ...input, reviewerId: ctx.caller.account.id })),
  purchases: staffProcedure.input(z.void()).query(({ ctx }) => recentPurchases(ctx.deps.db)),
  refund: staffProcedure.input(z.object({ id: z.string() })).mutation(({ ctx, input }) => refundPurchase(ctx.deps, input.id, "operator")),
  runPayouts: staffProcedure
    .input(z.object({ method: z.string(), reference: z.string().trim().max(200).optional() }))
    .mutation(({ ctx, input }) => runPayouts(ctx.deps, { method: input.method, reference: input.reference || undefined })),
  payouts: staffProcedure.input(z.void()).query(({ ctx }) => payoutOverview(ctx.deps.db, ctx.deps.now())),
} satisfies TRPCRouterRecord;

/**
 * The operator's payouts page: who the next run would pay (payable at or above
 * the minimum, from the same ledger query the run uses) and the latest 100 payouts made.
 */
async function payoutOverview(db: Db, now: Date) {
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
