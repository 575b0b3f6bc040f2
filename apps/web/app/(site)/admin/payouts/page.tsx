import { commerce } from "@streamkit/plans";
import type { Metadata } from "next";
import { formatMoney, payoutMethodNames } from "@/components/commerce/money";
import { RunPayoutsForm } from "@/components/commerce/run-payouts-form";
import { requireStaff } from "@/components/commerce/staff";
import { formatDate } from "@/components/format";
import { api } from "@/lib/server/api";
import { DataTable } from "@/components/data-table";
import { PayoutCells } from "@/components/commerce/payout-cells";

export const metadata: Metadata = { title: "Payouts" };

export default async function AdminPayoutsPage() {
  await requireStaff();
  const { due, history } = await (await api()).admin.payouts();
  const minimums = Object.entries(commerce.payoutMinimum)
    .map(([currency, minimum]) => formatMoney(minimum, currency))
    .join(" or ");
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Payouts</h1>
          <p>
            A run pays every author whose payable balance (past the {commerce.refundWindowDays}-day refund window, not yet paid) reached the minimum of{" "}
            {minimums}, per currency. Send the money by the chosen method, then record it here.
          </p>
        </div>
      </div>
      <div className="layout-2">
        <section className="panel" aria-labelledby="due-title">
          <h2 id="due-title">Due now</h2>
          <DataTable labelledBy="due-title" columns={["Author", { label: "Payable", numeric: true }]} rows={due.length} empty="Nobody has reached the minimum.">
            {due.map((d) => (
              <tr key={`${d.author.id}-${d.currency}`}>
                <td>
                  {d.author.name} {d.author.email ? <small className="muted">{d.author.email}</small> : null}
                </td>
                <td className="num">{formatMoney(d.payable, d.currency)}</td>
              </tr>
            ))}
          </DataTable>
        </section>
        <section className="panel" aria-labelledby="run-title">
          <h2 id="run-title">Run payouts</h2>
          <RunPayoutsForm methods={commerce.payoutMethods.map((value) => ({ value, label: payoutMethodNames[value] }))} />
        </section>
      </div>
      <section className="panel" aria-labelledby="history-title">
        <h2 id="history-title">History</h2>
        <DataTable
          labelledBy="history-title"
          columns={["Date", "Author", { label: "Amount", numeric: true }, "Method", "Reference"]}
          rows={history.length}
          empty="No payouts yet."
        >
          {history.map((payout) => (
            <tr key={payout.id}>
              <td>
                <time dateTime={payout.createdAt}>{formatDate(payout.createdAt)}</time>
              </td>
              <td>
                {payout.author.name} {payout.author.email ? <small className="muted">{payout.author.email}</small> : null}
              </td>
              <PayoutCells payout={payout} />
            </tr>
          ))}
        </DataTable>
      </section>
    </>
  );
}
