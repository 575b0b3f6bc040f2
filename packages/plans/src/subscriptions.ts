import { z } from "zod";
import { commerce } from "./commerce";
import type { PlanName } from "./plans";
import { currencyForCountry, type SaleCurrency } from "./prices";

/**
 * What the paid plans cost and the rules of paying for them, as data
 * (docs/payments.md#subscriptions): the plans page, checkout, renewals, the billing
 * page and the OpenAPI document all read this table.
 */
export const paidPlanNames = ["pro", "ultimate"] as const satisfies readonly PlanName[];
export type PaidPlan = (typeof paidPlanNames)[number];
export const paidPlanSchema = z.enum(paidPlanNames).meta({ id: "PaidPlan" });

export const billingIntervals = ["month", "year"] as const;
export type BillingInterval = (typeof billingIntervals)[number];
export const billingIntervalSchema = z.enum(billingIntervals).meta({ id: "BillingInterval" });

/** Price per period in minor units (paise, cents): INR in India, USD elsewhere, as for plugins. A year costs ten months. */
export const planPrices = {
  pro: { month: { INR: 29_900, USD: 500 }, year: { INR: 299_000, USD: 5_000 } },
  ultimate: { month: { INR: 79_900, USD: 1_200 }, year: { INR: 799_000, USD: 12_000 } },
} as const satisfies Record<PaidPlan, Record<BillingInterval, Record<SaleCurrency, number>>>;

export const subscriptionRules = {
  /** After a renewal that could not be charged the plan stays this long, while the payment is retried; then Free. */
  graceDays: 7,
  /** A failed renewal is retried at most once per this many hours inside the grace period (the built-in provider; the others retry on their own schedules). */
  retryEveryHours: 24,
  /** A subscription payment may be refunded by the operator for this many days after it was paid (the same window as plugins). */
  refundWindowDays: commerce.refundWindowDays,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
export const graceMs = subscriptionRules.graceDays * DAY_MS;

/** The amount a subscriber in `country` pays per period, with its currency. */
export function planCharge(plan: PaidPlan, interval: BillingInterval, country: string | null | undefined): { currency: SaleCurrency; amount: number } {
  const currency = currencyForCountry(country);
  return { currency, amount: planPrices[plan][interval][currency] };
}

/** The price in a given currency (a subscription keeps the currency it started in). */
export function planAmount(plan: PaidPlan, interval: BillingInterval, currency: SaleCurrency): number {
  return planPrices[plan][interval][currency];
}

/**
 * The end of a period that starts at `start`: one calendar month or year
 * later in UTC, on the same day of the month or on the month's last day when
 * it has fewer days (31 January → 28/29 February), as Stripe bills.
 */
export function periodEnd(start: Date, interval: BillingInterval, anchorDay = start.getUTCDate()): Date {
  const months = interval === "month" ? 1 : 12;
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(start);
  end.setUTCFullYear(year, month, Math.min(anchorDay, lastDay));
  return end;
}

/**
 * Pro → Ultimate takes effect at once and costs the difference between the two
 * prices for the part of the current period that is left, rounded down to the
 * minor unit (in the subscriber's favour); the renewal date stays. Nothing is
 * charged (0) when less than a minor unit is owed.
 */
export function prorationAmount(fromAmount: number, toAmount: number, periodStart: Date, periodEndAt: Date, at: Date): number {
  const total = periodEndAt.getTime() - periodStart.getTime();
  const left = Math.min(Math.max(periodEndAt.getTime() - at.getTime(), 0), total);
  if (total <= 0 || toAmount <= fromAmount) return 0;
  return Math.floor(((toAmount - fromAmount) * left) / total);
}

/** Until when a subscription gives its plan: the paid period, plus the grace period unless it is cancelled at the period's end. */
export function entitledUntil(currentPeriodEnd: Date, cancelAtPeriodEnd: boolean): Date {
  return cancelAtPeriodEnd ? currentPeriodEnd : new Date(currentPeriodEnd.getTime() + graceMs);
}

export function subscriptionRefundWindowEnds(paidAt: Date): Date {
  return new Date(paidAt.getTime() + subscriptionRules.refundWindowDays * DAY_MS);
}
