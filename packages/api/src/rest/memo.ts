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
 * - `market`: GET /market and /market/{slug} without credentials, whose
 *   answers change only with the catalogue, which moves the market's version
 *   in the database (market/market-version.ts); public like anonymous
 *   browsing (marketAnswers.maxAgeSeconds), kept until the version moves.
 *
 * A repeated request is answered with the stored body (its bytes, encoded
 * once) and headers (ETag, Cache-Control) without running the procedure, but still through everything
 * else the wrapper does: the per-address limits and their headers,
 * If-None-Match, CORS, the request id. Errors are never stored; an entry is
 * dropped as soon as the version moves; each source keeps a bounded number of
 * entries and bytes, the least recently used leaving first.
 */
import { createHash } from "node:crypto";
import type { LRUCache } from "lru-cache";
import { anonymousBrowsing, marketAnswers } from "@streamkit/api-contract";
import type { AppDeps } from "../shared/deps";
import { boundedCache, type CacheLimits } from "../shared/bounded-cache";

export type MemoSource = "fx" | "marketplace" | "market";
/** The sources whose anonymous answers are public: an ETag of their bytes, Cache-Control public, Vary: Authorization. */
export type PublicSource = Exclude<MemoSource, "fx">;

export const isPublicSource = (source: MemoSource): source is PublicSource => source !== "fx";

/** The current version of each source's data, handed in by the composition root (app/rest-core.ts): an entry of another version is stale. */
export type AnswerVersions = Record<MemoSource, (deps: AppDeps) => Promise<string>>;

/** The exchange rates' answers a process keeps: few URLs, small bodies. */
export const FX_ANSWER_CACHE_LIMITS: CacheLimits = { maxEntries: 1_000, maxBytes: 8 * 1024 * 1024 };

const limitsOf: Record<MemoSource, CacheLimits> = {
  fx: FX_ANSWER_CACHE_LIMITS,
  marketplace: { maxEntries: anonymousBrowsing.maxEntries, maxBytes: anonymousBrowsing.maxBytes, ttlMs: anonymousBrowsing.maxAgeSeconds * 1000 },
  // No expiry: nothing in a market answer moves without the version.
  market: { maxEntries: marketAnswers.maxEntries, maxBytes: marketAnswers.maxBytes },
};

const maxAgeOf: Record<PublicSource, number> = { marketplace: anonymousBrowsing.maxAgeSeconds, market: marketAnswers.maxAgeSeconds };

/** The headers of a public anonymous answer: shared caches may keep it, but never hand it to a request with credentials. */
export function publicAnswerHeaders(source: PublicSource, body: string): Record<string, string> {
  return {
    ETag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    "Cache-Control": `public, max-age=${maxAgeOf[source]}`,
    Vary: "Authorization",
  };
}

export interface StoredAnswer {
  version: string;
  status: number;
  /** The body as it goes on the wire (UTF-8), encoded once when kept. */
  body: Buffer;
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
    this.stores = { fx: boundedCache(limitsOf.fx, now), marketplace: boundedCache(limitsOf.marketplace, now), market: boundedCache(limitsOf.market, now) };
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
    const bytes = Buffer.from(body);
    // The body's bytes, the key at two bytes a character (any character past Latin-1 takes two in the heap), and a little for the headers and the entry.
    this.stores[source].set(key, { version, status, body: bytes, headers: own }, { size: bytes.byteLength + key.length * 2 + 512 });
  }
}
