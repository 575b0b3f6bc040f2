import type { BillingCaller, BillingDeps } from "../deps";
import { AppError, notFound } from "@streamkit/api-contract";
import { findCheckout } from "./checkout";
import { receiveWebhook } from "../webhooks/receive-webhook";

/**
 * The "Pay" button of the built-in provider's hosted page. Like a real
 * provider it confirms the payment by sending its signed event to the
 * webhook endpoint — here through the very same handler, in-process.
 */
export async function payBuiltinCheckout(deps: BillingDeps, caller: BillingCaller, checkoutId: string) {
  const builtin = deps.payments.builtin;
  const found = await findCheckout(deps, caller, checkoutId);
  if (!builtin || !found || found.checkout.provider !== "builtin") throw notFound("No such checkout.");
  if (found.checkout.status !== "open") throw new AppError("conflict", "This checkout is already completed.");
  const signed = builtin.paymentEvent({ id: found.checkout.id, amount: found.checkout.amount, currency: found.checkout.currency }, deps.now());
  const outcome = await receiveWebhook(deps, "builtin", signed.rawBody, new Headers(signed.headers));
  return { slug: found.slug, outcome };
}
