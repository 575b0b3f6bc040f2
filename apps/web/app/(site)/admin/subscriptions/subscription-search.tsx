import { adminPaging, subscriptionStatusSchema } from "@streamkit/api-contract";
import Link from "next/link";
import { statusWords } from "@/components/billing/billing-words";
import type { SubscriptionFilters } from "./subscription-filters";

/**
 * The subscription search: a GET form, so every search is a link to share or
 * bookmark. Without a status, abandoned checkouts (waiting for payment) stay
 * out of the list, as the API decides.
 */
export function SubscriptionSearch({ path, q, filters }: { path: string; q?: string; filters: SubscriptionFilters }) {
  return (
    <search className="admin-search">
      <form className="search subscription-search" action={path} method="get" aria-label="Search subscriptions">
        <div className="field">
          <label htmlFor="sub-q">Account</label>
          <input
            id="sub-q"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Email, name or id…"
            maxLength={adminPaging.maxQueryLength}
            aria-describedby="sub-q-hint"
          />
        </div>
        <div className="field">
          <label htmlFor="sub-status">Status</label>
          <select id="sub-status" name="status" defaultValue={filters.status ?? ""}>
            <option value="">Any (not waiting for payment)</option>
            {subscriptionStatusSchema.options.map((status) => (
              <option key={status} value={status}>
                {statusWords[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="sub-renews">Renews before</label>
          <input id="sub-renews" name="renewsBefore" type="date" defaultValue={filters.renewsBefore} />
        </div>
        <div className="form-actions">
          <button type="submit" className="button">
            Search
          </button>
          {q || filters.status || filters.renewsBefore ? (
            <Link href={path} className="button secondary">
              Clear
            </Link>
          ) : null}
        </div>
      </form>
      <p id="sub-q-hint" className="hint">
        An account’s email, name or id, or a subscription’s id; “renews before” lists the subscriptions whose current period ends before that day.
      </p>
    </search>
  );
}
