import { catalogOverlayListSchema, catalogPaging, catalogQuerySchema } from "@streamkit/api-contract";
import type { TRPCRouterRecord } from "@trpc/server";
import { listCatalogOverlays } from "./catalog";
import { publicProcedure } from "../shared/trpc";

/** The predefined overlays (docs/api.md#operations, docs/api.md#versioning): a shop window, readable by anyone. */
export const catalogRouter = {
  overlays: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/catalog/overlays",
        tags: ["Overlays"],
        summary: "The predefined overlays",
        description: `Only overlays (marketplace items are under /market), in catalogue order, each with the plan that may add it, its canvas and a preview image (\`preview.url\`, an SVG drawn by the service's renderer, cacheable for an hour). No key needed: it shows what each plan unlocks. Offset paging (/docs/guides/api#paging): limit 1–${catalogPaging.maxLimit} (default ${catalogPaging.defaultLimit}) and offset; \`nextOffset\` is null at the end; invalid values are 400 bad_request.`,
      },
      rest: { auth: "optional" },
    })
    .input(catalogQuerySchema)
    .output(catalogOverlayListSchema)
    .query(async ({ ctx, input }) => {
      const page = await listCatalogOverlays(ctx.deps.db, input);
      return {
        items: page.items.map((overlay) => ({
          itemKind: "overlay" as const,
          slug: overlay.slug,
          name: overlay.name,
          description: overlay.description,
          plan: overlay.plan,
          canvas: overlay.document.canvas,
          preview: {
            url: `${ctx.deps.env.PUBLIC_URL}/api/v1/catalog/overlays/${encodeURIComponent(overlay.slug)}/preview`,
            type: "image/svg+xml" as const,
            width: overlay.document.canvas.width,
            height: overlay.document.canvas.height,
          },
        })),
        nextOffset: page.nextOffset,
      };
    }),
} satisfies TRPCRouterRecord;
