/**
 * Answering content-addressed bytes of the blob store (the asset library's pictures and sounds,
 * docs/overlays.md#pictures-and-the-asset-library; plugins' icons and screenshots, docs/plugins.md#icons-and-screenshots):
 * the address names the content, so the answer is cacheable for a year and `immutable` and its strong ETag is the key;
 * the bytes were produced by the service and are sent so that nothing in them could ever run (nosniff from the core,
 * a CSP of `default-src 'none'; sandbox`). Whether some row still holds the key is the caller's question, asked of the
 * database on every request; the bytes of small ones are kept in the process, since a key's bytes never change.
 */
import { assetLimits } from "@streamkit/api-contract";
import type { LRUCache } from "lru-cache";
import { etagMatches } from "../rest/etag";
import type { RawInput } from "../rest/raw";
import type { RestResult } from "../rest/types";
import { boundedCache } from "./bounded-cache";
import { blobStore } from "./blobs/index";
import type { AppDeps } from "./deps";

/** `same-origin`: only the site's own pages embed it; `cross-origin`: any page may (public marketplace pictures). */
export function servedBlobHeaders(resourcePolicy: "same-origin" | "cross-origin") {
  return {
    "cache-control": `public, max-age=${assetLimits.maxAgeSeconds}, immutable`,
    "content-security-policy": "default-src 'none'; sandbox",
    "cross-origin-resource-policy": resourcePolicy,
  } as const;
}

/** The answer for a key some row holds, `size` bytes of `contentType`: 304 on a matching If-None-Match. */
export async function serveBlob(
  input: RawInput,
  deps: AppDeps,
  found: { key: string; contentType: string; size: number },
  baseHeaders: Record<string, string>,
): Promise<RestResult> {
  const etag = `"${found.key}"`;
  const headers: Record<string, string> = { ...baseHeaders, etag };
  if (etagMatches(input.header("if-none-match"), etag)) return { status: 304, headers, body: null };
  headers["content-type"] = found.contentType;
  headers["content-length"] = String(found.size);
  const cache = cacheOf(deps);
  const kept = cache.get(found.key);
  if (kept) return { status: 200, headers, body: kept };
  const stream = blobStore(deps.db).read(found.key);
  if (found.size > assetLimits.servedCache.maxEntryBytes) return { status: 200, headers, body: stream };
  const bytes = Buffer.concat(await stream.toArray());
  cache.set(found.key, bytes, { size: Math.max(1, bytes.byteLength) });
  return { status: 200, headers, body: bytes };
}

/** The bytes of a key (read whole: for a picture the service draws with, within the caller's size bound). */
export async function blobBytes(deps: AppDeps, key: string): Promise<Buffer> {
  const kept = cacheOf(deps).get(key);
  if (kept) return kept;
  return Buffer.concat(await blobStore(deps.db).read(key).toArray());
}

const caches = new WeakMap<AppDeps, LRUCache<string, Buffer>>();

/** The process's kept bytes of served pictures (assetLimits.servedCache), one for every route that serves blobs. */
function cacheOf(deps: AppDeps): LRUCache<string, Buffer> {
  let cache = caches.get(deps);
  if (!cache) {
    const { maxEntries, maxBytes } = assetLimits.servedCache;
    cache = boundedCache<Buffer>({ maxEntries, maxBytes });
    caches.set(deps, cache);
  }
  return cache;
}
