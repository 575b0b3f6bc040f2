import { catalogPaging, marketAnswers, marketItemResponseSchema, marketListSchema, marketQuerySchema, marketSlugInputSchema } from "@streamkit/api-contract";
import type { TRPCRouterRecord } from "@trpc/server";
import { notFound } from "@streamkit/api-contract";
import { getMarketItem, listMarket } from "./market";
import { publicProcedure } from "../shared/trpc";

const tags = ["Market"];
/** Anonymous answers are the same for everybody and change only with the catalogue: kept per the market's version (rest/memo.ts). */
const shopWindow = { auth: "optional", etag: true, memo: "market" } as const;
const CACHING = `Without credentials the answer is the same for everybody: a strong ETag (send it back as If-None-Match for a 304 while the market is unchanged), \`Cache-Control: public, max-age=${marketAnswers.maxAgeSeconds}\` and \`Vary: Authorization\`; each server process keeps it until the catalogue changes (/docs/guides/api#caching-of-the-market). With a key: \`no-store\`, built for the request.`;

/** The market (docs/api.md#operations, docs/api.md#limits, docs/api.md#versioning): widgets, predefined overlays and themes. A shop window: no key needed, a sent one must be valid. */
export const marketRouter = {
  list: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/market",
        tags,
        summary: "The market: widgets, overlays and themes",
        description: `Widgets first, then the predefined overlays, then themes, each in catalogue order, with the plan that may add each (a theme's is the most demanding of its members', computed) and a preview image (\`preview.url\`: an SVG drawn by the service's renderer). Filters: \`itemKind\`, \`plan\`, \`q\` (text search). No key needed. Offset paging (/docs/guides/api#paging): limit 1–${catalogPaging.maxLimit} (default ${catalogPaging.defaultLimit}) and offset; \`nextOffset\` is null at the end; invalid values are 400 bad_request.\n\n${CACHING}`,
      },
      rest: shopWindow,
    })
    .input(marketQuerySchema)
    .output(marketListSchema)
    .query(({ ctx, input }) => listMarket(ctx.deps, input)),

  get: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/market/{slug}",
        tags,
        summary: "One market item",
        description: `The item with its itemKind and plan; a theme carries \`members\` (each with slug, name, itemKind, plan and preview), and its plan is the most demanding of theirs. No key needed. Unknown slug: 404 not_found.\n\n${CACHING}`,
      },
      rest: { ...shopWindow, errors: ["not_found"] },
    })
    .input(marketSlugInputSchema)
    .output(marketItemResponseSchema)
    .query(async ({ ctx, input }) => {
      const item = await getMarketItem(ctx.deps, input.slug);
      if (!item) throw notFound(`No market item "${input.slug}".`);
      return { item };
    }),
} satisfies TRPCRouterRecord;
