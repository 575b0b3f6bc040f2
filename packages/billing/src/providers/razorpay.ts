import { createHash } from "node:crypto";
import Razorpay from "razorpay";
import { z } from "zod";
import type { CheckoutRequest, CheckoutSession, PaymentProvider, ProviderEvent } from "./provider";
import { WebhookSignatureError } from "./provider";
import { mapSubscriptionEvent, RazorpaySubscriptions } from "./razorpay-subscriptions";
import { hexEqual, hmacHex } from "./signature";

export const RAZORPAY_SIGNATURE_HEADER = "x-razorpay-signature";
export const RAZORPAY_EVENT_ID_HEADER = "x-razorpay-event-id";

export interface RazorpayProviderOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /**
   * Another API address than https://api.razorpay.com (the tests' local stub).
   * The SDK has no option for it, so this re-points its HTTP client.
   */
  apiBaseUrl?: string;
  /** The clock for the subscription link's expiry (expire_by); the system clock by default. */
  clock?: () => Date;
}

/** A failed Razorpay API call. The SDK rejects with a plain object, not an Error; this keeps its status and code. */
export class RazorpayRequestError extends Error {
  constructor(
    message: string,
    readonly statusCode: number | null,
    readonly code: string | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "RazorpayRequestError";
  }
}

/** The SDK's own HTTP client (an axios instance carrying the base URL, basic auth and User-Agent). */
interface SdkHttp {
  defaults?: { baseURL?: string };
  post(url: string, data: unknown, config: { headers: Record<string, string> }): Promise<{ data: unknown }>;
}

/** Razorpay's idempotent refund header: a repeat with the same key and body returns the first refund. */
export const RAZORPAY_REFUND_IDEMPOTENCY_HEADER = "X-Refund-Idempotency";

/** Razorpay sends `notes: []` when there are none (a PHP empty array). */
const notesSchema = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish();
const noteString = (notes: z.infer<typeof notesSchema>, key: string) => {
  const value = notes && !Array.isArray(notes) ? notes[key] : undefined;
  return typeof value === "string" ? value : undefined;
};

const envelopeSchema = z.object({ event: z.string().min(1), payload: z.record(z.string(), z.unknown()).default({}) });
const paymentSchema = z.object({
  id: z.string().min(1),
  amount: z.int(),
  currency: z.string().min(1),
  captured: z.boolean().optional(),
  amount_refunded: z.int().nullish(),
  refund_status: z.string().nullish(),
});
const paymentLinkPaidSchema = z.object({
  payment_link: z.object({ entity: z.object({ id: z.string(), reference_id: z.string().nullish(), notes: notesSchema }) }),
  payment: z.object({ entity: paymentSchema }),
});
const refundedSchema = z.object({ payment: z.object({ entity: paymentSchema }) });

/** Our checkout ids are UUIDs; a link without one was made by something else on the same Razorpay account. */
const checkoutIdSchema = z.uuid();

/**
 * Razorpay takes INR through Payment Links (a hosted page at short_url) for
 * plugins and through Razorpay Subscriptions for Pro and Ultimate
 * (razorpay-subscriptions.ts). The webhook endpoint (/api/webhooks/razorpay)
 * must subscribe to payment_link.paid, refund.processed,
 * subscription.charged, subscription.pending, subscription.halted,
 * subscription.cancelled and subscription.completed.
 */
export class RazorpayProvider implements PaymentProvider {
  readonly id = "razorpay" as const;
  readonly currencies = ["INR"] as const;
  readonly subscriptions: RazorpaySubscriptions;
  private readonly razorpay: Razorpay;
  private readonly http: SdkHttp;
  private readonly webhookSecret: string;

  constructor(options: RazorpayProviderOptions) {
    this.webhookSecret = options.webhookSecret;
    this.razorpay = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
    // Refunds need it (see refund), so a newer SDK that hides it fails here, at start, not at the first refund.
    const http = (this.razorpay.api as unknown as { rq?: SdkHttp }).rq;
    if (!http?.defaults || typeof http.post !== "function") {
      throw new Error("This razorpay SDK version no longer exposes its HTTP client; idempotent refunds and apiBaseUrl need it.");
    }
    this.http = http;
    if (options.apiBaseUrl) http.defaults.baseURL = options.apiBaseUrl.replace(/\/+$/, "");
    this.subscriptions = new RazorpaySubscriptions({ sdk: this.razorpay, call, now: options.clock ?? (() => new Date()) });
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    if (request.currency !== "INR") throw new Error(`Razorpay is configured for INR only, not ${request.currency}.`);
    const body = {
      amount: request.amount,
      currency: "INR",
      description: request.description,
      // Razorpay keeps reference_id unique per account: one payment link per checkout.
      reference_id: request.checkoutId,
      notes: { checkoutId: request.checkoutId },
      // Payment links have no cancel address; a buyer who gives up simply leaves the page.
      callback_url: request.successUrl,
      callback_method: "get",
      ...(request.customerEmail ? { customer: { email: request.customerEmail } } : {}),
    };
    // The SDK's type demands `customer`, the API does not.
    const link = await call("payment link creation", () => this.razorpay.paymentLink.create(body as Parameters<Razorpay["paymentLink"]["create"]>[0]));
    const parsed = z.object({ id: z.string().min(1), short_url: z.url() }).safeParse(link);
    if (!parsed.success) throw new RazorpayRequestError("Razorpay returned a payment link without an id or short_url.", null, null);
    return { providerSessionId: parsed.data.id, redirectUrl: parsed.data.short_url };
  }

  /**
   * Razorpay signs the raw body alone (hex HMAC-SHA256 in X-Razorpay-Signature)
   * and no timestamp, so there is no replay window to enforce. The defence
   * against replays is the event id, applied once (webhook_events). The
   * X-Razorpay-Event-Id header is not covered by the signature — a replayer
   * could change it — so for the events we act on the id is built from the
   * signed body instead: a payment is paid once and fully refunded once, so
   * `paid:<payment id>` and `refunded:<payment id>` are the same for every
   * delivery, retry or replay of that fact (and refund.processed and
   * payment.refunded for one refund share one id); subscription events are
   * keyed alike (razorpay-subscriptions.ts: `charged:<payment id>`,
   * `pending:<payment id>`, `ended:<subscription id>`). Events we ignore use
   * the header, else a hash of the body.
   */
  verifyWebhook(rawBody: string, headers: Headers, _now: Date): ProviderEvent {
    const signature = headers.get(RAZORPAY_SIGNATURE_HEADER);
    if (!signature) throw new WebhookSignatureError(`The ${RAZORPAY_SIGNATURE_HEADER} header is missing.`);
    // Not Razorpay.validateWebhookSignature: it compares with ===, which leaks timing.
    if (!hexEqual(hmacHex(this.webhookSecret, rawBody), signature.trim())) throw new WebhookSignatureError("The signature does not match.");

    let envelope: z.infer<typeof envelopeSchema>;
    try {
      envelope = envelopeSchema.parse(JSON.parse(rawBody));
    } catch {
      throw new WebhookSignatureError("The signed body is not a Razorpay event.");
    }
    const deliveryId = headers.get(RAZORPAY_EVENT_ID_HEADER) ?? `sha256:${createHash("sha256").update(rawBody, "utf8").digest("hex")}`;
    const ignored = (why: string): ProviderEvent => ({ id: deliveryId, type: "ignored", description: `${envelope.event}: ${why}` });

    switch (envelope.event) {
      case "payment_link.paid": {
        const { payment_link, payment } = parsePayload(paymentLinkPaidSchema, envelope);
        const link = payment_link.entity;
        const checkoutId = checkoutIdSchema.safeParse(noteString(link.notes, "checkoutId") ?? link.reference_id);
        if (!checkoutId.success) return ignored(`payment link ${link.id} carries no StreamKit checkout id`);
        return {
          id: `paid:${payment.entity.id}`,
          type: "payment.succeeded",
          checkoutId: checkoutId.data,
          providerPaymentId: payment.entity.id,
          amount: payment.entity.amount,
          currency: payment.entity.currency.toUpperCase(),
        };
      }
      case "refund.processed":
      case "payment.refunded": {
        const payment = parsePayload(refundedSchema, envelope).payment.entity;
        // Razorpay refunds payments it never captured by itself; those never became purchases.
        if (payment.captured === false) return ignored(`payment ${payment.id} was never captured`);
        const full = payment.refund_status === "full" || (payment.amount_refunded ?? 0) >= payment.amount;
        if (!full) return ignored(`payment ${payment.id} is only partly refunded`);
        return { id: `refunded:${payment.id}`, type: "payment.refunded", providerPaymentId: payment.id };
      }
      default:
        return mapSubscriptionEvent(envelope) ?? ignored("not acted on");
    }
  }

  /**
   * Razorpay makes a refund idempotent with the X-Refund-Idempotency header
   * (normal and instant refunds; the key at least 10 letters, digits, `-` or
   * `_`; a repeat with the same key and body gets the first refund back, a
   * repeat while the first is still processing gets 409). The refund's
   * `receipt` is documented only as a reference of ours, not as a guard against
   * repeats, so it is no substitute. SDK 2.9.8 cannot send the header: payments.refund() takes no
   * request options, and the constructor's `headers` keeps only
   * X-Razorpay-Account and Content-Type. So this posts the SDK's request
   * (POST /v1/payments/:id/refund) through the SDK's own HTTP client, with the
   * header added to this one request.
   */
  async refund(providerPaymentId: string, amount: number, idempotencyKey: string): Promise<void> {
    await call("refund", () =>
      this.post(`/v1/payments/${encodeURIComponent(providerPaymentId)}/refund`, { amount }, { [RAZORPAY_REFUND_IDEMPOTENCY_HEADER]: idempotencyKey }),
    );
  }

  /** A POST through the SDK's client, failing like the SDK's calls do ({ statusCode, error }), so `call` reads both alike. */
  private async post(path: string, body: unknown, headers: Record<string, string>): Promise<unknown> {
    try {
      return (await this.http.post(path, body, { headers })).data;
    } catch (error) {
      const response = (error as { response?: { status: number; data?: { error?: unknown } } }).response;
      if (response) throw { statusCode: response.status, error: response.data?.error ?? null };
      throw error;
    }
  }
}

function parsePayload<T extends z.ZodType>(schema: T, envelope: z.infer<typeof envelopeSchema>): z.infer<T> {
  const result = schema.safeParse(envelope.payload);
  if (!result.success) throw new WebhookSignatureError(`The signed ${envelope.event} event does not have the expected shape.`);
  return result.data;
}

async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const failure = z
      .object({ statusCode: z.union([z.number(), z.string()]), error: z.object({ code: z.string().optional(), description: z.string().optional() }).nullish() })
      .safeParse(error);
    if (failure.success) {
      const { statusCode, error: detail } = failure.data;
      throw new RazorpayRequestError(
        `Razorpay ${what} failed: ${statusCode} ${detail?.code ?? ""} ${detail?.description ?? ""}`.trim(),
        Number(statusCode),
        detail?.code ?? null,
        { cause: error },
      );
    }
    // Without a response (network failure) the SDK's own error handling throws a TypeError.
    throw new RazorpayRequestError(`Razorpay ${what} failed: the API could not be reached.`, null, null, { cause: error });
  }
}
