import type { OwnReviewResponse, ReviewPage } from "@streamkit/api-contract";
import Link from "next/link";
import { formatDate } from "@/components/format";
import type { PageApi } from "@/lib/server/api";
import { domainError } from "@/lib/server/errors";
import { RatingSummary, Stars } from "./rating-summary";
import { ReviewTools } from "./review-tools";
import { YourReview } from "./your-review";

/** What the reviews section shows: a page of reviews, and for a page rendered for a signed-in visitor, their own review. */
export interface ReviewsView {
  page: ReviewPage;
  /** The `cursor` this page was read after (the "More reviews" link), for a link back to the first page. */
  after?: string;
  own?: OwnReviewResponse;
}

/**
 * A page of a plugin's reviews for the visitor `caller` (a bad cursor reads the first page), and their own review when signed in;
 * undefined for a plugin that takes no reviews (not in the marketplace: the author's hidden, removed or held plugin).
 */
export async function loadReviews(caller: PageApi, slug: string, options: { after?: string; signedIn?: boolean } = {}): Promise<ReviewsView | undefined> {
  const read = (cursor?: string) => caller.plugins.reviews({ slug, sort: "newest", limit: 10, ...(cursor ? { cursor } : {}) });
  let page: ReviewPage;
  try {
    page = await read(options.after).catch(() => read());
  } catch (error) {
    if (domainError(error, "query")?.code === "not_found") return undefined;
    throw error;
  }
  const own = options.signedIn ? await caller.plugins.ownReview({ slug }).catch(() => undefined) : undefined;
  return { page, ...(options.after ? { after: options.after } : {}), ...(own ? { own } : {}) };
}

/**
 * A plugin's reviews (docs/plugins.md#reviews): the average, the visitor's own
 * review form, the reviews newest first with the author's replies, and what a
 * signed-in visitor may do with each. `author`: whether the visitor wrote the
 * plugin, when the page knows (undefined on a members' copy: the browser reads it).
 */
export function PluginReviews({ slug, view, signedIn, author }: { slug: string; view: ReviewsView; signedIn: boolean; author?: boolean }) {
  const { page } = view;
  return (
    <section className="panel" id="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">Reviews</h2>
      <p>
        <RatingSummary rating={page.rating} />
      </p>
      {signedIn && author !== true ? (
        <YourReview slug={slug} initial={view.own} />
      ) : signedIn ? null : (
        <p className="muted">
          {/* The whole sentence is the link: the header's own "Sign in" stays the page's only link of that name. */}
          <Link href={`/sign-in?next=${encodeURIComponent(`/plugins/${slug}`)}`}>Sign in to review this plugin</Link> if you own it.
        </p>
      )}
      {page.items.length === 0 ? <p className="muted">Nobody has reviewed this plugin yet.</p> : null}
      <ol className="review-list" aria-label="Reviews">
        {page.items.map((review) => (
          <li key={review.id} className="review" data-testid="review">
            <p>
              <Stars value={review.rating} /> <strong>{review.rating} out of 5</strong> — {review.reviewer.name}
              {review.mine ? " (you)" : ""}, <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
              {review.updatedAt !== review.createdAt ? <span className="muted"> (edited)</span> : null}
            </p>
            {review.text ? <p className="review-text">{review.text}</p> : null}
            {review.reply ? (
              <blockquote className="review-reply" data-testid="review-reply">
                <strong>The author replied:</strong> {review.reply.text}
              </blockquote>
            ) : null}
            {signedIn ? <ReviewTools slug={slug} review={review} author={author} /> : null}
          </li>
        ))}
      </ol>
      <nav className="pager" aria-label="More reviews">
        {view.after ? <Link href={`/plugins/${encodeURIComponent(slug)}#reviews`}>Newest reviews</Link> : null}
        {page.next ? (
          <Link href={`/plugins/${encodeURIComponent(slug)}?${new URLSearchParams({ "reviews-after": page.next })}#reviews`}>More reviews</Link>
        ) : null}
      </nav>
    </section>
  );
}
