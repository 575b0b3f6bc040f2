import { marketAnswers, notFound } from "@streamkit/api-contract";
import type { RawRoute } from "../rest/raw";
import { boundedCache } from "../shared/bounded-cache";
import type { AppDeps } from "../shared/deps";
import { marketPreviewSvg } from "./market";
import { marketVersionOf } from "./market-version";
import { previewEtag, previewImageResult } from "../overlays";

interface KeptPreview {
  version: string;
  svg: string;
  etag: string;
}

/** Each process's drawn previews, by slug, for the market's version they were drawn at (an unknown slug is never kept). */
const kept = new WeakMap<AppDeps, ReturnType<typeof boundedCache<KeptPreview>>>();

function keptOf(deps: AppDeps) {
  let previews = kept.get(deps);
  if (!previews) {
    previews = boundedCache<KeptPreview>({ maxEntries: marketAnswers.maxPreviews, maxBytes: marketAnswers.maxPreviewBytes });
    kept.set(deps, previews);
  }
  return previews;
}

/**
 * The item's preview at the market's current version: drawn once per process
 * and version, and kept until a change of the catalogue moves the version
 * (market/market-version.ts). The version is read before the rows, so a kept
 * image is at least as new as its version: it can only be dropped early.
 */
async function currentPreview(deps: AppDeps, slug: string): Promise<KeptPreview | null> {
  const version = await marketVersionOf(deps.db).current();
  const previews = keptOf(deps);
  const found = previews.get(slug);
  if (found?.version === version) return found;
  const svg = await marketPreviewSvg(deps.db, slug);
  if (svg === null) return null;
  const preview = { version, svg, etag: previewEtag(svg) };
  // Heap bytes: up to two a character, plus a little for the entry.
  previews.set(slug, preview, { size: (svg.length + slug.length) * 2 + 256 });
  return preview;
}

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
    const preview = await currentPreview(context.deps, input.params.slug!);
    if (!preview) throw notFound(`No market item "${input.params.slug}".`);
    return previewImageResult(preview.svg, input.header("if-none-match"), preview.etag);
  },
};
