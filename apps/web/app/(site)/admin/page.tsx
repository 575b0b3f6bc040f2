import type { Metadata } from "next";
import Link from "next/link";
import { formatMoney } from "@/components/commerce/money";
import { requireStaff } from "@/components/commerce/staff";
import { formatCount, plural } from "@/components/format";
import { api } from "@/lib/server/api";
import { serviceNow } from "@/lib/server/service-clock";

export const metadata: Metadata = { title: "Overview" };

export default async function AdminPage() {
  await requireStaff();
  const caller = await api();
  const [requests, purchases, payouts, totals] = await Promise.all([
    caller.admin.priceRequests(),
    caller.admin.purchases(),
    caller.admin.payouts(),
    caller.admin.accounts.totals(),
  ]);
  // The service's clock, as the API decides refund windows (it differs from the real one only with TEST_CLOCK=on).
  const now = (await serviceNow()).getTime();
  const refundable = purchases.filter((p) => p.status === "paid" && Date.parse(p.refundableUntil) >= now).length;
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Operator</h1>
          <p>Review prices, refund purchases, pay authors and manage accounts. The same operations exist in the operator CLI (npm run -s admin).</p>
        </div>
      </div>
      <div className="admin-cards">
        <Link href="/admin/price-requests" className="panel admin-card">
          <strong>{requests.length}</strong>
          <span>price request{requests.length === 1 ? "" : "s"} waiting for review</span>
        </Link>
        <Link href="/admin/purchases" className="panel admin-card">
          <strong>{refundable}</strong>
          <span>of the latest {purchases.length} purchases still refundable</span>
        </Link>
        <Link href="/admin/accounts" className="panel admin-card">
          <strong>{formatCount(totals.accounts)}</strong>
          <span>
            account{totals.accounts === 1 ? "" : "s"}: {plural(totals.staff, "operator")}, {formatCount(totals.suspended)} suspended
          </span>
        </Link>
        <Link href="/admin/payouts" className="panel admin-card">
          <strong>{payouts.due.length}</strong>
          <span>
            payout{payouts.due.length === 1 ? "" : "s"} due
            {payouts.due.length > 0 ? `: ${payouts.due.map((d) => formatMoney(d.payable, d.currency)).join(", ")}` : ""}
          </span>
        </Link>
      </div>
    </>
  );
}
