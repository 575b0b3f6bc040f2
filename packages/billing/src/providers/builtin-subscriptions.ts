import { z } from "zod";
import type { BuiltinSigner } from "./builtin-signer";
import type { CheckoutSession, SubscriptionCheckoutRequest, SubscriptionEvent, SubscriptionProvider } from "./provider";

/** The built-in provider's name for one of this service's subscriptions. */
export const builtinSubscriptionRef = (subscriptionId: string) => `bsub_${subscriptionId}`;

export const subscriptionEventSchemas = [
  z.object({
    id: z.string().min(1),
    type: z.literal("subscription.payment_succeeded"),
    data: z.object({
      subscriptionId: z.uuid(),
      paymentId: z.string().min(1),
      kind: z.enum(["initial", "renewal", "proration"]),
      amount: z.int().positive(),
      currency: z.string(),
      periodStart: z.iso.datetime(),
      periodEnd: z.iso.datetime(),
    }),
  }),
  z.object({ id: z.string().min(1), type: z.literal("subscription.payment_failed"), data: z.object({ subscriptionId: z.uuid() }) }),
] as const;

type Parsed = z.infer<(typeof subscriptionEventSchemas)[number]>;

export function toSubscriptionEvent(parsed: Parsed): SubscriptionEvent {
  const providerSubscriptionId = builtinSubscriptionRef(parsed.data.subscriptionId);
  if (parsed.type === "subscription.payment_failed") {
    return { id: parsed.id, type: parsed.type, subscriptionId: parsed.data.subscriptionId, providerSubscriptionId };
  }
  const { data } = parsed;
  return {
    id: parsed.id,
    type: parsed.type,
    subscriptionId: data.subscriptionId,
    providerSubscriptionId,
    providerCustomerId: null,
    providerPaymentId: data.paymentId,
    kind: data.kind,
    amount: data.amount,
    currency: data.currency,
    periodStart: new Date(data.periodStart),
    periodEnd: new Date(data.periodEnd),
  };
}

export interface BuiltinCharge {
  subscriptionId: string;
  kind: "initial" | "renewal" | "proration";
  amount: number;
  currency: string;
  periodStart: Date;
  periodEnd: Date;
  /** Derived from what is charged (the subscription and the period), so two processes charging the same renewal send one event. */
  chargeKey: string;
}

/**
 * Subscriptions of the built-in provider (the embedded default and the tests).
 * It keeps no state of its own: this service's rows are its state, and it
 * charges when this service asks — renewals when the clock passes a period's
 * end (subscriptions/subscription-renewals.ts), an upgrade's proration — by sending
 * the signed event a real provider would send, through the same webhook
 * handler. Its test card `declines` makes renewals fail (the first payment on
 * the hosted page always succeeds), so grace periods can be tried by hand.
 */
export class BuiltinSubscriptions implements SubscriptionProvider {
  constructor(private readonly provider: BuiltinSigner) {}

  async createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<CheckoutSession> {
    return { providerSessionId: `bss_${request.subscriptionId}`, redirectUrl: `/checkout/builtin/subscription/${request.subscriptionId}` };
  }

  // The service records the change in its own row; the built-in provider has nothing else to tell.
  async upgradeNow(): Promise<void> {}
  async scheduleChange(): Promise<void> {}
  async setCancelAtPeriodEnd(): Promise<void> {}
  async cancelNow(): Promise<void> {}
  async managementUrl(): Promise<string | null> {
    return null;
  }

  /** The signed event for a successful charge. */
  paymentEvent(charge: BuiltinCharge, at: Date) {
    return this.provider.sign(
      {
        id: `evt_${charge.chargeKey}`,
        type: "subscription.payment_succeeded",
        data: {
          subscriptionId: charge.subscriptionId,
          paymentId: `pay_${charge.chargeKey}`,
          kind: charge.kind,
          amount: charge.amount,
          currency: charge.currency,
          periodStart: charge.periodStart.toISOString(),
          periodEnd: charge.periodEnd.toISOString(),
        },
      },
      at,
    );
  }

  /** The signed event for a renewal the test card declined. */
  failureEvent(subscriptionId: string, attemptKey: string, at: Date) {
    return this.provider.sign({ id: `evt_${attemptKey}`, type: "subscription.payment_failed", data: { subscriptionId } }, at);
  }
}
