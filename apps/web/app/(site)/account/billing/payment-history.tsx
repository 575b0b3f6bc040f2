import type { Billing } from "@streamkit/api-contract";
import { plans } from "@streamkit/plans";
import Link from "next/link";
import { paymentKindWords } from "@/components/billing/billing-words";
import { formatMoney } from "@/components/commerce/money";
import { DataTable } from "@/components/data-table";
import { formatDate } from "@/components/format";

/** Every subscription payment, newest first, each with its receipt; and the sums per currency (the revenue ledger's). */
export function PaymentHistory({ payments, totals }: Pick<Billing, "payments" | "totals">) {
  return (
    <section className="panel" aria-labelledby="payments-title">
      <h2 id="payments-title">Payments</h2>
      <DataTable
        labelledBy="payments-title"
        columns={["Date", "Description", "Period", { label: "Amount", numeric: true }, "Status", { label: "Receipt", hidden: true }]}
        rows={payments.length}
        empty="No payments yet."
      >
        {payments.map((payment) => (
          <tr key={payment.id} data-testid="billing-payment-row">
            <td>
              <time dateTime={payment.paidAt}>{formatDate(payment.paidAt)}</time>
            </td>
            <td>
              {paymentKindWords[payment.kind]} — {plans[payment.plan].title}
            </td>
            <td>
              {formatDate(payment.periodStart)} – {formatDate(payment.periodEnd)}
            </td>
            <td className="num">
              {formatMoney(payment.amount, payment.currency)} <small className="muted">{payment.currency}</small>
            </td>
            <td>
              <span className={`status ${payment.status}`}>{payment.status === "paid" ? "Paid" : "Refunded"}</span>
            </td>
            <td>
              <Link href={`/account/billing/receipts/${payment.id}`} aria-label={`Receipt of ${formatDate(payment.paidAt)}`}>
                Receipt
              </Link>
            </td>
          </tr>
        ))}
      </DataTable>
      {totals.length > 0 ? (
        <>
          <h3 id="totals-title">Totals</h3>
          <DataTable
            labelledBy="totals-title"
            columns={["Currency", { label: "Paid", numeric: true }, { label: "Refunded", numeric: true }, { label: "Net", numeric: true }]}
            rows={totals.length}
            empty={null}
          >
            {totals.map((total) => (
              <tr key={total.currency} data-testid={`billing-total-${total.currency}`}>
                <th scope="row">{total.currency}</th>
                <td className="num">{formatMoney(total.paid, total.currency)}</td>
                <td className="num">{formatMoney(total.refunded, total.currency)}</td>
                <td className="num" data-testid="net">
                  {formatMoney(total.net, total.currency)}
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      ) : null}
    </section>
  );
}
