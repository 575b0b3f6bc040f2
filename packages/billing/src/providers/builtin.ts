import { randomUUID } from "node:crypto";
import type { saleCurrencies } from "@streamkit/plans";
import { z } from "zod";
import type { BuiltinSigner, SignedEvent } from "./builtin-signer";
import { BuiltinSubscriptions, subscriptionEventSchemas, toSubscriptionEvent } from "./builtin-subscriptions";
import type { CheckoutRequest, CheckoutSession, PaymentProvider, ProviderEvent } from "./provider";
import { WebhookSignatureError } from "./provider";
import { signPayload, verifySignedPayload } from "./signature";

export const BUILTIN_SIGNATURE_HEADER = "streamkit-signature";

const eventSchema = z.discriminatedUnion("type", [
  z.object({
    id: z.string().min(1),
    type: z.literal("payment.succeeded"),
    data: z.object({ checkoutId: z.uuid(), paymentId: z.string().min(1), amount: z.int().positive(), currency: z.string() }),
  }),
  z.object({ id: z.string().min(1), type: z.literal("payment.refunded"), data: z.object({ paymentId: z.string().min(1) }) }),
  ...subscriptionEventSchemas,
]);

/**
 * The built-in provider, for the embedded default and the tests: its hosted
 * checkout is a page of this site (/checkout/builtin/<id>, a path: it never
 * depends on PUBLIC_URL), where paying
 * moves no real money. It confirms payments exactly like the real providers
 * do — with a signed event delivered to /api/webhooks/builtin — so the same
 * code records every purchase.
 */
export class BuiltinProvider implements PaymentProvider, BuiltinSigner {
  readonly id = "builtin" as const;
  readonly subscriptions = new BuiltinSubscriptions(this);
  constructor(
    readonly currencies: readonly (typeof saleCurrencies)[number][],
    /** Newest first: events are signed with the first and verified with any (a master-secret rotation). */
    private readonly secrets: readonly string[],
  ) {}

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    return { providerSessionId: `bcs_${request.checkoutId}`, redirectUrl: `/checkout/builtin/${request.checkoutId}` };
  }

  /** The hosted page's "Pay" button: the signed event the provider sends for it. */
  paymentEvent(checkout: { id: string; amount: number; currency: string }, at: Date) {
    return this.sign(
      {
        id: `evt_${randomUUID()}`,
        type: "payment.succeeded",
        data: { checkoutId: checkout.id, paymentId: `pay_${randomUUID()}`, amount: checkout.amount, currency: checkout.currency },
      },
      at,
    );
  }

  /** What the provider sends when a payment is refunded from its side. */
  refundEvent(paymentId: string, at: Date) {
    return this.sign({ id: `evt_${randomUUID()}`, type: "payment.refunded", data: { paymentId } }, at);
  }

  sign(event: unknown, at: Date): SignedEvent {
    const rawBody = JSON.stringify(event);
    return { rawBody, headers: { "content-type": "application/json", [BUILTIN_SIGNATURE_HEADER]: signPayload(rawBody, this.secrets[0]!, at) } };
  }

  verifyWebhook(rawBody: string, headers: Headers, now: Date): ProviderEvent {
    const header = headers.get(BUILTIN_SIGNATURE_HEADER);
    let refusal: unknown;
    for (const secret of this.secrets) {
      try {
        verifySignedPayload(rawBody, header, secret, now);
        refusal = undefined;
        break;
      } catch (error) {
        refusal = error;
      }
    }
    if (refusal) throw refusal;
    let parsed: z.infer<typeof eventSchema>;
    try {
      parsed = eventSchema.parse(JSON.parse(rawBody));
    } catch {
      throw new WebhookSignatureError("The signed body is not a built-in payment event.");
    }
    if (parsed.type === "payment.refunded") return { id: parsed.id, type: "payment.refunded", providerPaymentId: parsed.data.paymentId };
    if (parsed.type !== "payment.succeeded") return toSubscriptionEvent(parsed);
    return {
      id: parsed.id,
      type: "payment.succeeded",
      checkoutId: parsed.data.checkoutId,
      providerPaymentId: parsed.data.paymentId,
      amount: parsed.data.amount,
      currency: parsed.data.currency,
    };
  }

  async refund(_providerPaymentId: string, _amount: number, _idempotencyKey: string): Promise<void> {
    // No real money moved, so there is nothing to repeat; the refund is recorded by the caller.
  }
}
