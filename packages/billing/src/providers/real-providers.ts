import type { PaymentProvider } from "./provider";
import { RazorpayProvider } from "./razorpay";
import { StripeProvider } from "./stripe";

/** The environment variables that configure the real providers (each unset or non-empty). */
export interface PaymentsEnv {
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  RAZORPAY_KEY_ID?: string;
  RAZORPAY_KEY_SECRET?: string;
  RAZORPAY_WEBHOOK_SECRET?: string;
}

/**
 * The real providers configured in the environment: Stripe for USD when both
 * of its variables are set, Razorpay for INR when all three of its are.
 * A provider configured only in part is refused at start rather than skipped:
 * skipping it would quietly hand its currency to the built-in checkout, which
 * moves no money.
 */
export function realProviders(env: PaymentsEnv): PaymentProvider[] {
  const providers: PaymentProvider[] = [];
  const stripe = complete("Stripe", { STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET });
  if (stripe) providers.push(new StripeProvider({ secretKey: stripe.STRIPE_SECRET_KEY, webhookSecret: stripe.STRIPE_WEBHOOK_SECRET }));
  const razorpay = complete("Razorpay", {
    RAZORPAY_KEY_ID: env.RAZORPAY_KEY_ID,
    RAZORPAY_KEY_SECRET: env.RAZORPAY_KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: env.RAZORPAY_WEBHOOK_SECRET,
  });
  if (razorpay) {
    providers.push(
      new RazorpayProvider({ keyId: razorpay.RAZORPAY_KEY_ID, keySecret: razorpay.RAZORPAY_KEY_SECRET, webhookSecret: razorpay.RAZORPAY_WEBHOOK_SECRET }),
    );
  }
  return providers;
}

/** All of the variables, none of them (null), or an error naming the missing ones. */
function complete<K extends string>(provider: string, vars: Record<K, string | undefined>): Record<K, string> | null {
  const missing = Object.entries(vars)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length === Object.keys(vars).length) return null;
  if (missing.length > 0) throw new Error(`${provider} is configured in part: set ${missing.join(" and ")} too, or unset the others.`);
  return vars as Record<K, string>;
}
