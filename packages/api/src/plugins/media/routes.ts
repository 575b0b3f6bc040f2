/**
 * The raw routes of a plugin's icon and screenshots (docs/plugins.md#icons-and-screenshots). Uploads take the
 * picture's bytes as the body (any Content-Type: the type is decided from the bytes) through two doors
 * (shared/upload-doors.ts): /api/v1/plugins/{slug}/… with a key or the desktop app's token (plugins:write), and
 * /api/plugins/{slug}/… for the dashboard, signed in. The plugin is checked to be the caller's (404 otherwise) before
 * a byte of the body is read. Serving: the stored pictures by content hash (shared/served-blobs.ts), the generated
 * icon by slug, and the social preview PNG.
 */
import { type AssetPictureType, assetPictureTypes, notFound, pluginMediaLimits, screenshotAltSchema } from "@streamkit/api-contract";
import { createHash } from "node:crypto";
import { accounts, inMarketplace, plugins } from "@streamkit/db";
import { PLUGIN_ID_PATTERN } from "@streamkit/plugin-rules";
import { and, eq } from "drizzle-orm";
import type { LRUCache } from "lru-cache";
import { etagMatches } from "../../rest/etag";
import { jsonResult, type RawInput, type RawRoute } from "../../rest/raw";
import type { RestResult } from "../../rest/types";
import { boundedCache } from "../../shared/bounded-cache";
import type { AccountCaller, Context } from "../../shared/context";
import type { AppDeps } from "../../shared/deps";
import { blobBytes, serveBlob, servedBlobHeaders } from "../../shared/served-blobs";
import { uploadDoors, uploadParameter } from "../../shared/upload-doors";
import { generatedIconSvg, socialImagePng } from "./drawings";
import { addMedia, findServedMedia, ownPlugin, processMedia } from "./media";

/** The uploads' scope: the security suite reads it (test/support/security-contract.ts). */
export const mediaUploadRequirements = { scope: "plugins:write" } as const;

const noStore = { "cache-control": "no-store" };

async function uploadIcon(input: RawInput, context: Context, caller: AccountCaller): Promise<RestResult> {
  const plugin = await ownPlugin(context.deps.db, caller, input.params.slug ?? "");
  const picture = await processMedia(await input.body(), "icon");
  return jsonResult(200, await addMedia(context.deps, caller, plugin, "icon", picture), noStore);
}

async function uploadScreenshot(input: RawInput, context: Context, caller: AccountCaller): Promise<RestResult> {
  const plugin = await ownPlugin(context.deps.db, caller, input.params.slug ?? "");
  const alt = input.url.searchParams.has("alt") ? uploadParameter(input.url, "alt", screenshotAltSchema) : "";
  const picture = await processMedia(await input.body(), "screenshot");
  const shot = await addMedia(context.deps, caller, plugin, "screenshot", picture, alt);
  return jsonResult(201, shot, { ...noStore, location: `/api/v1/plugins/${encodeURIComponent(plugin.slug)}/screenshots/${"id" in shot ? shot.id : ""}` });
}

const iconDoors = uploadDoors({
  methods: ["PUT"],
  keyPath: "/api/v1/plugins/{slug}/icon",
  websitePath: "/api/plugins/{slug}/icon",
  scope: mediaUploadRequirements.scope,
  bodyLimit: pluginMediaLimits.maxIconBytes,
  signIn: "Sign in on the website to change your plugin's icon.",
  handle: uploadIcon,
});

const screenshotDoors = uploadDoors({
  methods: ["POST"],
  keyPath: "/api/v1/plugins/{slug}/screenshots",
  websitePath: "/api/plugins/{slug}/screenshots",
  scope: mediaUploadRequirements.scope,
  bodyLimit: pluginMediaLimits.maxScreenshotBytes,
  signIn: "Sign in on the website to add screenshots to your plugin.",
  handle: uploadScreenshot,
});

const typeOfExtension = Object.fromEntries(Object.entries(assetPictureTypes).map(([type, ext]) => [ext, type])) as Record<string, AssetPictureType>;
const storedFile = /^([0-9a-f]{64})\.([a-z]{3,4})$/;
/** Public marketplace pictures: any page (a README, a chat's preview) may embed them. */
export const pluginMediaHeaders = servedBlobHeaders("cross-origin");

/** GET /api/plugin-media/<sha256>.<ext>: an icon or screenshot, while a plugin not taken down holds it. */
const storedMediaRoute: RawRoute = {
  methods: ["GET"],
  path: "/api/plugin-media/{file}",
  auth: "none",
  async handle(input, context) {
    const file = input.params.file ?? "";
    const match = storedFile.exec(file);
    const contentType = match ? typeOfExtension[match[2]!] : undefined;
    const unknown = () => notFound(`No picture at /api/plugin-media/${file.slice(0, 80)}.`);
    if (!match || !contentType) throw unknown();
    const found = await findServedMedia(context.deps.db, match[1]!, contentType);
    if (!found) throw unknown();
    return serveBlob(input, context.deps, { key: match[1]!, contentType, size: found.size }, pluginMediaHeaders);
  },
};

const slugOf = (file: string, ext: string) => {
  const slug = file.endsWith(ext) ? file.slice(0, -ext.length) : "";
  return slug.length <= 100 && PLUGIN_ID_PATTERN.test(slug) ? slug : null;
};

/** A day: the drawing is a function of the slug, but may be redrawn better one day. */
const drawnHeaders = {
  "cache-control": "public, max-age=86400",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  "cross-origin-resource-policy": "cross-origin",
};

/** GET /api/plugin-media/generated/<slug>.svg: the icon drawn from a slug (any valid one: nothing is looked up). */
const generatedIconRoute: RawRoute = {
  methods: ["GET"],
  path: "/api/plugin-media/generated/{file}",
  auth: "none",
  async handle(input) {
    const file = input.params.file ?? "";
    const slug = slugOf(file, ".svg");
    if (!slug) throw notFound(`No generated icon at /api/plugin-media/generated/${file.slice(0, 80)}: the name is a plugin id and .svg.`);
    const svg = generatedIconSvg(slug);
    const etag = `"g1-${slug}"`;
    const headers: Record<string, string> = { ...drawnHeaders, etag };
    if (etagMatches(input.header("if-none-match"), etag)) return { status: 304, headers, body: null };
    return { status: 200, headers: { ...headers, "content-type": "image/svg+xml; charset=utf-8" }, body: svg };
  },
};

const socialCaches = new WeakMap<AppDeps, LRUCache<string, Buffer>>();
function socialCacheOf(deps: AppDeps) {
  let cache = socialCaches.get(deps);
  if (!cache) {
    cache = boundedCache<Buffer>({ maxEntries: 200, maxBytes: 32 * 1024 * 1024 });
    socialCaches.set(deps, cache);
  }
  return cache;
}

/**
 * GET /api/plugin-media/social/<slug>.png: the plugin's social preview, for a plugin in the marketplace. Drawn once per
 * content in each process (name, description, version, publisher, icon): the ETag names that content.
 */
const socialImageRoute: RawRoute = {
  methods: ["GET"],
  path: "/api/plugin-media/social/{file}",
  auth: "none",
  async handle(input, context) {
    const file = input.params.file ?? "";
    const slug = slugOf(file, ".png");
    const unknown = () => notFound(`No plugin's social preview at /api/plugin-media/social/${file.slice(0, 80)}.`);
    if (!slug) throw unknown();
    const [row] = await context.deps.db
      .select({ plugin: plugins, publisher: accounts.name, verified: accounts.verified })
      .from(plugins)
      .innerJoin(accounts, eq(accounts.id, plugins.ownerId))
      .where(and(eq(plugins.slug, slug), inMarketplace));
    if (!row) throw unknown();
    const p = row.plugin;
    const key = createHash("sha256")
      .update(JSON.stringify(["s1", p.slug, p.name, p.description, p.latestVersion, row.publisher, row.verified, p.icon?.blobKey ?? null]))
      .digest("hex")
      .slice(0, 32);
    const etag = `"${key}"`;
    const headers: Record<string, string> = {
      "cache-control": "public, max-age=3600",
      "content-security-policy": "default-src 'none'; sandbox",
      "cross-origin-resource-policy": "cross-origin",
      etag,
    };
    if (etagMatches(input.header("if-none-match"), etag)) return { status: 304, headers, body: null };
    const cache = socialCacheOf(context.deps);
    let png = cache.get(key);
    if (!png) {
      png = await socialImagePng({
        slug: p.slug,
        name: p.name,
        description: p.description,
        publisher: row.publisher,
        verified: row.verified,
        version: p.latestVersion,
        iconBytes: p.icon ? await blobBytes(context.deps, p.icon.blobKey) : null,
      });
      cache.set(key, png, { size: png.byteLength });
    }
    return { status: 200, headers: { ...headers, "content-type": "image/png", "content-length": String(png.byteLength) }, body: png };
  },
};

export const pluginMediaRoutes: RawRoute[] = [
  iconDoors.keyRoute,
  iconDoors.websiteRoute,
  screenshotDoors.keyRoute,
  screenshotDoors.websiteRoute,
  storedMediaRoute,
  generatedIconRoute,
  socialImageRoute,
];
