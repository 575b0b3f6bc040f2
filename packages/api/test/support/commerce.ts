import type { AccountCaller } from "../../src/shared/context";
import { startCheckout } from "@streamkit/billing";
import { findAccountById } from "../../src/accounts/accounts";
import type { TestApp } from "./app";

/** The website's principal for an account, as its session would produce it. */
export async function webCaller(app: TestApp, accountId: string): Promise<AccountCaller> {
  const account = await findAccountById(app.deps.db, accountId, app.deps.now());
  return { kind: "account", account: account!, channel: "web", scopes: "all" };
}

/** Delivers a built-in provider event to POST /api/webhooks/builtin, as the provider does. */
export async function deliver(app: TestApp, signed: { rawBody: string; headers: Record<string, string> }) {
  const response = await app.raw("/api/webhooks/builtin", { method: "POST", headers: signed.headers, body: signed.rawBody });
  return { status: response.status, body: (await response.json()) as { received?: boolean; outcome?: string; error?: { code: string; message: string } } };
}

/** Buys a plugin end to end with the built-in provider: checkout, the provider's signed event, the webhook. */
export async function buy(app: TestApp, accountId: string, slug: string, country: string | null = null) {
  const caller = await webCaller(app, accountId);
  const checkout = await startCheckout(app.deps, caller, slug, country);
  const event = app.deps.payments.builtin!.paymentEvent({ id: checkout.checkoutId, amount: checkout.amount, currency: checkout.currency }, app.deps.now());
  const delivered = await deliver(app, event);
  return { checkout, event, delivered };
}
