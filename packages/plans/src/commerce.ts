import type { SaleCurrency } from "./prices";

/**
 * The money rules of paid plugins, as data (docs/payments.md):
 * - authors get 80 % of each sale, rounded down to the minor unit (the
 *   service keeps the remainder and pays the payment provider's fees);
 * - a buyer may be refunded for 14 days after paying; until then the
 *   author's share is held, afterwards it is payable;
 * - payable money is paid out once it reaches the currency's minimum.
 */
export const commerce = {
  authorShareBasisPoints: 8_000,
  refundWindowDays: 14,
  payoutMinimum: { INR: 100_000, USD: 2_500 } satisfies Record<SaleCurrency, number>,
  payoutMethods: ["bank_transfer", "upi", "paypal", "wise"] as const,
} as const;

export type PayoutMethod = (typeof commerce.payoutMethods)[number];

/** The author's part of a sale of `amount` minor units. */
export function authorShare(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`amount must be a non-negative integer, not ${amount}`);
  return Math.floor((amount * commerce.authorShareBasisPoints) / 10_000);
}

export const refundWindowMs = commerce.refundWindowDays * 24 * 60 * 60 * 1000;

/** When a sale paid at `paidAt` leaves the refund window. */
export function refundWindowEnds(paidAt: Date): Date {
  return new Date(paidAt.getTime() + refundWindowMs);
}
