import { notFound } from "@streamkit/api-contract";
import type { RawRoute } from "../rest/raw";
import { marketPreviewSvg } from "./market";
import { previewImageResult } from "../overlays";

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
    return previewImageResult(svg, input.header("if-none-match"));
  },
};
