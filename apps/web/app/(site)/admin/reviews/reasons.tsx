import type { ReviewReason } from "@streamkit/api-contract";
import Link from "next/link";

/** Why a version was held, each reason with what it imitates (linked when it is a listed plugin). */
export function Reasons({ reasons }: { reasons: ReviewReason[] }) {
  return (
    <ul className="plain-list" data-testid="review-reasons">
      {reasons.map((reason) => (
        <li key={reason.message}>
          {reason.message}
          {reason.imitates.slug ? (
            <>
              {" "}
              <Link href={`/plugins/${encodeURIComponent(reason.imitates.slug)}`}>See the original</Link>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
