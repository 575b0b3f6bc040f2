import "server-only";
import { domainError } from "@/lib/server/errors";

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The first value of a query parameter (a repeated one counts once). */
export const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Where an operator's search page is: the search text, the keyset cursor, and
 * the cursors of the pages before it (keyset paging only knows "the page
 * after this one"; the first page's cursor is ""), so Previous can be offered.
 */
export interface SearchPosition {
  q?: string;
  cursor?: string;
  trail: string[];
}

export function readPosition(params: Record<string, string | string[] | undefined>): SearchPosition {
  const trail = one(params.trail);
  return { q: one(params.q)?.trim() || undefined, cursor: one(params.cursor) || undefined, trail: trail ? trail.split(".") : [] };
}

/** The position as query parameters, with `extra` (a notice) after them. */
export function positionQuery(position: SearchPosition, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (position.q) params.set("q", position.q);
  if (position.cursor) params.set("cursor", position.cursor);
  if (position.trail.length > 0) params.set("trail", position.trail.join("."));
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The position as hidden form fields, so an action can send the operator back to the same page. */
export function positionFields(position: SearchPosition): Record<string, string> {
  return { q: position.q ?? "", cursor: position.cursor ?? "", trail: position.trail.join(".") };
}

/**
 * Runs a search for a page; a refused search (too long, control characters,
 * a page link this service did not make) becomes the sentence to show, from
 * the domain error's problems. Anything unexpected is left to the error page.
 */
export async function searchOrProblem<T>(call: Promise<T>): Promise<{ page: T; problem: null } | { page: null; problem: string }> {
  try {
    return { page: await call, problem: null };
  } catch (error) {
    const known = domainError(error, "query");
    if (known?.code !== "bad_request") throw error;
    const problems = Array.isArray(known.details) ? [...new Set(known.details.map((p) => p.message))] : [];
    return { page: null, problem: problems.length > 0 ? problems.join(" ") : known.message };
  }
}

export { isUuid } from "@/lib/is-uuid";

/** Search text as a heading quotes it: long text is cut, so a pasted wall of text cannot stretch the page. */
export const quoted = (q: string) => `“${q.length > 80 ? `${q.slice(0, 79)}…` : q}”`;
