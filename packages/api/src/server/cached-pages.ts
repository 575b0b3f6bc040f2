/**
 * What the website's server needs to send a signed-out visitor to a cached
 * copy of a page (apps/web lib/cached-pages.ts): the version of the data the
 * page shows, read fresh for the request — so a change committed by any
 * process names a new copy on the very next request — and the copy's script
 * nonce.
 *
 * The nonce: a page rendered once and kept cannot carry a fresh nonce per
 * answer, so each copy gets one of its own, derived from a secret and the
 * copy's name (region, data version, path). It is the same in the page's
 * scripts and in every answer's Content-Security-Policy, unpredictable
 * without the secret, and different for every copy: new data (the only way
 * stored text reaches a cached page; nothing there echoes the request) means
 * a new version, so a new copy with a new nonce. Pages rendered per request
 * keep their fresh random nonce.
 */
import { createHash, createHmac } from "node:crypto";
import type { LRUCache } from "lru-cache";
import { boundedCache } from "../shared/bounded-cache";
import type { AppDeps } from "../shared/deps";
import { fxFor } from "../fx";
import { marketplaceVersionOf } from "../shared/marketplace-version";

/** What a cached page shows besides its region: the marketplace, the exchange rates, or nothing but the build. */
export type CachedPageData = "marketplace" | "fx" | "none";

const versionOf: Record<CachedPageData, (deps: AppDeps) => Promise<string>> = {
  marketplace: (deps) => marketplaceVersionOf(deps.db).current(),
  // The snapshot's ETag changes with a new day, a refresh and turning stale; a URL segment cannot carry its quotes.
  fx: async (deps) =>
    createHash("sha256")
      .update((await fxFor(deps).current()).etag)
      .digest("base64url")
      .slice(0, 16),
  none: async () => "0",
};

/** The current version of `data`, as a URL path segment ([A-Za-z0-9_-]). */
export function cachedPageVersion(deps: AppDeps, data: CachedPageData): Promise<string> {
  return versionOf[data](deps);
}

/** The script nonce of the cached copy named `copy` (e.g. "in/42/plugins/chat-commands"): 16 bytes, base64. */
export function cachedPageNonce(deps: Pick<AppDeps, "cachedPageSecret">, copy: string): string {
  // Asked for on every request of a copy, and the same for all of them: an HMAC each time was 7 % of serving kept pages.
  let nonces = noncesOf.get(deps);
  if (!nonces) {
    nonces = boundedCache<string>({ maxEntries: 10_000, maxBytes: 10_000 * 256 });
    noncesOf.set(deps, nonces);
  }
  let nonce = nonces.get(copy);
  if (nonce === undefined) {
    nonce = createHmac("sha256", deps.cachedPageSecret).update(copy).digest().subarray(0, 16).toString("base64");
    nonces.set(copy, nonce, { size: 2 * copy.length + 64 });
  }
  return nonce;
}

const noncesOf = new WeakMap<object, LRUCache<string, string>>();
