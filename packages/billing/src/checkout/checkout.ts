import { checkouts, inMarketplace, plugins, purchases } from "@streamkit/db";
import { chargeFor, type PriceTier } from "@streamkit/plans";
import { and, eq } from "drizzle-orm";
import type { BillingCaller, BillingDeps } from "../deps";
import { AppError, notFound } from "@streamkit/api-contract";

/**
 * Starts paying for a plugin on the website: the amount and currency are
 * fixed now (INR for buyers in India, USD elsewhere), the checkout is stored
 * before the buyer leaves for the provider — so a payment confirmed later,
 * even after a restart, finds it — and the provider's page address is returned.
 */
export async function startCheckout(deps: BillingDeps, caller: BillingCaller, slug: string, country: string | null) {
  const { db } = deps;
  const [plugin] = await db
    .select()
    .from(plugins)
    .where(and(eq(plugins.slug, slug), inMarketplace));
  if (!plugin) throw notFound(`No plugin "${slug}" in the marketplace.`);
  if (!plugin.priceTier) throw new AppError("bad_request", "This plugin is free: there is nothing to buy.");
  if (plugin.ownerId === caller.account.id) throw new AppError("bad_request", "You made this plugin: it is yours already.");
  const [owned] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.accountId, caller.account.id), eq(purchases.pluginId, plugin.id), eq(purchases.status, "paid")));
  if (owned) throw new AppError("conflict", "You already bought this plugin.");

  const { currency, amount } = chargeFor(plugin.priceTier as PriceTier, caller.account.country ?? country);
  const provider = deps.payments.forCurrency(currency);
  if (!provider) throw new AppError("bad_request", `Payments in ${currency} are not available right now.`);
  const [checkout] = await db
    .insert(checkouts)
    .values({ accountId: caller.account.id, pluginId: plugin.id, provider: provider.id, currency, amount, createdAt: deps.now() })
    .returning();
  const base = deps.env.PUBLIC_URL;
  const session = await provider.createCheckout({
    checkoutId: checkout!.id,
    amount,
    currency,
    description: `${plugin.name} (Streamkit plugin)`,
    customerEmail: caller.account.email,
    successUrl: `${base}/plugins/${encodeURIComponent(slug)}/buy/complete?checkout=${checkout!.id}`,
    cancelUrl: `${base}/plugins/${encodeURIComponent(slug)}/buy?cancelled=1`,
  });
  await db.update(checkouts).set({ providerSessionId: session.providerSessionId }).where(eq(checkouts.id, checkout!.id));
  return { checkoutId: checkout!.id, redirectUrl: session.redirectUrl, currency, amount };
}

/** A checkout of the caller's, for the pages around the provider's (never someone else's). */
export async function findCheckout(deps: BillingDeps, caller: BillingCaller, checkoutId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(checkoutId)) return null;
  const [row] = await deps.db
    .select({ checkout: checkouts, slug: plugins.slug, name: plugins.name })
    .from(checkouts)
    .innerJoin(plugins, eq(plugins.id, checkouts.pluginId))
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.accountId, caller.account.id)));
  return row ?? null;
}
