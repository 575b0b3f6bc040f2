import type { AdminSubscription, AdminSubscriptionQuery } from "@streamkit/api-contract";
import { accounts, complimentaryPlans, type Db, subscriptionPayments, subscriptions } from "@streamkit/db";
import { type PaidPlan, subscriptionRefundWindowEnds } from "@streamkit/plans";
import { and, asc, desc, eq, gt, ilike, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import { decodeTimeCursor, encodeTimeCursor, isUuid } from "@streamkit/api-contract";
import { likePattern } from "@streamkit/db";
import { toPaymentView, toSubscriptionView } from "./subscription-views";

/**
 * /admin/subscriptions: newest first, a keyset page at a time. `q` matches an
 * account's or subscription's id exactly and the email or name as a
 * case-insensitive substring; `status` and `renewsBefore` narrow it.
 * Abandoned checkouts (incomplete) show only when asked for by status.
 */
export async function findSubscriptions(db: Db, query: AdminSubscriptionQuery): Promise<{ items: AdminSubscription[]; next: string | null }> {
  const conditions: SQL[] = [query.status ? eq(subscriptions.status, query.status) : ne(subscriptions.status, "incomplete")];
  if (query.q) {
    const pattern = likePattern(query.q);
    const matches: SQL[] = [ilike(accounts.email, pattern), ilike(accounts.name, pattern)];
    if (isUuid(query.q)) matches.push(eq(accounts.id, query.q), eq(subscriptions.id, query.q));
    conditions.push(or(...matches)!);
  }
  if (query.renewsBefore) conditions.push(lt(subscriptions.currentPeriodEnd, new Date(query.renewsBefore)));
  if (query.cursor) {
    const after = decodeTimeCursor(query.cursor);
    conditions.push(sql`(${subscriptions.createdAt}, ${subscriptions.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`);
  }
  const rows = await db
    .select({ subscription: subscriptions, email: accounts.email, name: accounts.name })
    .from(subscriptions)
    .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
    .where(and(...conditions))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ subscription, email, name }) => ({
      ...toSubscriptionView(subscription),
      accountId: subscription.accountId,
      accountEmail: email,
      accountName: name,
      amount: subscription.amount,
    })),
    next: rows.length > query.limit && last ? encodeTimeCursor({ at: last.subscription.createdAt, id: last.subscription.id }) : null,
  };
}

/** A subscription's payments, newest first, with the refund window of each (the operator's refund buttons). */
export async function subscriptionPaymentsOf(db: Db, subscriptionId: string) {
  if (!isUuid(subscriptionId)) return [];
  const rows = await db
    .select()
    .from(subscriptionPayments)
    .where(eq(subscriptionPayments.subscriptionId, subscriptionId))
    .orderBy(desc(subscriptionPayments.paidAt), desc(subscriptionPayments.id));
  return rows.map((row) => ({ ...toPaymentView(row), refundableUntil: subscriptionRefundWindowEnds(row.paidAt).toISOString() }));
}

/** Complimentary plans in force, the soonest to end first. */
export async function complimentaryInForce(db: Db, now: Date) {
  const rows = await db
    .select({ gift: complimentaryPlans, email: accounts.email, name: accounts.name })
    .from(complimentaryPlans)
    .innerJoin(accounts, eq(accounts.id, complimentaryPlans.accountId))
    .where(and(isNull(complimentaryPlans.revokedAt), gt(complimentaryPlans.endsAt, now)))
    .orderBy(asc(complimentaryPlans.endsAt))
    .limit(200);
  return rows.map(({ gift, email, name }) => ({
    id: gift.id,
    accountId: gift.accountId,
    accountEmail: email,
    accountName: name,
    plan: gift.plan as PaidPlan,
    endsAt: gift.endsAt.toISOString(),
    note: gift.note,
  }));
}
