/**
 * The answer cache of /api/v1, for the keyless operations whose 200 answer is
 * a function of nothing but their URL and one version (RestMeta.memo names
 * which version): the exchange rates, whose answers only change when the
 * current snapshot does (a new day, a refresh, turning stale). A repeated
 * request is answered with the stored body and headers (ETag, Cache-Control)
 * without running the procedure, but still through everything else the
 * wrapper does: the per-address limit and its headers, If-None-Match, CORS,
 * the request id. Errors are never stored; an entry is dropped as soon as the
 * version moves; at most MAX_ENTRIES URLs are kept, the oldest leaving first.
 */
import type { AppDeps } from "../deps";
import { fxFor } from "../fx/service";

export type MemoSource = "fx";

const versionOf: Record<MemoSource, (deps: AppDeps) => Promise<string>> = {
  fx: async (deps) => (await fxFor(deps).current()).etag,
};

export interface StoredAnswer {
  version: string;
  status: number;
  body: string;
  /** The headers the procedure set (never the per-request rate-limit ones). */
  headers: Record<string, string>;
}

const MAX_ENTRIES = 1_000;
const PER_REQUEST_HEADER = /^(x-ratelimit-|retry-after$)/i;

export class AnswerCache {
  private readonly entries = new Map<string, StoredAnswer>();

  constructor(private readonly deps: AppDeps) {}

  version(source: MemoSource): Promise<string> {
    return versionOf[source](this.deps);
  }

  get(key: string, version: string): StoredAnswer | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.version !== version) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, version: string, status: number, body: string, headers: Record<string, string>): void {
    if (!this.entries.has(key) && this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    const own = Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_REQUEST_HEADER.test(name)));
    this.entries.set(key, { version, status, body, headers: own });
  }
}
