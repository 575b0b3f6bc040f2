import { revenueEntries, subscriptionPayments, subscriptions } from "@streamkit/db";
import { subscriptionRules } from "@streamkit/plans";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDeps } from "../../../src/app/create-deps";
import { TestClock as ServiceClock } from "../../../src/shared/test-clock";
import { createTestApp, type TestApp } from "../../support/app";
import { TestClock } from "../../support/clock";
import { deliver } from "../../support/commerce";
import { raceThroughLock } from "../../support/race";
import { receiveWebhook } from "@streamkit/billing";
import { billing, type Subscriber, subscribe, subscriber, sweep } from "../../support/subscriptions";

let app: TestApp;
const clock = new TestClock(Date.UTC(2026, 5, 1, 8, 0, 0));
const DAY = 24 * 60 * 60 * 1000;
let operator: Subscriber;

beforeAll(async () => {
  app = await createTestApp({ now: clock.now });
  operator = await subscriber(app, { name: "Olive Operator", staff: true });
});
afterAll(() => app.close());
beforeEach(() => clock.advance(DAY));

const builtin = () => app.deps.payments.builtin!.subscriptions;
const liveRow = async (who: Subscriber) =>
  (await app.deps.db.select().from(subscriptions).where(eq(subscriptions.accountId, who.id))).find((row) => row.status !== "incomplete")!;
const renewalOf = (row: typeof subscriptions.$inferSelect, key = `renewal_${row.id}_${row.currentPeriodEnd!.getTime()}`) =>
  builtin().paymentEvent(
    {
      subscriptionId: row.id,
      kind: "renewal",
      amount: row.amount,
      currency: row.currency,
      periodStart: row.currentPeriodEnd!,
      periodEnd: new Date(row.currentPeriodEnd!.getTime() + 30 * DAY),
      chargeKey: key,
    },
    clock.now(),
  );
const paymentsOf = (who: Subscriber) => app.deps.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.accountId, who.id));
const ledgerOf = (who: Subscriber) => app.deps.db.select().from(revenueEntries).where(eq(revenueEntries.accountId, who.id));

describe("webhooks", () => {
  it("refuses a delivery whose signature does not match, and records nothing", async () => {
    const sig = await subscriber(app);
    await subscribe(sig, "pro");
    const signed = renewalOf(await liveRow(sig));
    const tampered = await deliver(app, { ...signed, rawBody: signed.rawBody.replace('"amount":500', '"amount":1') });
    expect([tampered.status, tampered.body.error?.code]).toEqual([400, "bad_request"]);
    const unsigned = await deliver(app, { rawBody: signed.rawBody, headers: { "content-type": "application/json" } });
    expect(unsigned.status).toBe(400);
    expect(await paymentsOf(sig)).toHaveLength(1);
  });

  it("a replayed delivery is applied once", async () => {
    const rep = await subscriber(app);
    await subscribe(rep, "pro");
    const signed = renewalOf(await liveRow(rep));
    expect((await deliver(app, signed)).body.outcome).toBe("applied");
    expect((await deliver(app, signed)).body.outcome).toBe("duplicate");
    expect(await paymentsOf(rep)).toHaveLength(2);
    expect(await ledgerOf(rep)).toHaveLength(2);
  });

  it("20 concurrent deliveries of one event record one payment and one ledger entry", async () => {
    const con = await subscriber(app);
    await subscribe(con, "pro");
    const row = await liveRow(con);
    const signed = renewalOf(row);
    const results = await raceThroughLock(
      app.database,
      { lockSql: "select id from subscriptions where id = $1 for update", params: [row.id], racers: 1, ownConnection: true },
      () => Array.from({ length: 20 }, () => deliver(app, signed)),
    );
    const outcomes = results.map((result) => (result.status === "fulfilled" ? result.value.body.outcome : "rejected"));
    expect(outcomes.filter((outcome) => outcome === "applied")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "duplicate")).toHaveLength(19);
    expect(await paymentsOf(con)).toHaveLength(2);
    expect(await ledgerOf(con)).toHaveLength(2);
  });

  it("20 concurrent events of one payment under different event ids (two processes charging one renewal) record it once", async () => {
    const two = await subscriber(app);
    await subscribe(two, "pro");
    const row = await liveRow(two);
    const key = `renewal_${row.id}_${row.currentPeriodEnd!.getTime()}`;
    const events = Array.from({ length: 20 }, (_, i) => {
      const signed = renewalOf(row, key);
      return { ...signed, rawBody: signed.rawBody.replace(`"evt_${key}"`, `"evt_${key}_${i}"`) };
    });
    // Re-sign each body: its id changed.
    const resigned = events.map((event) => app.deps.payments.builtin!.sign(JSON.parse(event.rawBody), clock.now()));
    const results = await raceThroughLock(
      app.database,
      { lockSql: "select id from subscriptions where id = $1 for update", params: [row.id], racers: 8, ownConnection: true },
      () => resigned.map((event) => deliver(app, event)),
    );
    const outcomes = results.map((result) => (result.status === "fulfilled" ? result.value.body.outcome : "rejected"));
    expect(outcomes.filter((outcome) => outcome === "applied")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "duplicate")).toHaveLength(19);
    expect(await paymentsOf(two)).toHaveLength(2);
    expect(await ledgerOf(two)).toHaveLength(2);
  });

  it("two subscriptions paid at once (two tabs): one stands, the other payment goes back", async () => {
    const tabs = await subscriber(app);
    const first = await tabs.mutate("billing.subscribe", { plan: "pro", interval: "month" });
    const second = await tabs.mutate("billing.subscribe", { plan: "ultimate", interval: "month" });
    const paid = await Promise.all([
      tabs.mutate("billing.payBuiltin", { id: first.data.subscriptionId, testCard: "ok" }),
      tabs.mutate("billing.payBuiltin", { id: second.data.subscriptionId, testCard: "ok" }),
    ]);
    expect(paid.map((answer) => answer.error ?? answer.data.outcome).sort()).toEqual(["applied", "second_subscription_refunded"]);
    const rows = await app.deps.db.select().from(subscriptions).where(eq(subscriptions.accountId, tabs.id));
    expect(rows.map((row) => row.status).sort()).toEqual(["active", "ended"]);
    expect(rows.find((row) => row.status === "ended")!.endedReason).toBe("superseded");
    expect(await paymentsOf(tabs)).toHaveLength(1);
  });

  it("an event for a subscription this service does not know is acknowledged and ignored", async () => {
    const stray = builtin().failureEvent("00000000-0000-4000-8000-000000000000", "stray_attempt", clock.now());
    expect((await deliver(app, stray)).body).toEqual({ received: true, outcome: "unknown_subscription" });
  });

  it("a server stopped mid-checkout loses nothing: the payment confirmed after a restart finds its subscription", async () => {
    const mid = await subscriber(app);
    const started = await mid.mutate("billing.subscribe", { plan: "pro", interval: "year" });
    // A new process on the same database (and master secret) receives the provider's event.
    const restarted = await createDeps({ db: app.deps.db, env: app.deps.env, log: app.deps.log, now: clock.now });
    const signed = restarted.payments.builtin!.subscriptions.paymentEvent(
      {
        subscriptionId: started.data.subscriptionId,
        kind: "initial",
        amount: started.data.amount,
        currency: started.data.currency,
        periodStart: clock.now(),
        periodEnd: new Date(clock.now().getTime() + 365 * DAY),
        chargeKey: `initial_${started.data.subscriptionId}`,
      },
      clock.now(),
    );
    expect(await receiveWebhook(restarted, "builtin", signed.rawBody, new Headers(signed.headers))).toBe("applied");
    expect(await mid.plan()).toBe("pro");
  });
});

describe("the ledger", () => {
  it("every payment and refund is one immutable entry; the billing page's totals are the ledger's sums", async () => {
    const led = await subscriber(app);
    await subscribe(led, "pro");
    await led.mutate("billing.changePlan", { plan: "ultimate" });
    const row = await liveRow(led);
    clock.advance(row.currentPeriodEnd!.getTime() - clock.now().getTime() + 1000);
    await sweep(app);
    const view = await billing(led);
    const entries = await ledgerOf(led);
    expect(entries).toHaveLength(view.payments.length);
    const sum = entries.reduce((total, entry) => total + entry.amount, 0);
    const paid = view.payments.reduce((total: number, payment: { amount: number }) => total + payment.amount, 0);
    expect(view.totals).toEqual([{ currency: "USD", paid, refunded: 0, net: sum }]);
    expect(sum).toBe(paid);
    for (const entry of entries) expect(Number.isInteger(entry.amount)).toBe(true);

    await expect(app.deps.db.update(revenueEntries).set({ amount: 1 }).where(eq(revenueEntries.id, entries[0]!.id))).rejects.toThrow();
    await expect(app.deps.db.delete(revenueEntries).where(eq(revenueEntries.id, entries[0]!.id))).rejects.toThrow();
    const refusal = await app.deps.db.execute(sql`update revenue_entries set amount = amount where account_id = ${led.id}`).catch((error: Error) => error);
    expect(String((refusal as Error).cause ?? refusal)).toMatch(/append-only/);
  });
});

describe("refunds", () => {
  const refund = (paymentId: string, who: Subscriber = operator) => who.mutate("admin.subscriptions.refundPayment", { paymentId });

  it("the operator refunds the current period's payment: money back once, a negative entry, the plan ends on the next request", async () => {
    const ref = await subscriber(app);
    await subscribe(ref, "pro");
    const payment = (await billing(ref)).payments[0];
    expect((await refund(payment.id, ref)).error?.code).toBe("forbidden");
    const [a, b] = await Promise.all([refund(payment.id), refund(payment.id)]);
    expect([a.data.alreadyRefunded, b.data.alreadyRefunded].sort()).toEqual([false, true]);
    expect(await ref.plan()).toBe("free");
    const view = await billing(ref);
    expect(view.subscription).toMatchObject({ status: "ended", endedReason: "refunded" });
    expect(view.payments[0]).toMatchObject({ status: "refunded", refundedAt: clock.now().toISOString() });
    expect(view.totals).toEqual([{ currency: "USD", paid: 500, refunded: 500, net: 0 }]);
    expect((await ledgerOf(ref)).map((entry) => entry.amount).sort((x, y) => x - y)).toEqual([-500, 500]);
  });

  it("refused outside the refund window; unknown payments are 404", async () => {
    const old = await subscriber(app);
    await subscribe(old, "pro");
    const payment = (await billing(old)).payments[0];
    clock.advance(subscriptionRules.refundWindowDays * DAY + 1000);
    const late = await refund(payment.id);
    expect(late.error?.code).toBe("forbidden");
    expect(late.error?.message).toMatch(/refund window/);
    expect((await refund("00000000-0000-4000-8000-000000000000")).error?.code).toBe("not_found");
    expect((await refund("nope")).error?.code).toBe("not_found");
  });

  it("refunding an upgrade's proration gives that money back and keeps the plan", async () => {
    const pro = await subscriber(app);
    await subscribe(pro, "pro");
    clock.advance(3 * DAY);
    await pro.mutate("billing.changePlan", { plan: "ultimate" });
    const proration = (await billing(pro)).payments.find((payment: { kind: string }) => payment.kind === "proration");
    expect((await refund(proration.id)).data).toMatchObject({ alreadyRefunded: false, subscriptionEnded: false });
    expect(await pro.plan()).toBe("ultimate");
  });

  it("a refund made on the provider's side is recorded once, whenever it arrives", async () => {
    const side = await subscriber(app);
    await subscribe(side, "pro");
    const [payment] = await paymentsOf(side);
    const event = app.deps.payments.builtin!.refundEvent(payment!.providerPaymentId, clock.now());
    expect((await deliver(app, event)).body.outcome).toBe("applied");
    expect((await deliver(app, event)).body.outcome).toBe("duplicate");
    expect((await ledgerOf(side)).length).toBe(2);
    expect(await side.plan()).toBe("free");
  });
});

describe("complimentary plans", () => {
  const grant = (input: unknown, who: Subscriber = operator) => who.mutate("admin.subscriptions.grantComplimentary", input);

  it("applies until its end date, then the base plan; revoking ends it at once; a new grant replaces the old", async () => {
    const gift = await subscriber(app);
    const endsAt = new Date(clock.now().getTime() + 10 * DAY).toISOString();
    expect((await grant({ accountId: gift.id, plan: "ultimate", endsAt }, gift)).error?.code).toBe("forbidden");
    const given = await grant({ accountId: gift.id, plan: "ultimate", endsAt, note: "Partner stream" });
    expect(given.data).toMatchObject({ plan: "ultimate", endsAt });
    expect(await gift.plan()).toBe("ultimate");
    expect((await billing(gift)).complimentary).toMatchObject({ plan: "ultimate", endsAt, note: "Partner stream" });
    expect((await operator.query("admin.subscriptions.complimentary")).data).toEqual(
      expect.arrayContaining([expect.objectContaining({ accountId: gift.id, plan: "ultimate" })]),
    );
    clock.advance(10 * DAY);
    expect(await gift.plan()).toBe("free");

    await grant({ accountId: gift.id, plan: "ultimate", endsAt: new Date(clock.now().getTime() + DAY).toISOString() });
    await grant({ accountId: gift.id, plan: "pro", endsAt: new Date(clock.now().getTime() + 5 * DAY).toISOString() });
    expect(await gift.plan()).toBe("pro");
    expect((await operator.mutate("admin.subscriptions.revokeComplimentary", { accountId: gift.id })).data).toBe(true);
    expect(await gift.plan()).toBe("free");
    expect((await operator.mutate("admin.subscriptions.revokeComplimentary", { accountId: gift.id })).data).toBe(false);
    // A subscriber with a gift keeps the higher of the two.
    await subscribe(gift, "pro");
    await grant({ accountId: gift.id, plan: "ultimate", endsAt: new Date(clock.now().getTime() + DAY).toISOString() });
    expect(await gift.plan()).toBe("ultimate");
  });

  it("refuses an end date in the past, a free plan and unknown accounts", async () => {
    const gift = await subscriber(app);
    expect((await grant({ accountId: gift.id, plan: "pro", endsAt: clock.now().toISOString() })).error?.code).toBe("bad_request");
    expect((await grant({ accountId: gift.id, plan: "free", endsAt: new Date(clock.now().getTime() + DAY).toISOString() })).error?.code).toBe(
      "validation_error",
    );
    expect((await grant({ accountId: gift.id, plan: "pro", endsAt: new Date(clock.now().getTime() + 20 * 366 * DAY).toISOString() })).error?.code).toBe(
      "bad_request",
    );
    const unknown = await grant({
      accountId: "00000000-0000-4000-8000-000000000000",
      plan: "pro",
      endsAt: new Date(clock.now().getTime() + DAY).toISOString(),
    });
    expect(unknown.error?.code).toBe("not_found");
  });
});

describe("the operator's list", () => {
  it("finds subscriptions by account, status and renewal date; members cannot", async () => {
    const findMe = await subscriber(app, { name: "Findable Fern" });
    await subscribe(findMe, "ultimate");
    const found = await operator.query("admin.subscriptions.find", { q: "Findable Fern" });
    expect(found.data.items).toEqual([expect.objectContaining({ accountId: findMe.id, plan: "ultimate", status: "active", accountName: "Findable Fern" })]);
    const active = await operator.query("admin.subscriptions.find", { status: "active", limit: 100 });
    expect(active.data.items.every((item: { status: string }) => item.status === "active")).toBe(true);
    const soon = await operator.query("admin.subscriptions.find", { q: findMe.id, renewsBefore: clock.now().toISOString() });
    expect(soon.data.items).toEqual([]);
    const subscriptionId = found.data.items[0].id;
    expect((await operator.query("admin.subscriptions.payments", { subscriptionId })).data).toEqual([
      expect.objectContaining({ kind: "initial", amount: 1200, refundableUntil: expect.any(String) }),
    ]);
    expect((await findMe.query("admin.subscriptions.find", {})).error?.code).toBe("forbidden");
    expect((await operator.query("admin.subscriptions.find", { status: "sleeping" })).status).toBe(400);
  });
});

describe("the test clock", () => {
  it("/api/dev/clock is 404 unless TEST_CLOCK=on; on, it moves the service's time and runs the sweep", async () => {
    expect((await app.raw("/api/dev/clock")).status).toBe(404);
    const moved = new ServiceClock();
    const timed = await createTestApp({ now: moved.now });
    try {
      timed.deps.testClock = moved;
      const before = Date.now();
      const answer = await timed.raw("/api/dev/clock", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ advanceDays: 2 }),
      });
      expect(answer.status).toBe(200);
      const body = await answer.json();
      expect(body.offsetMs).toBe(2 * DAY);
      expect(new Date(body.now).getTime()).toBeGreaterThanOrEqual(before + 2 * DAY);
      expect(body.sweep).toEqual({ renewed: 0, failed: 0, ended: 0 });
      const bad = await timed.raw("/api/dev/clock", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ advanceDays: -1 }),
      });
      expect([bad.status, (await bad.json()).error.code]).toEqual([400, "validation_error"]);
      const notJson = await timed.raw("/api/dev/clock", { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
      expect(notJson.status).toBe(400);
      const reset = await timed.raw("/api/dev/clock", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ reset: true }),
      });
      expect((await reset.json()).offsetMs).toBe(0);
    } finally {
      await timed.close();
    }
  });
});
