import { commerce } from "@streamkit/plans";
import type { Metadata } from "next";
import Link from "next/link";
import { InstallButton } from "@/components/install/install-button";
import { formatMoney } from "@/components/commerce/money";
import { formatDate } from "@/components/format";
import { api } from "@/lib/server/api";
import { requireCaller } from "@/lib/server/auth";
import { TableScroll } from "@/components/table-scroll";

export const metadata: Metadata = { title: "My purchases" };

const dateTime = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export default async function PurchasesPage() {
  const caller = await requireCaller("/purchases");
  const purchases = await (await api()).commerce.myPurchases();
  const now = Date.now();
  return (
    <div className="container">
      <div className="page-head">
        <div>
          <h1>My purchases</h1>
          <p>
            Plugins you bought, newest first. Install them in the Streamkit desktop app with Install. A purchase can be refunded for {commerce.refundWindowDays}{" "}
            days after paying; a refunded plugin is no longer yours.
          </p>
        </div>
      </div>
      {purchases.length === 0 ? (
        <div className="empty">
          <p>You have not bought a plugin yet.</p>
          <Link href="/" className="button secondary">
            Browse the marketplace
          </Link>
        </div>
      ) : (
        <section className="panel" aria-labelledby="purchases-title">
          <h2 id="purchases-title" className="visually-hidden">
            Purchases
          </h2>
          <TableScroll>
            <table className="data" aria-labelledby="purchases-title">
              <thead>
                <tr>
                  <th scope="col">Plugin</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">Paid</th>
                  <th scope="col">Refundable until</th>
                </tr>
              </thead>
              <tbody>
                {purchases.map((purchase) => {
                  const windowOpen = Date.parse(purchase.refundableUntil) >= now;
                  return (
                    <tr key={purchase.id} data-testid="purchase-row">
                      <td>
                        <Link href={`/plugins/${encodeURIComponent(purchase.slug)}`}>{purchase.name}</Link>
                        {purchase.status === "paid" ? <InstallButton slug={purchase.slug} name={purchase.name} small plan={caller.account.plan} /> : null}
                      </td>
                      <td className="num">
                        {formatMoney(purchase.amount, purchase.currency)} <small className="muted">{purchase.currency}</small>
                      </td>
                      <td>
                        <span className={`status ${purchase.status}`}>{purchase.status === "paid" ? "Paid" : "Refunded"}</span>
                      </td>
                      <td>
                        <time dateTime={purchase.paidAt} title={`${dateTime.format(new Date(purchase.paidAt))} UTC`}>
                          {formatDate(purchase.paidAt)}
                        </time>
                      </td>
                      <td>
                        {purchase.status === "refunded" ? (
                          <span className="muted">Refunded</span>
                        ) : windowOpen ? (
                          <time dateTime={purchase.refundableUntil}>{formatDate(purchase.refundableUntil)}</time>
                        ) : (
                          <span className="muted">
                            Closed <time dateTime={purchase.refundableUntil}>{formatDate(purchase.refundableUntil)}</time>
                          </span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
        </section>
      )}
    </div>
  );
}
