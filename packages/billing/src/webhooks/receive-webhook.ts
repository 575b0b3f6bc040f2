import { checkouts, isUniqueViolation, ledgerEntries, plugins, purchases } from "@streamkit/db";
import { authorShare, refundWindowEnds } from "@streamkit/plans";
import { eq } from "drizzle-orm";
import { rollUpSaleEntry } from "../ledger/sale-days";
import type { BillingDeps } from "../deps";
import { applyRefund } from "../purchases/purchases";
import { applySubscriptionEvent, type SubscriptionEventOutcome } from "../subscriptions/subscription-events";
import { applySubscriptionRefund } from "../subscriptions/subscription-refunds";
import { isAppError, notFound } from "@streamkit/api-contract";
import { claimEvent } from "./event-claim";
import type { ProviderEvent } from "../providers/provider";

/**
 * Verifies one delivery and applies it: the one path by which payments become
 * purchases (and provider refunds become refunds), for every provider. The
 * signature is checked on the raw body; the provider's event id is recorded in
 * the same transaction as the event's effect, so a replayed or concurrent
 * delivery is applied exactly once. A delivery that cannot be trusted is 400
 * bad_request (and logged). The API's POST /api/webhooks/<provider> hands it
 * what arrived; the built-in provider's events come here in-process.
 */
export async function receiveWebhook(deps: BillingDeps, providerId: string, rawBody: string, headers: Headers, requestId?: string): Promise<EventOutcome> {
  const provider = deps.payments.byId(providerId);
  if (!provider) throw notFound(`No payment provider "${providerId}" here.`);
  let event: ProviderEvent;
  try {
    event = await provider.verifyWebhook(rawBody, headers, deps.now());
  } catch (error) {
    if (isAppError(error)) deps.log.warn({ requestId, provider: providerId, reason: error.message }, "webhook refused");
    throw error;
  }
  const outcome = await applyEvent(deps, provider.id, event);
  deps.log.info({ requestId, provider: providerId, event: event.id, type: event.type, outcome }, "webhook");
  return outcome;
}

export type EventOutcome = "applied" | "duplicate" | "ignored" | "unknown_checkout" | "double_payment_refunded" | "unknown_payment" | SubscriptionEventOutcome;

export async function applyEvent(deps: BillingDeps, providerId: string, event: ProviderEvent): Promise<EventOutcome> {
  if (event.type === "payment.refunded") {
    // The money already went back: record it whenever the provider says so, in the same transaction as the event id.
    return deps.db.transaction(async (tx): Promise<EventOutcome> => {
      if (!(await claimEvent(tx, providerId, event, deps.now()))) return "duplicate";
      const [purchase] = await tx.select({ id: purchases.id }).from(purchases).where(eq(purchases.providerPaymentId, event.providerPaymentId));
      if (purchase) {
        await applyRefund(tx, purchase.id, deps.now());
        return "applied";
      }
      // Or a subscription's payment (a refund made on the provider's dashboard).
      return (await applySubscriptionRefund(deps, tx, providerId, event.providerPaymentId)) ? "applied" : "unknown_payment";
    });
  }
  if (event.type === "ignored") return (await claimEvent(deps.db, providerId, event, deps.now())) ? "ignored" : "duplicate";
  if (event.type !== "payment.succeeded") return applySubscriptionEvent(deps, providerId, event);

  const now = deps.now();
  return deps.db.transaction(async (tx): Promise<EventOutcome> => {
    if (!(await claimEvent(tx, providerId, event, now))) return "duplicate";
    const [row] = /^[0-9a-f-]{36}$/i.test(event.checkoutId)
      ? await tx
          .select({ checkout: checkouts, authorId: plugins.ownerId })
          .from(checkouts)
          .innerJoin(plugins, eq(plugins.id, checkouts.pluginId))
          .where(eq(checkouts.id, event.checkoutId))
          .for("update", { of: checkouts })
      : [];
    if (!row) return "unknown_checkout";
    if (row.checkout.status === "paid") return "duplicate";
    if (row.checkout.amount !== event.amount || row.checkout.currency !== event.currency.toUpperCase()) {
      deps.log.error(
        { checkout: row.checkout.id, expected: [row.checkout.amount, row.checkout.currency], got: [event.amount, event.currency] },
        "payment differs from its checkout",
      );
    }
    try {
      // A savepoint, so a second payment for an owned plugin leaves the event record and the checkout update intact.
      await tx.transaction(async (inner) => {
        const [purchase] = await inner
          .insert(purchases)
          .values({
            accountId: row.checkout.accountId,
            pluginId: row.checkout.pluginId,
            checkoutId: row.checkout.id,
            provider: providerId,
            providerPaymentId: event.providerPaymentId,
            currency: row.checkout.currency,
            amount: row.checkout.amount,
            paidAt: now,
          })
          .returning();
        await inner.insert(ledgerEntries).values({
          kind: "sale",
          authorId: row.authorId,
          currency: purchase!.currency,
          gross: purchase!.amount,
          share: authorShare(purchase!.amount),
          purchaseId: purchase!.id,
          availableAt: refundWindowEnds(now),
          createdAt: now,
        });
        await rollUpSaleEntry(inner, {
          kind: "sale",
          pluginId: purchase!.pluginId,
          currency: purchase!.currency,
          gross: purchase!.amount,
          share: authorShare(purchase!.amount),
          at: now,
        });
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The buyer already owns it (paid twice, e.g. in two tabs): nobody pays twice, so this payment goes back.
      // The refund happens before the event is committed: if it fails, nothing is recorded, the webhook answers
      // 500 and the provider delivers the event again later.
      await tx.update(checkouts).set({ status: "duplicate", completedAt: now }).where(eq(checkouts.id, row.checkout.id));
      await deps.payments.byId(providerId)!.refund(event.providerPaymentId, event.amount, `streamkit-double-payment-${event.providerPaymentId}`);
      return "double_payment_refunded";
    }
    await tx.update(checkouts).set({ status: "paid", completedAt: now }).where(eq(checkouts.id, row.checkout.id));
    return "applied";
  });
}
