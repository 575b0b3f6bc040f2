import "server-only";
import type { AdminSubscriptionQuery } from "@streamkit/api-contract";
import { one, readPosition, type SearchPosition } from "../admin-paging";

/**
 * The operator's subscription search as it stands in the address: the text,
 * the status and "renews before" (a date, YYYY-MM-DD, sent to the API as the
 * start of that day in UTC), plus the keyset position. A value the API does
 * not accept is passed on as it is, so its refusal becomes the page's sentence.
 */
export interface SubscriptionFilters {
  status?: string;
  renewsBefore?: string;
}

export function readFilters(params: Record<string, string | string[] | undefined>): { position: SearchPosition; filters: SubscriptionFilters } {
  return {
    position: readPosition(params),
    filters: { status: one(params.status)?.trim() || undefined, renewsBefore: one(params.renewsBefore)?.trim() || undefined },
  };
}

/** The filters as query parameters for links (paging) and hidden fields (actions). */
export function filterParams(filters: SubscriptionFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

export function toQuery(position: SearchPosition, filters: SubscriptionFilters, limit: number): AdminSubscriptionQuery {
  const day = filters.renewsBefore && /^\d{4}-\d{2}-\d{2}$/.test(filters.renewsBefore) ? new Date(`${filters.renewsBefore}T00:00:00.000Z`) : null;
  const renewsBefore = day && !Number.isNaN(day.getTime()) ? day.toISOString() : filters.renewsBefore;
  return {
    q: position.q,
    status: filters.status as AdminSubscriptionQuery["status"],
    renewsBefore,
    cursor: position.cursor,
    limit,
  };
}
