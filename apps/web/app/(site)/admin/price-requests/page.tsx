import type { Metadata } from "next";
import { ActionForm } from "@/components/commerce/action-form";
import { requireStaff } from "@/components/commerce/staff";
import { PriceWithTier } from "@/components/commerce/tiers";
import { formatDate } from "@/components/format";
import { api } from "@/lib/server/api";
import { reviewPriceRequest } from "@/lib/server/commerce-actions";
import { DataTable } from "@/components/data-table";
import { RequestCells } from "./request-cells";
import { DecidedRequests } from "./decided-requests";

export const metadata: Metadata = { title: "Price requests" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function PriceRequestsPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requireStaff();
  const { reviewed, decision } = await searchParams;
  const caller = await api();
  const [requests, decided] = await Promise.all([caller.admin.priceRequests(), caller.admin.decidedPriceRequests()]);
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Price requests</h1>
          <p>Authors ask for a price tier; approving sets it at once, rejecting keeps the old price and shows your note to the author.</p>
        </div>
      </div>
      {typeof reviewed === "string" && (decision === "approve" || decision === "reject") ? (
        <p className="form-done" role="status">
          {decision === "approve" ? "Approved" : "Turned down"} the price request of <code>{reviewed}</code>.
        </p>
      ) : null}
      <section className="panel" aria-labelledby="requests-title">
        <h2 id="requests-title">Waiting for review ({requests.length})</h2>
        <DataTable
          labelledBy="requests-title"
          columns={["Plugin", "Author", "Current price", "Requested", "Asked", "Decision"]}
          rows={requests.length}
          empty="Nothing to review."
        >
          {requests.map((request) => (
            <tr key={request.slug} data-testid="price-request-row">
              <RequestCells request={request} />
              <td>
                <PriceWithTier price={request.current} />
              </td>
              <td>
                <PriceWithTier price={request.requested} />
              </td>
              <td>
                <time dateTime={request.requestedAt}>{formatDate(request.requestedAt)}</time>
              </td>
              <td className="decision">
                {request.author.id === operator.account.id ? (
                  // The service refuses it too; here the operator learns why before trying.
                  <p className="muted" data-testid="own-request">
                    Your own plugin: another operator approves its price.
                  </p>
                ) : (
                  <ActionForm
                    action={reviewPriceRequest}
                    hidden={{ slug: request.slug, decision: "approve" }}
                    submit="Approve"
                    submitClassName="button small"
                    pendingText="Approving…"
                    aria-label={`Approve the price of ${request.name}`}
                  />
                )}
                <ActionForm
                  action={reviewPriceRequest}
                  hidden={{ slug: request.slug, decision: "reject" }}
                  submit="Reject"
                  submitClassName="button secondary small"
                  pendingText="Rejecting…"
                  aria-label={`Reject the price of ${request.name}`}
                >
                  <div className="field">
                    <label htmlFor={`note-${request.slug}`}>Note to the author (optional)</label>
                    <textarea id={`note-${request.slug}`} name="note" rows={2} maxLength={1000} />
                  </div>
                </ActionForm>
              </td>
            </tr>
          ))}
        </DataTable>
      </section>
      <DecidedRequests decided={decided} />
    </>
  );
}
