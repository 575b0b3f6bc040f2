import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WEBHOOK_TOLERANCE_SECONDS, WebhookSignatureError } from "../../src/providers/provider";
import { STRIPE_SIGNATURE_HEADER, StripeProvider } from "../../src/providers/stripe";
import { fixture, type StubApi, startStubApi } from "../fixtures/payments/stub-api";

const secretKey = "sk_test_51StreamKitLocalStubOnly";
const webhookSecret = "whsec_streamkit_test_secret_0123456789";
const now = new Date("2026-01-01T00:00:00.000Z");
const nowSeconds = now.getTime() / 1000;
const checkoutId = "6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b";

type Event = { id: string; type: string; data: { object: Record<string, unknown> } };
const completed = () => fixture<Event>("stripe-checkout-session-completed.json");
const refunded = () => fixture<Event>("stripe-charge-refunded.json");

/** What Stripe would deliver: the body as sent and its Stripe-Signature header, made with the SDK's own test signer. */
function delivery(event: unknown, options: { secret?: string; at?: number } = {}) {
  const rawBody = JSON.stringify(event, null, 2);
  const header = Stripe.webhooks.generateTestHeaderString({ payload: rawBody, secret: options.secret ?? webhookSecret, timestamp: options.at ?? nowSeconds });
  return { rawBody, headers: new Headers({ "content-type": "application/json", [STRIPE_SIGNATURE_HEADER]: header }) };
}

function withObject(event: Event, changes: Record<string, unknown>): Event {
  return { ...event, data: { ...event.data, object: { ...event.data.object, ...changes } } };
}

describe("Stripe webhooks", () => {
  const provider = new StripeProvider({ secretKey, webhookSecret });

  it("maps a signed, paid checkout.session.completed to payment.succeeded", () => {
    const { rawBody, headers } = delivery(completed());
    expect(provider.verifyWebhook(rawBody, headers, now)).toEqual({
      id: "evt_1QabcdEFghIJklMN0pQrStUv",
      type: "payment.succeeded",
      checkoutId,
      providerPaymentId: "pi_3QabcdEFghIJklMN1aBcDeFg",
      amount: 499,
      currency: "USD",
    });
  });

  it("maps checkout.session.async_payment_succeeded to payment.succeeded, taking the checkout id from client_reference_id when metadata lacks it", () => {
    const event = withObject(
      { ...completed(), id: "evt_async", type: "checkout.session.async_payment_succeeded" },
      { metadata: {}, payment_intent: { id: "pi_expanded" } },
    );
    const { rawBody, headers } = delivery(event);
    expect(provider.verifyWebhook(rawBody, headers, now)).toMatchObject({
      id: "evt_async",
      type: "payment.succeeded",
      checkoutId,
      providerPaymentId: "pi_expanded",
    });
  });

  it("ignores a completed session that is not paid yet, one that is not ours, and one in another mode", () => {
    for (const changes of [
      { payment_status: "unpaid" },
      { metadata: {}, client_reference_id: null },
      { metadata: { checkoutId: "order-42" }, client_reference_id: "order-42" },
      { mode: "subscription" },
    ]) {
      const { rawBody, headers } = delivery(withObject(completed(), changes));
      expect(provider.verifyWebhook(rawBody, headers, now)).toMatchObject({ id: "evt_1QabcdEFghIJklMN0pQrStUv", type: "ignored" });
    }
  });

  it("maps a full charge.refunded to payment.refunded and ignores a partial one", () => {
    const full = delivery(refunded());
    expect(provider.verifyWebhook(full.rawBody, full.headers, now)).toEqual({
      id: "evt_3QabcdEFghIJklMN1rEfUnDd",
      type: "payment.refunded",
      providerPaymentId: "pi_3QabcdEFghIJklMN1aBcDeFg",
    });
    const partial = delivery(withObject(refunded(), { amount_refunded: 100, refunded: false }));
    expect(provider.verifyWebhook(partial.rawBody, partial.headers, now)).toMatchObject({ type: "ignored" });
  });

  it("ignores event types it does not act on", () => {
    const { rawBody, headers } = delivery({
      id: "evt_pi",
      object: "event",
      type: "payment_intent.created",
      data: { object: { id: "pi_1", object: "payment_intent" } },
    });
    expect(provider.verifyWebhook(rawBody, headers, now)).toEqual({ id: "evt_pi", type: "ignored", description: "payment_intent.created: not acted on" });
  });

  it("refuses a tampered body, a wrong secret and a missing header", () => {
    const { rawBody, headers } = delivery(completed());
    expect(() => provider.verifyWebhook(rawBody.replace('"amount_total": 499', '"amount_total": 1'), headers, now)).toThrow(WebhookSignatureError);
    const forged = delivery(completed(), { secret: "whsec_someone_else" });
    expect(() => provider.verifyWebhook(forged.rawBody, forged.headers, now)).toThrow(WebhookSignatureError);
    expect(() => provider.verifyWebhook(rawBody, new Headers({ "content-type": "application/json" }), now)).toThrow(WebhookSignatureError);
    expect(() => provider.verifyWebhook(rawBody, new Headers({ [STRIPE_SIGNATURE_HEADER]: "t=1,v2=abc" }), now)).toThrow(WebhookSignatureError);
  });

  it("measures the replay window with the clock it is given, in both directions", () => {
    const at = (offset: number) => delivery(completed(), { at: nowSeconds + offset });
    for (const offset of [-WEBHOOK_TOLERANCE_SECONDS, 0, WEBHOOK_TOLERANCE_SECONDS]) {
      const { rawBody, headers } = at(offset);
      expect(provider.verifyWebhook(rawBody, headers, now).type).toBe("payment.succeeded");
    }
    for (const offset of [-WEBHOOK_TOLERANCE_SECONDS - 1, WEBHOOK_TOLERANCE_SECONDS + 1, -86_400]) {
      const { rawBody, headers } = at(offset);
      expect(() => provider.verifyWebhook(rawBody, headers, now), `offset ${offset}`).toThrow(WebhookSignatureError);
    }
    // A delivery signed long ago is fine when the given clock says it has just arrived: Date.now() is not consulted.
    const old = delivery(completed(), { at: nowSeconds - 365 * 86_400 });
    expect(provider.verifyWebhook(old.rawBody, old.headers, new Date(now.getTime() - 365 * 86_400_000)).type).toBe("payment.succeeded");
  });

  it("refuses a correctly signed body that is not a usable event", () => {
    for (const rawBody of ["not json", JSON.stringify({ id: "evt_x", type: "checkout.session.completed" })]) {
      const headers = new Headers({
        [STRIPE_SIGNATURE_HEADER]: Stripe.webhooks.generateTestHeaderString({ payload: rawBody, secret: webhookSecret, timestamp: nowSeconds }),
      });
      expect(() => provider.verifyWebhook(rawBody, headers, now)).toThrow(WebhookSignatureError);
    }
    const shapeless = delivery(withObject(completed(), { amount_total: "499" }));
    expect(() => provider.verifyWebhook(shapeless.rawBody, shapeless.headers, now)).toThrow(WebhookSignatureError);
  });
});

describe("Stripe API calls (SDK pointed at a local stub)", () => {
  let stub: StubApi;
  let provider: StripeProvider;
  beforeAll(async () => {
    stub = await startStubApi();
    provider = new StripeProvider({ secretKey, webhookSecret, api: { host: "127.0.0.1", port: stub.port, protocol: "http" } });
  });
  afterAll(() => stub.close());
  beforeEach(() => {
    stub.requests.length = 0;
  });

  const request = {
    checkoutId,
    amount: 499,
    currency: "USD" as const,
    description: "Clock overlay (StreamKit plugin)",
    customerEmail: "buyer@example.com",
    successUrl: "https://streamkit.example/purchases?checkout=x",
    cancelUrl: "https://streamkit.example/plugins/clock",
  };

  it("creates a Checkout Session in payment mode with one line item and our checkout id, and returns its hosted page", async () => {
    stub.reply(200, { id: "cs_test_123", object: "checkout.session", url: "https://checkout.stripe.com/c/pay/cs_test_123" });
    await expect(provider.createCheckout(request)).resolves.toEqual({
      providerSessionId: "cs_test_123",
      redirectUrl: "https://checkout.stripe.com/c/pay/cs_test_123",
    });

    expect(stub.requests).toHaveLength(1);
    const [sent] = stub.requests;
    expect(sent!.method).toBe("POST");
    expect(sent!.path).toBe("/v1/checkout/sessions");
    expect(sent!.headers.authorization).toBe(`Bearer ${secretKey}`);
    expect(sent!.headers["idempotency-key"]).toBe(`streamkit-checkout-${checkoutId}`);
    expect(Object.fromEntries(new URLSearchParams(sent!.body))).toEqual({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "499",
      "line_items[0][price_data][product_data][name]": "Clock overlay (StreamKit plugin)",
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      client_reference_id: checkoutId,
      "metadata[checkoutId]": checkoutId,
      "payment_intent_data[metadata][checkoutId]": checkoutId,
      customer_email: "buyer@example.com",
    });
  });

  it("leaves customer_email out when the buyer's address is unknown, and refuses other currencies", async () => {
    stub.reply(200, { id: "cs_test_456", object: "checkout.session", url: "https://checkout.stripe.com/c/pay/cs_test_456" });
    await provider.createCheckout({ ...request, customerEmail: null });
    expect(new URLSearchParams(stub.requests[0]!.body).has("customer_email")).toBe(false);
    await expect(provider.createCheckout({ ...request, currency: "INR" })).rejects.toThrow(/USD only/);
    expect(stub.requests).toHaveLength(1);
  });

  it("refunds a payment intent with the caller's idempotency key", async () => {
    stub.reply(200, { id: "re_123", object: "refund", amount: 499, payment_intent: "pi_123", status: "succeeded" });
    await provider.refund("pi_123", 499, "streamkit-refund-5b0f3c4e-8d2a-4f4e-9d0c-1f2a3b4c5d6e");
    const [sent] = stub.requests;
    expect(sent!.method).toBe("POST");
    expect(sent!.path).toBe("/v1/refunds");
    expect(sent!.headers["idempotency-key"]).toBe("streamkit-refund-5b0f3c4e-8d2a-4f4e-9d0c-1f2a3b4c5d6e");
    expect(Object.fromEntries(new URLSearchParams(sent!.body))).toEqual({ payment_intent: "pi_123", amount: "499" });
  });

  it("treats an already refunded charge as done and passes other refusals on", async () => {
    stub.reply(400, { error: { type: "invalid_request_error", code: "charge_already_refunded", message: "Charge ch_1 has already been refunded." } });
    await expect(provider.refund("pi_123", 499, "streamkit-refund-a")).resolves.toBeUndefined();
    stub.reply(400, { error: { type: "invalid_request_error", code: "amount_too_large", message: "Refund amount is greater than unrefunded amount." } });
    await expect(provider.refund("pi_123", 10_000, "streamkit-refund-b")).rejects.toThrow(/greater than unrefunded/);
  });
});
