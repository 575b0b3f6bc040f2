import { pluginReviewLimits } from "@streamkit/api-contract";
import type { Metadata } from "next";
import { requireStaff } from "@/components/commerce/staff";
import { DataTable } from "@/components/data-table";
import { formatDate } from "@/components/format";
import { api } from "@/lib/server/api";
import { ModeratedReviewCard } from "./moderated-review";

export const metadata: Metadata = { title: "Reported reviews" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const done = { hide: "Hid the review", unhide: "Showed the review again", dismiss: "Dismissed the reports of the review" } as const;
const actionWords = { hide: "Hidden", unhide: "Shown again", dismiss: "Reports dismissed" } as const;

/** The operators' reported reviews, the hidden ones, and the audit of decisions (docs/operations.md#reported-reviews). */
export default async function ReviewReportsPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requireStaff();
  const { decided, action } = await searchParams;
  const queue = await (await api()).admin.reviewReports.queue();
  const own = (review: { reviewer: { id: string } }) => review.reviewer.id === operator.account.id;
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Reported reviews</h1>
          <p>
            People report reviews of plugins; you hide one (it leaves the plugin's page and its rating; the reviewer still sees it, marked hidden) or dismiss
            the reports. A hidden review can be shown again. Your note stays here.
          </p>
        </div>
      </div>
      {typeof decided === "string" && typeof action === "string" && action in done ? (
        <p className="form-done" role="status">
          {done[action as keyof typeof done]} <code>{decided}</code>.
        </p>
      ) : null}
      <section className="panel" aria-labelledby="reported-title">
        <h2 id="reported-title">Reported ({queue.reported.length})</h2>
        <p className="muted">
          Most reported first; the {pluginReviewLimits.reportsPerReview} newest reports of each. A decision closes every open report of the review.
        </p>
        {queue.reported.length === 0 ? <p className="muted">Nothing reported.</p> : null}
        {queue.reported.map((review) => (
          <ModeratedReviewCard key={review.id} review={review} own={own(review)} />
        ))}
      </section>
      <section className="panel" aria-labelledby="hidden-title">
        <h2 id="hidden-title">Hidden ({queue.hidden.length})</h2>
        {queue.hidden.length === 0 ? <p className="muted">No review is hidden.</p> : null}
        {queue.hidden.map((review) => (
          <ModeratedReviewCard key={review.id} review={review} own={own(review)} />
        ))}
      </section>
      <section className="panel" aria-labelledby="review-decisions-title">
        <h2 id="review-decisions-title">Decisions</h2>
        <DataTable
          labelledBy="review-decisions-title"
          columns={["When", "Plugin", "Review", "Decision", "Operator", "Note"]}
          rows={queue.decisions.length}
          empty="No decision yet."
        >
          {queue.decisions.map((decision) => (
            <tr key={decision.id} data-testid="review-decision-row">
              <td>
                <time dateTime={decision.at}>{formatDate(decision.at)}</time>
              </td>
              <td>
                <code>{decision.slug}</code>
              </td>
              <td>
                <code>{decision.reviewId}</code>
              </td>
              <td>
                {actionWords[decision.action]}
                {decision.reportsClosed ? ` (${decision.reportsClosed} report${decision.reportsClosed === 1 ? "" : "s"} closed)` : ""}
              </td>
              <td>{decision.operator.name}</td>
              <td>{decision.note}</td>
            </tr>
          ))}
        </DataTable>
      </section>
    </>
  );
}
