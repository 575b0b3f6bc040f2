import { checkouts, ledgerEntries, purchases, webhookEvents } from "@streamkit/db";
import { commerce } from "@streamkit/plans";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDeps } from "../../../src/app/create-deps";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { buy, deliver, webCaller } from "../../support/commerce";
import { bearer, insertAccount, insertKey, insertPlugin } from "../../support/factories";
import { refundPurchase, runPayouts, signPayload, startCheckout } from "@streamkit/billing";

let app: TestApp;
const clock = new TestClock(Date.UTC(2026, 10, 1, 9, 0, 0));
const DAY = 24 * 60 * 60 * 1000;
let author: { id: string; key: string };

async function account(name: string, country: string | null = null) {
  const row = await insertAccount(app.deps.db, { name, plan: "pro", country });
  return { id: row.id, key: (await insertKey(app.deps.db, row.id)).key };
}

const sales = async () => (await app.json("/sales", { headers: bearer(author.key) })).body;
const earningsIn = async (currency: string) => (await sales()).earnings.find((e: { currency: string }) => e.currency === currency);

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  author = await account("Seller");
  await insertPlugin(app.deps.db, { slug: "song-queue", name: "Song Queue", ownerId: author.id, priceTier: "t2" });
  await insertPlugin(app.deps.db, { slug: "big-ticket", name: "Big Ticket", ownerId: author.id, priceTier: "t5" });
});
afterAll(() => app.close());
beforeEach(() => clock.nextMinute());

describe("buying with the built-in provider", () => {
  it("charges rupees in India and dollars elsewhere, and the purchase exists only once the provider confirms it", async () => {
    const indian = await account("Buyer India", "IN");
    const american = await account("Buyer US", "US");
    const before = await app.json("/plugins/song-queue/package", { headers: bearer(indian.key) });
    expect(before.status).toBe(403);
    expect(before.body.error.code).toBe("purchase_required");

    const checkout = await startCheckout(app.deps, await webCaller(app, indian.id), "song-queue", null);
    expect(checkout).toMatchObject({ currency: "INR", amount: 9900, redirectUrl: `/checkout/builtin/${checkout.checkoutId}` });
    expect((await app.json("/purchases", { headers: bearer(indian.key) })).body.items).toEqual([]);
    expect((await app.json("/plugins/song-queue", { headers: bearer(indian.key) })).body.item.owned).toBe(false);
    // Listings say it too: the page's own statement asks whether the caller bought each plugin.
    const listed = async (key: string) =>
      (await app.json("/plugins?price=paid&limit=100", { headers: bearer(key) })).body.items.find((i: { slug: string }) => i.slug === "song-queue").owned;
    expect(await listed(indian.key)).toBe(false);

    const event = app.deps.payments.builtin!.paymentEvent({ id: checkout.checkoutId, amount: checkout.amount, currency: checkout.currency }, clock.now());
    expect(await deliver(app, event)).toEqual({ status: 200, body: { received: true, outcome: "applied" } });
    const mine = await app.json("/purchases", { headers: bearer(indian.key) });
    expect(mine.body).toEqual({
      items: [{ slug: "song-queue", name: "Song Queue", currency: "INR", amount: 9900, status: "paid", paidAt: clock.now().toISOString() }],
    });
    expect((await app.json("/plugins/song-queue", { headers: bearer(indian.key) })).body.item.owned).toBe(true);
    expect(await listed(indian.key)).toBe(true);
    expect(await listed(american.key)).toBe(false);
    expect((await app.json("/plugins/song-queue/package", { headers: bearer(indian.key) })).status).toBe(200);

    clock.nextMinute();
    const us = await buy(app, american.id, "song-queue");
    expect(us.checkout).toMatchObject({ currency: "USD", amount: 200 });
    expect((await app.json("/purchases", { headers: bearer(american.key) })).body.items[0]).toMatchObject({ currency: "USD", amount: 200 });
  });

  it("uses the visitor's country when the account has none", async () => {
    const buyer = await account("No Country");
    const checkout = await startCheckout(app.deps, await webCaller(app, buyer.id), "song-queue", "IN");
    expect(checkout).toMatchObject({ currency: "INR", amount: 9900 });
  });

  it("refuses to sell what the buyer owns, what is free, and the author's own plugin", async () => {
    const buyer = await account("Owner Already");
    await buy(app, buyer.id, "song-queue");
    await expect(startCheckout(app.deps, await webCaller(app, buyer.id), "song-queue", null)).rejects.toMatchObject({ code: "conflict" });
    await expect(startCheckout(app.deps, await webCaller(app, author.id), "song-queue", null)).rejects.toMatchObject({ code: "bad_request" });
    await insertPlugin(app.deps.db, { slug: "gratis", ownerId: author.id });
    await expect(startCheckout(app.deps, await webCaller(app, buyer.id), "gratis", null)).rejects.toMatchObject({ code: "bad_request" });
  });

  it("never takes two payments for one plugin: a second confirmed payment is refunded, not recorded", async () => {
    const buyer = await account("Two Tabs");
    const caller = await webCaller(app, buyer.id);
    const first = await startCheckout(app.deps, caller, "big-ticket", null);
    const second = await startCheckout(app.deps, caller, "big-ticket", null);
    const builtin = app.deps.payments.builtin!;
    expect((await deliver(app, builtin.paymentEvent({ id: first.checkoutId, amount: first.amount, currency: first.currency }, clock.now()))).body.outcome).toBe(
      "applied",
    );
    expect(
      (await deliver(app, builtin.paymentEvent({ id: second.checkoutId, amount: second.amount, currency: second.currency }, clock.now()))).body.outcome,
    ).toBe("double_payment_refunded");
    const rows = await app.deps.db.select().from(purchases).where(eq(purchases.accountId, buyer.id));
    expect(rows).toHaveLength(1);
    const [duplicate] = await app.deps.db.select().from(checkouts).where(eq(checkouts.id, second.checkoutId));
    expect(duplicate!.status).toBe("duplicate");
  });

  it("loses nothing when the server stops mid-checkout: the provider's event completes it after a restart", async () => {
    const buyer = await account("Patient Buyer");
    const checkout = await startCheckout(app.deps, await webCaller(app, buyer.id), "song-queue", "US");
    // A new process on the same database: fresh dependencies, nothing in memory.
    const restarted = { ...app, deps: await createDeps({ db: app.database.db, env: app.deps.env, log: app.deps.log, now: clock.now }) };
    const event = restarted.deps.payments.builtin!.paymentEvent({ id: checkout.checkoutId, amount: checkout.amount, currency: checkout.currency }, clock.now());
    expect((await deliver(restarted, event)).body.outcome).toBe("applied");
    expect((await app.json("/purchases", { headers: bearer(buyer.key) })).body.items).toHaveLength(1);
  });
});

describe("webhooks", () => {
  it.each([
    ["a tampered body", (e: { rawBody: string; headers: Record<string, string> }) => ({ ...e, rawBody: e.rawBody.replace("9900", "1") })],
    [
      "a wrong signature",
      (e: { rawBody: string; headers: Record<string, string> }) => ({
        ...e,
        headers: { ...e.headers, "streamkit-signature": signPayload(e.rawBody, "not-the-secret", clock.now()) },
      }),
    ],
    ["no signature", (e: { rawBody: string; headers: Record<string, string> }) => ({ ...e, headers: { "content-type": "application/json" } })],
  ])("refuses %s with 400 and records nothing", async (_name, tamper) => {
    const buyer = await account("Victim");
    const checkout = await startCheckout(app.deps, await webCaller(app, buyer.id), "song-queue", "IN");
    const event = app.deps.payments.builtin!.paymentEvent({ id: checkout.checkoutId, amount: checkout.amount, currency: checkout.currency }, clock.now());
    const answer = await deliver(app, tamper(event));
    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe("bad_request");
    expect(await app.deps.db.select().from(purchases).where(eq(purchases.accountId, buyer.id))).toEqual([]);
  });

  it("refuses a signed event replayed after the replay window", async () => {
    const buyer = await account("Late Replay");
    const checkout = await startCheckout(app.deps, await webCaller(app, buyer.id), "song-queue", "IN");
    const old = app.deps.payments.builtin!.paymentEvent(
      { id: checkout.checkoutId, amount: checkout.amount, currency: checkout.currency },
      new Date(clock.now().getTime() - 10 * 60_000),
    );
    const answer = await deliver(app, old);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toMatch(/replay window/);
  });

  it("applies a replayed or concurrent delivery of one event exactly once", async () => {
    const buyer = await account("Replayed");
    const checkout = await startCheckout(app.deps, await webCaller(app, buyer.id), "song-queue", "IN");
    const event = app.deps.payments.builtin!.paymentEvent({ id: checkout.checkoutId, amount: checkout.amount, currency: checkout.currency }, clock.now());
    const outcomes = (await Promise.all([deliver(app, event), deliver(app, event), deliver(app, event)])).map((r) => r.body.outcome).sort();
    expect(outcomes).toEqual(["applied", "duplicate", "duplicate"]);
    expect((await deliver(app, event)).body.outcome).toBe("duplicate");
    expect(await app.deps.db.select().from(purchases).where(eq(purchases.accountId, buyer.id))).toHaveLength(1);
    const sales = await app.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, "sale"));
    expect(new Set(sales.map((s) => s.purchaseId)).size).toBe(sales.length);
  });
});

describe("refunds", () => {
  it("inside the window: the operator refunds, the buyer no longer owns it, the author's earnings drop", async () => {
    const buyer = await account("Refund Me", "US");
    await buy(app, buyer.id, "song-queue");
    const [purchase] = await app.deps.db.select().from(purchases).where(eq(purchases.accountId, buyer.id));
    const before = await earningsIn("USD");
    clock.advance(13 * DAY);
    const refunded = await refundPurchase(app.deps, purchase!.id, "operator");
    expect(refunded).toMatchObject({ status: "refunded", alreadyRefunded: false });
    expect((await app.json("/purchases", { headers: bearer(buyer.key) })).body.items[0].status).toBe("refunded");
    expect((await app.json("/plugins/song-queue", { headers: bearer(buyer.key) })).body.item.owned).toBe(false);
    expect((await app.json("/plugins/song-queue/package", { headers: bearer(buyer.key) })).status).toBe(403);
    const after = await earningsIn("USD");
    expect(after.earned).toBe(before.earned - 160);
    expect((await refundPurchase(app.deps, purchase!.id, "operator")).alreadyRefunded).toBe(true);
  });

  it("after the window: the operator cannot refund, but a refund the provider reports is recorded", async () => {
    const buyer = await account("Too Late", "US");
    await buy(app, buyer.id, "song-queue");
    const [purchase] = await app.deps.db.select().from(purchases).where(eq(purchases.accountId, buyer.id));
    clock.advance(commerce.refundWindowDays * DAY + 1000);
    await expect(refundPurchase(app.deps, purchase!.id, "operator")).rejects.toMatchObject({ code: "forbidden" });
    const event = app.deps.payments.builtin!.refundEvent(purchase!.providerPaymentId, clock.now());
    expect((await deliver(app, event)).body.outcome).toBe("applied");
    expect((await deliver(app, event)).body.outcome).toBe("duplicate");
    const [after] = await app.deps.db.select().from(purchases).where(eq(purchases.id, purchase!.id));
    expect(after!.status).toBe("refunded");
  });
});

describe("the author's money", () => {
  it("holds sales for the refund window, then makes them payable, and pays out once the minimum is reached", async () => {
    // A fresh author, so the figures are this test's alone.
    const seller = await account("Ledger Seller");
    await insertPlugin(app.deps.db, { slug: "ledger-plugin", name: "Ledger Plugin", ownerId: seller.id, priceTier: "t5" });
    const report = async () => (await app.json("/sales", { headers: bearer(seller.key) })).body;
    const usd = async () => (await report()).earnings.find((e: { currency: string }) => e.currency === "USD");

    for (let i = 0; i < 3; i++) {
      clock.nextMinute();
      await buy(app, (await account(`Ledger buyer ${i}`, "US")).id, "ledger-plugin");
    }
    expect(await usd()).toEqual({ currency: "USD", earned: 2400, held: 2400, payable: 0, paidOut: 0, minimum: 2500 });
    expect((await runPayouts(app.deps)).filter((p) => p.author.id === seller.id)).toEqual([]);

    clock.advance(commerce.refundWindowDays * DAY + 60_000);
    expect(await usd()).toEqual({ currency: "USD", earned: 2400, held: 0, payable: 2400, paidOut: 0, minimum: 2500 });
    expect((await runPayouts(app.deps)).filter((p) => p.author.id === seller.id)).toEqual([]);

    clock.nextMinute();
    await buy(app, (await account("Ledger buyer 4", "US")).id, "ledger-plugin");
    expect(await usd()).toMatchObject({ earned: 3200, held: 800, payable: 2400 });
    clock.advance(commerce.refundWindowDays * DAY + 60_000);
    expect(await usd()).toMatchObject({ earned: 3200, held: 0, payable: 3200 });

    const made = (await runPayouts(app.deps, { method: "paypal", reference: "PP-123" })).filter((p) => p.author.id === seller.id);
    expect(made).toEqual([
      { id: expect.any(String), author: expect.objectContaining({ id: seller.id }), currency: "USD", amount: 3200, method: "paypal", reference: "PP-123" },
    ]);
    const final = await report();
    expect(final.earnings.find((e: { currency: string }) => e.currency === "USD")).toEqual({
      currency: "USD",
      earned: 3200,
      held: 0,
      payable: 0,
      paidOut: 3200,
      minimum: 2500,
    });
    expect(final.payouts).toEqual([
      { id: made[0]!.id, currency: "USD", amount: 3200, method: "paypal", reference: "PP-123", createdAt: clock.now().toISOString() },
    ]);
    expect(final.sales).toHaveLength(4);
    expect(
      final.sales.every(
        (s: { payable: boolean; paidOut: boolean; share: number; amount: number }) => s.payable && s.paidOut && s.share === 800 && s.amount === 1000,
      ),
    ).toBe(true);
    expect((await runPayouts(app.deps)).filter((p) => p.author.id === seller.id)).toEqual([]);
    await expect(runPayouts(app.deps, { method: "cheque" })).rejects.toMatchObject({ code: "bad_request" });
  });

  it("lists the latest 100 sales, newest first", async () => {
    const seller = await account("Prolific");
    await insertPlugin(app.deps.db, { slug: "cheap-hit", ownerId: seller.id, priceTier: "t1" });
    for (let i = 0; i < 101; i++) {
      clock.advance(1000);
      await buy(app, (await account(`Fan ${i}`, "US")).id, "cheap-hit");
    }
    const { body } = await app.json("/sales", { headers: bearer(seller.key) });
    expect(body.sales).toHaveLength(100);
    const times = body.sales.map((s: { paidAt: string }) => s.paidAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(body.earnings.find((e: { currency: string }) => e.currency === "USD").earned).toBe(101 * 80);
  });

  it("reports figures equal to the ledger's sums", async () => {
    const { body } = await app.json("/sales", { headers: bearer(author.key) });
    const rows = await app.deps.db
      .select({ currency: ledgerEntries.currency, kind: ledgerEntries.kind, total: sql<number>`sum(${ledgerEntries.share})`.mapWith(Number) })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.authorId, author.id))
      .groupBy(ledgerEntries.currency, ledgerEntries.kind);
    for (const earning of body.earnings) {
      const sum = (kind: string) => rows.find((r) => r.currency === earning.currency && r.kind === kind)?.total ?? 0;
      expect(earning.earned).toBe(sum("sale") + sum("refund"));
      expect(earning.paidOut).toBe(-sum("payout") || 0);
      expect(earning.held + earning.payable + earning.paidOut).toBe(earning.earned);
    }
    const events = await app.deps.db.select().from(webhookEvents);
    expect(events.length).toBeGreaterThan(0);
  });
});
