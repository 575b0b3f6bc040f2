import { type SaleCurrency, saleCurrencies } from "@streamkit/plans";
import { BuiltinProvider } from "./builtin";
import type { PaymentProvider, ProviderId } from "./provider";

/** The providers this process takes payments with, and which one serves each currency. */
export interface Payments {
  byId(id: string): PaymentProvider | null;
  forCurrency(currency: SaleCurrency): PaymentProvider | null;
  /** The built-in provider, when it serves any currency. */
  builtin: BuiltinProvider | null;
}

/**
 * Real providers first (Stripe for USD, Razorpay for INR); the built-in checkout covers what they do not, unless BUILTIN_PAYMENTS=off.
 * `builtinSecrets` sign the built-in provider's events (newest first), derived from the master secret by the caller.
 */
export async function createPayments(env: { BUILTIN_PAYMENTS: "auto" | "off" }, builtinSecrets: string[], real: PaymentProvider[] = []): Promise<Payments> {
  const uncovered = saleCurrencies.filter((currency) => !real.some((provider) => provider.currencies.includes(currency)));
  const builtin = env.BUILTIN_PAYMENTS === "auto" && uncovered.length > 0 ? new BuiltinProvider(uncovered, builtinSecrets) : null;
  const all: PaymentProvider[] = [...real, ...(builtin ? [builtin] : [])];
  return {
    builtin,
    byId: (id) => all.find((provider) => provider.id === (id as ProviderId)) ?? null,
    forCurrency: (currency) => all.find((provider) => provider.currencies.includes(currency)) ?? null,
  };
}
