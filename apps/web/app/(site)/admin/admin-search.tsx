import { adminPaging } from "@streamkit/api-contract";
import Link from "next/link";

/**
 * An operator page's search: a GET form, so every search is a link to share
 * or bookmark (`?q=`). Clear goes back to the unfiltered list.
 */
export function AdminSearch({ path, label, hint, q }: { path: string; label: string; hint: string; q?: string }) {
  return (
    <search className="admin-search">
      <form className="search" action={path} method="get">
        <label htmlFor="admin-q" className="visually-hidden">
          {label}
        </label>
        <input
          id="admin-q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder={`${label}…`}
          maxLength={adminPaging.maxQueryLength}
          aria-describedby="admin-q-hint"
        />
        <button type="submit" className="button">
          Search
        </button>
        {q ? (
          <Link href={path} className="button secondary">
            Clear
          </Link>
        ) : null}
      </form>
      <p id="admin-q-hint" className="hint">
        {hint}
      </p>
    </search>
  );
}
