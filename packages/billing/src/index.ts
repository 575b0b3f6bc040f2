/**
 * @streamkit/billing: money in and out — payment providers, plugin checkout
 * and purchases, provider webhooks, the authors' ledger and payouts, Pro and
 * Ultimate subscriptions with their renewals and refunds. The API's routers
 * and raw routes are its callers; it knows nothing of HTTP or of the API.
 */
export type { BillingCaller, BillingDeps } from "./deps";

// Providers.
export type {
  CheckoutRequest,
  CheckoutSession,
  PaymentProvider,
  PlanChange,
  ProviderEvent,
  ProviderId,
  ProviderSubscriptionRef,
  SubscriptionCheckoutRequest,
  SubscriptionEvent,
  SubscriptionProvider,
} from "./providers/provider";
export { WEBHOOK_TOLERANCE_SECONDS, WebhookSignatureError } from "./providers/provider";
export { createPayments, type Payments } from "./providers/registry";
export { type PaymentsEnv, realProviders } from "./providers/real-providers";
export { BUILTIN_SIGNATURE_HEADER, BuiltinProvider } from "./providers/builtin";
export type { SignedEvent } from "./providers/builtin-signer";
export { signPayload } from "./providers/signature";
export { STRIPE_SIGNATURE_HEADER, StripeProvider, type StripeProviderOptions } from "./providers/stripe";
export {
  RAZORPAY_EVENT_ID_HEADER,
  RAZORPAY_SIGNATURE_HEADER,
  RazorpayProvider,
  type RazorpayProviderOptions,
  RazorpayRequestError,
} from "./providers/razorpay";

// Webhooks: the one way a provider's word becomes a purchase, a payment or a refund.
export { applyEvent, type EventOutcome, receiveWebhook } from "./webhooks/receive-webhook";

// Plugin checkout and purchases.
export { findCheckout, startCheckout } from "./checkout/checkout";
export { payBuiltinCheckout } from "./checkout/builtin-checkout";
export { listPurchases, recentPurchases, refundPurchase } from "./purchases/purchases";
export { findPurchases } from "./purchases/admin-purchases";

// The authors' ledger and payouts.
export { type Balance, balances, runPayouts, salesReport } from "./ledger/ledger";
export { payoutOverview } from "./ledger/payout-overview";

// Subscriptions, the billing page and complimentary plans.
export {
  cancelSubscription,
  changeSubscriptionPlan,
  findOwnSubscription,
  payBuiltinSubscription,
  resumeSubscription,
  setBuiltinTestCard,
  startSubscription,
  subscriptionManagementUrl,
} from "./subscriptions/subscriptions";
export { runSubscriptionSweep, type SweepResult } from "./subscriptions/subscription-renewals";
export { refundSubscriptionPayment } from "./subscriptions/subscription-refunds";
export type { SubscriptionEventOutcome } from "./subscriptions/subscription-events";
export { billingOverview, receipt } from "./subscriptions/billing-overview";
export { complimentaryInForce, findSubscriptions, subscriptionPaymentsOf } from "./subscriptions/admin-subscriptions";
export { grantComplimentary, revokeComplimentary } from "./subscriptions/complimentary-plans";
