import { accounts, subscriptions, type Tx } from "@streamkit/db";
import {
  type BillingInterval,
  type PaidPlan,
  type PlanName,
  periodEnd,
  planAmount,
  planCharge,
  planRank,
  plans,
  prorationAmount,
  type SaleCurrency,
} from "@streamkit/plans";
import { and, desc, eq, inArray, ne } from "drizzle-orm";
import type { BillingCaller, BillingDeps } from "../deps";
import { AppError, notFound } from "@streamkit/api-contract";
import { receiveWebhook } from "../webhooks/receive-webhook";
import { endExpired, runSubscriptionSweep } from "./subscription-renewals";
import { providerRef, toSubscriptionView } from "./subscription-views";

/**
 * Subscribing, cancelling, resuming and changing plan (docs/payments.md#subscriptions).
 * Every change that involves the provider is made under the subscription's row
 * lock, so two clicks cannot change it twice; money is recorded only from the
 * provider's events (subscription-events.ts).
 */

type Row = typeof subscriptions.$inferSelect;

const isUuid = (value: string) => /^[0-9a-f-]{36}$/i.test(value);

/** Starts paying for a plan: the price is fixed now (INR in India, USD elsewhere) and stored before the subscriber leaves for the provider. */
export async function startSubscription(
  deps: BillingDeps,
  caller: BillingCaller,
  input: { plan: PaidPlan; interval: BillingInterval; country?: string | null },
) {
  await endExpired(deps, caller.account.id);
  const live = await liveSubscription(deps.db, caller.account.id);
  if (live) {
    throw new AppError("conflict", `You already subscribe to ${plans[live.plan as PaidPlan].title}: change plan on the billing page instead.`, {
      subscriptionId: live.id,
    });
  }
  // A plan the operator set for good makes paying for it pointless; a complimentary plan ends, so subscribing stays open.
  const operatorPlan = await basePlan(deps.db, caller.account.id);
  if (planRank(operatorPlan) >= planRank(input.plan)) {
    throw new AppError("conflict", `Your account already has the ${plans[operatorPlan].title} plan.`);
  }
  const { currency, amount } = planCharge(input.plan, input.interval, caller.account.country ?? input.country ?? null);
  const provider = deps.payments.forCurrency(currency);
  if (!provider) throw new AppError("bad_request", `Payments in ${currency} are not available right now.`);
  const [row] = await deps.db
    .insert(subscriptions)
    .values({
      accountId: caller.account.id,
      plan: input.plan,
      interval: input.interval,
      currency,
      amount,
      provider: provider.id,
      createdAt: deps.now(),
    })
    .returning();
  const base = deps.env.PUBLIC_URL;
  const session = await provider.subscriptions.createSubscriptionCheckout({
    subscriptionId: row!.id,
    plan: input.plan,
    interval: input.interval,
    amount,
    currency,
    description: `Streamkit ${plans[input.plan].title} (${input.interval === "month" ? "monthly" : "yearly"})`,
    customerEmail: caller.account.email,
    successUrl: `${base}/account/billing?subscribed=${row!.id}`,
    cancelUrl: `${base}/plans?cancelled=1`,
  });
  await deps.db.update(subscriptions).set({ providerSessionId: session.providerSessionId }).where(eq(subscriptions.id, row!.id));
  return { subscriptionId: row!.id, redirectUrl: session.redirectUrl, currency, amount };
}

/** The plan the operator set on the account (accounts.plan), without subscriptions or complimentary plans. */
export async function basePlan(db: BillingDeps["db"], accountId: string): Promise<PlanName> {
  const [row] = await db.select({ plan: accounts.plan }).from(accounts).where(eq(accounts.id, accountId));
  return (row?.plan ?? "free") as PlanName;
}

/** The account's subscription that gives (or gave) its plan: active or past_due. */
export async function liveSubscription(db: BillingDeps["db"] | Tx, accountId: string, lock = false): Promise<Row | null> {
  const query = db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.accountId, accountId), inArray(subscriptions.status, ["active", "past_due"])));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** A subscription of the caller's (never someone else's), for the pages around checkout. */
export async function findOwnSubscription(deps: BillingDeps, caller: BillingCaller, subscriptionId: string) {
  if (!isUuid(subscriptionId)) return null;
  const [row] = await deps.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.accountId, caller.account.id)));
  return row ? { ...toSubscriptionView(row), amount: row.amount } : null;
}

/**
 * The built-in provider's hosted page: "Pay" with a test card. Like a real
 * provider it confirms the first payment with a signed event through the
 * webhook handler; the card `declines` makes later renewals fail.
 */
export async function payBuiltinSubscription(deps: BillingDeps, caller: BillingCaller, subscriptionId: string, testCard: "ok" | "declines") {
  const builtin = deps.payments.builtin;
  if (!builtin || !isUuid(subscriptionId)) throw notFound("No such checkout.");
  const [row] = await deps.db
    .update(subscriptions)
    .set({ testCard })
    .where(
      and(
        eq(subscriptions.id, subscriptionId),
        eq(subscriptions.accountId, caller.account.id),
        eq(subscriptions.provider, "builtin"),
        eq(subscriptions.status, "incomplete"),
      ),
    )
    .returning();
  if (!row) {
    const existing = await findOwnSubscription(deps, caller, subscriptionId);
    if (existing?.provider !== "builtin") throw notFound("No such checkout.");
    throw new AppError("conflict", "This checkout is already completed.");
  }
  const now = deps.now();
  const signed = builtin.subscriptions.paymentEvent(
    {
      subscriptionId: row.id,
      kind: "initial",
      amount: row.amount,
      currency: row.currency,
      periodStart: now,
      periodEnd: periodEnd(now, row.interval as BillingInterval),
      chargeKey: `initial_${row.id}`,
    },
    now,
  );
  const outcome = await receiveWebhook(deps, "builtin", signed.rawBody, new Headers(signed.headers));
  return { subscriptionId: row.id, outcome };
}

/** Runs `change` on the caller's live subscription under its row lock. */
async function withLiveSubscription<T>(deps: BillingDeps, caller: BillingCaller, change: (tx: Tx, row: Row) => Promise<T>): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const row = await liveSubscription(tx, caller.account.id, true);
    if (!row) throw notFound("You have no subscription to change: pick a plan on the plans page.");
    return change(tx, row);
  });
}

/** Cancel at the period's end: the plan stays until then, and nothing more is charged. */
export async function cancelSubscription(deps: BillingDeps, caller: BillingCaller) {
  const row = await withLiveSubscription(deps, caller, async (tx, row) => {
    if (row.cancelAtPeriodEnd) return row;
    await deps.payments.byId(row.provider)!.subscriptions.setCancelAtPeriodEnd(providerRef(row), true);
    const [updated] = await tx.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.id, row.id)).returning();
    return updated!;
  });
  return toSubscriptionView(row);
}

/** Take a cancellation back before the period ends: renewals go on as before. */
export async function resumeSubscription(deps: BillingDeps, caller: BillingCaller) {
  const row = await withLiveSubscription(deps, caller, async (tx, row) => {
    if (!row.cancelAtPeriodEnd) return row;
    if (row.currentPeriodEnd && row.currentPeriodEnd.getTime() <= deps.now().getTime()) {
      throw new AppError("conflict", "This subscription has already ended: subscribe again on the plans page.");
    }
    await deps.payments.byId(row.provider)!.subscriptions.setCancelAtPeriodEnd(providerRef(row), false);
    const [updated] = await tx.update(subscriptions).set({ cancelAtPeriodEnd: false }).where(eq(subscriptions.id, row.id)).returning();
    return updated!;
  });
  return toSubscriptionView(row);
}

/**
 * Pro → Ultimate applies at once and charges the difference for the rest of
 * the period (plans' prorationAmount); Ultimate → Pro applies at the period's
 * end (the renewal charges Pro). Asking for the current plan takes a scheduled
 * downgrade back.
 */
export async function changeSubscriptionPlan(deps: BillingDeps, caller: BillingCaller, plan: PaidPlan) {
  const now = deps.now();
  let builtinProration: { row: Row; amount: number } | null = null;
  const row = await withLiveSubscription(deps, caller, async (tx, row) => {
    const provider = deps.payments.byId(row.provider)!.subscriptions;
    const interval = row.interval as BillingInterval;
    const currency = row.currency as SaleCurrency;
    const current = { plan: row.plan as PaidPlan, interval, currency, amount: planAmount(row.plan as PaidPlan, interval, currency) };
    const target = { plan, interval, currency, amount: planAmount(plan, interval, currency) };
    if (plan === row.plan) {
      if (!row.scheduledPlan) return row;
      await provider.scheduleChange(providerRef(row), null, current);
      const [updated] = await tx.update(subscriptions).set({ scheduledPlan: null, amount: current.amount }).where(eq(subscriptions.id, row.id)).returning();
      return updated!;
    }
    if (row.status === "past_due") throw new AppError("conflict", "Your last renewal could not be charged: pay it before changing plan.");
    if (planRank(plan) < planRank(row.plan as PaidPlan)) {
      await provider.scheduleChange(providerRef(row), target, current);
      const [updated] = await tx.update(subscriptions).set({ scheduledPlan: plan, amount: target.amount }).where(eq(subscriptions.id, row.id)).returning();
      return updated!;
    }
    const amount = prorationAmount(current.amount, target.amount, row.currentPeriodStart!, row.currentPeriodEnd!, now);
    await provider.upgradeNow(providerRef(row), target, amount, `streamkit-upgrade-${row.id}-${plan}-${now.getTime()}`);
    const [updated] = await tx.update(subscriptions).set({ plan, scheduledPlan: null, amount: target.amount }).where(eq(subscriptions.id, row.id)).returning();
    if (row.provider === "builtin" && amount > 0) builtinProration = { row: updated!, amount };
    return updated!;
  });
  // The built-in provider charges the proration like a real one: its signed event, once the change is committed.
  const proration = builtinProration as { row: Row; amount: number } | null;
  if (proration && deps.payments.builtin) {
    const signed = deps.payments.builtin.subscriptions.paymentEvent(
      {
        subscriptionId: proration.row.id,
        kind: "proration",
        amount: proration.amount,
        currency: proration.row.currency,
        periodStart: now,
        periodEnd: proration.row.currentPeriodEnd!,
        chargeKey: `proration_${proration.row.id}_${plan}_${proration.row.currentPeriodEnd!.getTime()}`,
      },
      now,
    );
    await receiveWebhook(deps, "builtin", signed.rawBody, new Headers(signed.headers));
  }
  return toSubscriptionView(row);
}

/**
 * The built-in provider's "payment method": switch the test card of the live
 * subscription. A renewal that failed is retried at once with the new card,
 * as a real provider retries when the subscriber updates their card.
 */
export async function setBuiltinTestCard(deps: BillingDeps, caller: BillingCaller, testCard: "ok" | "declines") {
  const row = await withLiveSubscription(deps, caller, async (tx, row) => {
    if (row.provider !== "builtin") throw new AppError("bad_request", "Your subscription is paid through another provider: manage the card on its page.");
    const [updated] = await tx.update(subscriptions).set({ testCard, lastFailedAt: null }).where(eq(subscriptions.id, row.id)).returning();
    return updated!;
  });
  if (row.status === "past_due") await runSubscriptionSweep(deps);
  const [fresh] = await deps.db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
  return toSubscriptionView(fresh!);
}

/** Where the subscriber manages their payment method on the provider's own pages, when it has them. */
export async function subscriptionManagementUrl(deps: BillingDeps, caller: BillingCaller) {
  const row = await liveSubscription(deps.db, caller.account.id);
  if (!row?.providerCustomerId) return null;
  return deps.payments.byId(row.provider)?.subscriptions.managementUrl(providerRef(row), `${deps.env.PUBLIC_URL}/account/billing`) ?? null;
}

/** The account's latest subscription that was ever paid (abandoned checkouts are not subscriptions). */
export async function latestSubscription(db: BillingDeps["db"], accountId: string): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.accountId, accountId), ne(subscriptions.status, "incomplete")))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}
