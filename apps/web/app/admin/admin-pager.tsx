import Link from "next/link";
import { positionQuery, type SearchPosition } from "./admin-paging";

/** Previous and Next for a keyset-paged operator list; the address keeps the search. */
export function AdminPager({ path, position, next }: { path: string; position: SearchPosition; next: string | null }) {
  const { q, cursor, trail } = position;
  if (trail.length === 0 && !next) return null;
  return (
    <nav className="pager" aria-label="Pages">
      {trail.length > 0 ? (
        <Link className="button secondary" rel="prev" href={`${path}${positionQuery({ q, cursor: trail.at(-1) || undefined, trail: trail.slice(0, -1) })}`}>
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="muted">Page {trail.length + 1}</span>
      {next ? (
        <Link className="button secondary" rel="next" href={`${path}${positionQuery({ q, cursor: next, trail: [...trail, cursor ?? ""] })}`}>
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
