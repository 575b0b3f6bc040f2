import type { SaleCurrency } from "@streamkit/plans";

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
  /** The provider's hosted payment page. */
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
  | { id: string; type: "ignored"; description: string };

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
  /** Gives the buyer their money back for one payment. */
  refund(providerPaymentId: string, amount: number): Promise<void>;
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

/** Signed timestamps older or newer than this are refused, so a captured delivery cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
