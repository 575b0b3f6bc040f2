"use client";

import { type PluginReview, pluginReviewLimits, reviewReportReasonLabels, reviewReportReasons } from "@streamkit/api-contract";
import { useQuery } from "@tanstack/react-query";
import { ActionForm } from "@/components/commerce/action-form";
import { replyToReview, reportReview } from "@/lib/server/plugin-review-actions";
import { useTRPC } from "@/lib/trpc/client";

/**
 * What a signed-in visitor may do with one review: its plugin's author
 * replies (or edits the reply); anyone else reports it, except their own.
 * On a page rendered for the visitor the page knows both (`author`,
 * `review.mine`); on a members' copy the browser reads them, one request
 * each for the whole list (react-query shares them).
 */
export function ReviewTools({ slug, review, author }: { slug: string; review: PluginReview; author?: boolean }) {
  const trpc = useTRPC();
  const known = author !== undefined;
  const plugin = useQuery({ ...trpc.plugins.get.queryOptions({ slug }), retry: false, enabled: !known }).data?.item;
  const own = useQuery({ ...trpc.plugins.ownReview.queryOptions({ slug }), retry: false, enabled: !known }).data;
  const isAuthor = known ? author : plugin?.mine;
  const mine = known ? review.mine : own?.review?.id === review.id;
  if (isAuthor === undefined) return null;
  if (isAuthor) {
    return (
      <details className="review-reply-form">
        <summary>{review.reply ? "Edit your reply" : "Reply"}</summary>
        <ActionForm
          action={replyToReview}
          hidden={{ slug, id: review.id }}
          submit="Send reply"
          pendingText="Sending…"
          aria-label={`Reply to ${review.reviewer.name}`}
        >
          <div className="field">
            <label htmlFor={`reply-${review.id}`}>Your reply</label>
            <textarea id={`reply-${review.id}`} name="text" rows={2} required maxLength={pluginReviewLimits.maxText} defaultValue={review.reply?.text ?? ""} />
          </div>
        </ActionForm>
      </details>
    );
  }
  if (mine) return null;
  return (
    <details className="report-review">
      <summary>Report this review</summary>
      <ActionForm
        action={reportReview}
        hidden={{ slug, id: review.id }}
        submit="Send report"
        submitClassName="button secondary small"
        pendingText="Sending…"
        aria-label={`Report the review by ${review.reviewer.name}`}
      >
        <div className="field">
          <label htmlFor={`review-report-reason-${review.id}`}>What is wrong?</label>
          <select id={`review-report-reason-${review.id}`} name="reason" required defaultValue="">
            <option value="" disabled>
              Choose a reason
            </option>
            {reviewReportReasons.map((reason) => (
              <option key={reason} value={reason}>
                {reviewReportReasonLabels[reason]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`review-report-details-${review.id}`}>Details for the operators</label>
          <textarea id={`review-report-details-${review.id}`} name="details" rows={2} maxLength={pluginReviewLimits.maxReportDetails} />
        </div>
      </ActionForm>
    </details>
  );
}
