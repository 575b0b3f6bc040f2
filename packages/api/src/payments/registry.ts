import { randomBytes } from "node:crypto";
import { type Db, settings } from "@streamkit/db";
import { type SaleCurrency, saleCurrencies } from "@streamkit/plans";
import { eq } from "drizzle-orm";
import type { Env } from "../env";
import { BuiltinProvider } from "./builtin";
import type { PaymentProvider, ProviderId } from "./provider";

/** The providers this process takes payments with, and which one serves each currency. */
export interface Payments {
  byId(id: string): PaymentProvider | null;
  forCurrency(currency: SaleCurrency): PaymentProvider | null;
  /** The built-in provider, when it serves any currency. */
  builtin: BuiltinProvider | null;
}

/** Real providers first (Stripe for USD, Razorpay for INR); the built-in checkout covers what they do not, unless BUILTIN_PAYMENTS=off. */
export async function createPayments(db: Db, env: Env, real: PaymentProvider[] = []): Promise<Payments> {
  const uncovered = saleCurrencies.filter((currency) => !real.some((provider) => provider.currencies.includes(currency)));
  const builtin = env.BUILTIN_PAYMENTS === "auto" && uncovered.length > 0 ? new BuiltinProvider(uncovered, await builtinSecret(db), env.PUBLIC_URL) : null;
  const all: PaymentProvider[] = [...real, ...(builtin ? [builtin] : [])];
  return {
    builtin,
    byId: (id) => all.find((provider) => provider.id === (id as ProviderId)) ?? null,
    forCurrency: (currency) => all.find((provider) => provider.currencies.includes(currency)) ?? null,
  };
}

/** The built-in provider signs its events with a secret generated once and shared by every process on the database. */
async function builtinSecret(db: Db): Promise<string> {
  await db
    .insert(settings)
    .values({ key: "builtin_payments_secret", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, "builtin_payments_secret"));
  return row!.value;
}
