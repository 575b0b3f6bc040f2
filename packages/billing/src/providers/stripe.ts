import Stripe from "stripe";
import { z } from "zod";
import type { CheckoutRequest, CheckoutSession, PaymentProvider, ProviderEvent } from "./provider";
import { WEBHOOK_TOLERANCE_SECONDS, WebhookSignatureError } from "./provider";
import { StripeSubscriptions } from "./stripe-subscriptions";

export const STRIPE_SIGNATURE_HEADER = "stripe-signature";

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API address than api.stripe.com (the tests' local stub). */
  api?: { host: string; port: number; protocol: "http" | "https" };
}

const expandable = z.union([z.string(), z.object({ id: z.string() })]);
const idOf = (value: z.infer<typeof expandable> | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

const eventSchema = z.object({
  id: z.string().min(1),
  type: z.string(),
  data: z.object({ object: z.unknown(), previous_attributes: z.record(z.string(), z.unknown()).optional() }),
});

const sessionSchema = z.object({
  id: z.string(),
  mode: z.string(),
  payment_status: z.string(),
  client_reference_id: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  payment_intent: expandable.nullish(),
  amount_total: z.int().nullish(),
  currency: z.string().nullish(),
});

const chargeSchema = z.object({
  id: z.string(),
  amount: z.int(),
  amount_refunded: z.int(),
  refunded: z.boolean(),
  payment_intent: expandable.nullish(),
});

/** Our checkout ids are UUIDs; a session without one was made by something else on the same Stripe account. */
const checkoutIdSchema = z.uuid();

/**
 * What verifyWebhook returns: the event, or the promise of one. A paid subscription invoice no longer
 * names its payment intent (API 2025-03-31.basil and later), so that event waits for one API call; every
 * other event maps at once. The webhook route awaits either. The promise is typed with `id` and `type`
 * that read undefined, so code that knows its event maps at once (the payment events) can still read them.
 */
export type StripeWebhookResult = ProviderEvent | (Promise<ProviderEvent> & { readonly id?: undefined; readonly type?: undefined });

/**
 * Stripe takes USD through hosted Checkout Sessions: payment mode for plugins,
 * subscription mode for Pro and Ultimate (stripe-subscriptions.ts). The
 * webhook endpoint (/api/webhooks/stripe) must subscribe to
 * checkout.session.completed, checkout.session.async_payment_succeeded,
 * charge.refunded, invoice.paid, invoice.payment_failed,
 * customer.subscription.updated and customer.subscription.deleted; its API
 * version should match the SDK's pinned one (Stripe.API_VERSION), since
 * snapshot events are shaped by it.
 */
export class StripeProvider implements PaymentProvider {
  readonly id = "stripe" as const;
  readonly currencies = ["USD"] as const;
  readonly subscriptions: StripeSubscriptions;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(options: StripeProviderOptions) {
    this.webhookSecret = options.webhookSecret;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: "streamkit" },
      ...(options.api ? { host: options.api.host, port: options.api.port, protocol: options.api.protocol } : {}),
    });
    this.subscriptions = new StripeSubscriptions(this.stripe);
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    if (request.currency !== "USD") throw new Error(`Stripe is configured for USD only, not ${request.currency}.`);
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: request.amount, product_data: { name: request.description } } }],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: request.checkoutId,
        metadata: { checkoutId: request.checkoutId },
        // Also on the payment itself, so it can be traced from Stripe's dashboard and from refunds.
        payment_intent_data: { metadata: { checkoutId: request.checkoutId } },
        ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
      },
      // A retried create (our process or the SDK's own retries) gets the same session back, not a second one.
      { idempotencyKey: `streamkit-checkout-${request.checkoutId}` },
    );
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a hosted page URL.`);
    return { providerSessionId: session.id, redirectUrl: session.url };
  }

  verifyWebhook(rawBody: string, headers: Headers, now: Date): StripeWebhookResult {
    const header = headers.get(STRIPE_SIGNATURE_HEADER);
    if (!header) throw new WebhookSignatureError(`The ${STRIPE_SIGNATURE_HEADER} header is missing.`);
    let parsed: unknown;
    try {
      // The SDK checks every v1 signature in constant time (crypto.timingSafeEqual) and refuses
      // timestamps older than the tolerance, measured from `receivedAt` (ms) — our clock, not Date.now().
      parsed = this.stripe.webhooks.constructEvent(rawBody, header, this.webhookSecret, WEBHOOK_TOLERANCE_SECONDS, undefined, now.getTime());
    } catch (error) {
      throw new WebhookSignatureError(`Stripe signature check failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
    }
    // The SDK only refuses timestamps in the past; one further ahead than the tolerance is refused too, as the built-in provider does.
    const signedAt = signedTimestamp(header);
    if (signedAt === null || signedAt - now.getTime() / 1000 > WEBHOOK_TOLERANCE_SECONDS) {
      throw new WebhookSignatureError("The signed timestamp is outside the replay window.");
    }
    const event = eventSchema.safeParse(parsed);
    if (!event.success) throw new WebhookSignatureError("The signed body is not a Stripe event.");
    return (this.subscriptions.mapEvent(event.data) as StripeWebhookResult | null) ?? mapEvent(event.data);
  }

  async refund(providerPaymentId: string, amount: number, idempotencyKey: string): Promise<void> {
    try {
      await this.stripe.refunds.create(
        { payment_intent: providerPaymentId, amount },
        // The caller's key (one per purchase): a retry, ours or the SDK's, gets the same refund back, not a second one.
        // Stripe keeps keys for 24 hours; a later repeat is refused as charge_already_refunded below.
        { idempotencyKey },
      );
    } catch (error) {
      // Already refunded (e.g. from Stripe's dashboard): the buyer has their money back, which is what was asked.
      if (error instanceof Stripe.errors.StripeError && error.code === "charge_already_refunded") return;
      throw error;
    }
  }
}

function mapEvent(event: z.infer<typeof eventSchema>): ProviderEvent {
  const ignored = (why: string): ProviderEvent => ({ id: event.id, type: "ignored", description: `${event.type}: ${why}` });
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = parseObject(sessionSchema, event.data.object, event.type);
      // A subscription's first payment is recorded from its invoice.paid event, with the subscription's period.
      if (session.mode !== "payment") return ignored(`session ${session.id} is in ${session.mode} mode`);
      // Delayed payment methods complete the session unpaid; async_payment_succeeded follows when the money arrives.
      if (session.payment_status !== "paid") return ignored(`session ${session.id} is ${session.payment_status}`);
      const checkoutId = checkoutIdSchema.safeParse(session.metadata?.checkoutId ?? session.client_reference_id);
      if (!checkoutId.success) return ignored(`session ${session.id} carries no StreamKit checkout id`);
      const paymentIntent = idOf(session.payment_intent);
      if (!paymentIntent || session.amount_total == null || !session.currency) {
        throw new WebhookSignatureError(`Paid session ${session.id} lacks its payment intent, amount or currency.`);
      }
      return {
        id: event.id,
        type: "payment.succeeded",
        checkoutId: checkoutId.data,
        providerPaymentId: paymentIntent,
        amount: session.amount_total,
        currency: session.currency.toUpperCase(),
      };
    }
    case "charge.refunded": {
      const charge = parseObject(chargeSchema, event.data.object, event.type);
      // `refunded` is true only once the whole charge is refunded; partial refunds leave the purchase as it is.
      if (!charge.refunded || charge.amount_refunded < charge.amount) return ignored(`charge ${charge.id} is only partly refunded`);
      const paymentIntent = idOf(charge.payment_intent);
      if (!paymentIntent) return ignored(`charge ${charge.id} has no payment intent`);
      return { id: event.id, type: "payment.refunded", providerPaymentId: paymentIntent };
    }
    default:
      return ignored("not acted on");
  }
}

function parseObject<T extends z.ZodType>(schema: T, value: unknown, type: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new WebhookSignatureError(`The signed ${type} event does not have the expected shape.`);
  return result.data;
}

/** `t=` of a Stripe-Signature header, read as the SDK reads it (the last one wins). */
function signedTimestamp(header: string): number | null {
  let t: number | null = null;
  for (const item of header.split(",")) {
    const [key, value] = item.split("=");
    if (key === "t") t = Number.parseInt(value ?? "", 10);
  }
  return t !== null && Number.isFinite(t) ? t : null;
}
