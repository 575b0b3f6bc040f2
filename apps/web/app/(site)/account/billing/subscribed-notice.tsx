import type { SubscriptionView } from "@streamkit/api-contract";
import { plans } from "@streamkit/plans";
import Link from "next/link";
import { intervalAdverb } from "@/components/billing/billing-words";

/** While the provider's confirmation has not arrived: reload every few seconds, for about two minutes, then leave it to the subscriber. */
const RELOAD_SECONDS = 3;
export const MAX_RELOADS = 40;

/**
 * Where every provider sends the subscriber back after paying. The
 * subscription becomes active only once the provider's signed event has been
 * applied, which may come a moment after the subscriber does: until then the
 * notice says so and the page reloads itself (a meta refresh, no script).
 */
export function SubscribedNotice({ subscription, reloads }: { subscription: SubscriptionView; reloads: number }) {
  const title = plans[subscription.plan].title;
  const here = (wait?: number) => `/account/billing?${new URLSearchParams({ subscribed: subscription.id, ...(wait ? { wait: String(wait) } : {}) })}`;
  if (subscription.status === "active" || subscription.status === "past_due") {
    return (
      <p className="notice success" role="status" data-testid="subscribed-notice">
        Thank you! You subscribe to {title}, {intervalAdverb[subscription.interval]}: everything {title} includes is yours now.
      </p>
    );
  }
  if (subscription.status === "ended") {
    return (
      <p className="notice" role="status" data-testid="subscribed-notice">
        {subscription.endedReason === "superseded"
          ? "You already had a subscription, so this second payment is being refunded to you. Nobody pays twice."
          : "This subscription has ended."}
      </p>
    );
  }
  const keepWaiting = reloads < MAX_RELOADS;
  return (
    <div className="notice" role="status" data-testid="subscribed-notice" aria-busy={keepWaiting}>
      {keepWaiting ? <meta httpEquiv="refresh" content={`${RELOAD_SECONDS}; url=${here(reloads + 1)}`} /> : null}
      <p>
        Waiting for the payment provider to confirm your payment for {title}; that usually takes a few seconds.{" "}
        {keepWaiting
          ? `This page checks again every ${RELOAD_SECONDS} seconds.`
          : "This is taking longer than usual: if you were charged, the plan applies as soon as the confirmation arrives, nothing is lost."}
      </p>
      <Link href={here()}>Check again</Link>
    </div>
  );
}
