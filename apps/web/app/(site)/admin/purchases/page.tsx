import type { AdminPurchase } from "@streamkit/api-contract";
import { commerce } from "@streamkit/plans";
import type { Metadata } from "next";
import Link from "next/link";
import { ActionForm } from "@/components/commerce/action-form";
import { formatMoney } from "@/components/commerce/money";
import { requireStaff } from "@/components/commerce/staff";
import { DataTable } from "@/components/data-table";
import { formatDate } from "@/components/format";
import { api } from "@/lib/server/api";
import { refundPurchase } from "@/lib/server/commerce-actions";
import { AdminPager } from "../admin-pager";
import { isUuid, one, quoted, positionFields, readPosition, type SearchParams, type SearchPosition, searchOrProblem } from "../admin-paging";
import { AdminSearch } from "../admin-search";
import { CopyId } from "../copy-id";
import { serviceNow } from "@/lib/server/service-clock";

export const metadata: Metadata = { title: "Purchases and refunds" };

const PAGE_SIZE = 50;
const PATH = "/admin/purchases";

const providerNames: Record<string, string> = { builtin: "Test payments", stripe: "Stripe", razorpay: "Razorpay" };

export default async function AdminPurchasesPage({ searchParams }: { searchParams: SearchParams }) {
  await requireStaff();
  const params = await searchParams;
  const position = readPosition(params);
  const caller = await api();
  const { page, problem } = await searchOrProblem(caller.admin.findPurchases({ q: position.q, cursor: position.cursor, limit: PAGE_SIZE }));
  // The notice after a refund: the purchase as it is now, so an edited address cannot claim a refund that did not happen.
  const refundedId = one(params.refunded);
  const refunded = isUuid(refundedId)
    ? (await caller.admin.findPurchases({ q: refundedId, limit: 1 })).items.find((p) => p.id === refundedId && p.status === "refunded")
    : undefined;
  // The service's clock, as the API decides refund windows (it differs from the real one only with TEST_CLOCK=on).
  const now = (await serviceNow()).getTime();
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Purchases and refunds</h1>
          <p>
            Every purchase, newest first. A purchase can be refunded for {commerce.refundWindowDays} days after paying: the provider returns the money, the
            buyer loses the plugin and the author’s share is taken back. The operator CLI refunds by id:{" "}
            <code>npm run -s admin -- purchase refund --id ID</code>.
          </p>
        </div>
      </div>
      {refunded ? (
        <p className="form-done" role="status">
          Refunded {formatMoney(refunded.amount, refunded.currency)} to {refunded.buyer.name} for {refunded.name}: the buyer no longer owns it. Purchase{" "}
          <code>{refunded.id}</code>.
        </p>
      ) : null}
      <AdminSearch
        path={PATH}
        label="Search purchases"
        hint="Search by purchase id, the buyer’s email, name or account id, the plugin’s slug or name, or the provider’s payment id."
        q={position.q}
      />
      <section className="panel" aria-labelledby="purchases-title">
        <h2 id="purchases-title">{position.q ? `Purchases matching ${quoted(position.q)}` : "Latest purchases"}</h2>
        {problem ? (
          <div className="empty" role="alert">
            <p>{problem}</p>
            <Link href={PATH} className="button secondary">
              Show the latest purchases
            </Link>
          </div>
        ) : page ? (
          <>
            <DataTable
              labelledBy="purchases-title"
              columns={["Purchase", "Plugin", "Buyer", "Provider", { label: "Amount", numeric: true }, "Status", "Refund"]}
              rows={page.items.length}
              empty={position.q ? `No purchase matches ${quoted(position.q)}.` : "No purchases yet."}
            >
              {page.items.map((purchase) => (
                <PurchaseRow key={purchase.id} purchase={purchase} position={position} now={now} />
              ))}
            </DataTable>
            <AdminPager path={PATH} position={position} next={page.next} />
          </>
        ) : null}
      </section>
    </>
  );
}

function PurchaseRow({ purchase, position, now }: { purchase: AdminPurchase; position: SearchPosition; now: number }) {
  const open = Date.parse(purchase.refundableUntil) >= now;
  const amount = formatMoney(purchase.amount, purchase.currency);
  return (
    <tr data-testid="admin-purchase-row" data-purchase-id={purchase.id}>
      <td>
        <time dateTime={purchase.paidAt}>{formatDate(purchase.paidAt)}</time>
        <br />
        <CopyId id={purchase.id} label="Purchase id" />
      </td>
      <td>
        <Link href={`/plugins/${encodeURIComponent(purchase.slug)}`}>{purchase.name}</Link>
        <br />
        <code>{purchase.slug}</code>
      </td>
      <td>
        {purchase.buyer.name}
        <br />
        <small className="muted" title={`Account ${purchase.buyer.id}`}>
          {purchase.buyer.email ?? "no email address"}
        </small>
      </td>
      <td>
        {providerNames[purchase.provider] ?? purchase.provider}
        <br />
        <small className="muted select-all" title="The provider’s payment id">
          {purchase.providerPaymentId}
        </small>
      </td>
      <td className="num">
        {amount} <small className="muted">{purchase.currency}</small>
      </td>
      <td>
        <span className={`status ${purchase.status}`}>{purchase.status === "paid" ? "Paid" : "Refunded"}</span>
        {purchase.refundedAt ? (
          <>
            <br />
            <small className="muted">
              <time dateTime={purchase.refundedAt}>{formatDate(purchase.refundedAt)}</time>
            </small>
          </>
        ) : null}
      </td>
      <td>
        {purchase.status === "refunded" ? (
          <span className="muted">Refunded</span>
        ) : open ? (
          <details className="refund">
            <summary>Refund…</summary>
            <ActionForm
              action={refundPurchase}
              hidden={{ id: purchase.id, ...positionFields(position) }}
              submit={`Refund ${amount}`}
              submitClassName="button danger small"
              pendingText="Refunding…"
              className="confirm"
              aria-label={`Refund ${purchase.name}`}
            >
              <p>
                Give {amount} back to {purchase.buyer.name} for {purchase.name}? They lose the plugin. Possible until {formatDate(purchase.refundableUntil)}.
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
}
