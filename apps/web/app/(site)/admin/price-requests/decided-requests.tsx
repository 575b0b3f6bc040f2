import { adminPaging, type DecidedPriceRequest } from "@streamkit/api-contract";
import { PriceWithTier } from "@/components/commerce/tiers";
import { DataTable } from "@/components/data-table";
import { RequestCells } from "./request-cells";
import { formatDate } from "@/components/format";

/** The price requests already decided, latest first: what was asked, the outcome, when, by whom and why. */
export function DecidedRequests({ decided }: { decided: DecidedPriceRequest[] }) {
  return (
    <section className="panel" aria-labelledby="decided-title">
      <h2 id="decided-title">Decided</h2>
      <p className="muted">
        The latest {adminPaging.decidedPriceRequests} decisions. “Decided by” names the operator who decided on this page; decisions made with the operator CLI
        record none.
      </p>
      <DataTable
        labelledBy="decided-title"
        columns={["Plugin", "Author", "Requested", "Outcome", "Decided", "Decided by", "Note to the author"]}
        rows={decided.length}
        empty="No price request has been decided yet."
      >
        {decided.map((request) => (
          <tr key={request.id} data-testid="decided-request-row">
            <RequestCells request={request} />
            <td>
              <PriceWithTier price={{ tier: request.tier }} />
            </td>
            <td>
              <span className={`status ${request.outcome === "approved" ? "active" : "rejected"}`} data-testid="outcome">
                {request.outcome === "approved" ? "Approved" : "Rejected"}
              </span>
              {request.superseded ? (
                <>
                  <br />
                  <small className="muted">The author has since asked again or made it free.</small>
                </>
              ) : null}
            </td>
            <td>
              {request.decidedAt ? <time dateTime={request.decidedAt}>{formatDate(request.decidedAt)}</time> : <span className="muted">Not recorded</span>}
            </td>
            <td>
              {request.decidedBy ? (
                <>
                  {request.decidedBy.name}
                  {request.decidedBy.email ? (
                    <>
                      <br />
                      <small className="muted">{request.decidedBy.email}</small>
                    </>
                  ) : null}
                </>
              ) : (
                <span className="muted">Operator CLI</span>
              )}
            </td>
            <td>{request.note ? <span className="note">{request.note}</span> : <span className="muted">—</span>}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
