import type { SubscriptionView } from "@streamkit/api-contract";
import { paidPlanNames, planAmount, planRank, plans, prorationAmount } from "@streamkit/plans";
import { perInterval } from "@/components/billing/billing-words";
import { ActionForm } from "@/components/commerce/action-form";
import { formatCharge, formatMoney } from "@/components/commerce/money";
import { formatDate } from "@/components/format";
import { changeSubscription } from "@/lib/server/billing-actions";

/**
 * Pro ↔ Ultimate, with what each costs from the plans' price table: an
 * upgrade applies now and charges the difference for the rest of the period
 * (the same proration rule the API charges); a downgrade applies at the
 * period's end and the renewal charges the lower price. A cancelled
 * subscription renews no more: an upgrade lasts until its end, and there is
 * no renewal to switch (resuming it comes first).
 */
export function ChangePlan({ subscription, now }: { subscription: SubscriptionView; now: Date }) {
  const { interval, currency } = subscription;
  const periodEnd = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : "the end of the period";
  const currentAmount = planAmount(subscription.plan, interval, currency);
  const others = paidPlanNames.filter((plan) => plan !== subscription.plan && plan !== subscription.scheduledPlan);
  const cancelled = subscription.cancelAtPeriodEnd;
  return (
    <section className="panel" id="change-plan" aria-labelledby="change-plan-title">
      <h2 id="change-plan-title">Change plan</h2>
      {subscription.status === "past_due" ? (
        <p>Your last renewal is unpaid: once it is paid you can change plan.</p>
      ) : others.length === 0 ? (
        <p className="muted">Your change is scheduled above.</p>
      ) : (
        others.map((plan) => {
          const title = plans[plan].title;
          const amount = planAmount(plan, interval, currency);
          const price = `${formatCharge(amount, currency)} ${perInterval[interval]}`;
          if (planRank(plan) > planRank(subscription.plan)) {
            const start = subscription.currentPeriodStart ? new Date(subscription.currentPeriodStart) : now;
            const end = subscription.currentPeriodEnd ? new Date(subscription.currentPeriodEnd) : now;
            const today = prorationAmount(currentAmount, amount, start, end, now);
            return (
              <ActionForm
                key={plan}
                action={changeSubscription}
                hidden={{ change: "plan", plan }}
                submit={`Upgrade to ${title} now`}
                pendingText="Upgrading…"
                className="change-plan"
                aria-label={`Upgrade to ${title}`}
              >
                {cancelled ? (
                  <p>
                    <strong>{title}</strong> applies at once, until your cancelled subscription ends on {periodEnd}. You pay the difference for the rest of this
                    period — about <span data-testid="proration">{formatMoney(today, currency)}</span> today — and nothing after it: nothing renews unless you
                    resume the subscription.
                  </p>
                ) : (
                  <p>
                    <strong>{title}</strong> applies at once. You pay the difference for the rest of this period — about{" "}
                    <span data-testid="proration">{formatMoney(today, currency)}</span> today — and {price} from {periodEnd}.
                  </p>
                )}
              </ActionForm>
            );
          }
          if (cancelled) {
            return (
              <p key={plan} className="muted" data-testid="no-switch">
                <strong>{title}</strong>: your subscription is cancelled, so nothing renews on {periodEnd} and there is no renewal to switch. Resume it first to
                renew on {title} instead.
              </p>
            );
          }
          return (
            <ActionForm
              key={plan}
              action={changeSubscription}
              hidden={{ change: "plan", plan }}
              submit={`Switch to ${title} on ${periodEnd}`}
              submitClassName="button secondary"
              pendingText="Saving…"
              className="change-plan"
              aria-label={`Switch to ${title}`}
            >
              <p>
                <strong>{title}</strong> applies at the end of this period: you keep {plans[subscription.plan].title} until {periodEnd}, then the renewal
                charges {price}. Nothing is refunded for the current period.
              </p>
            </ActionForm>
          );
        })
      )}
    </section>
  );
}
