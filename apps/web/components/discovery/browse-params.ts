import { type CategorySlug, categorySlugs, type PluginSort, pluginApiVersions, pluginSorts } from "@streamkit/api-contract";

/** What the marketplace's address may carry to find plugins (docs/plugins.md#finding-plugins); unknown values are left out. */
export interface BrowseParams {
  q?: string;
  sort?: PluginSort;
  category?: CategorySlug;
  tag?: string;
  price?: "free" | "paid";
  verified?: "true";
  /** The one permission filter the site offers: without internet (`without=network`). */
  without?: "network";
  /** "Runs on plugin API": one of the plugin API versions there are (`api=1`), as the address carries it. */
  api?: ApiVersionParam;
}

type ApiVersionParam = `${(typeof pluginApiVersions)[number]}`;
const apiVersionParams = pluginApiVersions.map(String) as ApiVersionParam[];

export type SearchParams = Record<string, string | string[] | undefined>;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const oneOf = <T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined =>
  value !== undefined && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

export function readBrowseParams(params: SearchParams): BrowseParams {
  const q = one(params.q)?.trim() || undefined;
  const sort = oneOf(one(params.sort), pluginSorts);
  return {
    q,
    // Relevance ranks a search: without one it is not offered.
    sort: sort === "relevance" && !q ? undefined : sort,
    category: oneOf(one(params.category), categorySlugs),
    tag: one(params.tag)?.trim() || undefined,
    price: oneOf(one(params.price), ["free", "paid"] as const),
    verified: oneOf(one(params.verified), ["true"] as const),
    without: oneOf(one(params.without), ["network"] as const),
    api: oneOf(one(params.api), apiVersionParams),
  };
}

/** The query GET /plugins gets for these parameters: a search is ranked unless another sort was chosen. */
export function listQuery(browse: BrowseParams) {
  return {
    ...browse,
    sort: browse.sort ?? (browse.q ? ("relevance" as const) : undefined),
    without: browse.without ? [browse.without] : undefined,
    api: browse.api ? Number(browse.api) : undefined,
  };
}

/** An address of the marketplace at `base` with `browse`, and a page's cursor and trail when given. */
export function browseHref(base: string, browse: BrowseParams, page: { cursor?: string; trail?: string[] } = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(browse)) if (value) params.set(name, value);
  if (page.cursor) params.set("cursor", page.cursor);
  if (page.trail && page.trail.length > 0) params.set("trail", page.trail.join("."));
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}
