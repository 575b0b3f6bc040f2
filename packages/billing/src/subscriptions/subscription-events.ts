import { isUniqueViolation, revenueEntries, subscriptionPayments, subscriptions, type Tx } from "@streamkit/db";
import { type PaidPlan, planAmount, type SaleCurrency } from "@streamkit/plans";
import { and, eq } from "drizzle-orm";
import type { BillingDeps } from "../deps";
import { claimEvent } from "../webhooks/event-claim";
import type { SubscriptionEvent } from "../providers/provider";
import { providerRef } from "./subscription-views";

export type SubscriptionEventOutcome = "applied" | "duplicate" | "unknown_subscription" | "second_subscription_refunded" | "late_payment_refunded";

type Subscription = typeof subscriptions.$inferSelect;

/**
 * Applies one verified subscription event, exactly once: the event id is
 * recorded in the same transaction as its effect, the subscription row is
 * locked for the decision, and a payment is recorded once per provider
 * payment id (a unique index) with its one revenue-ledger entry — so replayed
 * and concurrent deliveries, and two processes charging one renewal, record
 * one payment.
 */
export async function applySubscriptionEvent(deps: BillingDeps, providerId: string, event: SubscriptionEvent): Promise<SubscriptionEventOutcome> {
  const now = deps.now();
  return deps.db.transaction(async (tx): Promise<SubscriptionEventOutcome> => {
    if (!(await claimEvent(tx, providerId, event, now))) return "duplicate";
    const subscription = await lockSubscription(tx, providerId, "subscriptionId" in event ? event.subscriptionId : null, event.providerSubscriptionId);
    if (!subscription) {
      deps.log.warn({ provider: providerId, event: event.id, subscription: event.providerSubscriptionId }, "event for an unknown subscription");
      return "unknown_subscription";
    }
    switch (event.type) {
      case "subscription.payment_succeeded":
        return paymentSucceeded(deps, tx, providerId, subscription, event, now);
      case "subscription.payment_failed":
        if (subscription.status === "active" || subscription.status === "past_due") {
          await tx.update(subscriptions).set({ status: "past_due", lastFailedAt: now }).where(eq(subscriptions.id, subscription.id));
        }
        return "applied";
      case "subscription.cancel_changed":
        if (subscription.status === "active" || subscription.status === "past_due") {
          await tx.update(subscriptions).set({ cancelAtPeriodEnd: event.cancelAtPeriodEnd }).where(eq(subscriptions.id, subscription.id));
        }
        return "applied";
      case "subscription.ended":
        if (subscription.status !== "ended") {
          await tx
            .update(subscriptions)
            .set({
              status: "ended",
              endedAt: now,
              endedReason: subscription.status === "incomplete" || subscription.cancelAtPeriodEnd ? "cancelled" : "unpaid",
            })
            .where(eq(subscriptions.id, subscription.id));
        }
        return "applied";
    }
  });
}

async function lockSubscription(tx: Tx, providerId: string, subscriptionId: string | null, providerSubscriptionId: string): Promise<Subscription | null> {
  const byOurId = subscriptionId && /^[0-9a-f-]{36}$/i.test(subscriptionId);
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(
      byOurId
        ? and(eq(subscriptions.id, subscriptionId), eq(subscriptions.provider, providerId))
        : and(eq(subscriptions.provider, providerId), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)),
    )
    .for("update");
  return row ?? null;
}

async function paymentSucceeded(
  deps: BillingDeps,
  tx: Tx,
  providerId: string,
  subscription: Subscription,
  event: Extract<SubscriptionEvent, { type: "subscription.payment_succeeded" }>,
  now: Date,
): Promise<SubscriptionEventOutcome> {
  const [already] = await tx
    .select({ id: subscriptionPayments.id })
    .from(subscriptionPayments)
    .where(and(eq(subscriptionPayments.provider, providerId), eq(subscriptionPayments.providerPaymentId, event.providerPaymentId)));
  if (already) return "duplicate";
  if (event.currency.toUpperCase() !== subscription.currency) {
    deps.log.error({ subscription: subscription.id, expected: subscription.currency, got: event.currency }, "subscription payment in another currency");
  }

  if (subscription.status === "ended") {
    // Money for a subscription that is over (e.g. a provider's late retry): nobody pays for nothing, so it goes back.
    await refundUnwanted(deps, providerId, subscription, event);
    return "late_payment_refunded";
  }

  let plan = subscription.plan as PaidPlan;
  if (event.kind === "initial" || subscription.status === "incomplete") {
    try {
      // A savepoint: the live-subscription index decides two subscriptions paid at once (two tabs) — the second goes back.
      await tx.transaction(async (inner) => {
        await inner
          .update(subscriptions)
          .set({
            status: "active",
            providerSubscriptionId: event.providerSubscriptionId,
            providerCustomerId: event.providerCustomerId,
            currentPeriodStart: event.periodStart,
            currentPeriodEnd: event.periodEnd,
            lastFailedAt: null,
          })
          .where(eq(subscriptions.id, subscription.id));
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await tx.update(subscriptions).set({ status: "ended", endedAt: now, endedReason: "superseded" }).where(eq(subscriptions.id, subscription.id));
      await refundUnwanted(deps, providerId, { ...subscription, providerSubscriptionId: event.providerSubscriptionId }, event);
      return "second_subscription_refunded";
    }
  } else if (event.kind === "renewal") {
    // A renewal starts the period it pays for; a downgrade scheduled for the period's end takes effect with it.
    plan = (subscription.scheduledPlan as PaidPlan | null) ?? plan;
    await tx
      .update(subscriptions)
      .set({
        status: "active",
        plan,
        scheduledPlan: null,
        amount: planAmount(plan, subscription.interval as "month" | "year", subscription.currency as SaleCurrency),
        currentPeriodStart: event.periodStart,
        currentPeriodEnd: event.periodEnd,
        lastFailedAt: null,
      })
      .where(eq(subscriptions.id, subscription.id));
  }
  const [payment] = await tx
    .insert(subscriptionPayments)
    .values({
      subscriptionId: subscription.id,
      accountId: subscription.accountId,
      kind: event.kind,
      plan,
      provider: providerId,
      providerPaymentId: event.providerPaymentId,
      currency: subscription.currency,
      amount: event.amount,
      periodStart: event.periodStart,
      periodEnd: event.periodEnd,
      paidAt: now,
    })
    .returning();
  await tx.insert(revenueEntries).values({
    kind: "subscription_payment",
    accountId: subscription.accountId,
    paymentId: payment!.id,
    currency: payment!.currency,
    amount: payment!.amount,
    createdAt: now,
  });
  return "applied";
}

/**
 * Gives back a payment nobody should have made, before the event is committed:
 * if the provider cannot be reached nothing is recorded, the webhook answers
 * 500 and the provider delivers the event again.
 */
async function refundUnwanted(
  deps: BillingDeps,
  providerId: string,
  subscription: Subscription,
  event: Extract<SubscriptionEvent, { type: "subscription.payment_succeeded" }>,
) {
  const provider = deps.payments.byId(providerId)!;
  if (subscription.providerSubscriptionId) await provider.subscriptions.cancelNow(providerRef(subscription));
  await provider.refund(event.providerPaymentId, event.amount, `streamkit-unwanted-${event.providerPaymentId}`.slice(0, 255));
  deps.log.warn({ subscription: subscription.id, payment: event.providerPaymentId }, "refunded a subscription payment that was not wanted");
}
