import type { SubscriptionPaymentView, SubscriptionView } from "@streamkit/api-contract";
import type { subscriptionPayments, subscriptions } from "@streamkit/db";
import { graceMs, type PaidPlan, type SaleCurrency } from "@streamkit/plans";
import type { ProviderSubscriptionRef } from "../providers/provider";

type SubscriptionRow = typeof subscriptions.$inferSelect;
type PaymentRow = typeof subscriptionPayments.$inferSelect;

/** How the provider knows a subscription (its own id is set once the first payment is confirmed). */
export function providerRef(row: Pick<SubscriptionRow, "id" | "providerSubscriptionId" | "providerCustomerId">): ProviderSubscriptionRef {
  return { subscriptionId: row.id, providerSubscriptionId: row.providerSubscriptionId ?? "", providerCustomerId: row.providerCustomerId };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toSubscriptionView(row: SubscriptionRow): SubscriptionView {
  const live = row.status === "active" || row.status === "past_due";
  return {
    id: row.id,
    plan: row.plan as PaidPlan,
    interval: row.interval as SubscriptionView["interval"],
    status: row.status,
    provider: row.provider,
    currency: row.currency as SaleCurrency,
    currentPeriodStart: iso(row.currentPeriodStart),
    currentPeriodEnd: iso(row.currentPeriodEnd),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    scheduledPlan: row.scheduledPlan as PaidPlan | null,
    nextRenewal:
      live && !row.cancelAtPeriodEnd && row.currentPeriodEnd
        ? { at: row.currentPeriodEnd.toISOString(), plan: (row.scheduledPlan ?? row.plan) as PaidPlan, amount: row.amount }
        : null,
    graceEndsAt: row.status === "past_due" && row.currentPeriodEnd ? new Date(row.currentPeriodEnd.getTime() + graceMs).toISOString() : null,
    endedAt: iso(row.endedAt),
    endedReason: row.endedReason,
    testCard: row.testCard as SubscriptionView["testCard"],
    createdAt: row.createdAt.toISOString(),
  };
}

export function toPaymentView(row: PaymentRow): SubscriptionPaymentView {
  return {
    id: row.id,
    kind: row.kind,
    plan: row.plan as PaidPlan,
    provider: row.provider,
    currency: row.currency as SaleCurrency,
    amount: row.amount,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    status: row.status,
    paidAt: row.paidAt.toISOString(),
    refundedAt: iso(row.refundedAt),
  };
}
