import type { Billing } from "@streamkit/api-contract";
import { billingIntervals, type PaidPlan, type PlanName, planCharge, planRank, plans } from "@streamkit/plans";
import Link from "next/link";
import { intervalAdverb, isLive, perInterval } from "@/components/billing/billing-words";
import { formatCharge } from "@/components/commerce/money";
import { formatDate } from "@/components/format";
import { ActionForm } from "@/components/commerce/action-form";
import { startSubscription } from "@/lib/server/billing-actions";

/**
 * What a paid plan costs this visitor (the plans' price table, in the
 * visitor's currency) and what they can do about it: Upgrade per interval,
 * "Change plan" on the billing page when they already subscribe, or nothing
 * when the operator gave the account that plan for good.
 */
export function PlanOffer({ plan, country, billing, signedIn }: { plan: PaidPlan; country: string | null; billing: Billing | null; signedIn: boolean }) {
  const title = plans[plan].title;
  const monthly = planCharge(plan, "month", country);
  const yearly = planCharge(plan, "year", country);
  const saving = monthly.amount * 12 - yearly.amount;
  const live = isLive(billing?.subscription) ? billing?.subscription : null;
  const current: PlanName = billing?.plan ?? "free";
  return (
    <div className="plan-offer" data-testid={`offer-${plan}`}>
      <p className="plan-price">
        <strong data-testid={`price-${plan}-month`}>{formatCharge(monthly.amount, monthly.currency)}</strong> {perInterval.month}
        <span className="muted">
          {" "}
          or <strong data-testid={`price-${plan}-year`}>{formatCharge(yearly.amount, yearly.currency)}</strong> {perInterval.year}
          {saving > 0 ? ` (save ${formatCharge(saving, yearly.currency)})` : null}
        </span>
      </p>
      {live ? (
        live.plan === plan ? (
          <p>
            {live.cancelAtPeriodEnd
              ? `Your ${title} subscription is cancelled: you keep it until ${live.currentPeriodEnd ? formatDate(live.currentPeriodEnd) : "the end of the period"}.`
              : `You subscribe to ${title}, ${intervalAdverb[live.interval]}.`}{" "}
            <Link href="/account/billing">Billing</Link>
          </p>
        ) : (
          <Link href="/account/billing#change-plan" className="button secondary">
            Change plan
          </Link>
        )
      ) : billing && planRank(billing.basePlan) >= planRank(plan) ? (
        <p className="muted">Included in your plan.</p>
      ) : (
        <>
          {billing?.complimentary && planRank(current) >= planRank(plan) ? (
            <p className="muted">
              Your complimentary {plans[billing.complimentary.plan].title} plan ends on {formatDate(billing.complimentary.endsAt)}; subscribe to keep {title}{" "}
              after that.
            </p>
          ) : null}
          {billingIntervals.map((interval) => {
            const charge = planCharge(plan, interval, country);
            const verb = planRank(plan) > planRank(current) ? "Upgrade to" : "Subscribe to";
            return (
              <ActionForm
                key={interval}
                action={startSubscription}
                hidden={{ plan, interval }}
                submit={`${verb} ${title} — ${formatCharge(charge.amount, charge.currency)} ${perInterval[interval]}`}
                submitClassName={interval === "month" ? "button" : "button secondary"}
                pendingText="Starting the payment…"
                className="plan-upgrade"
                aria-label={`${verb} ${title}, ${intervalAdverb[interval]}`}
              />
            );
          })}
          {signedIn ? null : <p className="hint">You will sign in or create an account first.</p>}
        </>
      )}
    </div>
  );
}
