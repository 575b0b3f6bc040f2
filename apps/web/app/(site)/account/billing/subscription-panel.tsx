import type { Billing, SubscriptionView } from "@streamkit/api-contract";
import { plans } from "@streamkit/plans";
import Link from "next/link";
import { endedReasonWords, intervalAdverb, providerNames, statusClass, statusWords } from "@/components/billing/billing-words";
import { ActionForm } from "@/components/commerce/action-form";
import { formatMoney } from "@/components/commerce/money";
import { formatDate } from "@/components/format";
import { changeSubscription, managePaymentMethod } from "@/lib/server/billing-actions";

/** The subscription: its state in words, and what the subscriber can do about it now. */
export function SubscriptionPanel({ billing }: { billing: Billing }) {
  const subscription = billing.subscription;
  return (
    <section className="panel" aria-labelledby="subscription-title">
      <h2 id="subscription-title">Subscription</h2>
      {!subscription ? (
        <p>
          You have no subscription. <Link href="/plans">See the plans</Link> to upgrade.
        </p>
      ) : subscription.status === "incomplete" ? (
        <Unpaid subscription={subscription} />
      ) : subscription.status === "ended" ? (
        <p data-testid="subscription-ended">
          Your {plans[subscription.plan].title} subscription ended
          {subscription.endedAt ? ` on ${formatDate(subscription.endedAt)}` : ""}
          {subscription.endedReason ? `: ${endedReasonWords[subscription.endedReason]}` : ""}. <Link href="/plans">Subscribe again</Link> whenever you like.
        </p>
      ) : (
        <Live subscription={subscription} basePlan={plans[billing.basePlan].title} managementUrl={billing.managementUrl} />
      )}
    </section>
  );
}

function Unpaid({ subscription }: { subscription: SubscriptionView }) {
  return (
    <>
      <p>
        You started paying for {plans[subscription.plan].title} ({intervalAdverb[subscription.interval]}) on {formatDate(subscription.createdAt)}, but no
        payment has been confirmed: nothing was charged.
      </p>
      {subscription.provider === "builtin" ? (
        <Link href={`/checkout/builtin/subscription/${subscription.id}`} className="button secondary">
          Continue to the test checkout
        </Link>
      ) : (
        <Link href="/plans">Choose a plan again</Link>
      )}
    </>
  );
}

function Live({ subscription, basePlan, managementUrl }: { subscription: SubscriptionView; basePlan: string; managementUrl: boolean }) {
  const title = plans[subscription.plan].title;
  const periodEnd = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : "the end of the period";
  const renewal = subscription.nextRenewal;
  return (
    <>
      <dl className="facts">
        <dt>Plan</dt>
        <dd>
          {title}, billed {intervalAdverb[subscription.interval]}
        </dd>
        <dt>Status</dt>
        <dd>
          <span className={`status ${statusClass[subscription.status]}`} data-testid="subscription-status">
            {subscription.cancelAtPeriodEnd ? "Cancelled" : statusWords[subscription.status]}
          </span>
        </dd>
        {subscription.currentPeriodStart && subscription.currentPeriodEnd ? (
          <>
            <dt>This period</dt>
            <dd>
              {formatDate(subscription.currentPeriodStart)} – {formatDate(subscription.currentPeriodEnd)}
            </dd>
          </>
        ) : null}
        {renewal ? (
          <>
            <dt>Next renewal</dt>
            <dd data-testid="next-renewal">
              {formatDate(renewal.at)}: {formatMoney(renewal.amount, subscription.currency)} {subscription.currency} for {plans[renewal.plan].title}
            </dd>
          </>
        ) : null}
        <dt>Paid with</dt>
        <dd>{providerNames[subscription.provider] ?? subscription.provider}</dd>
      </dl>

      {subscription.cancelAtPeriodEnd ? (
        <p className="notice" role="status" data-testid="ends-on">
          Ends on {periodEnd}: you keep {title} until then, and nothing more is charged. Afterwards your account is on {basePlan}.
        </p>
      ) : null}
      {subscription.status === "past_due" && subscription.graceEndsAt ? (
        <p className="notice danger" role="alert" data-testid="past-due">
          Your renewal on {periodEnd} could not be charged. You keep {title} until {formatDate(subscription.graceEndsAt)} while the payment is retried; if it
          still fails, your account goes back to {basePlan}.{managementUrl ? " Update your payment method to pay it." : null}
        </p>
      ) : null}
      {subscription.scheduledPlan && subscription.scheduledPlan !== subscription.plan ? (
        <div className="notice" data-testid="scheduled-change">
          <p>
            {subscription.cancelAtPeriodEnd
              ? `Set to change to ${plans[subscription.scheduledPlan].title} on ${periodEnd}, but the subscription is cancelled: that happens only if you resume it.`
              : `Changes to ${plans[subscription.scheduledPlan].title} on ${periodEnd}: you keep ${title} until then.`}
          </p>
          <ActionForm
            action={changeSubscription}
            hidden={{ change: "plan", plan: subscription.plan }}
            submit={`Keep ${title}`}
            submitClassName="button secondary small"
            pendingText="Saving…"
          />
        </div>
      ) : null}

      <div className="billing-actions">
        {managementUrl ? (
          <ActionForm action={managePaymentMethod} submit="Manage payment method" submitClassName="button secondary" pendingText="Opening…" />
        ) : null}
        {subscription.cancelAtPeriodEnd ? (
          <ActionForm action={changeSubscription} hidden={{ change: "resume" }} submit="Resume subscription" pendingText="Resuming…">
            <p className="muted">Take the cancellation back: the subscription renews on {periodEnd} as before.</p>
          </ActionForm>
        ) : (
          <details className="cancel-subscription">
            <summary>Cancel subscription…</summary>
            <ActionForm
              action={changeSubscription}
              hidden={{ change: "cancel" }}
              submit="Cancel at the end of the period"
              submitClassName="button danger"
              pendingText="Cancelling…"
              className="confirm"
            >
              <p>
                You keep {title} until {periodEnd} and nothing more is charged; then your account is on {basePlan}. You can resume until then.
              </p>
            </ActionForm>
          </details>
        )}
      </div>
    </>
  );
}
