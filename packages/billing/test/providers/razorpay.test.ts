import { createHash, createHmac } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WebhookSignatureError } from "../../src/providers/provider";
import { RAZORPAY_EVENT_ID_HEADER, RAZORPAY_SIGNATURE_HEADER, RazorpayProvider, RazorpayRequestError } from "../../src/providers/razorpay";
import { fixture, type StubApi, startStubApi } from "../fixtures/payments/stub-api";

const keyId = "rzp_test_StreamKitStub";
const keySecret = "razorpay_key_secret_for_the_stub";
const webhookSecret = "razorpay_webhook_secret_0123456789";
const now = new Date("2026-01-01T00:00:00.000Z");
const checkoutId = "0b6e1d2c-9a8f-4e7d-b6c5-a4f3e2d1c0b9";

type Entity = Record<string, unknown>;
type Event = { event: string; payload: Record<string, { entity: Entity }> };
const paid = () => fixture<Event>("razorpay-payment-link-paid.json");
const refundProcessed = () => fixture<Event>("razorpay-refund-processed.json");

/** Razorpay's scheme: hex HMAC-SHA256 of the raw body with the webhook secret, in X-Razorpay-Signature. */
function delivery(event: unknown, options: { secret?: string; eventId?: string | null } = {}) {
  const rawBody = JSON.stringify(event);
  const signature = createHmac("sha256", options.secret ?? webhookSecret)
    .update(rawBody)
    .digest("hex");
  const headers = new Headers({ "content-type": "application/json", [RAZORPAY_SIGNATURE_HEADER]: signature });
  if (options.eventId !== null) headers.set(RAZORPAY_EVENT_ID_HEADER, options.eventId ?? "FbOAu5Oc2ESZ4N");
  return { rawBody, headers };
}

function withEntity(event: Event, key: string, changes: Entity): Event {
  const current = event.payload[key]!.entity;
  return { ...event, payload: { ...event.payload, [key]: { entity: { ...current, ...changes } } } };
}

describe("Razorpay webhooks", () => {
  const provider = new RazorpayProvider({ keyId, keySecret, webhookSecret });

  it("maps a signed payment_link.paid to payment.succeeded, keyed by the paid payment", () => {
    const { rawBody, headers } = delivery(paid());
    expect(provider.verifyWebhook(rawBody, headers, now)).toEqual({
      id: "paid:pay_PqRsTuVwXyZaBe",
      type: "payment.succeeded",
      checkoutId,
      providerPaymentId: "pay_PqRsTuVwXyZaBe",
      amount: 39900,
      currency: "INR",
    });
  });

  it("gives a replay the same id even with a different (unsigned) event id header", () => {
    const first = delivery(paid(), { eventId: "evt_original" });
    const replay = delivery(paid(), { eventId: "evt_forged_fresh_id" });
    expect(provider.verifyWebhook(replay.rawBody, replay.headers, now).id).toBe(provider.verifyWebhook(first.rawBody, first.headers, now).id);
  });

  it("takes the checkout id from reference_id when notes lack it, and ignores links that are not ours", () => {
    const fromReference = delivery(withEntity(paid(), "payment_link", { notes: [] }));
    expect(provider.verifyWebhook(fromReference.rawBody, fromReference.headers, now)).toMatchObject({ type: "payment.succeeded", checkoutId });
    const foreign = delivery(withEntity(paid(), "payment_link", { notes: [], reference_id: "TS1989" }));
    expect(provider.verifyWebhook(foreign.rawBody, foreign.headers, now)).toMatchObject({ id: "FbOAu5Oc2ESZ4N", type: "ignored" });
  });

  it("maps a full refund (refund.processed or payment.refunded) to payment.refunded under one id", () => {
    const processed = delivery(refundProcessed());
    expect(provider.verifyWebhook(processed.rawBody, processed.headers, now)).toEqual({
      id: "refunded:pay_PqRsTuVwXyZaBe",
      type: "payment.refunded",
      providerPaymentId: "pay_PqRsTuVwXyZaBe",
    });
    const alsoSent = delivery({ ...refundProcessed(), event: "payment.refunded" }, { eventId: "another_event" });
    expect(provider.verifyWebhook(alsoSent.rawBody, alsoSent.headers, now)).toMatchObject({ id: "refunded:pay_PqRsTuVwXyZaBe", type: "payment.refunded" });
  });

  it("ignores a partial refund and Razorpay's auto-refund of an uncaptured payment", () => {
    const partial = delivery(withEntity(refundProcessed(), "payment", { amount_refunded: 10000, refund_status: "partial" }));
    expect(provider.verifyWebhook(partial.rawBody, partial.headers, now)).toMatchObject({ type: "ignored" });
    const auto = delivery(withEntity(refundProcessed(), "payment", { captured: false }));
    expect(provider.verifyWebhook(auto.rawBody, auto.headers, now)).toMatchObject({ type: "ignored" });
  });

  it("ignores event types it does not act on, keyed by the event id header or else the body's hash", () => {
    const event = { entity: "event", event: "payment.captured", payload: { payment: paid().payload.payment }, created_at: 1767225600 };
    const withId = delivery(event, { eventId: "FbOAu5Oc2ESZ4N" });
    expect(provider.verifyWebhook(withId.rawBody, withId.headers, now)).toEqual({
      id: "FbOAu5Oc2ESZ4N",
      type: "ignored",
      description: "payment.captured: not acted on",
    });
    const withoutId = delivery(event, { eventId: null });
    expect(provider.verifyWebhook(withoutId.rawBody, withoutId.headers, now).id).toBe(`sha256:${createHash("sha256").update(withoutId.rawBody).digest("hex")}`);
  });

  it("refuses a tampered body, a wrong secret, a missing or malformed header", () => {
    const { rawBody, headers } = delivery(paid());
    expect(() => provider.verifyWebhook(rawBody.replace('"amount":39900', '"amount":100'), headers, now)).toThrow(WebhookSignatureError);
    const forged = delivery(paid(), { secret: "not_the_secret" });
    expect(() => provider.verifyWebhook(forged.rawBody, forged.headers, now)).toThrow(WebhookSignatureError);
    expect(() => provider.verifyWebhook(rawBody, new Headers({ "content-type": "application/json" }), now)).toThrow(WebhookSignatureError);
    const truncated = new Headers({ [RAZORPAY_SIGNATURE_HEADER]: headers.get(RAZORPAY_SIGNATURE_HEADER)!.slice(0, 32) });
    expect(() => provider.verifyWebhook(rawBody, truncated, now)).toThrow(WebhookSignatureError);
  });

  it("refuses a correctly signed body that is not a usable event", () => {
    for (const event of ["not json", { entity: "event" }, { event: "payment_link.paid", payload: { payment_link: paid().payload.payment_link } }]) {
      const rawBody = typeof event === "string" ? event : JSON.stringify(event);
      const headers = new Headers({ [RAZORPAY_SIGNATURE_HEADER]: createHmac("sha256", webhookSecret).update(rawBody).digest("hex") });
      expect(() => provider.verifyWebhook(rawBody, headers, now)).toThrow(WebhookSignatureError);
    }
  });
});

describe("Razorpay API calls (SDK pointed at a local stub)", () => {
  let stub: StubApi;
  let provider: RazorpayProvider;
  beforeAll(async () => {
    stub = await startStubApi();
    provider = new RazorpayProvider({ keyId, keySecret, webhookSecret, apiBaseUrl: stub.url });
  });
  afterAll(() => stub.close());
  beforeEach(() => {
    stub.requests.length = 0;
  });

  const request = {
    checkoutId,
    amount: 39900,
    currency: "INR" as const,
    description: "Clock overlay (StreamKit plugin)",
    customerEmail: "buyer@example.in",
    successUrl: "https://streamkit.example/purchases?checkout=x",
    cancelUrl: "https://streamkit.example/plugins/clock",
  };
  const basicAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;

  it("creates a payment link carrying our checkout id and returns its short_url", async () => {
    stub.reply(200, { ...paid().payload.payment_link!.entity, id: "plink_New123", status: "created", amount_paid: 0, short_url: "https://rzp.io/i/New123" });
    await expect(provider.createCheckout(request)).resolves.toEqual({ providerSessionId: "plink_New123", redirectUrl: "https://rzp.io/i/New123" });

    expect(stub.requests).toHaveLength(1);
    const [sent] = stub.requests;
    expect(sent!.method).toBe("POST");
    expect(sent!.path).toBe("/v1/payment_links");
    expect(sent!.headers.authorization).toBe(basicAuth);
    expect(JSON.parse(sent!.body)).toEqual({
      amount: 39900,
      currency: "INR",
      description: "Clock overlay (StreamKit plugin)",
      reference_id: checkoutId,
      notes: { checkoutId },
      callback_url: request.successUrl,
      callback_method: "get",
      customer: { email: "buyer@example.in" },
    });
  });

  it("leaves the customer out when the buyer's address is unknown, and refuses other currencies", async () => {
    stub.reply(200, { id: "plink_New456", short_url: "https://rzp.io/i/New456" });
    await provider.createCheckout({ ...request, customerEmail: null });
    expect(JSON.parse(stub.requests[0]!.body)).not.toHaveProperty("customer");
    await expect(provider.createCheckout({ ...request, currency: "USD" })).rejects.toThrow(/INR only/);
    expect(stub.requests).toHaveLength(1);
  });

  it("refunds a payment for the given amount, through the SDK's client, with Razorpay's idempotency header", async () => {
    stub.reply(200, { id: "rfnd_1", entity: "refund", amount: 39900, currency: "INR", payment_id: "pay_1", status: "processed" });
    await provider.refund("pay_1", 39900, "streamkit-refund-5b0f3c4e-8d2a-4f4e-9d0c-1f2a3b4c5d6e");
    const [sent] = stub.requests;
    expect(sent!.method).toBe("POST");
    expect(sent!.path).toBe("/v1/payments/pay_1/refund");
    expect(sent!.headers.authorization).toBe(basicAuth);
    expect(sent!.headers["user-agent"]).toMatch(/^razorpay-node@/);
    expect(sent!.headers["x-refund-idempotency"]).toBe("streamkit-refund-5b0f3c4e-8d2a-4f4e-9d0c-1f2a3b4c5d6e");
    expect(JSON.parse(sent!.body)).toEqual({ amount: 39900 });
  });

  it("turns Razorpay's refusals and unreachable API into errors with their status and code", async () => {
    stub.reply(400, {
      error: {
        code: "BAD_REQUEST_ERROR",
        description: "The payment has been fully refunded already",
        source: "business",
        step: "payment_initiation",
        reason: "input_validation_failed",
      },
    });
    const refused = await provider.refund("pay_1", 39900, "streamkit-refund-1").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RazorpayRequestError);
    expect(refused).toMatchObject({ statusCode: 400, code: "BAD_REQUEST_ERROR", message: expect.stringMatching(/fully refunded already/) });

    // The same key while the first request is still being processed.
    stub.reply(409, { error: { code: "BAD_REQUEST_ERROR", description: "A request with the same idempotency key is being processed" } });
    await expect(provider.refund("pay_1", 39900, "streamkit-refund-1")).rejects.toMatchObject({ statusCode: 409, code: "BAD_REQUEST_ERROR" });

    const offline = new RazorpayProvider({ keyId, keySecret, webhookSecret, apiBaseUrl: "http://127.0.0.1:9" });
    await expect(offline.refund("pay_1", 39900, "streamkit-refund-1")).rejects.toThrow(/could not be reached/);
  });
});
