import type { SourceDay } from "../day";
import { FeedError, fetchText, type HttpDeps, type HttpPolicy } from "./http";
import type { ResolvedSource } from "./registry";

export type FetchMode = "latest" | "history";

export interface SourceFetch {
  days: SourceDay[];
  nextUpdateAt?: string;
  /** The address that answered (a fallback mirror shows here). */
  url: string;
  attempts: number;
}

/**
 * Fetches one source: its mirrors in order, each with the retry policy; the first
 * that answers with a parseable body wins. A mirror that fails for any reason —
 * including a 404 or an unparseable body — hands over to the next; when all fail,
 * the last error is thrown.
 */
export async function fetchSource({ source, baseUrls }: ResolvedSource, mode: FetchMode, policy: HttpPolicy, deps: HttpDeps): Promise<SourceFetch> {
  const endpoint = mode === "history" ? (source.history ?? source.latest) : source.latest;
  let lastError: unknown = new FeedError("network", `${source.id}: no address configured`);
  let attempts = 0;
  for (const base of baseUrls) {
    const url = new URL(endpoint.path, base).toString();
    let body: string;
    try {
      const fetched = await fetchText(url, policy, deps, endpoint.accept);
      attempts += fetched.attempts;
      body = fetched.body;
    } catch (error) {
      if (deps.signal?.aborted || !(error instanceof FeedError)) throw error;
      attempts += error.details.attempts ?? 1;
      lastError = new FeedError(error.kind, error.message, { ...error.details, url, attempts });
      continue;
    }
    try {
      return { ...endpoint.parse(body), url, attempts };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const kind = error instanceof FeedError ? error.kind : "parse";
      lastError = new FeedError(kind, message, { url, attempts });
    }
  }
  throw lastError;
}
