import { describe, expect, it } from "vitest";
import { loadEnv } from "../../src/shared/env";
import { realProviders } from "@streamkit/billing";

const stripe = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };
const razorpay = { RAZORPAY_KEY_ID: "rzp_test_x", RAZORPAY_KEY_SECRET: "secret", RAZORPAY_WEBHOOK_SECRET: "whsecret" };
const providers = (vars: Record<string, string>) => realProviders(loadEnv(vars)).map((p) => ({ id: p.id, currencies: [...p.currencies] }));

describe("realProviders", () => {
  it("returns none without configuration, Stripe for USD and Razorpay for INR when their variables are set", () => {
    expect(providers({})).toEqual([]);
    expect(providers(stripe)).toEqual([{ id: "stripe", currencies: ["USD"] }]);
    expect(providers(razorpay)).toEqual([{ id: "razorpay", currencies: ["INR"] }]);
    expect(providers({ ...stripe, ...razorpay })).toEqual([
      { id: "stripe", currencies: ["USD"] },
      { id: "razorpay", currencies: ["INR"] },
    ]);
  });

  it("refuses a provider configured in part instead of handing its currency to the built-in checkout", () => {
    expect(() => providers({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(/Stripe .*STRIPE_WEBHOOK_SECRET/);
    expect(() => providers({ RAZORPAY_KEY_ID: "rzp_test_x", RAZORPAY_KEY_SECRET: "secret" })).toThrow(/Razorpay .*RAZORPAY_WEBHOOK_SECRET/);
  });
});
