import { revenueEntries, subscriptionPayments, subscriptions, type Tx } from "@streamkit/db";
import { subscriptionRefundWindowEnds } from "@streamkit/plans";
import { and, eq } from "drizzle-orm";
import type { BillingDeps } from "../deps";
import { AppError, notFound } from "@streamkit/api-contract";
import { providerRef, toPaymentView } from "./subscription-views";

type Payment = typeof subscriptionPayments.$inferSelect;

/**
 * The operator refunds a subscription payment inside the refund window. As for
 * plugin purchases, money goes back once: the payment row is locked for the
 * whole decision, the provider is asked first with an idempotency key derived
 * from the payment, and nothing is recorded if it refuses. Refunding the
 * payment of the current period also ends the subscription at once (the plan
 * it paid for ends with the money); refunding an upgrade's proration gives
 * that money back and leaves the plan as it is.
 */
export async function refundSubscriptionPayment(deps: BillingDeps, paymentId: string) {
  const now = deps.now();
  if (!/^[0-9a-f-]{36}$/i.test(paymentId)) throw notFound("No such subscription payment.");
  return deps.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(subscriptionPayments).where(eq(subscriptionPayments.id, paymentId)).for("update");
    if (!payment) throw notFound("No such subscription payment.");
    if (payment.status === "refunded") return { payment: toPaymentView(payment), alreadyRefunded: true, subscriptionEnded: false };
    const closes = subscriptionRefundWindowEnds(payment.paidAt);
    if (now.getTime() > closes.getTime()) throw new AppError("forbidden", `The refund window of this payment closed on ${closes.toISOString()}.`);
    const provider = deps.payments.byId(payment.provider);
    if (!provider) throw new AppError("internal_error", `The payment provider ${payment.provider} is not configured here.`);
    // Under the lock, on purpose: the call is what must happen once.
    await provider.refund(payment.providerPaymentId, payment.amount, `streamkit-subscription-refund-${payment.id}`);
    return recordRefund(deps, tx, payment, now);
  });
}

/** A refund the provider reports (made on its dashboard): recorded whenever it comes, once. False when the payment is not a subscription's. */
export async function applySubscriptionRefund(deps: BillingDeps, tx: Tx, providerId: string, providerPaymentId: string): Promise<boolean> {
  const [payment] = await tx
    .select()
    .from(subscriptionPayments)
    .where(and(eq(subscriptionPayments.provider, providerId), eq(subscriptionPayments.providerPaymentId, providerPaymentId)))
    .for("update");
  if (!payment) return false;
  if (payment.status !== "refunded") await recordRefund(deps, tx, payment, deps.now());
  return true;
}

async function recordRefund(deps: BillingDeps, tx: Tx, payment: Payment, now: Date) {
  const [refunded] = await tx
    .update(subscriptionPayments)
    .set({ status: "refunded", refundedAt: now })
    .where(eq(subscriptionPayments.id, payment.id))
    .returning();
  await tx.insert(revenueEntries).values({
    kind: "subscription_refund",
    accountId: payment.accountId,
    paymentId: payment.id,
    currency: payment.currency,
    amount: -payment.amount,
    createdAt: now,
  });
  let subscriptionEnded = false;
  if (payment.kind !== "proration") {
    const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.id, payment.subscriptionId)).for("update");
    const paysCurrentPeriod = subscription?.currentPeriodEnd?.getTime() === payment.periodEnd.getTime();
    if (subscription && paysCurrentPeriod && (subscription.status === "active" || subscription.status === "past_due")) {
      if (subscription.providerSubscriptionId) await deps.payments.byId(subscription.provider)?.subscriptions.cancelNow(providerRef(subscription));
      await tx.update(subscriptions).set({ status: "ended", endedAt: now, endedReason: "refunded" }).where(eq(subscriptions.id, subscription.id));
      subscriptionEnded = true;
    }
  }
  return { payment: toPaymentView(refunded!), alreadyRefunded: false, subscriptionEnded };
}
