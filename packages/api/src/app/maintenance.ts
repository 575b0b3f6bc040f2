import { rateLimits } from "@streamkit/api-contract";
import type { AppDeps } from "../shared/deps";
import { deleteExpiredCodes, deleteExpiredTokens } from "../oauth";
import { deleteRateLimitWindowsBefore } from "../shared/limits/database-store";
import { runSubscriptionSweep } from "@streamkit/billing";

/** The longest rate-limit window in use (publishes per hour), plus an hour's margin. */
const KEEP_WINDOWS_MS = (Math.max(...Object.values(rateLimits).map((l) => l.windowSeconds)) + 60 * 60) * 1000;
const EVERY_MS = 10 * 60 * 1000;
const BILLING_EVERY_MS = 5 * 60 * 1000;
/** Spent OAuth codes and tokens are kept a day past their expiry, so a reused one is still recognised as reused. */
const KEEP_OAUTH_MS = 24 * 60 * 60 * 1000;

/** Background housekeeping of one server process; timers never keep the process alive. */
export function startMaintenance(deps: AppDeps): NodeJS.Timeout[] {
  const sweep = setInterval(() => {
    deleteRateLimitWindowsBefore(deps.db, new Date(deps.now().getTime() - KEEP_WINDOWS_MS)).catch((error: unknown) =>
      deps.log.warn({ err: error }, "could not delete old rate-limit windows"),
    );
    const oauthBefore = new Date(deps.now().getTime() - KEEP_OAUTH_MS);
    Promise.all([deleteExpiredCodes(deps.db, oauthBefore), deleteExpiredTokens(deps.db, oauthBefore)]).catch((error: unknown) =>
      deps.log.warn({ err: error }, "could not delete expired OAuth codes and tokens"),
    );
  }, EVERY_MS);
  sweep.unref();
  // Renewals of the built-in provider and subscriptions whose plan ran out (@streamkit/billing: runSubscriptionSweep).
  const billing = setInterval(() => {
    runSubscriptionSweep(deps).catch((error: unknown) => deps.log.warn({ err: error }, "could not run the subscription sweep"));
  }, BILLING_EVERY_MS);
  billing.unref();
  return [sweep, billing];
}
