import type { Billing } from "@streamkit/api-contract";
import { accounts, complimentaryPlans, revenueEntries, subscriptionPayments, subscriptions } from "@streamkit/db";
import { type BillingInterval, type PaidPlan, plans, type SaleCurrency } from "@streamkit/plans";
import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { BillingCaller, BillingDeps } from "../deps";
import { notFound } from "@streamkit/api-contract";
import { endExpired } from "./subscription-renewals";
import { basePlan, latestSubscription, liveSubscription } from "./subscriptions";
import { toPaymentView, toSubscriptionView } from "./subscription-views";

/**
 * The billing page (/account/billing) and GET /api/v1/billing: the plan in
 * force, the subscription, every payment, and totals read from the revenue
 * ledger — so the page's figures are the ledger's sums.
 */
export async function billingOverview(deps: BillingDeps, caller: BillingCaller): Promise<Billing> {
  const { db } = deps;
  const now = deps.now();
  // A plan that ran out since the last sweep shows as ended, not as "ends on" a past date.
  await endExpired(deps, caller.account.id);
  const [base, live, latest, gift, payments, totals] = await Promise.all([
    basePlan(db, caller.account.id),
    liveSubscription(db, caller.account.id),
    latestSubscription(db, caller.account.id),
    activeComplimentary(deps, caller.account.id, now),
    db
      .select()
      .from(subscriptionPayments)
      .where(eq(subscriptionPayments.accountId, caller.account.id))
      .orderBy(desc(subscriptionPayments.paidAt), desc(subscriptionPayments.id)),
    db
      .select({
        currency: revenueEntries.currency,
        paid: sql<string>`coalesce(sum(${revenueEntries.amount}) filter (where ${revenueEntries.kind} = 'subscription_payment'), 0)`,
        refunded: sql<string>`coalesce(-sum(${revenueEntries.amount}) filter (where ${revenueEntries.kind} = 'subscription_refund'), 0)`,
        net: sql<string>`coalesce(sum(${revenueEntries.amount}), 0)`,
      })
      .from(revenueEntries)
      .where(eq(revenueEntries.accountId, caller.account.id))
      .groupBy(revenueEntries.currency)
      .orderBy(asc(revenueEntries.currency)),
  ]);
  const subscription = live ?? latest;
  return {
    plan: caller.account.plan,
    basePlan: base,
    subscription: subscription ? toSubscriptionView(subscription) : null,
    complimentary: gift
      ? { id: gift.id, plan: gift.plan as PaidPlan, endsAt: gift.endsAt.toISOString(), note: gift.note, createdAt: gift.createdAt.toISOString() }
      : null,
    managementUrl: Boolean(live?.providerCustomerId && live.provider !== "builtin"),
    payments: payments.map(toPaymentView),
    totals: totals.map((row) => ({ currency: row.currency as SaleCurrency, paid: Number(row.paid), refunded: Number(row.refunded), net: Number(row.net) })),
  };
}

export async function activeComplimentary(deps: BillingDeps, accountId: string, now: Date) {
  const [row] = await deps.db
    .select()
    .from(complimentaryPlans)
    .where(and(eq(complimentaryPlans.accountId, accountId), isNull(complimentaryPlans.revokedAt), gt(complimentaryPlans.endsAt, now)))
    .orderBy(desc(complimentaryPlans.endsAt))
    .limit(1);
  return row ?? null;
}

/** A printable receipt for one of the caller's payments (never someone else's: 404). */
export async function receipt(deps: BillingDeps, caller: BillingCaller, paymentId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(paymentId)) throw notFound("No such payment.");
  const [row] = await deps.db
    .select({ payment: subscriptionPayments, interval: subscriptions.interval, name: accounts.name, email: accounts.email })
    .from(subscriptionPayments)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionPayments.subscriptionId))
    .innerJoin(accounts, eq(accounts.id, subscriptionPayments.accountId))
    .where(and(eq(subscriptionPayments.id, paymentId), eq(subscriptionPayments.accountId, caller.account.id)));
  if (!row) throw notFound("No such payment.");
  const plan = plans[row.payment.plan as PaidPlan].title;
  const interval = row.interval as BillingInterval;
  const what = {
    initial: `Streamkit ${plan}, ${interval === "month" ? "monthly" : "yearly"} subscription`,
    renewal: `Streamkit ${plan}, ${interval === "month" ? "monthly" : "yearly"} renewal`,
    proration: `Upgrade to Streamkit ${plan} for the rest of the period`,
  }[row.payment.kind];
  return {
    number: row.payment.id,
    accountName: row.name,
    accountEmail: row.email,
    payment: toPaymentView(row.payment),
    interval,
    description: what,
  };
}
