import { graceMs, periodEnd, planPrices, prorationAmount } from "@streamkit/plans";
import { webhookEvents } from "@streamkit/db";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { bearer } from "../../support/factories";
import { billing, type Subscriber, subscribe, subscriber, sweep } from "../../support/subscriptions";

let app: TestApp;
const clock = new TestClock(Date.UTC(2026, 0, 31, 12, 0, 0));
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
});
afterAll(() => app.close());
beforeEach(() => clock.advance(DAY));

/** The built-in provider's declined renewal attempts for the subscriber's subscription (its events). */
const failedAttempts = async (who: Subscriber) => {
  const id = (await billing(who)).subscription.id;
  const rows = await app.deps.db
    .select()
    .from(webhookEvents)
    .where(like(webhookEvents.eventId, `evt_renewal_failed_${id}_%`));
  return rows.length;
};
const periodEndOf = async (who: Subscriber) => new Date((await billing(who)).subscription.currentPeriodEnd).getTime();
/** Moves the clock to `ms` after the subscription's current period ends. */
const pastPeriodEnd = async (who: Subscriber, ms = MINUTE) => {
  const end = await periodEndOf(who);
  clock.advance(end + ms - clock.now().getTime());
};

describe("subscribing", () => {
  it("fixes the price by country, and the plan applies on the very next request once the provider confirms the payment", async () => {
    const us = await subscriber(app, { country: "US" });
    const india = await subscriber(app, { country: "IN" });
    expect(await us.plan()).toBe("free");

    const started = await us.mutate("billing.subscribe", { plan: "pro", interval: "month" });
    expect(started.data).toMatchObject({
      currency: "USD",
      amount: planPrices.pro.month.USD,
      redirectUrl: `/checkout/builtin/subscription/${started.data.subscriptionId}`,
    });
    // Nothing paid yet: still Free, and the billing page shows the incomplete checkout.
    expect(await us.plan()).toBe("free");
    expect((await billing(us)).subscription).toBeNull();
    expect((await us.query("billing.subscription", { id: started.data.subscriptionId })).data).toMatchObject({ status: "incomplete", nextRenewal: null });

    const paid = await us.mutate("billing.payBuiltin", { id: started.data.subscriptionId, testCard: "ok" });
    expect(paid.data.outcome).toBe("applied");
    expect(await us.plan()).toBe("pro");
    const now = clock.now();
    const view = await billing(us);
    expect(view).toMatchObject({
      plan: "pro",
      basePlan: "free",
      complimentary: null,
      subscription: {
        plan: "pro",
        interval: "month",
        status: "active",
        provider: "builtin",
        currency: "USD",
        cancelAtPeriodEnd: false,
        currentPeriodStart: now.toISOString(),
        currentPeriodEnd: periodEnd(now, "month").toISOString(),
        nextRenewal: { at: periodEnd(now, "month").toISOString(), plan: "pro", amount: 500 },
      },
      totals: [{ currency: "USD", paid: 500, refunded: 0, net: 500 }],
    });
    expect(view.payments).toEqual([
      expect.objectContaining({ kind: "initial", plan: "pro", amount: 500, currency: "USD", status: "paid", paidAt: now.toISOString() }),
    ]);

    const yearly = await subscribe(india, "ultimate", "year");
    expect(yearly).toMatchObject({ currency: "INR", amount: planPrices.ultimate.year.INR, outcome: "applied" });
    expect(await india.plan()).toBe("ultimate");
    expect((await billing(india)).subscription.currentPeriodEnd).toBe(periodEnd(clock.now(), "year").toISOString());
  });

  it("renews at the period's end: a payment per period, the period moves on, the plan never lapses", async () => {
    const ren = await subscriber(app);
    await subscribe(ren, "pro");
    const firstEnd = await periodEndOf(ren);
    await pastPeriodEnd(ren);
    // The renewal has not run yet: the grace period keeps the plan meanwhile.
    expect(await ren.plan()).toBe("pro");
    await sweep(app);
    expect(await ren.plan()).toBe("pro");
    const view = await billing(ren);
    expect(view.subscription).toMatchObject({ status: "active", currentPeriodStart: new Date(firstEnd).toISOString() });
    expect(view.subscription.currentPeriodEnd).toBe(periodEnd(new Date(firstEnd), "month").toISOString());
    expect(view.payments.map((p: { kind: string }) => p.kind)).toEqual(["renewal", "initial"]);
    expect(view.totals).toEqual([{ currency: "USD", paid: 1000, refunded: 0, net: 1000 }]);
    // A second sweep charges nothing more.
    await sweep(app);
    expect((await billing(ren)).payments).toHaveLength(2);
  });
});

describe("failed renewals and the grace period", () => {
  it("a failed renewal keeps the plan inside grace; a card that works recovers it", async () => {
    const pat = await subscriber(app);
    await subscribe(pat, "pro", "month", "declines");
    const end = await periodEndOf(pat);
    await pastPeriodEnd(pat);
    await sweep(app);
    expect(await failedAttempts(pat)).toBe(1);
    expect(await pat.plan()).toBe("pro");
    const due = await billing(pat);
    expect(due.subscription).toMatchObject({ status: "past_due", graceEndsAt: new Date(end + graceMs).toISOString() });
    // Retried at most once a day.
    await sweep(app);
    expect(await failedAttempts(pat)).toBe(1);
    clock.advance(DAY);
    await sweep(app);
    expect(await failedAttempts(pat)).toBe(2);
    // Changing plan waits for the payment.
    expect((await pat.mutate("billing.changePlan", { plan: "ultimate" })).error?.code).toBe("conflict");

    const fixed = await pat.mutate("billing.setBuiltinTestCard", { testCard: "ok" });
    expect(fixed.data).toMatchObject({ status: "active", graceEndsAt: null, currentPeriodStart: new Date(end).toISOString() });
    expect(await pat.plan()).toBe("pro");
    expect((await billing(pat)).payments.map((p: { kind: string }) => p.kind)).toEqual(["renewal", "initial"]);
  });

  it("past the grace period the account is Free on the very next request; the sweep then ends the subscription", async () => {
    const lee = await subscriber(app);
    await subscribe(lee, "ultimate", "month", "declines");
    const end = await periodEndOf(lee);
    await pastPeriodEnd(lee);
    await sweep(app);
    clock.advance(end + graceMs - 1 - clock.now().getTime());
    expect(await lee.plan()).toBe("ultimate");
    clock.advance(1);
    // No sweep has run: the plan is computed from the dates.
    expect(await lee.plan()).toBe("free");
    await sweep(app);
    expect((await billing(lee)).subscription).toMatchObject({ status: "ended", endedReason: "unpaid", nextRenewal: null });
    expect((await billing(lee)).totals).toEqual([{ currency: "USD", paid: 1200, refunded: 0, net: 1200 }]);
  });
});

describe("cancelling and resuming", () => {
  it("cancelled: the plan stays until the period's end, then Free, and nothing more is charged", async () => {
    const cat = await subscriber(app);
    await subscribe(cat, "pro");
    const cancelled = await cat.mutate("billing.cancel");
    expect(cancelled.data).toMatchObject({ status: "active", cancelAtPeriodEnd: true, nextRenewal: null });
    expect((await cat.mutate("billing.cancel")).data.cancelAtPeriodEnd).toBe(true);
    const end = await periodEndOf(cat);
    clock.advance(end - 1 - clock.now().getTime());
    expect(await cat.plan()).toBe("pro");
    clock.advance(1);
    expect(await cat.plan()).toBe("free");
    await sweep(app);
    expect((await billing(cat)).subscription).toMatchObject({ status: "ended", endedReason: "cancelled" });
    expect((await billing(cat)).payments).toHaveLength(1);
    // Over: resuming is refused, subscribing again works.
    expect((await cat.mutate("billing.resume")).error?.code).toBe("not_found");
    await subscribe(cat, "pro");
    expect(await cat.plan()).toBe("pro");
  });

  it("resumed before the end: renewals go on", async () => {
    const rue = await subscriber(app);
    await subscribe(rue, "pro");
    await rue.mutate("billing.cancel");
    const resumed = await rue.mutate("billing.resume");
    expect(resumed.data).toMatchObject({ cancelAtPeriodEnd: false, nextRenewal: { plan: "pro", amount: 500 } });
    await pastPeriodEnd(rue);
    await sweep(app);
    expect((await billing(rue)).payments.map((p: { kind: string }) => p.kind)).toEqual(["renewal", "initial"]);
    expect(await rue.plan()).toBe("pro");
  });
});

describe("changing plan", () => {
  it("Pro → Ultimate at once, charging the difference for the rest of the period; the renewal charges Ultimate", async () => {
    const up = await subscriber(app);
    await subscribe(up, "pro");
    const before = (await billing(up)).subscription;
    clock.advance(10 * DAY);
    const owed = prorationAmount(500, 1200, new Date(before.currentPeriodStart), new Date(before.currentPeriodEnd), clock.now());
    const changed = await up.mutate("billing.changePlan", { plan: "ultimate" });
    expect(changed.data).toMatchObject({ plan: "ultimate", currentPeriodEnd: before.currentPeriodEnd, nextRenewal: { plan: "ultimate", amount: 1200 } });
    expect(await up.plan()).toBe("ultimate");
    const view = await billing(up);
    expect(owed).toBeGreaterThan(0);
    expect(view.payments[0]).toMatchObject({ kind: "proration", plan: "ultimate", amount: owed, periodEnd: before.currentPeriodEnd });
    expect(view.totals[0]).toMatchObject({ paid: 500 + owed });
    await pastPeriodEnd(up);
    await sweep(app);
    expect((await billing(up)).payments[0]).toMatchObject({ kind: "renewal", plan: "ultimate", amount: 1200 });
  });

  it("Ultimate → Pro at the period's end; asking for Ultimate again takes it back", async () => {
    const down = await subscriber(app);
    await subscribe(down, "ultimate");
    const scheduled = await down.mutate("billing.changePlan", { plan: "pro" });
    expect(scheduled.data).toMatchObject({ plan: "ultimate", scheduledPlan: "pro", nextRenewal: { plan: "pro", amount: 500 } });
    expect(await down.plan()).toBe("ultimate");
    const undone = await down.mutate("billing.changePlan", { plan: "ultimate" });
    expect(undone.data).toMatchObject({ scheduledPlan: null, nextRenewal: { plan: "ultimate", amount: 1200 } });
    await down.mutate("billing.changePlan", { plan: "pro" });
    await pastPeriodEnd(down, 0);
    // From the period's end the lower plan applies, even before the renewal runs.
    expect(await down.plan()).toBe("pro");
    await sweep(app);
    expect((await billing(down)).subscription).toMatchObject({ plan: "pro", scheduledPlan: null });
    expect((await billing(down)).payments[0]).toMatchObject({ kind: "renewal", plan: "pro", amount: 500 });
    expect(await down.plan()).toBe("pro");
  });
});

describe("downgrades lock, never delete", () => {
  it("overlays and inventory items past the plan are locked after the plan ends and unlocked when it returns", async () => {
    const sam = await subscriber(app);
    await subscribe(sam, "ultimate");
    const doc = { schema: 1, canvas: { width: 1920, height: 1080 }, layers: [] };
    const headers = { ...bearer(sam.key), "content-type": "application/json" };
    const post = (path: string, body: unknown) => app.json(path, { method: "POST", headers, body: JSON.stringify(body) });
    const overlay = await post("/overlays", { name: "Scene", document: doc });
    expect(overlay.status).toBe(201);
    expect((await post("/inventory", { slug: "donation-ticker" })).status).toBe(201);
    expect((await post("/inventory", { slug: "goal-bar" })).status).toBe(201);

    await sam.mutate("billing.cancel");
    await pastPeriodEnd(sam);
    expect(await sam.plan()).toBe("free");
    const locked = await app.json("/overlays", { headers: bearer(sam.key) });
    expect(locked.body.items).toEqual([expect.objectContaining({ id: overlay.body.item.id, locked: true })]);
    expect((await app.json(`/overlays/${overlay.body.item.id}`, { headers: bearer(sam.key) })).body.error.code).toBe("plan_required");
    const held = (await app.json("/inventory", { headers: bearer(sam.key) })).body.items;
    expect(held.map((item: { slug: string; locked: boolean }) => [item.slug, item.locked]).sort()).toEqual([
      ["donation-ticker", true],
      ["goal-bar", true],
    ]);

    await subscribe(sam, "pro");
    const afterPro = (await app.json("/inventory", { headers: bearer(sam.key) })).body.items;
    expect(afterPro.map((item: { slug: string; locked: boolean }) => [item.slug, item.locked]).sort()).toEqual([
      ["donation-ticker", true],
      ["goal-bar", false],
    ]);
    expect((await app.json(`/overlays/${overlay.body.item.id}`, { headers: bearer(sam.key) })).status).toBe(200);
    await sam.mutate("billing.changePlan", { plan: "ultimate" });
    expect((await app.json("/inventory", { headers: bearer(sam.key) })).body.items.every((item: { locked: boolean }) => !item.locked)).toBe(true);
  });
});

describe("refused requests", () => {
  it("website only: API keys get 403 forbidden on every subscription operation of /api/v1", async () => {
    const rex = await subscriber(app);
    const calls: [string, string, unknown?][] = [
      ["GET", "/billing"],
      ["POST", "/subscriptions", { plan: "pro", interval: "month" }],
      ["POST", "/subscription/cancel"],
      ["POST", "/subscription/resume"],
      ["PUT", "/subscription/plan", { plan: "ultimate" }],
      ["GET", "/billing/receipts/00000000-0000-4000-8000-000000000000"],
    ];
    for (const [method, path, body] of calls) {
      const answer = await app.json(path, {
        method,
        headers: body === undefined ? bearer(rex.key) : { ...bearer(rex.key), "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect([method, path, answer.status, answer.body.error.code]).toEqual([method, path, 403, "forbidden"]);
    }
  });

  it("one live subscription, valid plans, the caller's own subscription", async () => {
    const rex = await subscriber(app);
    expect((await rex.mutate("billing.subscribe", { plan: "free", interval: "month" })).error?.code).toBe("validation_error");
    expect((await rex.mutate("billing.subscribe", { plan: "pro", interval: "week" })).error?.code).toBe("validation_error");
    expect((await rex.mutate("billing.subscribe", { plan: "pro", interval: "month", extra: 1 })).error?.code).toBe("validation_error");
    expect((await rex.mutate("billing.cancel")).error?.code).toBe("not_found");
    expect((await rex.mutate("billing.resume")).error?.code).toBe("not_found");
    expect((await rex.mutate("billing.changePlan", { plan: "ultimate" })).error?.code).toBe("not_found");
    expect((await rex.mutate("billing.setBuiltinTestCard", { testCard: "ok" })).error?.code).toBe("not_found");

    await subscribe(rex, "pro");
    const twice = await rex.mutate("billing.subscribe", { plan: "ultimate", interval: "month" });
    expect([twice.status, twice.error?.code]).toEqual([409, "conflict"]);
    const paymentId = (await billing(rex)).payments[0].id;
    expect((await rex.query("billing.receipt", { id: paymentId })).status).toBe(200);
    const other = await subscriber(app);
    expect((await other.query("billing.receipt", { id: paymentId })).error?.code).toBe("not_found");
    expect((await other.query("billing.receipt", { id: "not-a-uuid" })).error?.code).toBe("not_found");
    expect((await other.query("billing.subscription", { id: "not-a-uuid" })).data).toBeNull();
    // Someone else's checkout cannot be paid, nor one paid already.
    const started = await other.mutate("billing.subscribe", { plan: "pro", interval: "month" });
    expect((await rex.mutate("billing.payBuiltin", { id: started.data.subscriptionId, testCard: "ok" })).error?.code).toBe("not_found");
    expect((await rex.query("billing.subscription", { id: started.data.subscriptionId })).data).toBeNull();
    expect((await other.mutate("billing.payBuiltin", { id: started.data.subscriptionId, testCard: "ok" })).data.outcome).toBe("applied");
    expect((await other.mutate("billing.payBuiltin", { id: started.data.subscriptionId, testCard: "ok" })).error?.code).toBe("conflict");

    const givenForGood = await subscriber(app, { plan: "ultimate" });
    expect((await givenForGood.mutate("billing.subscribe", { plan: "pro", interval: "month" })).error?.code).toBe("conflict");
  });

  it("a receipt says what was paid, for which period", async () => {
    const ria = await subscriber(app, { name: "Ria Receipt", country: "IN" });
    await subscribe(ria, "pro", "year");
    const payment = (await billing(ria)).payments[0];
    const receipt = await ria.query("billing.receipt", { id: payment.id });
    expect(receipt.data).toMatchObject({
      number: payment.id,
      accountName: "Ria Receipt",
      interval: "year",
      description: "Streamkit Pro, yearly subscription",
      payment: { amount: planPrices.pro.year.INR, currency: "INR", periodEnd: payment.periodEnd },
    });
  });
});
