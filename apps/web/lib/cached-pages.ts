/**
 * The pages every signed-out visitor of one region sees alike, served from
 * Next's incremental cache (ISR) instead of being rendered per request.
 *
 * server.ts decides, for each GET or HEAD, whether the visitor gets the cached
 * copy: one of the pages below, no query (Next's own `_rsc` aside) and no
 * session cookie. If so it names the copy in CACHED_PAGE_HEADER — the
 * visitor's region and the version of the data the page shows — and the
 * rewrites below (next.config.ts) send the request to app/cached/[region]/[version],
 * whose pages read nothing from the request. A publish, a price approval, a
 * delete or a new exchange-rate day moves the version, so the next visitor
 * gets a copy rendered from the new data; old copies leave Next's in-memory
 * cache as it fills. Searches get the page rendered for them, as before, and
 * `private, no-store`.
 *
 * Signed-in visitors of the pages for `everyone` get a members' copy: the
 * same page for every account whose prices are alike, with an account menu
 * and a buy box that their browser fills in for them (components/member). My
 * plugins is a members' copy only: its list is read by the browser, and a
 * signed-out visitor is sent to sign in by the page rendered for them. A
 * members' copy is answered `private, no-store` like every signed-in page. The
 * plans, whose offers depend on the account, are cached for signed-out
 * visitors only and rendered for the others.
 */

/** Set by server.ts only (a client's own is always removed): "<region>/<version>". */
export const CACHED_PAGE_HEADER = "x-streamkit-cached-page";

/**
 * What the page depends on besides the region: the marketplace's version
 * (packages/db marketplace_version), the current exchange-rate snapshot, or
 * nothing but the build.
 */
export type CachedPageData = "marketplace" | "fx" | "none";

/** A cached page: its public path (a Next rewrite source), the matcher server.ts uses, and its data. */
export interface CachedPage {
  source: string;
  pattern: RegExp;
  data: CachedPageData;
  /**
   * Who gets a copy: `everyone` (signed-in visitors a members' copy, whose
   * account's parts their browser fills in), `signed-out` visitors only, or
   * `members` only (a signed-out visitor gets the page rendered for them).
   */
  for: "everyone" | "signed-out" | "members";
}

export const cachedPages: readonly CachedPage[] = [
  { source: "/", pattern: /^\/$/, data: "marketplace", for: "everyone" },
  { source: "/plugins/:slug", pattern: /^\/plugins\/[^/]+$/, data: "marketplace", for: "everyone" },
  { source: "/plans", pattern: /^\/plans$/, data: "none", for: "signed-out" },
  { source: "/publishing", pattern: /^\/publishing$/, data: "none", for: "everyone" },
  { source: "/docs", pattern: /^\/docs$/, data: "none", for: "everyone" },
  { source: "/docs/guides", pattern: /^\/docs\/guides$/, data: "none", for: "everyone" },
  { source: "/docs/guides/:page", pattern: /^\/docs\/guides\/[^/]+$/, data: "none", for: "everyone" },
  { source: "/rates", pattern: /^\/rates$/, data: "fx", for: "everyone" },
  { source: "/dashboard/plugins", pattern: /^\/dashboard\/plugins$/, data: "none", for: "members" },
];

/**
 * Whom a copy is for, as far as a page can tell — the copy's "region":
 * - `in`, `intl`: signed out, prices in rupees or dollars by the visitor's
 *   region; `in-set`, `intl-set` when they picked it in the footer (the
 *   picker then offers "Change" instead of "Set");
 * - `member-` and one of those: signed in, the account has no country, so the
 *   visitor's region decides as for a signed-out visitor;
 * - `account-xx`: signed in, the account's country (ISO 3166, lower case)
 *   decides, and the footer says so.
 */
export type CachedRegion = string & { readonly cachedRegion: unique symbol };

const VISITOR_REGION = "(?:in|intl)(?:-set)?";
const REGION = `(?:member-)?${VISITOR_REGION}|account-[a-z]{2}`;
const REGION_PATTERN = new RegExp(`^(?:${REGION})$`);

export const isCachedRegion = (value: string): value is CachedRegion => REGION_PATTERN.test(value);

/** A signed-out visitor's region. */
export function regionOf(country: string | null, picked: boolean): CachedRegion {
  const base = country === "IN" ? "in" : "intl";
  return (picked ? `${base}-set` : base) as CachedRegion;
}

/** A signed-in visitor's: their account's country when it has one, else their region as a visitor. */
export function memberRegionOf(accountCountry: string | null, visitorCountry: string | null, picked: boolean): CachedRegion {
  if (accountCountry && /^[A-Z]{2}$/.test(accountCountry)) return `account-${accountCountry.toLowerCase()}` as CachedRegion;
  return `member-${regionOf(visitorCountry, picked)}` as CachedRegion;
}

/**
 * Whom a region stands for: the country that decides the currency (null:
 * elsewhere), where that country came from, whether the visitor picked it,
 * and whether they are signed in.
 */
export function buyerOfRegion(region: CachedRegion): { country: string | null; source: "account" | "visitor"; picked: boolean; member: boolean } {
  if (region.startsWith("account-")) return { country: region.slice("account-".length).toUpperCase(), source: "account", picked: false, member: true };
  const member = region.startsWith("member-");
  const visitor = member ? region.slice("member-".length) : region;
  return { country: visitor === "in" || visitor === "in-set" ? "IN" : null, source: "visitor", picked: visitor.endsWith("-set"), member };
}

/** The cached page a public path is, if any. */
export function cachedPageOf(pathname: string): CachedPage | undefined {
  return cachedPages.find((page) => page.pattern.test(pathname));
}

/** A query that does not change the page: none, or only Next's cache-busting `_rsc` on client navigations. */
export function isPlainQuery(search: string): boolean {
  if (search === "" || search === "?") return true;
  return [...new URLSearchParams(search).keys()].every((key) => key === "_rsc");
}

const VERSION = "[A-Za-z0-9_-]{1,64}";

/** Next's rewrites into app/cached, taken only when server.ts named a copy (beforeFiles: the public paths are routes too). */
export function cachedPageRewrites() {
  return cachedPages.map((page) => ({
    source: page.source,
    has: [{ type: "header" as const, key: CACHED_PAGE_HEADER, value: `(?<region>${REGION})/(?<version>${VERSION})` }],
    destination: `/cached/:region/:version${page.source === "/" ? "" : page.source}`,
  }));
}

// The visitor's country, from the request alone — the rule lib/server/country.ts applies in pages.

/**
 * In order: the region the visitor picked (the `country` cookie), the country
 * a trusted CDN reports in GEO_COUNTRY_HEADER, the region of the browser's
 * preferred language (en-IN, hi-IN → IN). Unknown means "elsewhere" (USD).
 */
export function countryOfVisitor(picked: string | undefined, geo: string | null | undefined, acceptLanguage: string | null | undefined): string | null {
  if (picked && /^[A-Z]{2}$/.test(picked)) return picked;
  const fromGeo = geo?.trim().toUpperCase();
  if (fromGeo && /^[A-Z]{2}$/.test(fromGeo)) return fromGeo;
  return regionFromAcceptLanguage(acceptLanguage ?? null);
}

export function regionFromAcceptLanguage(header: string | null): string | null {
  if (!header) return null;
  const first = header.split(",")[0]?.split(";")[0]?.trim();
  const region = first?.split("-")[1];
  return region && /^[A-Za-z]{2}$/.test(region) ? region.toUpperCase() : null;
}

export const COUNTRY_COOKIE = "country";
