/**
 * The billing feature's HTTP side, for the composition root and the other
 * features: its tRPC routers, raw routes and operator commands. The services
 * behind them are @streamkit/billing's, which features import directly.
 */
export { billingRouter } from "./router";
export { commerceRouter } from "./commerce-router";
export { adminSubscriptionsRouter } from "./admin-router";
export { subscriptionCommands } from "./admin-commands";
export { MAX_WEBHOOK_BYTES, webhookRoute } from "./webhook-route";
export { devClockRoute } from "./dev-clock-route";
