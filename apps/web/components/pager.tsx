import Link from "next/link";
import type { ReactNode } from "react";

/** Previous and Next of a paged list, each a link when that page exists; nothing when the list is one page. */
export function Pager({ previous, next, children }: { previous: string | null; next: string | null; children?: ReactNode }) {
  if (!previous && !next) return null;
  return (
    <nav className="pager" aria-label="Pages">
      {previous ? (
        <Link className="button secondary" rel="prev" href={previous}>
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      {children}
      {next ? (
        <Link className="button secondary" rel="next" href={next}>
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
