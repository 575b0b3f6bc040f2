import type { SaleCurrency } from "@streamkit/plans";
import { AppError } from "../errors";

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
  /**
   * Gives the buyer their money back for one payment. `idempotencyKey` names
   * this refund and is derived from what is refunded (`streamkit-refund-<purchase id>`),
   * never random, so a retry sends the same one; at least 10 letters, digits, `-`
   * or `_` (Razorpay's rule; Stripe takes up to 255 characters). The provider
   * refunds once per key, however often the call is retried. Callers also hold a
   * database lock around the call: the key is the second line of defence.
   */
  refund(providerPaymentId: string, amount: number, idempotencyKey: string): Promise<void>;
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
