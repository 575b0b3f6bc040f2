/**
 * The answer cache of /api/v1, for operations whose 200 answer is a function
 * of nothing but their URL and one version (RestMeta.memo names which):
 *
 * - `fx`: the exchange rates (auth "none"), whose answers only change when the
 *   current snapshot does (a new day, a refresh, turning stale);
 * - `marketplace`: anonymous browsing — GET /plugins and /plugins/{slug}
 *   without credentials — whose answers change with the marketplace's version
 *   in the database (shared/marketplace-version.ts), and whose downloads counts
 *   may lag: an entry lives at most anonymousBrowsing.maxAgeSeconds. These
 *   answers get a strong ETag of their bytes, `Cache-Control: public,
 *   max-age=…` and `Vary: Authorization`; keyed ones never come here.
 *
 * A repeated request is answered with the stored body and headers (ETag,
 * Cache-Control) without running the procedure, but still through everything
 * else the wrapper does: the per-address limits and their headers,
 * If-None-Match, CORS, the request id. Errors are never stored; an entry is
 * dropped as soon as the version moves; each source keeps a bounded number of
 * entries and bytes, the least recently used leaving first.
 */
import { createHash } from "node:crypto";
import type { LRUCache } from "lru-cache";
import { anonymousBrowsing } from "@streamkit/api-contract";
import type { AppDeps } from "../shared/deps";
import { boundedCache, type CacheLimits } from "../shared/bounded-cache";

export type MemoSource = "fx" | "marketplace";

/** The current version of each source's data, handed in by the composition root (app/rest-core.ts): an entry of another version is stale. */
export type AnswerVersions = Record<MemoSource, (deps: AppDeps) => Promise<string>>;

/** The exchange rates' answers a process keeps: few URLs, small bodies. */
export const FX_ANSWER_CACHE_LIMITS: CacheLimits = { maxEntries: 1_000, maxBytes: 8 * 1024 * 1024 };

const limitsOf: Record<MemoSource, CacheLimits> = {
  fx: FX_ANSWER_CACHE_LIMITS,
  marketplace: { maxEntries: anonymousBrowsing.maxEntries, maxBytes: anonymousBrowsing.maxBytes, ttlMs: anonymousBrowsing.maxAgeSeconds * 1000 },
};

/** The headers of an anonymous marketplace answer: shared caches may keep it, but never hand it to a request with credentials. */
export function publicAnswerHeaders(body: string): Record<string, string> {
  return {
    ETag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    "Cache-Control": `public, max-age=${anonymousBrowsing.maxAgeSeconds}`,
    Vary: "Authorization",
  };
}

export interface StoredAnswer {
  version: string;
  status: number;
  body: string;
  /** The headers the procedure set (never the per-request rate-limit ones). */
  headers: Record<string, string>;
}

const PER_REQUEST_HEADER = /^(x-ratelimit-|retry-after$)/i;

export class AnswerCache {
  private readonly stores: Record<MemoSource, LRUCache<string, StoredAnswer>>;

  constructor(
    private readonly deps: AppDeps,
    private readonly versionOf: AnswerVersions,
  ) {
    const now = () => deps.now().getTime();
    this.stores = { fx: boundedCache(limitsOf.fx, now), marketplace: boundedCache(limitsOf.marketplace, now) };
  }

  version(source: MemoSource): Promise<string> {
    return this.versionOf[source](this.deps);
  }

  get(source: MemoSource, key: string, version: string): StoredAnswer | undefined {
    const store = this.stores[source];
    const entry = store.get(key);
    if (entry && entry.version !== version) {
      store.delete(key);
      return undefined;
    }
    return entry;
  }

  set(source: MemoSource, key: string, version: string, status: number, body: string, headers: Record<string, string>): void {
    const own = Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_REQUEST_HEADER.test(name)));
    // Heap bytes: a string with any character past Latin-1 takes two bytes a character; plus a little for the headers and the entry.
    const bytes = (body.length + key.length) * 2 + 512;
    this.stores[source].set(key, { version, status, body, headers: own }, { size: bytes });
  }
}
