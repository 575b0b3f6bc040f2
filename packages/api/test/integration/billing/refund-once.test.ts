/**
 * Money goes back once: an operator refund locks the purchase for the whole
 * decision, calls the provider under the lock with an idempotency key derived
 * from the purchase, and records the refund in the same transaction. The
 * provider here records its calls (and takes its time, as a real one does).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { checkouts, ledgerEntries, purchases } from "@streamkit/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppDeps } from "../../../src/shared/deps";
import { createDeps } from "../../../src/app/create-deps";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { buy, deliver, webCaller } from "../../support/commerce";
import { insertAccount, insertPlugin } from "../../support/factories";
import { applyEvent, type PaymentProvider, type Payments, refundPurchase, startCheckout } from "@streamkit/billing";

interface RefundCall {
  providerPaymentId: string;
  amount: number;
  idempotencyKey: string;
}

/** The built-in provider, with refunds that are recorded, slow, and can be made to fail. */
function recordingPayments(payments: Payments) {
  const builtin = payments.builtin!;
  const calls: RefundCall[] = [];
  let failNext = false;
  const provider: PaymentProvider = {
    id: builtin.id,
    currencies: builtin.currencies,
    createCheckout: (request) => builtin.createCheckout(request),
    verifyWebhook: (rawBody, headers, now) => builtin.verifyWebhook(rawBody, headers, now),
    subscriptions: builtin.subscriptions,
    async refund(providerPaymentId, amount, idempotencyKey) {
      calls.push({ providerPaymentId, amount, idempotencyKey });
      // A real provider answers after a while: long enough for racing refunds to overlap.
      await sleep(50);
      if (failNext) {
        failNext = false;
        throw new Error("the provider is unavailable");
      }
    },
  };
  const recording: Payments = {
    builtin,
    byId: (id) => (id === provider.id ? provider : payments.byId(id)),
    forCurrency: (currency) => (payments.forCurrency(currency) === builtin ? provider : payments.forCurrency(currency)),
  };
  return { payments: recording, calls, failNextRefund: () => (failNext = true) };
}

const clock = new TestClock(Date.UTC(2026, 10, 1, 9, 0, 0));
let app: TestApp;
let deps: AppDeps;
let provider: ReturnType<typeof recordingPayments>;
let authorId: string;

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  provider = recordingPayments(app.deps.payments);
  deps = await createDeps({ db: app.deps.db, env: app.deps.env, log: app.deps.log, now: clock.now, payments: provider.payments });
  const author = await insertAccount(app.deps.db, { name: "Seller", plan: "pro" });
  authorId = author.id;
  await insertPlugin(app.deps.db, { slug: "song-queue", name: "Song Queue", ownerId: author.id, priceTier: "t2" });
});
afterAll(() => app.close());
beforeEach(() => {
  clock.nextMinute();
  provider.calls.length = 0;
});

async function purchased(name: string) {
  const buyer = await insertAccount(app.deps.db, { name, plan: "pro", country: "US" });
  await buy(app, buyer.id, "song-queue");
  const [purchase] = await app.deps.db.select().from(purchases).where(eq(purchases.accountId, buyer.id));
  return purchase!;
}

const refundEntries = (purchaseId: string) =>
  app.deps.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.purchaseId, purchaseId), eq(ledgerEntries.kind, "refund")));

describe("operator refunds", () => {
  it("refunds once when operators refund one purchase at the same time", async () => {
    const purchase = await purchased("Impatient Buyer");
    clock.advance(24 * 60 * 60 * 1000);

    const answers = await Promise.all([1, 2, 3].map(() => refundPurchase(deps, purchase.id, "operator")));

    expect(provider.calls).toEqual([
      { providerPaymentId: purchase.providerPaymentId, amount: purchase.amount, idempotencyKey: `streamkit-refund-${purchase.id}` },
    ]);
    for (const answer of answers) expect(answer).toMatchObject({ id: purchase.id, status: "refunded", refundedAt: clock.now().toISOString() });
    expect(answers.map((a) => a.alreadyRefunded).sort()).toEqual([false, true, true]);
    const entries = await refundEntries(purchase.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ authorId, currency: "USD", gross: -purchase.amount });
  });

  it("records nothing when the provider fails, and a retry sends the same idempotency key", async () => {
    const purchase = await purchased("Unlucky Buyer");
    provider.failNextRefund();
    await expect(refundPurchase(deps, purchase.id, "operator")).rejects.toThrow("the provider is unavailable");
    const [untouched] = await app.deps.db.select().from(purchases).where(eq(purchases.id, purchase.id));
    expect(untouched!.status).toBe("paid");
    expect(await refundEntries(purchase.id)).toEqual([]);

    await expect(refundPurchase(deps, purchase.id, "operator")).resolves.toMatchObject({ status: "refunded", alreadyRefunded: false });
    expect(provider.calls.map((c) => c.idempotencyKey)).toEqual([`streamkit-refund-${purchase.id}`, `streamkit-refund-${purchase.id}`]);
    expect(await refundEntries(purchase.id)).toHaveLength(1);
  });

  it("does not call the provider for a purchase its webhook already refunded", async () => {
    const purchase = await purchased("Refunded Elsewhere");
    expect((await deliver(app, app.deps.payments.builtin!.refundEvent(purchase.providerPaymentId, clock.now()))).body.outcome).toBe("applied");
    await expect(refundPurchase(deps, purchase.id, "operator")).resolves.toMatchObject({ alreadyRefunded: true });
    expect(provider.calls).toEqual([]);
    expect(await refundEntries(purchase.id)).toHaveLength(1);
  });
});

describe("the double-payment refund of the webhook", () => {
  it("sends the provider a key derived from the payment it gives back", async () => {
    const buyer = await insertAccount(app.deps.db, { name: "Two Tabs", plan: "pro", country: "US" });
    const caller = await webCaller(app, buyer.id);
    const first = await startCheckout(deps, caller, "song-queue", null);
    const second = await startCheckout(deps, caller, "song-queue", null);
    const builtin = app.deps.payments.builtin!;
    // The webhook's effect, with the recording provider (the route itself is the app's, with the app's providers).
    const apply = async (signed: { rawBody: string; headers: Record<string, string> }) =>
      applyEvent(deps, "builtin", await builtin.verifyWebhook(signed.rawBody, new Headers(signed.headers), clock.now()));
    expect(await apply(builtin.paymentEvent({ id: first.checkoutId, amount: first.amount, currency: first.currency }, clock.now()))).toBe("applied");
    const again = builtin.paymentEvent({ id: second.checkoutId, amount: second.amount, currency: second.currency }, clock.now());
    expect(await apply(again)).toBe("double_payment_refunded");
    const paymentId = (JSON.parse(again.rawBody) as { data: { paymentId: string } }).data.paymentId;
    expect(provider.calls).toEqual([{ providerPaymentId: paymentId, amount: second.amount, idempotencyKey: `streamkit-double-payment-${paymentId}` }]);
    const [duplicate] = await app.deps.db.select().from(checkouts).where(eq(checkouts.id, second.checkoutId));
    expect(duplicate!.status).toBe("duplicate");
  });
});
