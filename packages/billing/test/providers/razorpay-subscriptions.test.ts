import { createHash, createHmac } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "@streamkit/api-contract";
import { WebhookSignatureError } from "../../src/providers/provider";
import { RAZORPAY_EVENT_ID_HEADER, RAZORPAY_SIGNATURE_HEADER, RazorpayProvider, RazorpayRequestError } from "../../src/providers/razorpay";
import { fixture, type RecordedRequest, type StubApi, startStubApi } from "../fixtures/payments/stub-api";

const keyId = "rzp_test_StreamKitStub";
const keySecret = "razorpay_key_secret_for_the_stub";
const webhookSecret = "razorpay_webhook_secret_0123456789";
const now = new Date("2026-01-01T00:00:00.000Z");
const subscriptionId = "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d";
const razorpaySubscription = "sub_QrStUvWxYzAbCd";
const ref = { subscriptionId, providerSubscriptionId: razorpaySubscription, providerCustomerId: "cust_QrStUvWxYzAbCu" };
const ultimateMonthly = { plan: "ultimate" as const, interval: "month" as const, currency: "INR" as const, amount: 79_900 };
const proMonthly = { plan: "pro" as const, interval: "month" as const, currency: "INR" as const, amount: 29_900 };

type Entity = Record<string, any>;
type Event = { event: string; payload: Record<string, { entity: Entity }>; [key: string]: unknown };
const charged = () => fixture<Event>("razorpay-subscription-charged.json");
const pending = () => fixture<Event>("razorpay-subscription-pending.json");
const halted = () => fixture<Event>("razorpay-subscription-halted.json");

function delivery(event: unknown, options: { secret?: string; eventId?: string | null } = {}) {
  const rawBody = JSON.stringify(event);
  const signature = createHmac("sha256", options.secret ?? webhookSecret)
    .update(rawBody)
    .digest("hex");
  const headers = new Headers({ "content-type": "application/json", [RAZORPAY_SIGNATURE_HEADER]: signature });
  if (options.eventId !== null) headers.set(RAZORPAY_EVENT_ID_HEADER, options.eventId ?? "GhIjKlMnOpQrSt");
  return { rawBody, headers };
}

function withEntity(event: Event, key: string, changes: Entity): Event {
  const current = event.payload[key]!.entity;
  return { ...event, payload: { ...event.payload, [key]: { entity: { ...current, ...changes } } } };
}

describe("Razorpay subscription webhooks", () => {
  const provider = new RazorpayProvider({ keyId, keySecret, webhookSecret });

  it("maps the first subscription.charged to an initial payment, keyed by the charged payment", () => {
    const { rawBody, headers } = delivery(charged());
    expect(provider.verifyWebhook(rawBody, headers, now)).toEqual({
      id: "charged:pay_QrStUvWxYzAbP1",
      type: "subscription.payment_succeeded",
      subscriptionId,
      providerSubscriptionId: razorpaySubscription,
      providerCustomerId: "cust_QrStUvWxYzAbCu",
      providerPaymentId: "pay_QrStUvWxYzAbP1",
      kind: "initial",
      amount: 79_900,
      currency: "INR",
      periodStart: new Date("2026-01-01T00:00:00.000Z"),
      periodEnd: new Date("2026-02-01T00:00:00.000Z"),
    });
  });

  it("maps later charges to renewals for the subscription's current period, and a replay to the same id", () => {
    const renewal = withEntity(
      withEntity(charged(), "subscription", { paid_count: 2, current_start: 1769904000, current_end: 1772323200, remaining_count: 1198 }),
      "payment",
      { id: "pay_QrStUvWxYzAbP2" },
    );
    const first = delivery(renewal, { eventId: "evt_original" });
    const replay = delivery(renewal, { eventId: "evt_forged_fresh_id" });
    const event = provider.verifyWebhook(first.rawBody, first.headers, now);
    expect(event).toMatchObject({
      id: "charged:pay_QrStUvWxYzAbP2",
      kind: "renewal",
      providerPaymentId: "pay_QrStUvWxYzAbP2",
      periodStart: new Date("2026-02-01T00:00:00.000Z"),
      periodEnd: new Date("2026-03-01T00:00:00.000Z"),
    });
    expect(provider.verifyWebhook(replay.rawBody, replay.headers, now).id).toBe(event.id);
  });

  it("leaves our id out when the notes lack it or hold someone else's, and the customer when Razorpay has none", () => {
    for (const notes of [[], { subscriptionId: "order-42" }, { other: "x" }]) {
      const { rawBody, headers } = delivery(withEntity(charged(), "subscription", { notes, customer_id: null }));
      expect(provider.verifyWebhook(rawBody, headers, now)).toMatchObject({
        subscriptionId: null,
        providerCustomerId: null,
        providerSubscriptionId: razorpaySubscription,
      });
    }
  });

  it("maps subscription.pending to payment_failed, keyed by the failed payment (or the charge it retries)", () => {
    const { rawBody, headers } = delivery(pending());
    expect(provider.verifyWebhook(rawBody, headers, now)).toEqual({
      id: "pending:pay_QrStUvWxYzAbF2",
      type: "subscription.payment_failed",
      subscriptionId,
      providerSubscriptionId: razorpaySubscription,
    });
    const { payment: _payment, ...payload } = pending().payload;
    const withoutPayment = delivery({ ...pending(), contains: ["subscription"], payload });
    expect(provider.verifyWebhook(withoutPayment.rawBody, withoutPayment.headers, now)).toMatchObject({
      id: "pending:sub_QrStUvWxYzAbCd:1769990400",
      type: "subscription.payment_failed",
    });
  });

  it("maps subscription.halted, .cancelled and .completed to ended, one id per subscription", () => {
    for (const [event, status] of [
      ["subscription.halted", "halted"],
      ["subscription.cancelled", "cancelled"],
      ["subscription.completed", "completed"],
    ] as const) {
      const { rawBody, headers } = delivery(withEntity({ ...halted(), event }, "subscription", { status }), { eventId: `evt_${status}` });
      expect(provider.verifyWebhook(rawBody, headers, now)).toEqual({
        id: "ended:sub_QrStUvWxYzAbCd",
        type: "subscription.ended",
        providerSubscriptionId: razorpaySubscription,
      });
    }
  });

  it("ignores subscription events it does not act on, keyed by the event id header or else the body's hash", () => {
    for (const event of ["subscription.authenticated", "subscription.activated", "subscription.updated", "subscription.paused"]) {
      const { rawBody, headers } = delivery({ ...halted(), event });
      expect(provider.verifyWebhook(rawBody, headers, now)).toEqual({ id: "GhIjKlMnOpQrSt", type: "ignored", description: `${event}: not acted on` });
    }
    const withoutId = delivery({ ...charged(), event: "subscription.activated" }, { eventId: null });
    expect(provider.verifyWebhook(withoutId.rawBody, withoutId.headers, now).id).toBe(`sha256:${createHash("sha256").update(withoutId.rawBody).digest("hex")}`);
  });

  it("keeps mapping payment links alongside", () => {
    const { rawBody, headers } = delivery(fixture("razorpay-payment-link-paid.json"));
    expect(provider.verifyWebhook(rawBody, headers, now)).toMatchObject({ id: "paid:pay_PqRsTuVwXyZaBe", type: "payment.succeeded" });
  });

  it("refuses subscription events with a bad signature, and signed ones of the wrong shape", () => {
    const { rawBody, headers } = delivery(charged());
    expect(() => provider.verifyWebhook(rawBody.replace('"amount":79900', '"amount":100'), headers, now)).toThrow(WebhookSignatureError);
    const forged = delivery(halted(), { secret: "not_the_secret" });
    expect(() => provider.verifyWebhook(forged.rawBody, forged.headers, now)).toThrow(WebhookSignatureError);
    expect(() => provider.verifyWebhook(rawBody, new Headers(), now)).toThrow(WebhookSignatureError);

    const { payment: _payment, ...subscriptionOnly } = charged().payload;
    for (const event of [
      { ...charged(), payload: subscriptionOnly },
      withEntity(charged(), "subscription", { current_start: null }),
      withEntity(charged(), "payment", { amount: "79900" }),
      { ...halted(), payload: {} },
      withEntity(pending(), "subscription", { id: 42 }),
    ]) {
      const signed = delivery(event);
      expect(() => provider.verifyWebhook(signed.rawBody, signed.headers, now), event.event).toThrow(WebhookSignatureError);
    }
  });
});

describe("Razorpay subscription API calls (SDK pointed at a local stub)", () => {
  let stub: StubApi;
  beforeAll(async () => {
    stub = await startStubApi();
  });
  afterAll(() => stub.close());
  beforeEach(() => {
    stub.requests.length = 0;
  });
  /** A provider of its own per test: plans are remembered per process (per instance). */
  const makeProvider = () => new RazorpayProvider({ keyId, keySecret, webhookSecret, apiBaseUrl: stub.url, clock: () => now });
  const basicAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;
  const reply = (...answers: { status: number; body: unknown }[]) => {
    for (const answer of answers) stub.reply(answer.status, answer.body);
  };
  const ok = (body: unknown) => ({ status: 200, body });
  const refused = (description: string) => ({
    status: 400,
    body: { error: { code: "BAD_REQUEST_ERROR", description, source: "business", step: "NA", reason: "NA" } },
  });
  const pathOf = (request: RecordedRequest) => `${request.method} ${request.path}`;
  const json = (request: RecordedRequest) => JSON.parse(request.body);

  const planKey = (spec: { plan: string; interval: string; currency: string; amount: number }) =>
    `streamkit:${spec.plan}:${spec.interval}:${spec.currency}:${spec.amount}`;
  function planEntity(id: string, spec: { plan: string; interval: "month" | "year"; currency: string; amount: number }, createdAt = 1767000000): Entity {
    const period = spec.interval === "month" ? "monthly" : "yearly";
    return {
      id,
      entity: "plan",
      interval: 1,
      period,
      item: {
        id: `item_${id}`,
        active: true,
        name: `StreamKit ${spec.plan === "pro" ? "Pro" : "Ultimate"}`,
        description: null,
        amount: spec.amount,
        unit_amount: spec.amount,
        currency: spec.currency,
        type: "plan",
        unit: null,
        tax_inclusive: false,
        hsn_code: null,
        sac_code: null,
        tax_rate: null,
        tax_id: null,
        tax_group_id: null,
        created_at: createdAt,
        updated_at: createdAt,
      },
      notes: { streamkitPlanKey: planKey(spec), streamkitPlan: spec.plan, streamkitInterval: spec.interval },
      created_at: createdAt,
    };
  }
  const plansPage = (items: Entity[]) => ok({ entity: "collection", count: items.length, items });
  /** The subscription as GET /v1/subscriptions/:id answers. */
  const subscriptionEntity = (changes: Entity = {}) => ({ ...charged().payload.subscription!.entity, ...changes });

  const checkoutRequest = {
    subscriptionId,
    ...ultimateMonthly,
    description: "StreamKit Ultimate, monthly",
    customerEmail: "subscriber@example.in",
    successUrl: "https://streamkit.example/billing?subscription=x",
    cancelUrl: "https://streamkit.example/plans",
  };
  const createdSubscription = ok(
    subscriptionEntity({ status: "created", paid_count: 0, current_start: null, current_end: null, short_url: "https://rzp.io/rzp/NewSub01" }),
  );

  describe("createSubscriptionCheckout", () => {
    it("creates our plan on first use (tagged with notes), then a subscription for it, and returns its short_url", async () => {
      const provider = makeProvider();
      reply(
        // Plans of others, and ours at another price, do not match.
        plansPage([
          { ...planEntity("plan_Other", ultimateMonthly), notes: [] },
          planEntity("plan_OldPrice", { ...ultimateMonthly, amount: 69_900 }),
          { ...planEntity("plan_Yearly", ultimateMonthly), period: "yearly" },
        ]),
        ok(planEntity("plan_Ultimate", ultimateMonthly)),
        createdSubscription,
      );
      await expect(provider.subscriptions.createSubscriptionCheckout(checkoutRequest)).resolves.toEqual({
        providerSessionId: razorpaySubscription,
        redirectUrl: "https://rzp.io/rzp/NewSub01",
      });

      expect(stub.requests.map(pathOf)).toEqual(["GET /v1/plans?count=100&skip=0", "POST /v1/plans", "POST /v1/subscriptions"]);
      for (const request of stub.requests) expect(request.headers.authorization).toBe(basicAuth);
      expect(json(stub.requests[1]!)).toEqual({
        period: "monthly",
        interval: 1,
        item: { name: "StreamKit Ultimate", amount: 79_900, currency: "INR", description: "StreamKit Ultimate, billed monthly" },
        notes: { streamkitPlanKey: "streamkit:ultimate:month:INR:79900", streamkitPlan: "ultimate", streamkitInterval: "month" },
      });
      expect(json(stub.requests[2]!)).toEqual({
        plan_id: "plan_Ultimate",
        total_count: 1200,
        quantity: 1,
        customer_notify: true,
        expire_by: now.getTime() / 1000 + 86_400,
        notes: { subscriptionId },
      });

      // The plan is remembered: the next checkout for it is one request; a year is at most 100 cycles.
      stub.requests.length = 0;
      reply(createdSubscription);
      await provider.subscriptions.createSubscriptionCheckout(checkoutRequest);
      expect(stub.requests.map(pathOf)).toEqual(["POST /v1/subscriptions"]);

      stub.requests.length = 0;
      reply(plansPage([planEntity("plan_UltimateYearly", { ...ultimateMonthly, interval: "year", amount: 799_000 })]), createdSubscription);
      await provider.subscriptions.createSubscriptionCheckout({ ...checkoutRequest, interval: "year", amount: 799_000 });
      expect(json(stub.requests[1]!)).toMatchObject({ plan_id: "plan_UltimateYearly", total_count: 100 });
    });

    it("finds our plan on any page, settles on the oldest of duplicates, and shares one lookup between concurrent callers", async () => {
      const provider = makeProvider();
      const others = Array.from({ length: 100 }, (_, i) => ({ ...planEntity(`plan_Other${i}`, proMonthly), notes: [] }));
      reply(
        plansPage(others),
        plansPage([planEntity("plan_Newer", ultimateMonthly, 1767100000), planEntity("plan_Older", ultimateMonthly, 1767000000)]),
        createdSubscription,
        createdSubscription,
      );
      await Promise.all([
        provider.subscriptions.createSubscriptionCheckout(checkoutRequest),
        provider.subscriptions.createSubscriptionCheckout({ ...checkoutRequest, subscriptionId: "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9" }),
      ]);
      expect(stub.requests.map(pathOf)).toEqual([
        "GET /v1/plans?count=100&skip=0",
        "GET /v1/plans?count=100&skip=100",
        "POST /v1/subscriptions",
        "POST /v1/subscriptions",
      ]);
      expect(stub.requests.slice(2).map((request) => json(request).plan_id)).toEqual(["plan_Older", "plan_Older"]);
    });

    it("does not remember a failed plan lookup, needs the short_url, and refuses other currencies", async () => {
      const provider = makeProvider();
      reply({ status: 401, body: { error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } } });
      const failure = await provider.subscriptions.createSubscriptionCheckout(checkoutRequest).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(RazorpayRequestError);
      expect(failure).toMatchObject({ statusCode: 401, message: expect.stringMatching(/plan lookup failed: 401/) });

      reply(plansPage([planEntity("plan_Ultimate", ultimateMonthly)]), ok(subscriptionEntity({ status: "created", short_url: null })));
      await expect(provider.subscriptions.createSubscriptionCheckout(checkoutRequest)).rejects.toThrow(/without an id or short_url/);
      await expect(provider.subscriptions.createSubscriptionCheckout({ ...checkoutRequest, currency: "USD" })).rejects.toThrow(/INR only/);
      expect(stub.requests.map(pathOf)).toEqual(["GET /v1/plans?count=100&skip=0", "GET /v1/plans?count=100&skip=0", "POST /v1/subscriptions"]);
    });
  });

  describe("upgradeNow", () => {
    it("moves the subscription to the new plan now (Razorpay charges its own prorated difference)", async () => {
      const provider = makeProvider();
      reply(
        plansPage([planEntity("plan_Ultimate", ultimateMonthly)]),
        ok(subscriptionEntity({ plan_id: "plan_Pro" })),
        ok(subscriptionEntity({ plan_id: "plan_Ultimate" })),
      );
      await expect(provider.subscriptions.upgradeNow(ref, ultimateMonthly, 25_000, "streamkit-upgrade-1")).resolves.toBeUndefined();
      expect(stub.requests.map(pathOf)).toEqual([
        "GET /v1/plans?count=100&skip=0",
        `GET /v1/subscriptions/${razorpaySubscription}`,
        `PATCH /v1/subscriptions/${razorpaySubscription}`,
      ]);
      expect(json(stub.requests[2]!)).toEqual({ plan_id: "plan_Ultimate", schedule_change_at: "now" });
    });

    it("does nothing when the subscription is already on the new plan (a retry: Razorpay takes no idempotency key)", async () => {
      const provider = makeProvider();
      reply(plansPage([planEntity("plan_Ultimate", ultimateMonthly)]), ok(subscriptionEntity({ plan_id: "plan_Ultimate" })));
      await provider.subscriptions.upgradeNow(ref, ultimateMonthly, 25_000, "streamkit-upgrade-1");
      expect(stub.requests).toHaveLength(2);
    });

    it("tells the subscriber, keeping the plan, when Razorpay refuses the change (UPI, a mandate, a declined difference)", async () => {
      const provider = makeProvider();
      reply(
        plansPage([planEntity("plan_Ultimate", ultimateMonthly)]),
        ok(subscriptionEntity({ plan_id: "plan_Pro", payment_method: "upi" })),
        refused("Subscription cannot be updated for UPI payment method."),
      );
      const refusal = await provider.subscriptions.upgradeNow(ref, ultimateMonthly, 25_000, "streamkit-upgrade-1").catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({
        code: "conflict",
        message: expect.stringMatching(/^Razorpay could not change the plan \(Subscription cannot be updated for UPI payment method\), so it stays as it is\./),
      });

      // Anything but a refusal is passed on as it is.
      reply(ok(subscriptionEntity({ plan_id: "plan_Pro" })), {
        status: 500,
        body: { error: { code: "SERVER_ERROR", description: "We are facing some trouble" } },
      });
      await expect(provider.subscriptions.upgradeNow(ref, ultimateMonthly, 25_000, "streamkit-upgrade-1")).rejects.toBeInstanceOf(RazorpayRequestError);
      await expect(provider.subscriptions.upgradeNow(ref, { ...ultimateMonthly, currency: "USD" }, 500, "k")).rejects.toThrow(/INR only/);
    });
  });

  describe("scheduleChange", () => {
    const planLookup = () => plansPage([planEntity("plan_Ultimate", ultimateMonthly), planEntity("plan_Pro", proMonthly)]);

    it("schedules the new plan for the cycle's end", async () => {
      const provider = makeProvider();
      reply(ok(subscriptionEntity({ plan_id: "plan_Ultimate" })), planLookup(), ok(subscriptionEntity({ has_scheduled_changes: true })));
      await provider.subscriptions.scheduleChange(ref, proMonthly, ultimateMonthly);
      expect(stub.requests.map(pathOf)).toEqual([
        `GET /v1/subscriptions/${razorpaySubscription}`,
        "GET /v1/plans?count=100&skip=0",
        `PATCH /v1/subscriptions/${razorpaySubscription}`,
      ]);
      expect(json(stub.requests[2]!)).toEqual({ plan_id: "plan_Pro", schedule_change_at: "cycle_end" });
    });

    it("leaves a scheduled change to the same plan as it is, and replaces one to another plan", async () => {
      const provider = makeProvider();
      reply(
        ok(subscriptionEntity({ plan_id: "plan_Ultimate", has_scheduled_changes: true })),
        planLookup(),
        ok(subscriptionEntity({ plan_id: "plan_Pro", has_scheduled_changes: true })),
      );
      await provider.subscriptions.scheduleChange(ref, proMonthly, ultimateMonthly);
      expect(stub.requests.map(pathOf)).toEqual([
        `GET /v1/subscriptions/${razorpaySubscription}`,
        "GET /v1/plans?count=100&skip=0",
        `GET /v1/subscriptions/${razorpaySubscription}/retrieve_scheduled_changes`,
      ]);

      stub.requests.length = 0;
      reply(
        ok(subscriptionEntity({ plan_id: "plan_Ultimate", has_scheduled_changes: true })),
        ok(subscriptionEntity({ plan_id: "plan_Other", has_scheduled_changes: true })),
        ok(subscriptionEntity({ plan_id: "plan_Ultimate", has_scheduled_changes: false })),
        ok(subscriptionEntity({ has_scheduled_changes: true })),
      );
      await provider.subscriptions.scheduleChange(ref, proMonthly, ultimateMonthly);
      expect(stub.requests.map(pathOf)).toEqual([
        `GET /v1/subscriptions/${razorpaySubscription}`,
        `GET /v1/subscriptions/${razorpaySubscription}/retrieve_scheduled_changes`,
        `POST /v1/subscriptions/${razorpaySubscription}/cancel_scheduled_changes`,
        `PATCH /v1/subscriptions/${razorpaySubscription}`,
      ]);
      expect(json(stub.requests[3]!)).toEqual({ plan_id: "plan_Pro", schedule_change_at: "cycle_end" });
    });

    it("takes a scheduled change back with null, or schedules the current plan back when the change already went live", async () => {
      const provider = makeProvider();
      reply(ok(subscriptionEntity({ plan_id: "plan_Ultimate", has_scheduled_changes: true })), ok(subscriptionEntity({ plan_id: "plan_Ultimate" })));
      await provider.subscriptions.scheduleChange(ref, null, ultimateMonthly);
      expect(stub.requests.map(pathOf)).toEqual([
        `GET /v1/subscriptions/${razorpaySubscription}`,
        `POST /v1/subscriptions/${razorpaySubscription}/cancel_scheduled_changes`,
      ]);

      stub.requests.length = 0;
      reply(ok(subscriptionEntity({ plan_id: "plan_Ultimate" })), planLookup());
      await provider.subscriptions.scheduleChange(ref, null, ultimateMonthly);
      expect(stub.requests).toHaveLength(2);

      stub.requests.length = 0;
      reply(ok(subscriptionEntity({ plan_id: "plan_Pro" })), ok(subscriptionEntity({ has_scheduled_changes: true })));
      await provider.subscriptions.scheduleChange(ref, null, ultimateMonthly);
      expect(stub.requests.map(pathOf)).toEqual([`GET /v1/subscriptions/${razorpaySubscription}`, `PATCH /v1/subscriptions/${razorpaySubscription}`]);
      expect(json(stub.requests[1]!)).toEqual({ plan_id: "plan_Ultimate", schedule_change_at: "cycle_end" });
    });

    it("tells the subscriber when Razorpay refuses to schedule the change", async () => {
      const provider = makeProvider();
      reply(ok(subscriptionEntity({ plan_id: "plan_Ultimate" })), planLookup(), refused("Subscription cannot be updated for Emandate payment method"));
      await expect(provider.subscriptions.scheduleChange(ref, proMonthly, ultimateMonthly)).rejects.toMatchObject({
        code: "conflict",
        message: expect.stringMatching(/Emandate payment method\), so it stays as it is/),
      });
    });
  });

  describe("setCancelAtPeriodEnd", () => {
    it("cancels at the cycle's end", async () => {
      const provider = makeProvider();
      reply(ok(subscriptionEntity()));
      await provider.subscriptions.setCancelAtPeriodEnd(ref, true);
      expect(stub.requests.map(pathOf)).toEqual([`POST /v1/subscriptions/${razorpaySubscription}/cancel`]);
      expect(json(stub.requests[0]!)).toEqual({ cancel_at_cycle_end: 1 });
    });

    it("refuses to resume (Razorpay cannot take a cancellation back), asking nothing of Razorpay", async () => {
      const refusal = await makeProvider()
        .subscriptions.setCancelAtPeriodEnd(ref, false)
        .catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ code: "conflict", message: expect.stringMatching(/cannot take back a cancellation/) });
      expect(stub.requests).toHaveLength(0);
    });

    it("treats a refusal for a subscription that has ended anyway as done, and passes others on", async () => {
      const provider = makeProvider();
      reply(refused("Subscription is not cancellable in cancelled status."), ok(subscriptionEntity({ status: "cancelled" })));
      await expect(provider.subscriptions.setCancelAtPeriodEnd(ref, true)).resolves.toBeUndefined();
      reply(refused("Subscription is not cancellable in created status."), ok(subscriptionEntity({ status: "created" })));
      await expect(provider.subscriptions.setCancelAtPeriodEnd(ref, true)).rejects.toMatchObject({ statusCode: 400, code: "BAD_REQUEST_ERROR" });
    });
  });

  describe("cancelNow", () => {
    it("cancels at once", async () => {
      const provider = makeProvider();
      reply(ok(subscriptionEntity({ status: "cancelled" })));
      await provider.subscriptions.cancelNow(ref);
      expect(stub.requests.map(pathOf)).toEqual([`POST /v1/subscriptions/${razorpaySubscription}/cancel`]);
      expect(stub.requests[0]!.body).toBe("");
    });

    it("treats an already cancelled, completed or expired subscription as done, and passes other failures on", async () => {
      const provider = makeProvider();
      for (const status of ["cancelled", "completed", "expired"]) {
        reply(refused(`Subscription is not cancellable in ${status} status.`), ok(subscriptionEntity({ status })));
        await expect(provider.subscriptions.cancelNow(ref)).resolves.toBeUndefined();
      }
      reply(refused("Subscription is not cancellable in created status."), ok(subscriptionEntity({ status: "created" })));
      await expect(provider.subscriptions.cancelNow(ref)).rejects.toBeInstanceOf(RazorpayRequestError);
      reply({ status: 401, body: { error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } } });
      await expect(provider.subscriptions.cancelNow(ref)).rejects.toMatchObject({ statusCode: 401 });
      // The 401 is no refusal about the subscription: its status is not looked up.
      expect(stub.requests.filter((request) => request.method === "GET")).toHaveLength(4);
    });

    it("has nothing to stop without a Razorpay subscription", async () => {
      await makeProvider().subscriptions.cancelNow({ ...ref, providerSubscriptionId: "" });
      expect(stub.requests).toHaveLength(0);
    });
  });

  it("has no management page", async () => {
    await expect(makeProvider().subscriptions.managementUrl(ref, "https://streamkit.example/billing")).resolves.toBeNull();
    expect(stub.requests).toHaveLength(0);
  });
});
