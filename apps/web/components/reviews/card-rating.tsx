import type { Rating } from "@streamkit/api-contract";
import { plural } from "@/components/format";

/** A card's compact rating: "★ 4.5 (12)" to see, "4.5 out of 5, 12 reviews" to read aloud; nothing without reviews. */
export function CardRating({ rating }: { rating: Rating }) {
  if (rating.average === null || rating.count === 0) return null;
  const average = rating.average.toFixed(1);
  const text = `${average} out of 5, ${plural(rating.count, "review")}`;
  return (
    <span className="card-rating" title={text} data-testid="card-rating">
      <span aria-hidden="true">
        <span className="stars">★</span> {average} ({rating.count})
      </span>
      <span className="visually-hidden">{text}</span>
    </span>
  );
}
