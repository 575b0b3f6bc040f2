import { plans } from "@streamkit/plans";
import type Razorpay from "razorpay";
import { z } from "zod";
import { AppError } from "@streamkit/api-contract";
import type { CheckoutSession, PlanChange, ProviderEvent, ProviderSubscriptionRef, SubscriptionCheckoutRequest, SubscriptionProvider } from "./provider";
import { WebhookSignatureError } from "./provider";

/** What razorpay.ts lends its subscriptions: the SDK, its way of calling it, and the clock. */
export interface RazorpayClient {
  sdk: Razorpay;
  /** Runs one SDK call, turning a refusal or an unreachable API into a RazorpayRequestError (statusCode, code; the SDK's answer as cause). */
  call<T>(what: string, run: () => Promise<T>): Promise<T>;
  now(): Date;
}

/**
 * The most billing cycles a subscription may have: Razorpay allows subscriptions of at most 100 years.
 * There is no open-ended subscription; this one outlives any subscriber.
 */
export const RAZORPAY_MAX_TOTAL_COUNT = { month: 1200, year: 100 } as const;
/** How long the subscription link can be paid, as a Stripe Checkout Session can (24 hours). */
export const RAZORPAY_CHECKOUT_VALIDITY_SECONDS = 24 * 60 * 60;
/** Plans are listed this many at a time (Razorpay's largest page). */
const PLAN_PAGE = 100;

/** Razorpay sends `notes: []` when there are none (a PHP empty array). */
const notesSchema = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish();
const noteString = (notes: z.infer<typeof notesSchema>, key: string) => {
  const value = notes && !Array.isArray(notes) ? notes[key] : undefined;
  return typeof value === "string" ? value : undefined;
};
/** Our subscription ids are UUIDs; anything else was put there by something else on the same Razorpay account. */
const subscriptionIdSchema = z.uuid();

const planSchema = z.object({
  id: z.string().min(1),
  period: z.string(),
  interval: z.int(),
  item: z.object({ amount: z.int(), currency: z.string() }),
  notes: notesSchema,
  created_at: z.int().optional(),
});
const subscriptionSchema = z.object({
  id: z.string().min(1),
  plan_id: z.string(),
  status: z.string(),
  has_scheduled_changes: z.boolean().nullish(),
  short_url: z.string().nullish(),
});
const subscriptionEntitySchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  customer_id: z.string().nullish(),
  current_start: z.int().nullish(),
  current_end: z.int().nullish(),
  charge_at: z.int().nullish(),
  paid_count: z.int().nullish(),
  notes: notesSchema,
});
const chargedSchema = z.object({
  subscription: z.object({ entity: subscriptionEntitySchema }),
  payment: z.object({ entity: z.object({ id: z.string().min(1), amount: z.int(), currency: z.string().min(1) }) }),
});
const subscriptionEventSchema = z.object({
  subscription: z.object({ entity: subscriptionEntitySchema }),
  payment: z.object({ entity: z.object({ id: z.string().min(1) }) }).optional(),
});

/** Subscriptions Razorpay will never charge again. */
const endedStatuses = new Set(["cancelled", "completed", "expired"]);

const RESUME_REFUSED =
  "Razorpay cannot take back a cancellation: your plan stays until the end of the period you have paid for, and you can subscribe again after that.";

/**
 * Pro and Ultimate through Razorpay Subscriptions (INR). A Razorpay subscription needs a plan; each
 * (plan, interval, currency, amount) is one Razorpay plan of ours, tagged with notes.streamkitPlanKey,
 * found by listing the account's plans or created once, and remembered per process. Razorpay plans
 * cannot be changed or deleted and take no idempotency key: two processes creating the same plan at once
 * make two identical plans, harmless, and every process then settles on the oldest.
 *
 * Razorpay's limits, which the subscriber meets as AppError("conflict"):
 * - A plan can change only for subscriptions authorised by card, not through UPI or an e-mandate
 *   (and Razorpay refuses plan changes on some domestic cards), so upgrades and downgrades are refused
 *   for those.
 * - A cancellation cannot be taken back: there is no resume.
 * - There is no customer portal (managementUrl is null); Razorpay's own emails let the subscriber update a card.
 */
export class RazorpaySubscriptions implements SubscriptionProvider {
  /** Plan ids by key, per process; concurrent callers share one lookup. */
  private readonly plans = new Map<string, Promise<string>>();

  constructor(private readonly client: RazorpayClient) {}

  /**
   * A Razorpay subscription and its hosted page (short_url). Paying there authorises the mandate and
   * charges the first period at once (no start_at), which arrives as subscription.charged with paid_count 1.
   * Razorpay's page has no return address, so successUrl and cancelUrl are not used: the subscriber comes back by themselves.
   */
  async createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<CheckoutSession> {
    inrOnly(request.currency);
    const planId = await this.planFor(request);
    const created = await this.client.call("subscription creation", () =>
      this.client.sdk.subscriptions.create({
        plan_id: planId,
        total_count: RAZORPAY_MAX_TOTAL_COUNT[request.interval],
        quantity: 1,
        // Razorpay tells the subscriber about charges, failures and card updates (and sends the pre-debit notices mandates need).
        customer_notify: true,
        expire_by: Math.floor(this.client.now().getTime() / 1000) + RAZORPAY_CHECKOUT_VALIDITY_SECONDS,
        notes: { subscriptionId: request.subscriptionId },
      }),
    );
    const parsed = subscriptionSchema.extend({ short_url: z.url() }).safeParse(created);
    if (!parsed.success) throw new Error("Razorpay returned a subscription without an id or short_url.");
    return { providerSessionId: parsed.data.id, redirectUrl: parsed.data.short_url };
  }

  /**
   * Moves the subscription to the new plan now (schedule_change_at "now"). Razorpay prorates by itself:
   * it charges the difference for the rest of the current cycle through an invoice on the saved card
   * (and keeps the renewal date); if that charge fails, the subscription is not updated and the call is
   * refused. `prorationAmount` is only our estimate, and Razorpay takes no idempotency key for updates:
   * a retry finds the plan already changed and does nothing. Razorpay reports that charge with
   * subscription.updated, which cannot be told apart from a renewal reliably, so it is not recorded as a
   * payment of kind "proration" (docs/payments.md: a limitation of Razorpay).
   */
  async upgradeNow(ref: ProviderSubscriptionRef, change: PlanChange, _prorationAmount: number, _idempotencyKey: string): Promise<void> {
    inrOnly(change.currency);
    const planId = await this.planFor(change);
    const subscription = await this.fetch(ref);
    if (subscription.plan_id === planId) return;
    await this.changePlan(subscription.id, planId, "now");
  }

  /**
   * The renewal at the cycle's end moves to `change` (schedule_change_at "cycle_end"); `null` cancels the
   * scheduled change (or, when it has already gone live, schedules `currentPlan` back).
   */
  async scheduleChange(ref: ProviderSubscriptionRef, change: PlanChange | null, currentPlan: PlanChange): Promise<void> {
    inrOnly(currentPlan.currency);
    const subscription = await this.fetch(ref);
    if (change === null) {
      if (subscription.has_scheduled_changes) {
        await this.client.call("cancelling a scheduled change", () => this.client.sdk.subscriptions.cancelScheduledChanges(subscription.id));
        return;
      }
      const currentPlanId = await this.planFor(currentPlan);
      if (subscription.plan_id !== currentPlanId) await this.changePlan(subscription.id, currentPlanId, "cycle_end");
      return;
    }
    inrOnly(change.currency);
    const planId = await this.planFor(change);
    if (subscription.has_scheduled_changes) {
      // The subscription as it will be once the scheduled change goes live.
      const pending = subscriptionSchema.parse(
        await this.client.call("fetching a scheduled change", () => this.client.sdk.subscriptions.pendingUpdate(subscription.id)),
      );
      if (pending.plan_id === planId) return;
      await this.client.call("cancelling a scheduled change", () => this.client.sdk.subscriptions.cancelScheduledChanges(subscription.id));
    } else if (subscription.plan_id === planId) {
      return;
    }
    await this.changePlan(subscription.id, planId, "cycle_end");
  }

  /** Cancels at the cycle's end; Razorpay cannot resume a cancelled subscription, so `false` is refused. */
  async setCancelAtPeriodEnd(ref: ProviderSubscriptionRef, cancel: boolean): Promise<void> {
    if (!cancel) throw new AppError("conflict", RESUME_REFUSED);
    try {
      await this.client.call("cancellation at the cycle's end", () => this.client.sdk.subscriptions.cancel(ref.providerSubscriptionId, true));
    } catch (error) {
      if (await this.endedAfterRefusal(ref, error)) return;
      throw error;
    }
  }

  async cancelNow(ref: ProviderSubscriptionRef): Promise<void> {
    if (!ref.providerSubscriptionId) return;
    try {
      await this.client.call("cancellation", () => this.client.sdk.subscriptions.cancel(ref.providerSubscriptionId, false));
    } catch (error) {
      // Already cancelled (or completed, or expired): stopped is what was asked.
      if (await this.endedAfterRefusal(ref, error)) return;
      throw error;
    }
  }

  /** Razorpay has no customer portal. */
  async managementUrl(_ref: ProviderSubscriptionRef, _returnUrl: string): Promise<string | null> {
    return null;
  }

  private async fetch(ref: ProviderSubscriptionRef) {
    const subscription = subscriptionSchema.safeParse(
      await this.client.call("subscription lookup", () => this.client.sdk.subscriptions.fetch(ref.providerSubscriptionId)),
    );
    if (!subscription.success) throw new Error(`Razorpay returned subscription ${ref.providerSubscriptionId} without its plan or status.`);
    return subscription.data;
  }

  private async changePlan(subscriptionId: string, planId: string, at: "now" | "cycle_end"): Promise<void> {
    try {
      await this.client.call("plan change", () => this.client.sdk.subscriptions.update(subscriptionId, { plan_id: planId, schedule_change_at: at }));
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal === null) throw error;
      throw new AppError(
        "conflict",
        `Razorpay could not change the plan${refusal ? ` (${refusal.replace(/\.$/, "")})` : ""}, so it stays as it is. Razorpay changes plans only for subscriptions paid by card, not through UPI or a bank mandate, and an upgrade needs the card to accept the difference; otherwise cancel at the end of the period and subscribe to the other plan then.`,
      );
    }
  }

  /** After Razorpay refused a cancellation: true when the subscription has ended anyway. */
  private async endedAfterRefusal(ref: ProviderSubscriptionRef, error: unknown): Promise<boolean> {
    if (refusalOf(error) === null) return false;
    const subscription = await this.fetch(ref).catch(() => null);
    return subscription !== null && endedStatuses.has(subscription.status);
  }

  /** Our Razorpay plan for this plan, interval, currency and amount: found by its notes, or created once. */
  private planFor(spec: Pick<PlanChange, "plan" | "interval" | "currency" | "amount">): Promise<string> {
    const key = `streamkit:${spec.plan}:${spec.interval}:${spec.currency}:${spec.amount}`;
    let plan = this.plans.get(key);
    if (!plan) {
      plan = this.findOrCreatePlan(key, spec);
      this.plans.set(key, plan);
      // A failed lookup is not remembered: the next call tries again.
      plan.catch(() => this.plans.delete(key));
    }
    return plan;
  }

  private async findOrCreatePlan(key: string, spec: Pick<PlanChange, "plan" | "interval" | "currency" | "amount">): Promise<string> {
    const period = spec.interval === "month" ? "monthly" : "yearly";
    const matches: z.infer<typeof planSchema>[] = [];
    for (let skip = 0; ; skip += PLAN_PAGE) {
      const page = await this.client.call("plan lookup", () => this.client.sdk.plans.all({ count: PLAN_PAGE, skip }));
      const items = z.object({ items: z.array(z.unknown()) }).parse(page).items;
      for (const item of items) {
        const plan = planSchema.safeParse(item);
        if (
          plan.success &&
          noteString(plan.data.notes, "streamkitPlanKey") === key &&
          plan.data.period === period &&
          plan.data.interval === 1 &&
          plan.data.item.amount === spec.amount &&
          plan.data.item.currency === spec.currency
        ) {
          matches.push(plan.data);
        }
      }
      if (items.length < PLAN_PAGE) break;
    }
    // Duplicates (two processes created it at once) are identical; all processes settle on the oldest.
    matches.sort((a, b) => (a.created_at ?? 0) - (b.created_at ?? 0) || a.id.localeCompare(b.id));
    if (matches[0]) return matches[0].id;
    const name = `StreamKit ${plans[spec.plan].title}`;
    const created = await this.client.call("plan creation", () =>
      this.client.sdk.plans.create({
        period,
        interval: 1,
        item: { name, amount: spec.amount, currency: spec.currency, description: `${name}, billed ${period}` },
        notes: { streamkitPlanKey: key, streamkitPlan: spec.plan, streamkitInterval: spec.interval },
      }),
    );
    return z.object({ id: z.string().min(1) }).parse(created).id;
  }
}

function inrOnly(currency: string) {
  if (currency !== "INR") throw new Error(`Razorpay is configured for INR only, not ${currency}.`);
}

/** Razorpay's description when it refused the request as invalid (400 BAD_REQUEST_ERROR, "" without one); null for any other failure. */
function refusalOf(error: unknown): string | null {
  const failure = z
    .object({
      statusCode: z.literal(400),
      code: z.literal("BAD_REQUEST_ERROR"),
      cause: z.object({ error: z.object({ description: z.string().optional() }).nullish() }).optional(),
    })
    .safeParse(error);
  return failure.success ? (failure.data.cause?.error?.description ?? "") : null;
}

/**
 * The subscription events of a verified Razorpay delivery, in this service's words; null for other events.
 * Their ids come from the signed body (see RazorpayProvider.verifyWebhook): a payment is charged once
 * (`charged:<payment id>`), a failed attempt fails once (`pending:<payment id>`), and a subscription ends
 * once (`ended:<subscription id>`, for halted, cancelled and completed alike).
 */
export function mapSubscriptionEvent(envelope: { event: string; payload: Record<string, unknown> }): ProviderEvent | null {
  switch (envelope.event) {
    case "subscription.charged": {
      const { subscription, payment } = parsePayload(chargedSchema, envelope);
      const entity = subscription.entity;
      if (entity.current_start == null || entity.current_end == null) {
        throw new WebhookSignatureError(`The signed ${envelope.event} event's subscription ${entity.id} has no current period.`);
      }
      return {
        id: `charged:${payment.entity.id}`,
        type: "subscription.payment_succeeded",
        subscriptionId: ourSubscriptionId(entity.notes),
        providerSubscriptionId: entity.id,
        providerCustomerId: entity.customer_id ?? null,
        providerPaymentId: payment.entity.id,
        // paid_count counts this charge: 1 is the payment made on the subscription link.
        kind: (entity.paid_count ?? 0) <= 1 ? "initial" : "renewal",
        amount: payment.entity.amount,
        currency: payment.entity.currency.toUpperCase(),
        periodStart: new Date(entity.current_start * 1000),
        periodEnd: new Date(entity.current_end * 1000),
      };
    }
    case "subscription.pending": {
      // A renewal charge failed; Razorpay retries it on its own schedule and sends this again after each failure.
      const { subscription, payment } = parsePayload(subscriptionEventSchema, envelope);
      const entity = subscription.entity;
      return {
        id: payment ? `pending:${payment.entity.id}` : `pending:${entity.id}:${entity.charge_at ?? entity.current_end ?? "unknown"}`,
        type: "subscription.payment_failed",
        subscriptionId: ourSubscriptionId(entity.notes),
        providerSubscriptionId: entity.id,
      };
    }
    case "subscription.halted":
    case "subscription.cancelled":
    case "subscription.completed": {
      // Halted: every retry failed and Razorpay stopped charging. Cancelled: now, or at the cycle's end as asked. Completed: all cycles charged.
      const { subscription } = parsePayload(subscriptionEventSchema, envelope);
      return { id: `ended:${subscription.entity.id}`, type: "subscription.ended", providerSubscriptionId: subscription.entity.id };
    }
    default:
      return null;
  }
}

function ourSubscriptionId(notes: z.infer<typeof notesSchema>): string | null {
  const parsed = subscriptionIdSchema.safeParse(noteString(notes, "subscriptionId"));
  return parsed.success ? parsed.data : null;
}

function parsePayload<T extends z.ZodType>(schema: T, envelope: { event: string; payload: Record<string, unknown> }): z.infer<T> {
  const result = schema.safeParse(envelope.payload);
  if (!result.success) throw new WebhookSignatureError(`The signed ${envelope.event} event does not have the expected shape.`);
  return result.data;
}
