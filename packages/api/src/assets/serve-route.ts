/**
 * Serving the library's pictures and sounds (docs/overlays.md#pictures-and-the-asset-library):
 * GET /api/assets/<sha256>.<ext>, public like the OBS browser source's feed,
 * since the browser source and the editor draw them with plain <img> (and the
 * editor previews sounds with <audio>; the OBS source plays an alert's sound
 * from its token's route, overlays/source-sound-route.ts). The
 * address names the content, so the answer is cacheable for a year and
 * `immutable`, its strong ETag is the key. Only a content some asset holds,
 * in the type the extension names, is answered; anything else is 404.
 * The bytes were re-encoded by the service, and are sent so that nothing in
 * them could ever run: nosniff (the core), a CSP of `default-src 'none';
 * sandbox`, and a resource policy that lets only the site's own pages embed them.
 * Each request asks the database whether an asset holds the key (one indexed
 * query); the bytes of small pictures are kept in the process, since a key's
 * bytes never change.
 */
import { AppError, type AssetContentType, assetLimits, assetTypes } from "@streamkit/api-contract";
import type { LRUCache } from "lru-cache";
import { boundedCache } from "../shared/bounded-cache";
import { blobStore } from "../shared/blobs/index";
import type { AppDeps } from "../shared/deps";
import { etagMatches } from "../rest/etag";
import type { RawRoute } from "../rest/raw";
import { findServedAsset } from "./assets";

const typeOfExtension = Object.fromEntries(Object.entries(assetTypes).map(([type, ext]) => [ext, type])) as Record<string, AssetContentType>;
const fileName = /^([0-9a-f]{64})\.([a-z0-9]{3,4})$/;

export const assetServingHeaders = {
  "cache-control": `public, max-age=${assetLimits.maxAgeSeconds}, immutable`,
  "content-security-policy": "default-src 'none'; sandbox",
  "cross-origin-resource-policy": "same-origin",
} as const;

export const assetServeRoute: RawRoute = {
  methods: ["GET"],
  path: "/api/assets/{file}",
  auth: "none",
  async handle(input, context) {
    const file = input.params.file ?? "";
    const match = fileName.exec(file);
    const contentType = match ? typeOfExtension[match[2]!] : undefined;
    const unknown = () => new AppError("not_found", `No picture at /api/assets/${file.slice(0, 80)}.`);
    if (!match || !contentType) throw unknown();
    const key = match[1]!;
    const found = await findServedAsset(context.deps.db, key, contentType);
    if (!found) throw unknown();
    const etag = `"${key}"`;
    const headers: Record<string, string> = { ...assetServingHeaders, etag };
    if (etagMatches(input.header("if-none-match"), etag)) return { status: 304, headers, body: null };
    headers["content-type"] = contentType;
    headers["content-length"] = String(found.size);
    const cache = cacheOf(context.deps);
    const kept = cache.get(key);
    if (kept) return { status: 200, headers, body: kept };
    const stream = blobStore(context.deps.db).read(key);
    if (found.size > assetLimits.servedCache.maxEntryBytes) return { status: 200, headers, body: stream };
    const bytes = Buffer.concat(await stream.toArray());
    cache.set(key, bytes, { size: Math.max(1, bytes.byteLength) });
    return { status: 200, headers, body: bytes };
  },
};

const caches = new WeakMap<AppDeps, LRUCache<string, Buffer>>();

/** The process's kept bytes of served pictures (assetLimits.servedCache). */
function cacheOf(deps: AppDeps): LRUCache<string, Buffer> {
  let cache = caches.get(deps);
  if (!cache) {
    const { maxEntries, maxBytes } = assetLimits.servedCache;
    cache = boundedCache<Buffer>({ maxEntries, maxBytes });
    caches.set(deps, cache);
  }
  return cache;
}
