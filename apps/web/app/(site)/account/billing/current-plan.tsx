import type { Billing } from "@streamkit/api-contract";
import { plans } from "@streamkit/plans";
import Link from "next/link";
import { intervalAdverb, isLive } from "@/components/billing/billing-words";
import { formatDate } from "@/components/format";

/** Where the plan in force comes from: the subscription, a complimentary plan, or the account's base plan (the API takes the highest). */
function planSource(billing: Billing): string {
  const subscription = isLive(billing.subscription) ? billing.subscription : null;
  if (subscription && subscription.plan === billing.plan) return `Through your ${intervalAdverb[subscription.interval]} subscription.`;
  const gift = billing.complimentary;
  if (gift && gift.plan === billing.plan) {
    return `Complimentary until ${formatDate(gift.endsAt)}, given by Streamkit; then ${plans[billing.basePlan].title}${subscription ? " or your subscription’s plan" : ""}.`;
  }
  return billing.basePlan === "free" ? "The free plan." : "Set on your account by Streamkit.";
}

export function CurrentPlan({ billing }: { billing: Billing }) {
  return (
    <section className="panel" aria-labelledby="current-plan-title">
      <h2 id="current-plan-title">Your plan</h2>
      <p className="plan-now" data-testid="billing-plan">
        {plans[billing.plan].title}
      </p>
      <p data-testid="plan-source">{planSource(billing)}</p>
      <p className="muted">{plans[billing.plan].summary}</p>
      <Link href="/plans">Compare plans</Link>
    </section>
  );
}
