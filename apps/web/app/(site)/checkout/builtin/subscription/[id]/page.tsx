import { plans } from "@streamkit/plans";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { intervalAdverb, perInterval } from "@/components/billing/billing-words";
import { ActionForm } from "@/components/commerce/action-form";
import { currencyNames, formatCharge } from "@/components/commerce/money";
import { isUuid } from "@/lib/is-uuid";
import { api } from "@/lib/server/api";
import { requireCaller } from "@/lib/server/auth";
import { payTestSubscription } from "@/lib/server/billing-actions";
import { TestCheckoutIntro } from "@/components/commerce/test-checkout-intro";

export const metadata: Metadata = { title: "Streamkit test payments", robots: { index: false } };

type Params = Promise<{ id: string }>;

/**
 * The built-in provider's hosted page for a subscription: what Stripe's
 * Checkout is for real money. Pay confirms the first period with the
 * provider's signed event, through the same webhook handler as theirs; the
 * test card decides whether later renewals succeed. Going back is the cancel
 * address every provider uses (/plans?cancelled=1).
 */
export default async function BuiltinSubscriptionCheckoutPage({ params }: { params: Params }) {
  const { id } = await params;
  await requireCaller(`/checkout/builtin/subscription/${encodeURIComponent(id)}`);
  const subscription = isUuid(id) ? await (await api()).billing.subscription({ id }) : null;
  if (subscription?.provider !== "builtin") notFound();
  const title = plans[subscription.plan].title;
  const amount = formatCharge(subscription.amount, subscription.currency);

  return (
    <div className="container narrow">
      <section className="form-card test-checkout" aria-labelledby="test-pay-title">
        <TestCheckoutIntro>
          This is the built-in payment provider for trying subscriptions out. Paying here starts the subscription exactly like a real payment, but no card is
          asked for and nothing is charged.
        </TestCheckoutIntro>
        <dl className="facts order-summary">
          <dt>Pay to</dt>
          <dd>Streamkit</dd>
          <dt>For</dt>
          <dd data-testid="test-plan">
            Streamkit {title}, {intervalAdverb[subscription.interval]} subscription
          </dd>
          <dt>Amount</dt>
          <dd>
            <strong className="charge" data-testid="test-amount">
              {amount}
            </strong>{" "}
            {subscription.currency} · {currencyNames[subscription.currency]}
          </dd>
          <dt>Renews</dt>
          <dd>
            {amount} {perInterval[subscription.interval]}, until you cancel
          </dd>
        </dl>
        {subscription.status === "incomplete" ? (
          <>
            <ActionForm action={payTestSubscription} hidden={{ subscription: subscription.id }} submit={`Pay ${amount}`} pendingText="Paying…">
              <fieldset className="test-cards">
                <legend>Test card</legend>
                <label>
                  <input type="radio" name="testCard" value="ok" defaultChecked /> Always succeeds
                </label>
                <label>
                  <input type="radio" name="testCard" value="declines" /> Pays now, declines every renewal (to try an overdue payment)
                </label>
              </fieldset>
            </ActionForm>
            <div className="form-actions">
              <Link href="/plans?cancelled=1" className="button secondary">
                Cancel and go back
              </Link>
            </div>
          </>
        ) : subscription.status === "ended" ? (
          <p>
            This checkout is over. <Link href="/plans">Choose a plan</Link> to start again.
          </p>
        ) : (
          <p>
            This subscription is paid. <Link href={`/account/billing?subscribed=${encodeURIComponent(subscription.id)}`}>See your billing</Link>.
          </p>
        )}
      </section>
    </div>
  );
}
