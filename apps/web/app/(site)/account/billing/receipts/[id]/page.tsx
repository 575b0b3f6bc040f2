import { plans } from "@streamkit/plans";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { intervalAdverb, providerNames } from "@/components/billing/billing-words";
import { PrintButton } from "@/components/billing/print-button";
import { currencyNames, formatMoney } from "@/components/commerce/money";
import { formatDate } from "@/components/format";
import { api } from "@/lib/server/api";
import { requireCaller } from "@/lib/server/auth";
import { isUuid } from "@/lib/is-uuid";
import { orNotFound } from "@/lib/server/errors";

export const metadata: Metadata = { title: "Receipt", robots: { index: false } };

type Params = Promise<{ id: string }>;

/** A printable receipt for one of the visitor's subscription payments; anyone else's is not found. The print stylesheet drops the site's chrome. */
export default async function ReceiptPage({ params }: { params: Params }) {
  const { id } = await params;
  await requireCaller(`/account/billing/receipts/${encodeURIComponent(id)}`);
  if (!isUuid(id)) notFound();
  const receipt = await orNotFound((await api()).billing.receipt({ id }));
  const { payment } = receipt;
  const amount = formatMoney(payment.amount, payment.currency);
  return (
    <div className="container narrow-wide">
      <nav className="breadcrumbs no-print" aria-label="Breadcrumb">
        <Link href="/account">Account</Link> / <Link href="/account/billing">Billing</Link> / <span aria-current="page">Receipt</span>
      </nav>
      <article className="panel receipt" aria-labelledby="receipt-title">
        <header className="receipt-head">
          <p className="receipt-brand">
            <span aria-hidden="true">▶</span> Streamkit
          </p>
          <h1 id="receipt-title">Receipt</h1>
        </header>
        <dl className="facts">
          <dt>Receipt number</dt>
          <dd data-testid="receipt-number">{receipt.number}</dd>
          <dt>Date paid</dt>
          <dd>
            <time dateTime={payment.paidAt}>{formatDate(payment.paidAt)}</time>
          </dd>
          <dt>Billed to</dt>
          <dd>
            {receipt.accountName}
            {receipt.accountEmail ? (
              <>
                <br />
                {receipt.accountEmail}
              </>
            ) : null}
          </dd>
          <dt>Description</dt>
          <dd data-testid="receipt-description">{receipt.description}</dd>
          <dt>Plan</dt>
          <dd>
            {plans[payment.plan].title}, billed {intervalAdverb[receipt.interval]}
          </dd>
          <dt>Period</dt>
          <dd>
            {formatDate(payment.periodStart)} – {formatDate(payment.periodEnd)}
          </dd>
          <dt>Paid with</dt>
          <dd>{providerNames[payment.provider] ?? payment.provider}</dd>
          <dt>Status</dt>
          <dd data-testid="receipt-status">
            {payment.status === "refunded" ? `Refunded${payment.refundedAt ? ` on ${formatDate(payment.refundedAt)}` : ""}` : "Paid"}
          </dd>
        </dl>
        <p className="receipt-total">
          <span>Amount</span>
          <strong data-testid="receipt-amount">
            {amount} {payment.currency}
          </strong>
        </p>
        <p className="muted">
          In {currencyNames[payment.currency]}.{payment.status === "refunded" ? " The whole amount went back to the payment method it was paid with." : null}
          {payment.provider === "builtin" ? " Paid with Streamkit’s test payments: no real money moved." : null}
        </p>
      </article>
      <div className="form-actions no-print">
        <PrintButton label="Print receipt" />
        <Link href="/account/billing" className="button secondary">
          Back to billing
        </Link>
      </div>
      <p className="print-hint no-print">Or use your browser’s Print command (Ctrl+P, ⌘P) — the receipt prints without the site’s header and footer.</p>
    </div>
  );
}
