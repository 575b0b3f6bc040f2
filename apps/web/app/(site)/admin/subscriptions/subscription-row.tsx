import type { AdminSubscription, SubscriptionPaymentView } from "@streamkit/api-contract";
import { plans } from "@streamkit/plans";
import { intervalAdverb, paymentKindWords, perInterval, statusClass, statusWords } from "@/components/billing/billing-words";
import { ActionForm } from "@/components/commerce/action-form";
import { formatMoney } from "@/components/commerce/money";
import { formatDate } from "@/components/format";
import { refundSubscriptionPayment } from "@/lib/server/admin-subscription-actions";
import { CopyId } from "../copy-id";

export type OperatorPayment = SubscriptionPaymentView & { refundableUntil: string };

/** One subscription: who, what, its state and renewal, and its payments with a Refund while each one's refund window is open. */
export function SubscriptionRow({
  subscription,
  payments,
  now,
  back,
}: {
  subscription: AdminSubscription;
  payments: OperatorPayment[];
  now: Date;
  /** The search to come back to after a refund (hidden fields). */
  back: Record<string, string>;
}) {
  const end = subscription.currentPeriodEnd;
  return (
    <tr data-testid="admin-subscription-row" data-subscription-id={subscription.id}>
      <td>
        <strong>{subscription.accountName}</strong>
        <br />
        <small className="muted">{subscription.accountEmail ?? "no email address"}</small>
        <br />
        <CopyId id={subscription.accountId} label="Account id" />
      </td>
      <td data-testid="subscription-plan">
        {plans[subscription.plan].title}, {intervalAdverb[subscription.interval]}
        {subscription.scheduledPlan ? (
          <>
            <br />
            <small className="muted">then {plans[subscription.scheduledPlan].title}</small>
          </>
        ) : null}
      </td>
      <td>
        <span className={`status ${statusClass[subscription.status]}`} data-testid="subscription-status">
          {statusWords[subscription.status]}
        </span>
        {subscription.cancelAtPeriodEnd && subscription.status !== "ended" ? (
          <>
            <br />
            <small className="muted">cancelled</small>
          </>
        ) : null}
        {subscription.graceEndsAt ? (
          <>
            <br />
            <small className="muted">grace until {formatDate(subscription.graceEndsAt)}</small>
          </>
        ) : null}
      </td>
      <td>
        {subscription.nextRenewal ? (
          <time dateTime={subscription.nextRenewal.at}>{formatDate(subscription.nextRenewal.at)}</time>
        ) : end && subscription.status !== "ended" ? (
          <>
            ends <time dateTime={end}>{formatDate(end)}</time>
          </>
        ) : (
          <span className="muted">—</span>
        )}
      </td>
      <td className="num">
        {formatMoney(subscription.amount, subscription.currency)} <small className="muted">{subscription.currency}</small>
        <br />
        <small className="muted">{perInterval[subscription.interval]}</small>
      </td>
      <td>
        {payments.length === 0 ? (
          <span className="muted">None</span>
        ) : (
          <ul className="subscription-payments">
            {payments.map((payment) => (
              <PaymentItem key={payment.id} payment={payment} subscription={subscription} now={now} back={back} />
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}

function PaymentItem({
  payment,
  subscription,
  now,
  back,
}: {
  payment: OperatorPayment;
  subscription: AdminSubscription;
  now: Date;
  back: Record<string, string>;
}) {
  const amount = formatMoney(payment.amount, payment.currency);
  const open = Date.parse(payment.refundableUntil) >= now.getTime();
  return (
    <li data-testid="admin-subscription-payment" data-payment-id={payment.id}>
      <span>
        <time dateTime={payment.paidAt}>{formatDate(payment.paidAt)}</time> · {amount} · {paymentKindWords[payment.kind]}
      </span>{" "}
      <span className={`status ${payment.status}`}>{payment.status === "paid" ? "Paid" : "Refunded"}</span>
      {payment.status === "refunded" ? null : open ? (
        <details className="refund">
          <summary>Refund…</summary>
          <ActionForm
            action={refundSubscriptionPayment}
            hidden={{ payment: payment.id, subscription: subscription.id, ...back }}
            submit={`Refund ${amount}`}
            submitClassName="button danger small"
            pendingText="Refunding…"
            className="confirm"
            aria-label={`Refund ${amount} to ${subscription.accountName}`}
          >
            <p>
              Give {amount} back to {subscription.accountName}?{" "}
              {payment.kind === "proration"
                ? "It paid for an upgrade: the plan stays as it is."
                : "If it paid for the current period, the subscription ends now and the account loses the plan."}{" "}
              Possible until {formatDate(payment.refundableUntil)}.
            </p>
          </ActionForm>
        </details>
      ) : (
        <small className="muted"> window closed {formatDate(payment.refundableUntil)}</small>
      )}
    </li>
  );
}
