import { createHash } from "node:crypto";
import { notFound } from "../errors";
import { etagMatches } from "../rest/etag";
import type { RawRoute } from "../rest/raw";
import { marketPreviewSvg } from "../services/market";

/** The previews are the site's own drawings: nothing in them may run or load (the same headers as the catalogue's previews). */
const svgHeaders = {
  "content-type": "image/svg+xml; charset=utf-8",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
  "x-content-type-options": "nosniff",
};

/**
 * GET /api/v1/market/{slug}/preview: a market item drawn by the one renderer
 * as a still SVG (no script, no outside loads): a widget or overlay as its
 * document, a theme as a grid of its members. A shop window like the market:
 * no key needed (an <img> sends none). An ETag of the image, and an hour of caching.
 */
export const marketPreviewRoute: RawRoute = {
  methods: ["GET"],
  path: "/api/v1/market/{slug}/preview",
  auth: "none",
  cors: true,
  async handle(input, context) {
    const svg = await marketPreviewSvg(context.deps.db, input.params.slug!);
    if (svg === null) throw notFound(`No market item "${input.params.slug}".`);
    const etag = `"${createHash("sha256").update(svg).digest("base64url").slice(0, 27)}"`;
    const headers = { ...svgHeaders, etag, "cache-control": "public, max-age=3600" };
    if (etagMatches(input.header("if-none-match"), etag)) return { status: 304, headers, body: null };
    return { status: 200, headers, body: svg };
  },
};
