import { type ModeratedReview, pluginReviewLimits, reviewReportReasonLabels } from "@streamkit/api-contract";
import Link from "next/link";
import { ActionForm } from "@/components/commerce/action-form";
import { formatDate } from "@/components/format";
import { decideReviewReport } from "@/lib/server/plugin-review-actions";

/** One reported or hidden review: what it says, who wrote it, its newest reports, and the decisions it allows. */
export function ModeratedReviewCard({ review, own }: { review: ModeratedReview; own: boolean }) {
  const id = (what: string) => `${what}-${review.id}`;
  const decision = (action: "hide" | "unhide" | "dismiss", submit: string, label: string) => (
    <ActionForm
      action={decideReviewReport}
      hidden={{ reviewId: review.id, action }}
      submit={submit}
      submitClassName={action === "hide" ? "button small" : "button secondary small"}
      aria-label={label}
    >
      <div className="field">
        <label htmlFor={id(`${action}-note`)}>Private note</label>
        <textarea id={id(`${action}-note`)} name="note" rows={2} maxLength={pluginReviewLimits.maxNote} />
      </div>
    </ActionForm>
  );
  return (
    <article className="panel" data-testid={review.hiddenAt ? "hidden-review" : "reported-review"} aria-labelledby={id("title")}>
      <h3 id={id("title")}>
        {review.rating} out of 5 on <Link href={`/plugins/${encodeURIComponent(review.slug)}`}>{review.pluginName}</Link> <code>{review.slug}</code>
      </h3>
      <p className="muted">
        By {review.reviewer.name}
        {review.reviewer.email ? ` (${review.reviewer.email})` : ""}, <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
        {review.hiddenAt ? (
          <>
            {" "}
            · hidden <time dateTime={review.hiddenAt}>{formatDate(review.hiddenAt)}</time>
          </>
        ) : null}
        {review.open ? ` · ${review.open} open report${review.open === 1 ? "" : "s"}` : ""}
      </p>
      {review.text ? <blockquote>{review.text}</blockquote> : <p className="muted">(A rating without text.)</p>}
      {review.reports.length ? (
        <ul aria-label="Newest reports">
          {review.reports.map((report) => (
            <li key={report.id}>
              <strong>{reviewReportReasonLabels[report.reason]}</strong> — {report.reporter.name}, <time dateTime={report.at}>{formatDate(report.at)}</time>
              {report.details ? <p className="muted">{report.details}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {own ? (
        <p className="muted">Your own review: another operator decides about it.</p>
      ) : review.hiddenAt ? (
        decision("unhide", "Show again", `Show again the review by ${review.reviewer.name}`)
      ) : (
        <div className="layout-2">
          {decision("hide", "Hide review", `Hide the review by ${review.reviewer.name}`)}
          {decision("dismiss", "Dismiss reports", `Dismiss the reports of the review by ${review.reviewer.name}`)}
        </div>
      )}
    </article>
  );
}
