import type { BillingInterval, PaidPlan, SaleCurrency } from "@streamkit/plans";
import { AppError } from "@streamkit/api-contract";

/**
 * A payment provider: the built-in test checkout, Stripe (USD) or Razorpay
 * (INR). Checkout and purchases only ever talk to this interface; a payment
 * becomes a purchase only through a verified provider event (verifyWebhook),
 * whichever provider it is.
 */
export interface CheckoutRequest {
  checkoutId: string;
  /** Minor units. */
  amount: number;
  currency: SaleCurrency;
  /** What the buyer sees on the provider's page. */
  description: string;
  customerEmail: string | null;
  /** Where the provider sends the buyer after paying, and after giving up. */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  providerSessionId: string;
  /** The provider's hosted payment page: an absolute address, or a path of this site for the built-in checkout. */
  redirectUrl: string;
}

export type ProviderEvent =
  | {
      id: string;
      type: "payment.succeeded";
      checkoutId: string;
      providerPaymentId: string;
      amount: number;
      currency: string;
    }
  | { id: string; type: "payment.refunded"; providerPaymentId: string }
  | SubscriptionEvent
  | { id: string; type: "ignored"; description: string };

/**
 * What a provider says about a subscription, in this service's words
 * (subscriptions/subscription-events.ts applies them, each event id once).
 */
export type SubscriptionEvent =
  | {
      id: string;
      /** Money for a period arrived: the first one (initial), a renewal, or an upgrade's proration. */
      type: "subscription.payment_succeeded";
      /** Ours, from the metadata the checkout attached; null when the provider does not echo it (then providerSubscriptionId finds it). */
      subscriptionId: string | null;
      providerSubscriptionId: string;
      providerCustomerId: string | null;
      providerPaymentId: string;
      kind: "initial" | "renewal" | "proration";
      amount: number;
      currency: string;
      /** The period the payment covers; an upgrade's proration covers the rest of the current one. */
      periodStart: Date;
      periodEnd: Date;
    }
  | { id: string; type: "subscription.payment_failed"; subscriptionId: string | null; providerSubscriptionId: string }
  /** The subscriber cancelled or resumed on the provider's own pages (Stripe's customer portal). */
  | { id: string; type: "subscription.cancel_changed"; providerSubscriptionId: string; cancelAtPeriodEnd: boolean }
  /** The provider ended the subscription (cancelled at the period's end, or stopped retrying). */
  | { id: string; type: "subscription.ended"; providerSubscriptionId: string };

export type ProviderId = "builtin" | "stripe" | "razorpay";

export interface PaymentProvider {
  readonly id: ProviderId;
  readonly currencies: readonly SaleCurrency[];
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Checks the signature over the raw body (constant-time comparison; and a
   * replay window where the provider signs a timestamp), then parses the
   * event. Throws WebhookSignatureError when the body cannot be trusted.
   */
  verifyWebhook(rawBody: string, headers: Headers, now: Date): ProviderEvent | Promise<ProviderEvent>;
  /**
   * Gives the buyer their money back for one payment. `idempotencyKey` names
   * this refund and is derived from what is refunded (`streamkit-refund-<purchase id>`),
   * never random, so a retry sends the same one; at least 10 letters, digits, `-`
   * or `_` (Razorpay's rule; Stripe takes up to 255 characters). The provider
   * refunds once per key, however often the call is retried. Callers also hold a
   * database lock around the call: the key is the second line of defence.
   */
  refund(providerPaymentId: string, amount: number, idempotencyKey: string): Promise<void>;
  /** Pro and Ultimate subscriptions (subscriptions/subscriptions.ts). */
  readonly subscriptions: SubscriptionProvider;
}

export interface SubscriptionCheckoutRequest {
  /** Ours: attach it to everything the provider creates (metadata, notes), so events find their way back. */
  subscriptionId: string;
  plan: PaidPlan;
  interval: BillingInterval;
  /** Per period, minor units. */
  amount: number;
  currency: SaleCurrency;
  description: string;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
}

/** A subscription as the provider knows it. */
export interface ProviderSubscriptionRef {
  subscriptionId: string;
  providerSubscriptionId: string;
  providerCustomerId: string | null;
}

export interface PlanChange {
  plan: PaidPlan;
  interval: BillingInterval;
  currency: SaleCurrency;
  /** The new plan's price per period, minor units. */
  amount: number;
}

/**
 * Subscriptions through one provider. Every call that moves money is made once,
 * under the subscription's row lock, with an idempotency key derived from what
 * it does; the money itself is recorded only from the provider's events.
 */
export interface SubscriptionProvider {
  /** The hosted page where the first period is paid (and the payment method saved for renewals). */
  createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<CheckoutSession>;
  /**
   * Pro → Ultimate at once: the subscription charges `change.amount` from the next renewal and
   * `prorationAmount` now (the difference for the rest of the period; 0 charges nothing). The
   * charge is confirmed by a subscription.payment_succeeded event of kind "proration".
   */
  upgradeNow(ref: ProviderSubscriptionRef, change: PlanChange, prorationAmount: number, idempotencyKey: string): Promise<void>;
  /** Ultimate → Pro: the renewal at the period's end charges the new plan; `null` takes a scheduled change back. */
  scheduleChange(ref: ProviderSubscriptionRef, change: PlanChange | null, currentPlan: PlanChange): Promise<void>;
  /** Cancel at the period's end (true), or resume before it (false). */
  setCancelAtPeriodEnd(ref: ProviderSubscriptionRef, cancel: boolean): Promise<void>;
  /** Stop now (a refund or the operator): no further charges. Refunds are separate (PaymentProvider.refund). */
  cancelNow(ref: ProviderSubscriptionRef): Promise<void>;
  /** Where the subscriber manages their payment method on the provider's pages (Stripe's customer portal); null when there is none. */
  managementUrl(ref: ProviderSubscriptionRef, returnUrl: string): Promise<string | null>;
}

/** A delivery whose signature or shape cannot be trusted: 400 bad_request, so the provider does not retry it for days. */
export class WebhookSignatureError extends AppError {
  constructor(message: string) {
    super("bad_request", message);
    this.name = "WebhookSignatureError";
  }
}

/** Signed timestamps older or newer than this are refused, so a captured delivery cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
