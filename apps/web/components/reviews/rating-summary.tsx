import type { Rating } from "@streamkit/api-contract";
import { plural } from "@/components/format";

/** Five stars, the rounded rating filled: for sight only, the text beside it says the number. */
export function Stars({ value }: { value: number }) {
  const filled = Math.round(value);
  return (
    <span className="stars" aria-hidden="true">
      {"★".repeat(filled)}
      {"☆".repeat(5 - filled)}
    </span>
  );
}

/** A plugin's average rating and how many reviews make it (docs/plugins.md#reviews). */
export function RatingSummary({ rating }: { rating: Rating }) {
  if (rating.average === null) return <span data-testid="rating-summary">No reviews yet</span>;
  return (
    <span data-testid="rating-summary">
      <Stars value={rating.average} /> {rating.average.toFixed(2).replace(/0$/, "")} out of 5 · {plural(rating.count, "review")}
    </span>
  );
}
