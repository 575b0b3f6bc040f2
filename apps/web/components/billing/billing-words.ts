import type { SubscriptionPaymentView, SubscriptionView } from "@streamkit/api-contract";
import type { BillingInterval } from "@streamkit/plans";

/** How the billing pages say intervals, statuses and payment kinds. */
export const intervalAdverb: Record<BillingInterval, string> = { month: "monthly", year: "yearly" };
export const perInterval: Record<BillingInterval, string> = { month: "a month", year: "a year" };

export const statusWords: Record<SubscriptionView["status"], string> = {
  incomplete: "Waiting for payment",
  active: "Active",
  past_due: "Payment overdue",
  ended: "Ended",
};

/** The status badge's class (globals.css .status.*). */
export const statusClass: Record<SubscriptionView["status"], string> = { incomplete: "pending", active: "active", past_due: "pending", ended: "expired" };

export const endedReasonWords: Record<NonNullable<SubscriptionView["endedReason"]>, string> = {
  cancelled: "you cancelled it",
  unpaid: "a renewal could not be charged",
  refunded: "its payment was refunded",
  superseded: "you already had a subscription",
};

export const paymentKindWords: Record<SubscriptionPaymentView["kind"], string> = {
  initial: "First period",
  renewal: "Renewal",
  proration: "Upgrade for the rest of the period",
};

export const providerNames: Record<string, string> = { builtin: "Streamkit test payments", stripe: "Stripe", razorpay: "Razorpay" };

export const isLive = (subscription: Pick<SubscriptionView, "status"> | null | undefined): subscription is SubscriptionView =>
  subscription?.status === "active" || subscription?.status === "past_due";
