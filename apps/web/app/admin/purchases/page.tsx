import { commerce } from "@streamkit/plans";
import type { Metadata } from "next";
import Link from "next/link";
import { ActionForm } from "@/components/commerce/action-form";
import { formatMoney } from "@/components/commerce/money";
import { requireStaff } from "@/components/commerce/staff";
import { formatDate } from "@/components/format";
import { api } from "@/lib/server/api";
import { refundPurchase } from "@/lib/server/commerce-actions";
import { DataTable } from "@/components/data-table";

export const metadata: Metadata = { title: "Purchases and refunds" };

const providerNames: Record<string, string> = { builtin: "Test payments", stripe: "Stripe", razorpay: "Razorpay" };

export default async function AdminPurchasesPage() {
  await requireStaff();
  const purchases = await (await api()).admin.purchases();
  const now = Date.now();
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Purchases and refunds</h1>
          <p>
            The latest purchases, newest first (up to 100). A purchase can be refunded for {commerce.refundWindowDays} days after paying: the provider returns
            the money, the buyer loses the plugin and the author’s share is taken back.
          </p>
        </div>
      </div>
      <section className="panel" aria-labelledby="purchases-title">
        <h2 id="purchases-title" className="visually-hidden">
          Latest purchases
        </h2>
        <DataTable
          labelledBy="purchases-title"
          columns={["Paid", "Plugin", "Buyer", "Provider", { label: "Amount", numeric: true }, "Status", "Refund"]}
          rows={purchases.length}
          empty="No purchases yet."
        >
          {purchases.map((purchase) => {
            const open = Date.parse(purchase.refundableUntil) >= now;
            const amount = formatMoney(purchase.amount, purchase.currency);
            return (
              <tr key={purchase.id} data-testid="admin-purchase-row" data-purchase-id={purchase.id}>
                <td>
                  <time dateTime={purchase.paidAt}>{formatDate(purchase.paidAt)}</time>
                </td>
                <td>
                  <Link href={`/plugins/${encodeURIComponent(purchase.slug)}`}>{purchase.name}</Link>
                  <br />
                  <code>{purchase.slug}</code>
                </td>
                <td>
                  {purchase.buyer.name}
                  <br />
                  <small className="muted" title={purchase.accountId}>
                    {purchase.buyer.email ?? "no email address"}
                  </small>
                </td>
                <td>{providerNames[purchase.provider] ?? purchase.provider}</td>
                <td className="num">
                  {amount} <small className="muted">{purchase.currency}</small>
                </td>
                <td>
                  <span className={`status ${purchase.status}`}>{purchase.status === "paid" ? "Paid" : "Refunded"}</span>
                </td>
                <td>
                  {purchase.status === "refunded" ? (
                    <span className="muted">Refunded</span>
                  ) : open ? (
                    <details className="refund">
                      <summary>Refund…</summary>
                      <ActionForm
                        action={refundPurchase}
                        hidden={{ id: purchase.id }}
                        submit={`Refund ${amount}`}
                        submitClassName="button danger small"
                        pendingText="Refunding…"
                        className="confirm"
                        aria-label={`Refund ${purchase.name}`}
                      >
                        <p>
                          Give {amount} back to the buyer of {purchase.name}? They lose the plugin. Possible until {formatDate(purchase.refundableUntil)}.
                        </p>
                      </ActionForm>
                    </details>
                  ) : (
                    <span className="muted">
                      Window closed <time dateTime={purchase.refundableUntil}>{formatDate(purchase.refundableUntil)}</time>
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      </section>
    </>
  );
}
