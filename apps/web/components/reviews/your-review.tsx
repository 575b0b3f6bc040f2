"use client";

import { type OwnReviewResponse, pluginReviewLimits } from "@streamkit/api-contract";
import { useQuery } from "@tanstack/react-query";
import { ActionForm } from "@/components/commerce/action-form";
import { removeReview, saveReview } from "@/lib/server/plugin-review-actions";
import { useTRPC } from "@/lib/trpc/client";

const ratingWords = ["", "1 star — poor", "2 stars", "3 stars", "4 stars", "5 stars — excellent"];

/**
 * "Your review" on a plugin's page, for a signed-in visitor: whether they may
 * review it and their review so far are theirs alone, so a members' copy
 * reads them in the browser (plugins.ownReview); a page rendered for the
 * visitor passes them in, and the form works without JavaScript.
 */
export function YourReview({ slug, initial }: { slug: string; initial?: OwnReviewResponse }) {
  const trpc = useTRPC();
  const own = useQuery({ ...trpc.plugins.ownReview.queryOptions({ slug }), retry: false, initialData: initial }).data;
  if (!own) return null;
  const { review, canReview } = own;
  if (!canReview && !review) {
    return (
      <p className="muted" data-testid="review-not-allowed">
        Only people who own this plugin — bought it or downloaded it — can review it; its author replies.
      </p>
    );
  }
  return (
    <div className="panel your-review" data-testid="your-review">
      <h3>{review ? "Your review" : "Review this plugin"}</h3>
      {review?.hidden ? <p className="form-error">The operators hid your review: nobody else sees it and it does not count in the rating.</p> : null}
      {canReview ? (
        <ActionForm action={saveReview} hidden={{ slug }} submit={review ? "Update review" : "Post review"} pendingText="Saving…" aria-label="Your review">
          <div className="field">
            <label htmlFor="review-rating">Rating</label>
            <select id="review-rating" name="rating" required defaultValue={review ? String(review.rating) : ""}>
              <option value="" disabled>
                Choose 1 to 5 stars
              </option>
              {[5, 4, 3, 2, 1].map((stars) => (
                <option key={stars} value={stars}>
                  {ratingWords[stars]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="review-text">Your review (optional)</label>
            <textarea id="review-text" name="text" rows={3} maxLength={pluginReviewLimits.maxText} defaultValue={review?.text ?? ""} />
          </div>
        </ActionForm>
      ) : null}
      {review ? (
        <ActionForm action={removeReview} hidden={{ slug }} submit="Delete review" submitClassName="button secondary small" aria-label="Delete your review" />
      ) : null}
    </div>
  );
}
