import type { SalesReport } from "@streamkit/api-contract";
import { commerce, refundWindowEnds } from "@streamkit/plans";
import type { Metadata } from "next";
import Link from "next/link";
import { LineChart } from "@/components/charts/line-chart";
import { salesPerDay } from "@/components/commerce/sales-per-day";
import { authorSharePercent, currencyNames, formatCharge, formatMoney, payoutMethodNames } from "@/components/commerce/money";
import { formatDate } from "@/components/format";
import { api } from "@/lib/server/api";
import { requireCaller } from "@/lib/server/auth";
import { DataTable } from "@/components/data-table";
import { PayoutCells } from "@/components/commerce/payout-cells";

export const metadata: Metadata = { title: "Sales" };

type Sale = SalesReport["sales"][number];

function payoutState(sale: Sale) {
  if (sale.status === "refunded") return <span className="muted">Refunded to the buyer</span>;
  if (sale.paidOut) return <span className="status paid">Paid out</span>;
  if (sale.payable) return <span className="status active">Payable</span>;
  return (
    <span className="status pending" title="Inside the buyer's refund window">
      Held until {formatDate(refundWindowEnds(new Date(sale.paidAt)).toISOString())}
    </span>
  );
}

export default async function SalesPage() {
  await requireCaller("/dashboard/sales");
  const report = await (await api()).commerce.sales();
  const today = new Date();
  const active = report.earnings.filter((e) => e.earned !== 0 || e.paidOut !== 0 || report.sales.some((s) => s.currency === e.currency));
  const shown = active.length > 0 ? active : report.earnings;
  const minimums = report.earnings.map((e) => formatMoney(e.minimum, e.currency)).join(" or ");

  return (
    <div className="container">
      <div className="page-head">
        <div>
          <h1>Sales</h1>
          <p>
            What your plugins earned, what is on its way to you and what has been paid. Prices are set on the <Link href="/dashboard/pricing">Pricing</Link>{" "}
            page.
          </p>
        </div>
      </div>

      <section className="panel" aria-labelledby="rules-title">
        <h2 id="rules-title">How you get paid</h2>
        <ul className="rules">
          <li>
            <strong>You get {authorSharePercent} of every sale</strong>, rounded down to the paisa or cent; Streamkit keeps the rest and pays the payment
            providers’ fees.
          </li>
          <li>
            <strong>Buyers can be refunded for {commerce.refundWindowDays} days.</strong> Your share of a sale is held during that time; a refund takes it back.
            After the {commerce.refundWindowDays} days it becomes payable.
          </li>
          <li>
            <strong>Payable money is paid out once it reaches the minimum</strong> ({minimums}), in the currency the buyers paid in, by{" "}
            {commerce.payoutMethods.map((m) => payoutMethodNames[m]).join(", ")}.
          </li>
        </ul>
      </section>

      <section className="panel" aria-labelledby="earnings-title">
        <h2 id="earnings-title">Earnings</h2>
        <div className="earnings-grid">
          {shown.map((e) => (
            <article key={e.currency} className="earnings-card" aria-label={`Earnings in ${e.currency}`} data-testid={`earnings-${e.currency}`}>
              <h3>
                {currencyNames[e.currency]} <span className="badge">{e.currency}</span>
              </h3>
              <dl className="money-facts">
                <dt>Earned</dt>
                <dd data-testid="earned">{formatMoney(e.earned, e.currency)}</dd>
                <dd className="explain">Your share of every sale so far, minus refunds.</dd>
                <dt>Held</dt>
                <dd data-testid="held">{formatMoney(e.held, e.currency)}</dd>
                <dd className="explain">Sales still inside the buyer’s {commerce.refundWindowDays}-day refund window.</dd>
                <dt>Payable</dt>
                <dd data-testid="payable">{formatMoney(e.payable, e.currency)}</dd>
                <dd className="explain">
                  Past the refund window, not paid out yet.{" "}
                  {e.payable >= e.minimum
                    ? "It is paid out at the next payout run."
                    : `${formatMoney(e.minimum - e.payable, e.currency)} more and it is paid out.`}
                </dd>
                <dt>Paid out</dt>
                <dd data-testid="paid-out">{formatMoney(e.paidOut, e.currency)}</dd>
                <dd className="explain">Already sent to you (see Payouts below).</dd>
                <dt>Minimum</dt>
                <dd>{formatMoney(e.minimum, e.currency)}</dd>
                <dd className="explain">The smallest payout: payable money waits until it reaches this.</dd>
              </dl>
            </article>
          ))}
        </div>
      </section>

      <section className="panel" aria-labelledby="chart-title">
        <h2 id="chart-title">Sales over time</h2>
        {report.sales.length === 0 ? (
          <p className="muted">No sales yet. When someone buys one of your plugins, it shows here.</p>
        ) : (
          salesPerDay(report.sales, today).map(({ currency, points, count }) => (
            <div key={currency} className="sales-chart">
              <h3>
                {currencyNames[currency as keyof typeof currencyNames] ?? currency} ({currency}), per day
              </h3>
              <LineChart
                title={`Sales per day in ${currency}`}
                description={`What buyers paid each day (refunds excluded), from your latest ${count} sale${count === 1 ? "" : "s"} in ${currency}. Your share is ${authorSharePercent} of it.`}
                points={points}
                formatY={(value) => formatCharge(Math.round(value * 100), currency)}
                yLabel={`Sales (${currency})`}
              />
            </div>
          ))
        )}
      </section>

      <section className="panel" aria-labelledby="sales-title">
        <h2 id="sales-title">Latest sales</h2>
        <DataTable
          labelledBy="sales-title"
          columns={["Date", "Plugin", { label: "Buyer paid", numeric: true }, { label: "Your share", numeric: true }, "Status", "Payout"]}
          rows={report.sales.length}
          empty="No sales yet."
        >
          {report.sales.map((sale) => (
            <tr key={sale.id} data-testid="sale-row">
              <td>
                <time dateTime={sale.paidAt}>{formatDate(sale.paidAt)}</time>
              </td>
              <td>{sale.name}</td>
              <td className="num">{formatMoney(sale.amount, sale.currency)}</td>
              <td className="num">{formatMoney(sale.share, sale.currency)}</td>
              <td>
                <span className={`status ${sale.status}`}>{sale.status === "paid" ? "Paid" : "Refunded"}</span>
              </td>
              <td>{payoutState(sale)}</td>
            </tr>
          ))}
        </DataTable>
        {report.sales.length === 100 ? <p className="muted">The latest 100 sales are shown.</p> : null}
      </section>

      <section className="panel" aria-labelledby="payouts-title">
        <h2 id="payouts-title">Payouts</h2>
        <DataTable
          labelledBy="payouts-title"
          columns={["Date", { label: "Amount", numeric: true }, "Method", "Reference"]}
          rows={report.payouts.length}
          empty="No payouts yet."
        >
          {report.payouts.map((payout) => (
            <tr key={payout.id}>
              <td>
                <time dateTime={payout.createdAt}>{formatDate(payout.createdAt)}</time>
              </td>
              <PayoutCells payout={payout} />
            </tr>
          ))}
        </DataTable>
      </section>
    </div>
  );
}
