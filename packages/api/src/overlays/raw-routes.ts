import { createHash } from "node:crypto";
import { renderSvg } from "@streamkit/overlay";
import { AppError, notFound } from "../errors";
import { etagMatches } from "../rest/etag";
import { jsonResult, type RawRoute } from "../rest/raw";
import { findCatalogOverlay } from "../services/catalog";
import { readBrowserSource } from "../services/overlay-source";

/** The previews are the site's own drawings: nothing in them may run or load. */
const svgHeaders = {
  "content-type": "image/svg+xml; charset=utf-8",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
  "x-content-type-options": "nosniff",
};

/**
 * GET /api/v1/catalog/overlays/{slug}/preview: the predefined overlay drawn
 * by the one renderer as a still SVG image (no script, no outside loads), for
 * clients without a renderer of their own. Public like the catalogue; an
 * ETag of the image and an hour of caching.
 */
export const catalogPreviewRoute: RawRoute = {
  methods: ["GET"],
  path: "/api/v1/catalog/overlays/{slug}/preview",
  auth: "none",
  cors: true,
  async handle(input, context) {
    const overlay = input.params.slug!.length <= 100 ? await findCatalogOverlay(context.deps.db, input.params.slug!) : null;
    if (!overlay) throw notFound(`No predefined overlay "${input.params.slug}".`);
    const svg = renderSvg(overlay.document, { animate: false });
    const etag = `"${createHash("sha256").update(svg).digest("base64url").slice(0, 27)}"`;
    const headers = { ...svgHeaders, etag, "cache-control": "public, max-age=3600" };
    if (etagMatches(input.header("if-none-match"), etag)) return { status: 304, headers, body: null };
    return { status: 200, headers, body: svg };
  },
};

/**
 * GET /api/overlay-source/{token}: what an overlay's OBS browser source shows,
 * polled by its page (/overlays/source/<token>) with If-None-Match: 304 while
 * nothing changed, so a save shows within a poll, and a restarted server
 * answers the same. An unknown or revoked address is 404; a locked overlay
 * (or a suspended account) answers `locked: true` and no document.
 */
export const browserSourceRoute: RawRoute = {
  methods: ["GET"],
  path: "/api/overlay-source/{token}",
  auth: "none",
  async handle(input, context) {
    const frame = input.params.token!.length <= 200 ? await readBrowserSource(context.deps, input.params.token!) : null;
    if (!frame) throw new AppError("not_found", "No overlay at this address: it was revoked or never existed.");
    const etag = `"${frame.rev}.${frame.locked ? "locked" : "open"}"`;
    const headers = { etag, "cache-control": "no-cache", "x-robots-tag": "noindex" };
    if (etagMatches(input.header("if-none-match"), etag)) return { status: 304, headers, body: null };
    return jsonResult(200, frame, headers);
  },
};
