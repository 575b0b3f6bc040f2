/**
 * What search engines read (docs/website.md#search-engines): GET /robots.txt and
 * GET /sitemap.xml, raw routes of the REST core beside /healthz, so they get
 * its request id and log and never reach Next's router.
 *
 * - robots.txt keeps crawlers out of the private pages (the account's, the
 *   author's and the operator's pages, checkout and buying, the overlay
 *   editor and the OBS addresses, the desktop sign-in, /api) and names the
 *   sitemap. It changes only with a release: a day of public caching.
 * - sitemap.xml follows the catalogue: the public pages, every published
 *   plugin's page and every market item's page, absolute URLs from
 *   PUBLIC_URL. It is built once per marketplace and market version (the
 *   counters every change to the plugins, and to the market's items, bumps:
 *   shared/marketplace-version.ts, market/market-version.ts) and answered
 *   with an ETag and an hour of public caching. Past sitemapLimits.urlsPerFile
 *   URLs (the protocol's limit) it becomes a sitemap index of parts,
 *   /sitemap.xml?part=N.
 */
import { createHash } from "node:crypto";
import { catalogItems, type Db, inMarketplace, plugins } from "@streamkit/db";
import { asc, desc } from "drizzle-orm";
import type { AppDeps } from "../shared/deps";
import { AppError } from "@streamkit/api-contract";
import { etagMatches } from "../rest/etag";
import type { RestResult } from "../rest/types";
import { marketVersionOf } from "../market";
import { marketplaceVersionOf } from "../shared/marketplace-version";
import type { RawRoute } from "../rest/raw";

export const sitemapLimits = {
  /** URLs in one sitemap file: the sitemaps protocol allows 50,000 (and 50 MB, which 50,000 of ours stay far below). */
  urlsPerFile: 50_000,
  /** How long browsers and shared caches may keep the sitemap (it also has an ETag). */
  maxAgeSeconds: 3600,
  /** robots.txt only changes with a release. */
  robotsMaxAgeSeconds: 86_400,
} as const;

/** The website's pages anyone can read that are not a plugin's or a market item's (apps/web/app). /sounds needs an account. */
export const publicPages = ["/", "/market", "/overlays/catalog", "/publishing", "/plans", "/rates", "/docs", "/desktop", "/download"] as const;

/**
 * Paths crawlers are kept out of: pages behind sign-in, money and sign-in
 * flows, the overlay editor (/overlays/{id}) and OBS addresses
 * (/overlays/source/{token}), the development outbox, and the API. The
 * catalogue of overlays stays open: the longer Allow wins (RFC 9309).
 */
export const privatePaths = [
  "/account",
  "/admin",
  "/api/",
  "/checkout/",
  "/dashboard",
  "/dev/",
  "/inventory",
  "/oauth/",
  "/overlays",
  "/plugins/*/buy",
  "/purchases",
  "/reset-password",
] as const;

export function robotsTxt(publicUrl: string): string {
  return ["User-agent: *", "Allow: /overlays/catalog", ...privatePaths.map((path) => `Disallow: ${path}`), "", `Sitemap: ${publicUrl}/sitemap.xml`, ""].join(
    "\n",
  );
}

export interface SitemapEntry {
  /** A path of the website, e.g. /plugins/chat-commands. */
  path: string;
  /** The day it last changed (YYYY-MM-DD), where known. */
  lastModified?: string;
}

/** Every page of the sitemap, in catalogue order: the public pages, the published plugins (the marketplace's order), the market's items. */
export async function sitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [pluginRows, itemRows] = await Promise.all([
    db
      .select({ slug: plugins.slug, updatedAt: plugins.updatedAt })
      .from(plugins)
      .where(inMarketplace)
      .orderBy(desc(plugins.official), desc(plugins.downloads), desc(plugins.id)),
    db.select({ slug: catalogItems.slug }).from(catalogItems).orderBy(asc(catalogItems.itemKind), asc(catalogItems.position), asc(catalogItems.slug)),
  ]);
  return [
    ...publicPages.map((path) => ({ path })),
    ...pluginRows.map((row) => ({ path: `/plugins/${encodeURIComponent(row.slug)}`, lastModified: row.updatedAt.toISOString().slice(0, 10) })),
    ...itemRows.map((row) => ({ path: `/market/${encodeURIComponent(row.slug)}` })),
  ];
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/**
 * The sitemap document for `part` (1-based; 0 asks for the whole): one
 * urlset while everything fits in one file, else an index of the parts. Null
 * for a part that does not exist.
 */
export function sitemapXml(entries: readonly SitemapEntry[], publicUrl: string, part: number, perFile: number = sitemapLimits.urlsPerFile): string | null {
  const parts = Math.max(1, Math.ceil(entries.length / perFile));
  if (part === 0 && parts > 1) {
    const sitemaps = Array.from({ length: parts }, (_, index) => `<sitemap><loc>${escapeXml(`${publicUrl}/sitemap.xml?part=${index + 1}`)}</loc></sitemap>`);
    return `${XML_HEAD}<sitemapindex ${NAMESPACE}>\n${sitemaps.join("\n")}\n</sitemapindex>\n`;
  }
  if (part > parts) return null;
  const slice = entries.slice(Math.max(0, part - 1) * perFile, Math.max(1, part) * perFile);
  const urls = slice.map(
    (entry) => `<url><loc>${escapeXml(publicUrl + entry.path)}</loc>${entry.lastModified ? `<lastmod>${entry.lastModified}</lastmod>` : ""}</url>`,
  );
  return `${XML_HEAD}<urlset ${NAMESPACE}>\n${urls.join("\n")}\n</urlset>\n`;
}

/**
 * The entries of the current marketplace and market versions, read once per
 * pair and shared by the requests that want them meanwhile: plugins move the
 * one, the market's items (a release, or a change by hand) the other.
 */
const built = new WeakMap<AppDeps, { version: string; entries: Promise<SitemapEntry[]> }>();

async function currentEntries(deps: AppDeps): Promise<{ version: string; entries: SitemapEntry[] }> {
  const [plugins, market] = await Promise.all([marketplaceVersionOf(deps.db).current(), marketVersionOf(deps.db).current()]);
  const version = `${plugins}.${market}`;
  let kept = built.get(deps);
  if (!kept || kept.version !== version) {
    kept = { version, entries: sitemapEntries(deps.db) };
    built.set(deps, kept);
    // A failed read is not kept: the next request tries again.
    kept.entries.catch(() => {
      if (built.get(deps) === kept) built.delete(deps);
    });
  }
  return { version, entries: await kept.entries };
}

/** A text answer with a strong ETag of its bytes; If-None-Match → 304. */
function cachedText(body: string, contentType: string, maxAgeSeconds: number, ifNoneMatch: string | null): RestResult {
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers = { "content-type": contentType, etag, "cache-control": `public, max-age=${maxAgeSeconds}` };
  if (etagMatches(ifNoneMatch, etag)) return { status: 304, headers, body: null };
  return { status: 200, headers, body };
}

export const robotsRoute: RawRoute = {
  methods: ["GET"],
  path: "/robots.txt",
  auth: "none",
  handle: async (input, context) =>
    cachedText(robotsTxt(context.deps.env.PUBLIC_URL), "text/plain; charset=utf-8", sitemapLimits.robotsMaxAgeSeconds, input.header("if-none-match")),
};

export const sitemapRoute: RawRoute = {
  methods: ["GET"],
  path: "/sitemap.xml",
  auth: "none",
  async handle(input, context) {
    const raw = input.url.searchParams.get("part");
    const part = raw === null ? 0 : /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : -1;
    if (part < 0) throw new AppError("bad_request", "part must be a whole number from 1, as the sitemap index lists them.");
    const { entries } = await currentEntries(context.deps);
    const xml = sitemapXml(entries, context.deps.env.PUBLIC_URL, part);
    if (xml === null) throw new AppError("not_found", `The sitemap has no part ${part}.`);
    return cachedText(xml, "application/xml; charset=utf-8", sitemapLimits.maxAgeSeconds, input.header("if-none-match"));
  },
};
