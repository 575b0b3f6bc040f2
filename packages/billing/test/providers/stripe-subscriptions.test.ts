import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "@streamkit/api-contract";
import { WebhookSignatureError } from "../../src/providers/provider";
import { STRIPE_SIGNATURE_HEADER, StripeProvider } from "../../src/providers/stripe";
import { fixture, type RecordedRequest, type StubApi, startStubApi } from "../fixtures/payments/stub-api";

const secretKey = "sk_test_51StreamKitLocalStubOnly";
const webhookSecret = "whsec_streamkit_test_secret_0123456789";
const now = new Date("2026-01-01T00:00:00.000Z");
const nowSeconds = now.getTime() / 1000;
const subscriptionId = "3d9c1b2a-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const stripeSubscription = "sub_1SbCdEFghIJklMN2sUbScRpT";
const customer = "cus_TbCdEFghIJklMN";
const paymentIntent = "pi_3SbCdEFghIJklMN4pAyInTt";
const ref = { subscriptionId, providerSubscriptionId: stripeSubscription, providerCustomerId: customer };
const ultimateMonthly = { plan: "ultimate" as const, interval: "month" as const, currency: "USD" as const, amount: 1200 };
const proMonthly = { plan: "pro" as const, interval: "month" as const, currency: "USD" as const, amount: 500 };
const ultimateKey = "streamkit_ultimate_month_usd_1200";
const proKey = "streamkit_pro_month_usd_500";

type Json = Record<string, any>;
type Event = { id: string; type: string; data: { object: Json; previous_attributes?: Json } };
const invoicePaid = () => fixture<Event>("stripe-invoice-paid.json");
const prorationPaid = () => fixture<Event>("stripe-invoice-paid-proration.json");
const paymentFailed = () => fixture<Event>("stripe-invoice-payment-failed.json");
const subscriptionUpdated = () => fixture<Event>("stripe-customer-subscription-updated.json");
const subscriptionDeleted = () => fixture<Event>("stripe-customer-subscription-deleted.json");

function delivery(event: unknown, options: { secret?: string } = {}) {
  const rawBody = JSON.stringify(event, null, 2);
  const header = Stripe.webhooks.generateTestHeaderString({ payload: rawBody, secret: options.secret ?? webhookSecret, timestamp: nowSeconds });
  return { rawBody, headers: new Headers({ "content-type": "application/json", [STRIPE_SIGNATURE_HEADER]: header }) };
}

function withObject(event: Event, changes: Json): Event {
  return { ...event, data: { ...event.data, object: { ...event.data.object, ...changes } } };
}

/** The Subscription object as the API answers: one item on `price`, not cancelling. */
function subscriptionObject(price: Json = priceObject("price_ultimate", ultimateMonthly), changes: Json = {}): Json {
  const object = structuredClone(subscriptionUpdated().data.object);
  object.items.data[0].price = price;
  object.items.data[0].plan = {
    ...object.items.data[0].plan,
    id: price.id,
    amount: price.unit_amount,
    interval: price.recurring.interval,
    product: price.product,
  };
  return {
    ...object,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    ...changes,
  };
}

function priceObject(id: string, spec: { plan: string; interval: string; amount: number }): Json {
  return {
    id,
    object: "price",
    active: true,
    currency: "usd",
    unit_amount: spec.amount,
    lookup_key: `streamkit_${spec.plan}_${spec.interval}_usd_${spec.amount}`,
    product: `streamkit-${spec.plan}`,
    recurring: { interval: spec.interval, interval_count: 1, usage_type: "licensed" },
    type: "recurring",
  };
}

const list = (data: unknown[], url: string) => ({ object: "list", data, has_more: false, url });
const form = (request: RecordedRequest) => Object.fromEntries(new URLSearchParams(request.body));
const query = (request: RecordedRequest) => Object.fromEntries(new URL(request.path, "http://stub").searchParams);
const pathOf = (request: RecordedRequest) => `${request.method} ${new URL(request.path, "http://stub").pathname}`;
const stripeError = (status: number, error: Json) => ({ status, body: { error } });

describe("Stripe subscriptions", () => {
  let stub: StubApi;
  beforeAll(async () => {
    stub = await startStubApi();
  });
  afterAll(() => stub.close());
  beforeEach(() => {
    stub.requests.length = 0;
  });
  /** A provider of its own per test: prices are remembered per process (per instance). */
  const makeProvider = () => new StripeProvider({ secretKey, webhookSecret, api: { host: "127.0.0.1", port: stub.port, protocol: "http" } });
  const reply = (...answers: { status: number; body: unknown }[]) => {
    for (const answer of answers) stub.reply(answer.status, answer.body);
  };
  const ok = (body: unknown) => ({ status: 200, body });
  /** The answer to a price lookup that finds our price. */
  const foundPrice = (id: string, spec: { plan: string; interval: string; amount: number }) => ok(list([priceObject(id, spec)], "/v1/prices"));

  describe("webhooks", () => {
    const paidByIntent = (intent = paymentIntent) => ({
      id: "inpay_1SbCdEFghIJklMNjPaYmEnT",
      object: "invoice_payment",
      amount_paid: 1200,
      amount_requested: 1200,
      currency: "usd",
      invoice: "in_1SbCdEFghIJklMN3iNvOiCe",
      is_default: true,
      livemode: false,
      payment: { payment_intent: intent, type: "payment_intent" },
      status: "paid",
      status_transitions: { canceled_at: null, paid_at: 1767225602 },
    });

    it("maps a first invoice.paid to an initial payment, fetching the payment intent the invoice no longer names", async () => {
      const provider = makeProvider();
      reply(ok(list([paidByIntent()], "/v1/invoice_payments")));
      const { rawBody, headers } = delivery(invoicePaid());
      await expect(provider.verifyWebhook(rawBody, headers, now)).resolves.toEqual({
        id: "evt_1SbCdEFghIJklMN6iNvPaId0",
        type: "subscription.payment_succeeded",
        subscriptionId,
        providerSubscriptionId: stripeSubscription,
        providerCustomerId: customer,
        providerPaymentId: paymentIntent,
        kind: "initial",
        amount: 1200,
        currency: "USD",
        periodStart: new Date("2026-01-01T00:00:00.000Z"),
        periodEnd: new Date("2026-02-01T00:00:00.000Z"),
      });
      expect(stub.requests).toHaveLength(1);
      const [sent] = stub.requests;
      expect(pathOf(sent!)).toBe("GET /v1/invoice_payments");
      expect(query(sent!)).toEqual({ invoice: "in_1SbCdEFghIJklMN3iNvOiCe", status: "paid", limit: "10" });
      expect(sent!.headers.authorization).toBe(`Bearer ${secretKey}`);
      expect(sent!.headers["stripe-version"]).toBe(Stripe.API_VERSION);
    });

    it("maps a renewal, using the invoice's own payments list when the body includes it (no API call)", async () => {
      const provider = makeProvider();
      const renewal = withObject(invoicePaid(), {
        billing_reason: "subscription_cycle",
        payments: list([paidByIntent("pi_renewal")], "/v1/invoice_payments"),
      });
      renewal.data.object.lines.data[0].period = { start: 1769904000, end: 1772323200 };
      const { rawBody, headers } = delivery(renewal);
      const result = provider.verifyWebhook(rawBody, headers, now);
      expect(result).not.toBeInstanceOf(Promise);
      await expect(Promise.resolve(result)).resolves.toMatchObject({
        type: "subscription.payment_succeeded",
        kind: "renewal",
        providerPaymentId: "pi_renewal",
        periodStart: new Date("2026-02-01T00:00:00.000Z"),
        periodEnd: new Date("2026-03-01T00:00:00.000Z"),
      });
      expect(stub.requests).toHaveLength(0);
    });

    it("maps an upgrade's proration invoice to kind proration, for what Stripe charged and the rest of the period", async () => {
      const provider = makeProvider();
      reply(ok(list([{ ...paidByIntent("pi_proration"), amount_paid: 350 }], "/v1/invoice_payments")));
      const { rawBody, headers } = delivery(prorationPaid());
      await expect(provider.verifyWebhook(rawBody, headers, now)).resolves.toEqual({
        id: "evt_1SbCdEFghIJklMN8pRoRaTe",
        type: "subscription.payment_succeeded",
        subscriptionId,
        providerSubscriptionId: stripeSubscription,
        providerCustomerId: customer,
        providerPaymentId: "pi_proration",
        kind: "proration",
        amount: 350,
        currency: "USD",
        periodStart: new Date("2026-01-16T12:00:00.000Z"),
        periodEnd: new Date("2026-02-01T00:00:00.000Z"),
      });
      expect(query(stub.requests[0]!)).toMatchObject({ invoice: "in_1SbCdEFghIJklMN9pRoRaTi" });
    });

    it("takes the period of a new cycle's regular line over proration lines (an upgrade that restarted the cycle)", async () => {
      const provider = makeProvider();
      const event = prorationPaid();
      const [credit] = event.data.object.lines.data;
      const yearly = structuredClone(invoicePaid().data.object.lines.data[0]);
      yearly.period = { start: 1768564800, end: 1800100800 };
      event.data.object.lines.data = [credit, yearly];
      event.data.object.payments = list([paidByIntent()], "/v1/invoice_payments");
      const { rawBody, headers } = delivery(event);
      await expect(Promise.resolve(provider.verifyWebhook(rawBody, headers, now))).resolves.toMatchObject({
        kind: "proration",
        periodStart: new Date("2026-01-16T12:00:00.000Z"),
        periodEnd: new Date("2027-01-16T12:00:00.000Z"),
      });
    });

    it("finds our id in the subscription lines' metadata when the invoice's snapshot lacks it, and leaves foreign ids out", async () => {
      const provider = makeProvider();
      const payments = list([paidByIntent()], "/v1/invoice_payments");
      const noSnapshot = withObject(invoicePaid(), {
        parent: { type: "subscription_details", quote_details: null, subscription_details: { metadata: {}, subscription: stripeSubscription } },
        payments,
      });
      const first = delivery(noSnapshot);
      await expect(Promise.resolve(provider.verifyWebhook(first.rawBody, first.headers, now))).resolves.toMatchObject({
        subscriptionId,
        providerSubscriptionId: stripeSubscription,
      });

      const foreign = withObject(invoicePaid(), {
        parent: {
          type: "subscription_details",
          quote_details: null,
          subscription_details: { metadata: { subscriptionId: "order-42" }, subscription: stripeSubscription },
        },
        payments,
      });
      foreign.data.object.lines.data[0].metadata = {};
      const second = delivery(foreign);
      await expect(Promise.resolve(provider.verifyWebhook(second.rawBody, second.headers, now))).resolves.toMatchObject({
        subscriptionId: null,
        providerSubscriptionId: stripeSubscription,
      });
    });

    it("ignores, without calling the API, invoices that charged nothing, are not a subscription's, or name no subscription", () => {
      const provider = makeProvider();
      const noSubscription = withObject(invoicePaid(), { parent: null });
      noSubscription.data.object.lines.data[0].parent = {
        type: "invoice_item_details",
        invoice_item_details: { invoice_item: "ii_1" },
        subscription_item_details: null,
      };
      for (const event of [
        withObject(invoicePaid(), { amount_paid: 0, amount_due: 0, total: 0 }),
        withObject(invoicePaid(), { billing_reason: "manual" }),
        withObject(invoicePaid(), { billing_reason: "subscription_threshold" }),
        noSubscription,
      ]) {
        const { rawBody, headers } = delivery(event);
        const result = provider.verifyWebhook(rawBody, headers, now);
        expect(result).toMatchObject({ id: "evt_1SbCdEFghIJklMN6iNvPaId0", type: "ignored", description: expect.stringMatching(/^invoice\.paid: /) });
      }
      expect(stub.requests).toHaveLength(0);
    });

    it("ignores an invoice not paid by exactly one payment intent (paid outside Stripe, or in parts): refund() could not give it back", async () => {
      const provider = makeProvider();
      const outOfBand = { ...paidByIntent(), payment: { type: "payment_record", payment_record: "pr_1" } };
      for (const payments of [[outOfBand], [paidByIntent("pi_a"), paidByIntent("pi_b")], []]) {
        reply(ok(list(payments, "/v1/invoice_payments")));
        const { rawBody, headers } = delivery(invoicePaid());
        await expect(provider.verifyWebhook(rawBody, headers, now)).resolves.toMatchObject({
          type: "ignored",
          description: expect.stringMatching(/not paid by exactly one payment intent/),
        });
      }
      // An open payment beside the paid one does not count.
      reply(ok(list([{ ...paidByIntent("pi_open"), status: "open" }, paidByIntent()], "/v1/invoice_payments")));
      const { rawBody, headers } = delivery(invoicePaid());
      await expect(provider.verifyWebhook(rawBody, headers, now)).resolves.toMatchObject({ providerPaymentId: paymentIntent });
    });

    it("fails (so Stripe delivers again) when the payment intent cannot be fetched", async () => {
      const provider = makeProvider();
      reply(stripeError(401, { type: "invalid_request_error", message: "Invalid API Key provided: sk_test_****" }));
      const { rawBody, headers } = delivery(invoicePaid());
      const failure = await Promise.resolve(provider.verifyWebhook(rawBody, headers, now)).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
      expect(failure).not.toBeInstanceOf(WebhookSignatureError);
    });

    it("maps a failed renewal to payment_failed and ignores a failed upgrade proration", () => {
      const provider = makeProvider();
      const failed = delivery(paymentFailed());
      expect(provider.verifyWebhook(failed.rawBody, failed.headers, now)).toEqual({
        id: "evt_1SbCdEFghIJklMNdFaIlEdR",
        type: "subscription.payment_failed",
        subscriptionId,
        providerSubscriptionId: stripeSubscription,
      });
      const upgrade = delivery(withObject(paymentFailed(), { billing_reason: "subscription_update" }));
      expect(provider.verifyWebhook(upgrade.rawBody, upgrade.headers, now)).toMatchObject({
        type: "ignored",
        description: expect.stringMatching(/not a renewal/),
      });
    });

    it("maps a cancellation and a resumption on Stripe's pages to cancel_changed", () => {
      const provider = makeProvider();
      const cancelled = delivery(subscriptionUpdated());
      expect(provider.verifyWebhook(cancelled.rawBody, cancelled.headers, now)).toEqual({
        id: "evt_1SbCdEFghIJklMNgCaNcElS",
        type: "subscription.cancel_changed",
        providerSubscriptionId: stripeSubscription,
        cancelAtPeriodEnd: true,
      });

      const resumedEvent = withObject(subscriptionUpdated(), { cancel_at: null, cancel_at_period_end: false, canceled_at: null });
      resumedEvent.data.previous_attributes = { cancel_at: 1769904000, cancel_at_period_end: true, canceled_at: 1768003200 };
      const resumed = delivery(resumedEvent);
      expect(provider.verifyWebhook(resumed.rawBody, resumed.headers, now)).toMatchObject({ type: "subscription.cancel_changed", cancelAtPeriodEnd: false });

      // The portal or the dashboard may set a cancel_at date alone: the renewal stops all the same.
      const byDateEvent = withObject(subscriptionUpdated(), { cancel_at_period_end: false });
      byDateEvent.data.previous_attributes = { cancel_at: null, canceled_at: null };
      const byDate = delivery(byDateEvent);
      expect(provider.verifyWebhook(byDate.rawBody, byDate.headers, now)).toMatchObject({ type: "subscription.cancel_changed", cancelAtPeriodEnd: true });
    });

    it("ignores subscription updates that do not change the cancellation (a price change, a renewal)", () => {
      const provider = makeProvider();
      const priceChange = withObject(subscriptionUpdated(), { cancel_at: null, cancel_at_period_end: false, canceled_at: null });
      priceChange.data.previous_attributes = { items: { data: [] }, latest_invoice: "in_old" };
      const sameCancellation = subscriptionUpdated();
      sameCancellation.data.previous_attributes = { cancel_at_period_end: true, cancel_at: 1769904000 };
      for (const event of [priceChange, sameCancellation]) {
        const { rawBody, headers } = delivery(event);
        expect(provider.verifyWebhook(rawBody, headers, now)).toMatchObject({
          type: "ignored",
          description: expect.stringMatching(/cancellation did not change/),
        });
      }
    });

    it("maps customer.subscription.deleted to ended", () => {
      const provider = makeProvider();
      const { rawBody, headers } = delivery(subscriptionDeleted());
      expect(provider.verifyWebhook(rawBody, headers, now)).toEqual({
        id: "evt_1SbCdEFghIJklMNiEnDeDsU",
        type: "subscription.ended",
        providerSubscriptionId: stripeSubscription,
      });
    });

    it("ignores a completed subscription-mode checkout session (invoice.paid records the money) and events it does not act on", () => {
      const provider = makeProvider();
      const session = fixture<Event>("stripe-checkout-session-completed.json");
      const completed = withObject(session, {
        mode: "subscription",
        payment_intent: null,
        subscription: stripeSubscription,
        invoice: "in_1SbCdEFghIJklMN3iNvOiCe",
        metadata: { subscriptionId },
        client_reference_id: subscriptionId,
        amount_total: 1200,
      });
      const sessionDelivery = delivery(completed);
      expect(provider.verifyWebhook(sessionDelivery.rawBody, sessionDelivery.headers, now)).toMatchObject({
        type: "ignored",
        description: expect.stringMatching(/subscription mode/),
      });
      for (const type of ["invoice.payment_succeeded", "invoice.finalized", "customer.subscription.created"]) {
        const { rawBody, headers } = delivery({ ...subscriptionUpdated(), id: `evt_${type}`, type });
        expect(provider.verifyWebhook(rawBody, headers, now)).toEqual({ id: `evt_${type}`, type: "ignored", description: `${type}: not acted on` });
      }
    });

    it("refuses subscription events with a bad signature, and signed ones of the wrong shape", () => {
      const provider = makeProvider();
      const { rawBody, headers } = delivery(invoicePaid());
      expect(() => provider.verifyWebhook(rawBody.replace('"amount_paid": 1200', '"amount_paid": 12000'), headers, now)).toThrow(WebhookSignatureError);
      const forged = delivery(subscriptionDeleted(), { secret: "whsec_someone_else" });
      expect(() => provider.verifyWebhook(forged.rawBody, forged.headers, now)).toThrow(WebhookSignatureError);
      expect(() => provider.verifyWebhook(rawBody, new Headers(), now)).toThrow(WebhookSignatureError);

      const shapeless = [
        withObject(invoicePaid(), { amount_paid: "1200" }),
        withObject(invoicePaid(), { lines: null }),
        withObject(paymentFailed(), { currency: null }),
        withObject(subscriptionUpdated(), { cancel_at_period_end: "yes" }),
        withObject(subscriptionDeleted(), { id: 42 }),
      ];
      const noLines = invoicePaid();
      noLines.data.object.lines.data = [];
      for (const event of [...shapeless, noLines]) {
        const signed = delivery(event);
        expect(() => provider.verifyWebhook(signed.rawBody, signed.headers, now), event.type).toThrow(WebhookSignatureError);
      }
      expect(stub.requests).toHaveLength(0);
    });
  });

  describe("API calls (SDK pointed at the local stub)", () => {
    const checkoutRequest = {
      subscriptionId,
      ...ultimateMonthly,
      description: "StreamKit Ultimate, monthly",
      customerEmail: "subscriber@example.com",
      successUrl: "https://streamkit.example/billing?subscription=x",
      cancelUrl: "https://streamkit.example/plans",
    };
    const session = ok({ id: "cs_test_sub_123", object: "checkout.session", mode: "subscription", url: "https://checkout.stripe.com/c/pay/cs_test_sub_123" });

    it("creates our product and price on first use, then a subscription-mode Checkout Session on that price", async () => {
      const provider = makeProvider();
      reply(
        ok(list([], "/v1/prices")),
        stripeError(404, { type: "invalid_request_error", code: "resource_missing", param: "id", message: "No such product: 'streamkit-ultimate'" }),
        ok({ id: "streamkit-ultimate", object: "product", active: true, name: "StreamKit Ultimate" }),
        ok(priceObject("price_ultimate", ultimateMonthly)),
        session,
      );
      await expect(provider.subscriptions.createSubscriptionCheckout(checkoutRequest)).resolves.toEqual({
        providerSessionId: "cs_test_sub_123",
        redirectUrl: "https://checkout.stripe.com/c/pay/cs_test_sub_123",
      });

      expect(stub.requests.map(pathOf)).toEqual([
        "GET /v1/prices",
        "GET /v1/products/streamkit-ultimate",
        "POST /v1/products",
        "POST /v1/prices",
        "POST /v1/checkout/sessions",
      ]);
      const [lookup, , product, price, created] = stub.requests;
      expect(query(lookup!)).toEqual({ "lookup_keys[0]": ultimateKey, active: "true", limit: "1" });
      expect(form(product!)).toEqual({ id: "streamkit-ultimate", name: "StreamKit Ultimate", "metadata[streamkitPlan]": "ultimate" });
      expect(product!.headers["idempotency-key"]).toBe("streamkit-product-streamkit-ultimate");
      expect(form(price!)).toEqual({
        product: "streamkit-ultimate",
        currency: "usd",
        unit_amount: "1200",
        "recurring[interval]": "month",
        lookup_key: ultimateKey,
        transfer_lookup_key: "true",
        nickname: "StreamKit Ultimate (monthly)",
        "metadata[streamkitPlan]": "ultimate",
        "metadata[streamkitInterval]": "month",
      });
      expect(price!.headers["idempotency-key"]).toBe(`streamkit-price-${ultimateKey}`);
      expect(created!.headers["idempotency-key"]).toBe(`streamkit-subscription-checkout-${subscriptionId}`);
      expect(created!.headers.authorization).toBe(`Bearer ${secretKey}`);
      expect(form(created!)).toEqual({
        mode: "subscription",
        "line_items[0][price]": "price_ultimate",
        "line_items[0][quantity]": "1",
        success_url: checkoutRequest.successUrl,
        cancel_url: checkoutRequest.cancelUrl,
        client_reference_id: subscriptionId,
        "metadata[subscriptionId]": subscriptionId,
        "subscription_data[metadata][subscriptionId]": subscriptionId,
        "subscription_data[description]": "StreamKit Ultimate, monthly",
        customer_email: "subscriber@example.com",
      });

      // The price is remembered: the next checkout for it is one request.
      stub.requests.length = 0;
      reply(session);
      await provider.subscriptions.createSubscriptionCheckout({
        ...checkoutRequest,
        subscriptionId: "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9",
        customerEmail: null,
      });
      expect(stub.requests.map(pathOf)).toEqual(["POST /v1/checkout/sessions"]);
      expect(form(stub.requests[0]!)).not.toHaveProperty("customer_email");
    });

    it("uses the price its lookup key finds, and shares one lookup between concurrent callers", async () => {
      const provider = makeProvider();
      reply(foundPrice("price_found", ultimateMonthly), session, session);
      await Promise.all([
        provider.subscriptions.createSubscriptionCheckout(checkoutRequest),
        provider.subscriptions.createSubscriptionCheckout({ ...checkoutRequest, subscriptionId: "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9" }),
      ]);
      expect(stub.requests.map(pathOf)).toEqual(["GET /v1/prices", "POST /v1/checkout/sessions", "POST /v1/checkout/sessions"]);
      expect(stub.requests.slice(1).map((request) => form(request)["line_items[0][price]"])).toEqual(["price_found", "price_found"]);
    });

    it("creates a new price when the key names one that does not match (changed by hand), and goes on when another process created the product", async () => {
      const provider = makeProvider();
      reply(
        ok(list([{ ...priceObject("price_wrong", ultimateMonthly), unit_amount: 999 }], "/v1/prices")),
        stripeError(404, { type: "invalid_request_error", code: "resource_missing", message: "No such product: 'streamkit-ultimate'" }),
        stripeError(400, { type: "invalid_request_error", code: "resource_already_exists", message: "Product already exists." }),
        ok(priceObject("price_new", ultimateMonthly)),
        session,
      );
      await provider.subscriptions.createSubscriptionCheckout(checkoutRequest);
      expect(stub.requests.map(pathOf)).toEqual([
        "GET /v1/prices",
        "GET /v1/products/streamkit-ultimate",
        "POST /v1/products",
        "POST /v1/prices",
        "POST /v1/checkout/sessions",
      ]);
      expect(form(stub.requests[4]!)["line_items[0][price]"]).toBe("price_new");
    });

    it("does not remember a failed price lookup, refuses other currencies, and needs the hosted page's URL", async () => {
      const provider = makeProvider();
      reply(stripeError(401, { type: "invalid_request_error", message: "Invalid API Key provided" }));
      await expect(provider.subscriptions.createSubscriptionCheckout(checkoutRequest)).rejects.toThrow(/Invalid API Key/);
      reply(foundPrice("price_found", ultimateMonthly), ok({ id: "cs_test_no_url", object: "checkout.session", url: null }));
      await expect(provider.subscriptions.createSubscriptionCheckout(checkoutRequest)).rejects.toThrow(/without a hosted page URL/);
      expect(stub.requests.map(pathOf)).toEqual(["GET /v1/prices", "GET /v1/prices", "POST /v1/checkout/sessions"]);
      await expect(provider.subscriptions.createSubscriptionCheckout({ ...checkoutRequest, currency: "INR" })).rejects.toThrow(/USD only/);
      expect(stub.requests).toHaveLength(3);
    });

    describe("upgradeNow", () => {
      const key = "streamkit-upgrade-3d9c1b2a-5e6f-4a7b-8c9d-0e1f2a3b4c5d-1";

      it("switches the item to the new price and invoices the proration now, under the caller's idempotency key", async () => {
        const provider = makeProvider();
        const pro = priceObject("price_pro", proMonthly);
        const ultimate = priceObject("price_ultimate", ultimateMonthly);
        reply(ok(subscriptionObject(pro)), foundPrice("price_ultimate", ultimateMonthly), ok(subscriptionObject(ultimate, { latest_invoice: "in_proration" })));
        await expect(provider.subscriptions.upgradeNow(ref, ultimateMonthly, 350, key)).resolves.toBeUndefined();

        expect(stub.requests.map(pathOf)).toEqual([
          "GET /v1/subscriptions/sub_1SbCdEFghIJklMN2sUbScRpT",
          "GET /v1/prices",
          `POST /v1/subscriptions/${stripeSubscription}`,
        ]);
        const update = stub.requests[2]!;
        expect(update.headers["idempotency-key"]).toBe(key);
        expect(form(update)).toEqual({
          "items[0][id]": "si_TbCdEFghIJklMN",
          "items[0][price]": "price_ultimate",
          proration_behavior: "always_invoice",
          payment_behavior: "pending_if_incomplete",
        });
      });

      it("does nothing more when the item is already on the new price (a retry after success)", async () => {
        const provider = makeProvider();
        reply(ok(subscriptionObject(priceObject("price_ultimate", ultimateMonthly))), foundPrice("price_ultimate", ultimateMonthly));
        await provider.subscriptions.upgradeNow(ref, ultimateMonthly, 350, key);
        expect(stub.requests.map(pathOf)).toEqual([`GET /v1/subscriptions/${stripeSubscription}`, "GET /v1/prices"]);
      });

      it("voids the unpaid proration invoice and keeps the old plan when the charge is declined (a pending update)", async () => {
        const provider = makeProvider();
        const pro = priceObject("price_pro", proMonthly);
        const pending = subscriptionObject(pro, {
          latest_invoice: "in_declined",
          pending_update: {
            billing_cycle_anchor: null,
            expires_at: 1767308400,
            subscription_items: [{ id: "si_TbCdEFghIJklMN", price: "price_ultimate" }],
            trial_end: null,
          },
        });
        reply(
          ok(subscriptionObject(pro)),
          foundPrice("price_ultimate", ultimateMonthly),
          ok(pending),
          ok({ id: "in_declined", object: "invoice", status: "void" }),
        );
        const refused = await provider.subscriptions.upgradeNow(ref, ultimateMonthly, 350, key).catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(AppError);
        expect(refused).toMatchObject({ code: "conflict", message: expect.stringMatching(/declined.*plan has not changed/) });
        expect(stub.requests.map(pathOf).slice(2)).toEqual([`POST /v1/subscriptions/${stripeSubscription}`, "POST /v1/invoices/in_declined/void"]);

        // Voiding is best effort: the subscriber hears the same, and Stripe drops the pending change when it expires.
        stub.requests.length = 0;
        reply(ok(subscriptionObject(pro)), ok(pending), stripeError(400, { type: "invalid_request_error", message: "This invoice is already void." }));
        await expect(provider.subscriptions.upgradeNow(ref, ultimateMonthly, 350, key)).rejects.toMatchObject({ code: "conflict" });
      });

      it("keeps the old plan and tells the subscriber when Stripe answers with a card error", async () => {
        const provider = makeProvider();
        reply(
          ok(subscriptionObject(priceObject("price_pro", proMonthly))),
          foundPrice("price_ultimate", ultimateMonthly),
          stripeError(402, { type: "card_error", code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." }),
        );
        await expect(provider.subscriptions.upgradeNow(ref, ultimateMonthly, 350, key)).rejects.toMatchObject({ code: "conflict" });
        reply(
          ok(subscriptionObject(priceObject("price_pro", proMonthly))),
          stripeError(400, { type: "invalid_request_error", message: "This customer has no attached payment source or default payment method." }),
        );
        await expect(provider.subscriptions.upgradeNow(ref, ultimateMonthly, 350, key)).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      });

      it("refuses a subscription with other than one item, and other currencies", async () => {
        const provider = makeProvider();
        const twoItems = subscriptionObject();
        twoItems.items.data.push({ ...twoItems.items.data[0], id: "si_second" });
        reply(ok(twoItems));
        await expect(provider.subscriptions.upgradeNow(ref, ultimateMonthly, 350, key)).rejects.toThrow(/has 2 items/);
        await expect(provider.subscriptions.upgradeNow(ref, { ...ultimateMonthly, currency: "INR" }, 350, key)).rejects.toThrow(/USD only/);
        expect(stub.requests).toHaveLength(1);
      });
    });

    describe("scheduleChange", () => {
      it("puts the renewal on the new price with no proration now, and puts the current plan back for null", async () => {
        const provider = makeProvider();
        reply(ok(subscriptionObject(priceObject("price_ultimate", ultimateMonthly))), foundPrice("price_pro", proMonthly), ok(subscriptionObject()));
        await provider.subscriptions.scheduleChange(ref, proMonthly, ultimateMonthly);
        expect(stub.requests.map(pathOf)).toEqual([
          `GET /v1/subscriptions/${stripeSubscription}`,
          "GET /v1/prices",
          `POST /v1/subscriptions/${stripeSubscription}`,
        ]);
        expect(query(stub.requests[1]!)).toMatchObject({ "lookup_keys[0]": proKey });
        expect(form(stub.requests[2]!)).toEqual({ "items[0][id]": "si_TbCdEFghIJklMN", "items[0][price]": "price_pro", proration_behavior: "none" });
        // No key of ours (a change can be made, taken back and made again): the SDK's own, for its retries.
        expect(stub.requests[2]!.headers["idempotency-key"]).toMatch(/^stripe-node-retry-/);

        stub.requests.length = 0;
        reply(ok(subscriptionObject(priceObject("price_pro", proMonthly))), foundPrice("price_ultimate", ultimateMonthly), ok(subscriptionObject()));
        await provider.subscriptions.scheduleChange(ref, null, ultimateMonthly);
        expect(form(stub.requests[2]!)).toEqual({ "items[0][id]": "si_TbCdEFghIJklMN", "items[0][price]": "price_ultimate", proration_behavior: "none" });
      });

      it("does nothing when the renewal already charges the target, and refuses a change of interval", async () => {
        const provider = makeProvider();
        reply(ok(subscriptionObject(priceObject("price_pro", proMonthly))), foundPrice("price_pro", proMonthly));
        await provider.subscriptions.scheduleChange(ref, proMonthly, ultimateMonthly);
        expect(stub.requests).toHaveLength(2);

        reply(ok(subscriptionObject(priceObject("price_ultimate", ultimateMonthly))));
        await expect(provider.subscriptions.scheduleChange(ref, { ...proMonthly, interval: "year", amount: 5000 }, ultimateMonthly)).rejects.toMatchObject({
          code: "conflict",
          message: expect.stringMatching(/monthly to yearly/),
        });
        expect(stub.requests).toHaveLength(3);
      });
    });

    describe("setCancelAtPeriodEnd", () => {
      it("cancels at the period's end, and resumes", async () => {
        const provider = makeProvider();
        reply(ok(subscriptionObject()), ok(subscriptionObject(undefined, { cancel_at_period_end: true })));
        await provider.subscriptions.setCancelAtPeriodEnd(ref, true);
        expect(stub.requests.map(pathOf)).toEqual([`GET /v1/subscriptions/${stripeSubscription}`, `POST /v1/subscriptions/${stripeSubscription}`]);
        expect(form(stub.requests[1]!)).toEqual({ cancel_at_period_end: "true" });

        stub.requests.length = 0;
        reply(ok(subscriptionObject(undefined, { cancel_at_period_end: true, cancel_at: 1769904000 })), ok(subscriptionObject()));
        await provider.subscriptions.setCancelAtPeriodEnd(ref, false);
        expect(form(stub.requests[1]!)).toEqual({ cancel_at_period_end: "false" });
      });

      it("clears a cancel_at date set on Stripe's pages when resuming, and changes nothing already as asked", async () => {
        const provider = makeProvider();
        reply(ok(subscriptionObject(undefined, { cancel_at: 1769904000 })), ok(subscriptionObject()));
        await provider.subscriptions.setCancelAtPeriodEnd(ref, false);
        expect(form(stub.requests[1]!)).toEqual({ cancel_at: "" });

        stub.requests.length = 0;
        reply(ok(subscriptionObject(undefined, { cancel_at_period_end: true })), ok(subscriptionObject()));
        await provider.subscriptions.setCancelAtPeriodEnd(ref, true);
        await provider.subscriptions.setCancelAtPeriodEnd(ref, false);
        expect(stub.requests.map(pathOf)).toEqual([`GET /v1/subscriptions/${stripeSubscription}`, `GET /v1/subscriptions/${stripeSubscription}`]);
      });

      it("treats cancelling an ended subscription as done and refuses to resume it", async () => {
        const provider = makeProvider();
        const ended = subscriptionObject(undefined, { status: "canceled", ended_at: 1768003200 });
        reply(ok(ended), ok(ended));
        await expect(provider.subscriptions.setCancelAtPeriodEnd(ref, true)).resolves.toBeUndefined();
        await expect(provider.subscriptions.setCancelAtPeriodEnd(ref, false)).rejects.toMatchObject({
          code: "conflict",
          message: expect.stringMatching(/already ended/),
        });
        expect(stub.requests.map(pathOf)).toEqual([`GET /v1/subscriptions/${stripeSubscription}`, `GET /v1/subscriptions/${stripeSubscription}`]);
      });
    });

    describe("cancelNow", () => {
      it("cancels at once", async () => {
        const provider = makeProvider();
        reply(ok(subscriptionObject(undefined, { status: "canceled" })));
        await provider.subscriptions.cancelNow(ref);
        expect(stub.requests.map(pathOf)).toEqual([`DELETE /v1/subscriptions/${stripeSubscription}`]);
        expect(stub.requests[0]!.body).toBe("");
      });

      it("treats an already cancelled subscription (Stripe: no such subscription) as done, and passes other failures on", async () => {
        const provider = makeProvider();
        const missing = stripeError(404, {
          type: "invalid_request_error",
          code: "resource_missing",
          param: "id",
          message: `No such subscription: '${stripeSubscription}'`,
        });
        reply(missing, ok(subscriptionObject(undefined, { status: "canceled" })));
        await expect(provider.subscriptions.cancelNow(ref)).resolves.toBeUndefined();
        expect(stub.requests.map(pathOf)).toEqual([`DELETE /v1/subscriptions/${stripeSubscription}`, `GET /v1/subscriptions/${stripeSubscription}`]);

        reply(missing, missing);
        await expect(provider.subscriptions.cancelNow(ref)).rejects.toThrow(/No such subscription/);
        reply(missing, ok(subscriptionObject()));
        await expect(provider.subscriptions.cancelNow(ref)).rejects.toThrow(/No such subscription/);
        reply(stripeError(401, { type: "invalid_request_error", message: "Invalid API Key provided" }));
        await expect(provider.subscriptions.cancelNow(ref)).rejects.toThrow(/Invalid API Key/);
      });

      it("has nothing to stop before Stripe confirmed a subscription", async () => {
        await makeProvider().subscriptions.cancelNow({ ...ref, providerSubscriptionId: "" });
        expect(stub.requests).toHaveLength(0);
      });
    });

    describe("managementUrl", () => {
      it("opens a Billing Portal session for the customer, and has none without one", async () => {
        const provider = makeProvider();
        reply(ok({ id: "bps_123", object: "billing_portal.session", customer, url: "https://billing.stripe.com/p/session/test_123" }));
        await expect(provider.subscriptions.managementUrl(ref, "https://streamkit.example/billing")).resolves.toBe(
          "https://billing.stripe.com/p/session/test_123",
        );
        expect(stub.requests.map(pathOf)).toEqual(["POST /v1/billing_portal/sessions"]);
        expect(form(stub.requests[0]!)).toEqual({ customer, return_url: "https://streamkit.example/billing" });

        await expect(provider.subscriptions.managementUrl({ ...ref, providerCustomerId: null }, "https://streamkit.example/billing")).resolves.toBeNull();
        expect(stub.requests).toHaveLength(1);
      });
    });
  });
});
