import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ActionForm } from "@/components/commerce/action-form";
import { currencyNames, formatCharge } from "@/components/commerce/money";
import { api } from "@/lib/server/api";
import { requireCaller } from "@/lib/server/auth";
import { payTestCheckout } from "@/lib/server/commerce-actions";
import { TestCheckoutIntro } from "@/components/commerce/test-checkout-intro";

export const metadata: Metadata = { title: "Streamkit test payments", robots: { index: false } };

type Params = Promise<{ id: string }>;

/**
 * The built-in payment provider's hosted checkout: what Stripe's or
 * Razorpay's page is for real money. Pay confirms the payment with the
 * provider's signed event, through the same webhook handler as theirs; Cancel
 * goes back to the cancel address every provider uses.
 */
export default async function BuiltinCheckoutPage({ params }: { params: Params }) {
  const { id } = await params;
  await requireCaller(`/checkout/builtin/${encodeURIComponent(id)}`);
  const checkout = await (await api()).commerce.checkout({ id });
  if (checkout?.provider !== "builtin") notFound();
  const amount = formatCharge(checkout.amount, checkout.currency);
  const buyHref = `/plugins/${encodeURIComponent(checkout.slug)}/buy`;

  return (
    <div className="container narrow">
      <section className="form-card test-checkout" aria-labelledby="test-pay-title">
        <TestCheckoutIntro>
          This is the built-in payment provider for trying the shop out. Paying here records a purchase exactly like a real payment, but no card is asked for
          and nothing is charged.
        </TestCheckoutIntro>
        <dl className="facts order-summary">
          <dt>Pay to</dt>
          <dd>Streamkit</dd>
          <dt>For</dt>
          <dd>{checkout.name} (Streamkit plugin)</dd>
          <dt>Amount</dt>
          <dd>
            <strong className="charge" data-testid="test-amount">
              {amount}
            </strong>{" "}
            {checkout.currency} · {currencyNames[checkout.currency as keyof typeof currencyNames] ?? checkout.currency}
          </dd>
        </dl>
        {checkout.status === "open" ? (
          <>
            <ActionForm action={payTestCheckout} hidden={{ checkout: checkout.id }} submit={`Pay ${amount}`} pendingText="Paying…" />
            <div className="form-actions">
              <Link href={`${buyHref}?cancelled=1`} className="button secondary">
                Cancel
              </Link>
            </div>
          </>
        ) : checkout.status === "cancelled" ? (
          <p>
            This checkout was cancelled. <Link href={buyHref}>Start again</Link>.
          </p>
        ) : (
          <p>
            This checkout is already paid. <Link href={`${buyHref}/complete?checkout=${encodeURIComponent(checkout.id)}`}>See your purchase</Link>.
          </p>
        )}
      </section>
    </div>
  );
}
