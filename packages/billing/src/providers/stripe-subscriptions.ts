import { plans } from "@streamkit/plans";
import Stripe from "stripe";
import { z } from "zod";
import { AppError } from "@streamkit/api-contract";
import type { CheckoutSession, PlanChange, ProviderEvent, ProviderSubscriptionRef, SubscriptionCheckoutRequest, SubscriptionProvider } from "./provider";
import { WebhookSignatureError } from "./provider";

const expandable = z.union([z.string(), z.object({ id: z.string() })]);
const idOf = (value: z.infer<typeof expandable> | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));
const metadataSchema = z.record(z.string(), z.string()).nullish();
/** Our subscription ids are UUIDs; anything else was put there by something else on the same Stripe account. */
const subscriptionIdSchema = z.uuid();

/** A Stripe event as stripe.ts parsed it from the signed body. */
export interface StripeEventEnvelope {
  id: string;
  type: string;
  data: { object: unknown; previous_attributes?: Record<string, unknown> | undefined };
}

const lineSchema = z.object({
  metadata: metadataSchema,
  period: z.object({ start: z.int(), end: z.int() }),
  parent: z.object({ subscription_item_details: z.object({ subscription: z.string().nullish(), proration: z.boolean().nullish() }).nullish() }).nullish(),
});
const invoicePaymentSchema = z.object({
  status: z.string(),
  payment: z.object({ type: z.string(), payment_intent: expandable.nullish() }),
});
/**
 * An invoice as API 2026-10-28.endive (Stripe.API_VERSION of SDK 23.1.0) shapes it: since 2025-03-31.basil its
 * subscription lives under parent.subscription_details and it no longer names its payment intent (`payments`
 * is an includable list, absent from events).
 */
const invoiceSchema = z.object({
  id: z.string(),
  billing_reason: z.string().nullish(),
  amount_paid: z.int(),
  currency: z.string(),
  customer: expandable.nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: expandable, metadata: metadataSchema }).nullish() }).nullish(),
  lines: z.object({ data: z.array(lineSchema) }),
  payments: z.object({ data: z.array(invoicePaymentSchema), has_more: z.boolean() }).nullish(),
});
const subscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  cancel_at: z.int().nullish(),
});

type Invoice = z.infer<typeof invoiceSchema>;

/** What money an invoice of each billing reason is; other reasons (manual invoices, thresholds) are not ours. */
const kindByBillingReason: Record<string, "initial" | "renewal" | "proration"> = {
  subscription_create: "initial",
  subscription_cycle: "renewal",
  subscription_update: "proration",
};

/** Subscriptions Stripe no longer charges: cancelling one again is done already. */
const endedStatuses = new Set(["canceled", "incomplete_expired"]);

const DECLINED_UPGRADE =
  "Your payment method was declined for the upgrade (or your bank asked to confirm the payment), so your plan has not changed. Update your payment method in the billing portal and try again.";

/**
 * Pro and Ultimate through Stripe Billing (USD). Each (plan, interval, currency, amount) is a Stripe Price
 * of our own — found by its lookup key (`streamkit_<plan>_<interval>_<currency>_<amount>`) or created once,
 * on a product per plan with a fixed id (`streamkit-pro`, `streamkit-ultimate`) — rather than an inline
 * price_data: an upgrade's pending update (payment_behavior pending_if_incomplete) accepts only
 * `items[].price` and `quantity`, not price_data, and saved prices keep the dashboard, invoices and the
 * customer portal readable (one product per plan, not one per checkout).
 *
 * A subscription has one item. A downgrade changes that item's price without proration, so the renewal
 * charges the new price while this service keeps showing the old plan until the period's end.
 */
export class StripeSubscriptions implements SubscriptionProvider {
  /** Price ids by lookup key, per process; concurrent callers share one lookup. */
  private readonly prices = new Map<string, Promise<string>>();

  constructor(private readonly stripe: Stripe) {}

  async createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<CheckoutSession> {
    usdOnly(request.currency);
    const price = await this.priceFor(request);
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: "subscription",
        line_items: [{ price, quantity: 1 }],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: request.subscriptionId,
        metadata: { subscriptionId: request.subscriptionId },
        // On the subscription too: every invoice snapshots it (parent.subscription_details.metadata), so events find their way back.
        subscription_data: { metadata: { subscriptionId: request.subscriptionId }, description: request.description },
        ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
      },
      // A retried create (ours or the SDK's) gets the same session back for 24 hours, not a second subscription.
      { idempotencyKey: `streamkit-subscription-checkout-${request.subscriptionId}` },
    );
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a hosted page URL.`);
    return { providerSessionId: session.id, redirectUrl: session.url };
  }

  /**
   * Switches the item to the new price at once and invoices the proration now (always_invoice). Stripe
   * computes that proration itself (unused time of the old price credited, the rest of the period at the
   * new one, to the second), so `prorationAmount` is only our estimate: the amount recorded is what
   * Stripe's invoice charges, from its invoice.paid event (kind "proration"). With pending_if_incomplete
   * a declined or unconfirmed charge leaves the old plan: Stripe keeps the change pending on the unpaid
   * invoice, which this voids (that discards the pending change, so a later payment of that invoice
   * cannot upgrade behind our back), and the subscriber is told the plan did not change.
   */
  async upgradeNow(ref: ProviderSubscriptionRef, change: PlanChange, _prorationAmount: number, idempotencyKey: string): Promise<void> {
    usdOnly(change.currency);
    const subscription = await this.stripe.subscriptions.retrieve(ref.providerSubscriptionId);
    const item = onlyItem(subscription);
    const price = await this.priceFor(change);
    // Already switched (a retry after success): nothing to charge again.
    if (item.price.id === price && !subscription.pending_update) return;
    let updated: Stripe.Subscription;
    try {
      updated = await this.stripe.subscriptions.update(
        subscription.id,
        { items: [{ id: item.id, price }], proration_behavior: "always_invoice", payment_behavior: "pending_if_incomplete" },
        { idempotencyKey },
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) throw new AppError("conflict", DECLINED_UPGRADE);
      throw error;
    }
    if (updated.pending_update) {
      const invoice = typeof updated.latest_invoice === "string" ? updated.latest_invoice : updated.latest_invoice?.id;
      if (invoice) {
        // Best effort: were this to fail, Stripe still voids the invoice and drops the change when the pending update expires (within 23 hours).
        await this.stripe.invoices.voidInvoice(invoice).catch(() => undefined);
      }
      throw new AppError("conflict", DECLINED_UPGRADE);
    }
  }

  /**
   * Sets the price the next renewal charges (`change`, or `currentPlan` to take a scheduled change back),
   * with no proration now. Only within one interval: a price of another interval would restart the
   * billing cycle and invoice at once.
   */
  async scheduleChange(ref: ProviderSubscriptionRef, change: PlanChange | null, currentPlan: PlanChange): Promise<void> {
    const target = change ?? currentPlan;
    usdOnly(target.currency);
    const subscription = await this.stripe.subscriptions.retrieve(ref.providerSubscriptionId);
    const item = onlyItem(subscription);
    if (item.price.recurring?.interval !== target.interval) {
      throw new AppError(
        "conflict",
        `A change from ${item.price.recurring?.interval ?? "this"}ly to ${target.interval}ly billing cannot wait for the end of the period; cancel at the period's end and subscribe again instead.`,
      );
    }
    const price = await this.priceFor(target);
    if (item.price.id === price) return;
    await this.stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, price }], proration_behavior: "none" });
  }

  async setCancelAtPeriodEnd(ref: ProviderSubscriptionRef, cancel: boolean): Promise<void> {
    const subscription = await this.stripe.subscriptions.retrieve(ref.providerSubscriptionId);
    if (endedStatuses.has(subscription.status)) {
      // Ended is more than cancelled at the period's end; it cannot be resumed.
      if (cancel) return;
      throw new AppError("conflict", "This subscription has already ended, so it cannot be resumed. Subscribe again to get the plan back.");
    }
    if (cancel) {
      if (!subscription.cancel_at_period_end) await this.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
      return;
    }
    // Resuming clears the cancellation however it was set: cancel_at_period_end (ours), or a cancel_at date (the dashboard).
    if (subscription.cancel_at_period_end) await this.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    else if (subscription.cancel_at != null) await this.stripe.subscriptions.update(subscription.id, { cancel_at: "" });
  }

  async cancelNow(ref: ProviderSubscriptionRef): Promise<void> {
    // Not confirmed yet (the subscription is only known once its first payment is): there is nothing at Stripe to stop.
    if (!ref.providerSubscriptionId) return;
    try {
      await this.stripe.subscriptions.cancel(ref.providerSubscriptionId);
    } catch (error) {
      // Stripe answers "No such subscription" (resource_missing) for one that is already cancelled: that is done, not a failure.
      if (error instanceof Stripe.errors.StripeError && error.code === "resource_missing") {
        const existing = await this.stripe.subscriptions.retrieve(ref.providerSubscriptionId).catch(() => null);
        if (existing && endedStatuses.has(existing.status)) return;
      }
      throw error;
    }
  }

  /** A Billing Portal session (the subscriber's payment method and invoices; configure it in the dashboard). */
  async managementUrl(ref: ProviderSubscriptionRef, returnUrl: string): Promise<string | null> {
    if (!ref.providerCustomerId) return null;
    const session = await this.stripe.billingPortal.sessions.create({ customer: ref.providerCustomerId, return_url: returnUrl });
    return session.url;
  }

  /**
   * The subscription events, in this service's words; null for other event types. A paid invoice's
   * payment intent is fetched from the API (the event does not carry it), so that case is a promise.
   */
  mapEvent(event: StripeEventEnvelope): ProviderEvent | Promise<ProviderEvent> | null {
    const ignored = (why: string): ProviderEvent => ({ id: event.id, type: "ignored", description: `${event.type}: ${why}` });
    switch (event.type) {
      case "invoice.paid": {
        const invoice = parseObject(invoiceSchema, event.data.object, event.type);
        const kind = kindByBillingReason[invoice.billing_reason ?? ""];
        if (!kind) return ignored(`invoice ${invoice.id} is not a subscription's (billing reason ${invoice.billing_reason ?? "none"})`);
        const providerSubscriptionId = subscriptionOf(invoice);
        if (!providerSubscriptionId) return ignored(`invoice ${invoice.id} names no subscription`);
        // Nothing was charged (a credit balance or a coupon covered it): there is no payment to record or refund.
        if (invoice.amount_paid <= 0) return ignored(`invoice ${invoice.id} charged nothing`);
        const period = periodOf(invoice, event.type);
        const base = {
          id: event.id,
          type: "subscription.payment_succeeded" as const,
          subscriptionId: ourSubscriptionId(invoice),
          providerSubscriptionId,
          providerCustomerId: idOf(invoice.customer),
          kind,
          amount: invoice.amount_paid,
          currency: invoice.currency.toUpperCase(),
          ...period,
        };
        const withIntent = (intent: string | null): ProviderEvent =>
          intent
            ? { ...base, providerPaymentId: intent }
            : ignored(
                `invoice ${invoice.id} was not paid by exactly one payment intent (paid outside Stripe, or in parts), so it cannot be recorded or refunded here`,
              );
        const listed = invoice.payments && !invoice.payments.has_more ? invoice.payments.data : null;
        if (listed) return withIntent(onlyPaymentIntent(listed));
        return this.stripe.invoicePayments.list({ invoice: invoice.id, status: "paid", limit: 10 }).then((page) => withIntent(onlyPaymentIntent(page.data)));
      }
      case "invoice.payment_failed": {
        const invoice = parseObject(invoiceSchema, event.data.object, event.type);
        // A failed upgrade proration is not a missed renewal: upgradeNow already left the old plan (and voided that invoice).
        if (invoice.billing_reason !== "subscription_cycle" && invoice.billing_reason !== "subscription_create") {
          return ignored(`invoice ${invoice.id} is not a renewal (billing reason ${invoice.billing_reason ?? "none"})`);
        }
        const providerSubscriptionId = subscriptionOf(invoice);
        if (!providerSubscriptionId) return ignored(`invoice ${invoice.id} names no subscription`);
        return { id: event.id, type: "subscription.payment_failed", subscriptionId: ourSubscriptionId(invoice), providerSubscriptionId };
      }
      case "customer.subscription.updated": {
        const subscription = parseObject(subscriptionSchema, event.data.object, event.type);
        const previous = event.data.previous_attributes ?? {};
        if (!("cancel_at_period_end" in previous) && !("cancel_at" in previous))
          return ignored(`subscription ${subscription.id}: its cancellation did not change`);
        // The customer portal and the dashboard may cancel with a cancel_at date instead of cancel_at_period_end; either stops the renewal.
        const cancelling = subscription.cancel_at_period_end || subscription.cancel_at != null;
        const wasCancelling =
          ("cancel_at_period_end" in previous ? previous.cancel_at_period_end === true : subscription.cancel_at_period_end) ||
          ("cancel_at" in previous ? previous.cancel_at != null : subscription.cancel_at != null);
        if (cancelling === wasCancelling) return ignored(`subscription ${subscription.id}: its cancellation did not change`);
        return { id: event.id, type: "subscription.cancel_changed", providerSubscriptionId: subscription.id, cancelAtPeriodEnd: cancelling };
      }
      case "customer.subscription.deleted": {
        const subscription = parseObject(subscriptionSchema, event.data.object, event.type);
        return { id: event.id, type: "subscription.ended", providerSubscriptionId: subscription.id };
      }
      default:
        return null;
    }
  }

  /** The id of our Price for this plan, interval, currency and amount: found by lookup key, or created once. */
  private priceFor(spec: Pick<PlanChange, "plan" | "interval" | "currency" | "amount">): Promise<string> {
    const lookupKey = `streamkit_${spec.plan}_${spec.interval}_${spec.currency.toLowerCase()}_${spec.amount}`;
    let price = this.prices.get(lookupKey);
    if (!price) {
      price = this.findOrCreatePrice(lookupKey, spec);
      this.prices.set(lookupKey, price);
      // A failed lookup is not remembered: the next call tries again.
      price.catch(() => this.prices.delete(lookupKey));
    }
    return price;
  }

  private async findOrCreatePrice(lookupKey: string, spec: Pick<PlanChange, "plan" | "interval" | "currency" | "amount">): Promise<string> {
    const currency = spec.currency.toLowerCase();
    const found = await this.stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    const match = found.data.find(
      (price) =>
        price.unit_amount === spec.amount && price.currency === currency && price.recurring?.interval === spec.interval && price.recurring.interval_count === 1,
    );
    if (match) return match.id;
    const product = await this.productFor(spec.plan);
    const price = await this.stripe.prices.create(
      {
        product,
        currency,
        unit_amount: spec.amount,
        recurring: { interval: spec.interval },
        lookup_key: lookupKey,
        // Takes the key over from a price someone archived or changed by hand, so lookups find this one from now on.
        transfer_lookup_key: true,
        nickname: `${planName(spec.plan)} (${spec.interval}ly)`,
        metadata: { streamkitPlan: spec.plan, streamkitInterval: spec.interval },
      },
      // Two processes creating it at once make one price (Stripe answers the second with the first's result).
      { idempotencyKey: `streamkit-price-${lookupKey}` },
    );
    return price.id;
  }

  /** Our product for a plan, under a fixed id: created on first use, and by one creator however many race. */
  private async productFor(plan: PlanChange["plan"]): Promise<string> {
    const id = `streamkit-${plan}`;
    try {
      await this.stripe.products.retrieve(id);
      return id;
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError && error.code === "resource_missing")) throw error;
    }
    try {
      await this.stripe.products.create({ id, name: planName(plan), metadata: { streamkitPlan: plan } }, { idempotencyKey: `streamkit-product-${id}` });
    } catch (error) {
      // Another process created it first.
      if (!(error instanceof Stripe.errors.StripeError && error.code === "resource_already_exists")) throw error;
    }
    return id;
  }
}

function usdOnly(currency: string) {
  if (currency !== "USD") throw new Error(`Stripe is configured for USD only, not ${currency}.`);
}

const planName = (plan: PlanChange["plan"]) => `StreamKit ${plans[plan].title}`;

/** This service's subscriptions have exactly one item; changing a price means changing it. */
function onlyItem(subscription: Stripe.Subscription): Stripe.SubscriptionItem {
  const [item, ...others] = subscription.items.data;
  if (!item || others.length > 0) throw new Error(`Stripe subscription ${subscription.id} has ${subscription.items.data.length} items; StreamKit's have one.`);
  return item;
}

function subscriptionOf(invoice: Invoice): string | null {
  const fromParent = idOf(invoice.parent?.subscription_details?.subscription);
  if (fromParent) return fromParent;
  for (const line of invoice.lines.data) {
    const subscription = line.parent?.subscription_item_details?.subscription;
    if (subscription) return subscription;
  }
  return null;
}

/** Our id, from the subscription's metadata as the invoice snapshotted it (or as its subscription lines reflect it). */
function ourSubscriptionId(invoice: Invoice): string | null {
  const candidates = [invoice.parent?.subscription_details?.metadata?.subscriptionId, ...invoice.lines.data.map((line) => line.metadata?.subscriptionId)];
  for (const candidate of candidates) {
    const parsed = subscriptionIdSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  return null;
}

/**
 * The period the invoice pays for, from its subscription lines: the regular line(s) of a new period when
 * there are any (initial, renewal, or an upgrade that restarted the cycle), else the proration lines (the
 * rest of the current period, for an upgrade).
 */
function periodOf(invoice: Invoice, type: string): { periodStart: Date; periodEnd: Date } {
  const lines = invoice.lines.data.filter((line) => line.parent?.subscription_item_details);
  const regular = lines.filter((line) => line.parent?.subscription_item_details?.proration !== true);
  const chosen = regular.length > 0 ? regular : lines;
  if (chosen.length === 0) throw new WebhookSignatureError(`The signed ${type} event's invoice ${invoice.id} has no subscription line.`);
  const start = Math.min(...chosen.map((line) => line.period.start));
  const end = Math.max(...chosen.map((line) => line.period.end));
  return { periodStart: new Date(start * 1000), periodEnd: new Date(end * 1000) };
}

/** The payment intent that paid the invoice, when exactly one did (what refund() takes and charge.refunded names). */
function onlyPaymentIntent(payments: readonly { status: string; payment: { payment_intent?: z.infer<typeof expandable> | null } }[]): string | null {
  const paid = payments.filter((payment) => payment.status === "paid");
  if (paid.length !== 1) return null;
  return idOf(paid[0]!.payment.payment_intent);
}

function parseObject<T extends z.ZodType>(schema: T, value: unknown, type: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new WebhookSignatureError(`The signed ${type} event does not have the expected shape.`);
  return result.data;
}
