import type { ListingReview } from "@streamkit/api-contract";

/** The author's view of a held or rejected version: what happened, why, and what to do next. */
export function ReviewStatus({ review, listed }: { review: ListingReview; listed: boolean }) {
  const shown = listed ? "The marketplace keeps showing your last listed version." : "The plugin is not in the marketplace until a version is listed.";
  return (
    <div className={review.status === "held" ? "notice" : "problem"} data-testid="review-status">
      {review.status === "held" ? (
        <p>
          <strong>Version {review.version} is held for review.</strong> An operator checks it before it is listed. {shown} Publishing a newer version replaces
          it in the queue.
        </p>
      ) : (
        <p>
          <strong>Version {review.version} was rejected.</strong> {shown} Fix what the note says and publish a newer version.
        </p>
      )}
      {review.reasons.length > 0 ? (
        <ul>
          {review.reasons.map((reason) => (
            <li key={reason.message}>{reason.message}</li>
          ))}
        </ul>
      ) : null}
      {review.note ? (
        <p>
          Note from the operator: <span data-testid="review-note">{review.note}</span>
        </p>
      ) : null}
    </div>
  );
}
