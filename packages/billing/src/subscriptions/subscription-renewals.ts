import { subscriptions } from "@streamkit/db";
import { type BillingInterval, graceMs, periodEnd, subscriptionRules } from "@streamkit/plans";
import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { BillingDeps } from "../deps";
import { receiveWebhook } from "../webhooks/receive-webhook";
import { providerRef } from "./subscription-views";

const RETRY_MS = subscriptionRules.retryEveryHours * 60 * 60 * 1000;
/** A clock moved by years renews a monthly subscription at most this many times in one sweep (the next sweep goes on). */
const MAX_RENEWALS_PER_SWEEP = 24;

export interface SweepResult {
  renewed: number;
  failed: number;
  ended: number;
}

/**
 * What has to happen because time passed (docs/payments.md#subscriptions), run by
 * every server every few minutes and after the test clock moves:
 * 1. the built-in provider charges the renewals that are due — the real
 *    providers charge on their own schedules and tell us by webhook;
 * 2. subscriptions whose plan has run out are marked ended: cancelled ones at
 *    their period's end, unpaid ones when the grace period is over (the
 *    real provider is told to stop retrying).
 * The account's plan does not wait for this: it is computed from the same
 * dates on every request. Each step is safe to run in two processes at once:
 * renewal events carry ids derived from the period they pay for, and the
 * endings are conditional updates.
 */
export async function runSubscriptionSweep(deps: BillingDeps): Promise<SweepResult> {
  const result: SweepResult = { renewed: 0, failed: 0, ended: 0 };
  for (let round = 0; round < MAX_RENEWALS_PER_SWEEP; round++) {
    const charged = await chargeDueBuiltinRenewals(deps);
    result.renewed += charged.renewed;
    result.failed += charged.failed;
    if (charged.renewed === 0) break;
  }
  result.ended = await endExpired(deps);
  return result;
}

async function chargeDueBuiltinRenewals(deps: BillingDeps): Promise<{ renewed: number; failed: number }> {
  const builtin = deps.payments.builtin;
  if (!builtin) return { renewed: 0, failed: 0 };
  const now = deps.now();
  const due = await deps.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, "builtin"),
        inArray(subscriptions.status, ["active", "past_due"]),
        eq(subscriptions.cancelAtPeriodEnd, false),
        lte(subscriptions.currentPeriodEnd, now),
        sql`${subscriptions.currentPeriodEnd} + ${sql.raw(`interval '${subscriptionRules.graceDays} days'`)} > ${now.toISOString()}::timestamptz`,
        or(isNull(subscriptions.lastFailedAt), lte(subscriptions.lastFailedAt, new Date(now.getTime() - RETRY_MS))),
      ),
    )
    .limit(500);
  let renewed = 0;
  let failed = 0;
  for (const row of due) {
    const start = row.currentPeriodEnd!;
    if (row.testCard === "declines") {
      const attempt = Math.floor(now.getTime() / RETRY_MS);
      const signed = builtin.subscriptions.failureEvent(row.id, `renewal_failed_${row.id}_${start.getTime()}_${attempt}`, now);
      await receiveWebhook(deps, "builtin", signed.rawBody, new Headers(signed.headers));
      failed++;
      continue;
    }
    const signed = builtin.subscriptions.paymentEvent(
      {
        subscriptionId: row.id,
        kind: "renewal",
        amount: row.amount,
        currency: row.currency,
        periodStart: start,
        periodEnd: periodEnd(start, row.interval as BillingInterval, row.currentPeriodStart?.getUTCDate()),
        chargeKey: `renewal_${row.id}_${start.getTime()}`,
      },
      now,
    );
    const outcome = await receiveWebhook(deps, "builtin", signed.rawBody, new Headers(signed.headers));
    if (outcome === "applied") renewed++;
  }
  return { renewed, failed };
}

/**
 * Marks ended the subscriptions whose plan has run out (all, or one account's:
 * before it subscribes again or reads its billing page, so neither waits for the next sweep).
 */
export async function endExpired(deps: BillingDeps, accountId?: string): Promise<number> {
  const now = deps.now();
  const graceStart = new Date(now.getTime() - graceMs);
  const ended = await deps.db
    .update(subscriptions)
    .set({ status: "ended", endedAt: now, endedReason: sql`case when ${subscriptions.cancelAtPeriodEnd} then 'cancelled' else 'unpaid' end` })
    .where(
      and(
        inArray(subscriptions.status, ["active", "past_due"]),
        accountId ? eq(subscriptions.accountId, accountId) : undefined,
        or(and(eq(subscriptions.cancelAtPeriodEnd, true), lte(subscriptions.currentPeriodEnd, now)), lte(subscriptions.currentPeriodEnd, graceStart)),
      ),
    )
    .returning();
  for (const row of ended) {
    if (row.provider === "builtin" || row.endedReason !== "unpaid" || !row.providerSubscriptionId) continue;
    // The provider would otherwise go on retrying a subscription whose plan is over.
    await deps.payments
      .byId(row.provider)
      ?.subscriptions.cancelNow(providerRef(row))
      .catch((error: unknown) => deps.log.warn({ err: error, subscription: row.id }, "could not stop an unpaid subscription at its provider"));
  }
  return ended.length;
}
