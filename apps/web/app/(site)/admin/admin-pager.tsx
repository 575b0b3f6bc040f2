import { Pager } from "@/components/pager";
import { positionQuery, type SearchPosition } from "./admin-paging";

/** Previous and Next for a keyset-paged operator list; the address keeps the search. */
export function AdminPager({ path, position, next }: { path: string; position: SearchPosition; next: string | null }) {
  const { q, cursor, trail } = position;
  return (
    <Pager
      previous={trail.length > 0 ? `${path}${positionQuery({ q, cursor: trail.at(-1) || undefined, trail: trail.slice(0, -1) })}` : null}
      next={next ? `${path}${positionQuery({ q, cursor: next, trail: [...trail, cursor ?? ""] })}` : null}
    >
      <span className="muted">Page {trail.length + 1}</span>
    </Pager>
  );
}
