/**
 * server.ts's half of the cached pages (lib/cached-pages.ts): whether this
 * request gets a cached copy, and which.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { cachedPageNonce, cachedPageVersion, hasSessionCookie, type Runtime, resolveCaller } from "@streamkit/api";
import { COUNTRY_COOKIE, cachedPageOf, countryOfVisitor, isPlainQuery, memberRegionOf, regionOf } from "./cached-pages";

const PICKED_COUNTRY = new RegExp(`(?:^|;)\\s*${COUNTRY_COOKIE}=([^;]*)`);

/** The app/cached tree, reachable only through the rewrites: a request for it by name is answered as an address with no page. */
export const isCachedTreePath = (pathname: string) => /^\/+cached(?:\/|$)/i.test(pathname);

export interface CachedCopy {
  /** CACHED_PAGE_HEADER's value: "<region>/<version>". */
  name: string;
  /** The copy's script nonce. */
  nonce: string;
  /** What else the answer depends on, for shared caches in front: signed in or not, the picked region, the inferred one. */
  vary: string;
  /** A members' copy, for a signed-in visitor: answered `private, no-store`, as every signed-in page. */
  member: boolean;
}

/**
 * The copy for a GET or HEAD of a cached page with no query: a signed-out
 * visitor's, or a members' copy for a signed-in one, where the page has them
 * (`for` in lib/cached-pages.ts); null for everything else (rendered per request).
 */
export async function cachedCopyFor(runtime: Runtime, req: IncomingMessage, geoHeader: string | undefined): Promise<CachedCopy | null> {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const url = req.url ?? "/";
  const queryAt = url.indexOf("?");
  const page = cachedPageOf(queryAt === -1 ? url : url.slice(0, queryAt));
  if (!page || (queryAt !== -1 && !isPlainQuery(url.slice(queryAt)))) return null;
  const cookie = req.headers.cookie ?? "";
  // The session is resolved as for any page (the one caller resolver): a cookie that no longer signs anyone in is a signed-out visitor.
  let account: { country: string | null } | null = null;
  if (hasSessionCookie(cookie)) {
    if (page.for === "signed-out") return null;
    const caller = await resolveCaller(runtime.deps, { surface: "web", cookie });
    if (caller.kind === "account") account = caller.account;
  }
  if (!account && page.for === "members") return null;
  const picked = PICKED_COUNTRY.exec(cookie)?.[1];
  const geo = geoHeader ? req.headers[geoHeader.toLowerCase()] : undefined;
  const country = countryOfVisitor(picked, typeof geo === "string" ? geo : undefined, req.headers["accept-language"]);
  const region = account ? memberRegionOf(account.country, country, picked !== undefined) : regionOf(country, picked !== undefined);
  const name = `${region}/${await cachedPageVersion(runtime.deps, page.data)}`;
  return {
    name,
    // Per page and copy, never per address spelling: every request Next answers from one cache entry must name the same nonce.
    nonce: cachedPageNonce(runtime.deps, `${page.source} ${name}`),
    vary: ["Cookie", "Accept-Language", ...(geoHeader ? [geoHeader] : [])].join(", "),
    member: account !== null,
  };
}

/**
 * Adds the copy's Vary to the answer's, and makes a members' copy private:
 * Next sets its own Vary (rsc, …) and Cache-Control as it answers, replacing
 * any set before, so ours are applied when the head is written.
 */
export function answerAsCopy(res: ServerResponse, copy: CachedCopy): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    const current = res.getHeader("vary");
    res.setHeader("vary", current ? `${String(current)}, ${copy.vary}` : copy.vary);
    if (copy.member) res.setHeader("cache-control", "private, no-store");
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}
