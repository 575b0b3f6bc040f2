import {
  assetDetailSchema,
  assetIdInputSchema,
  assetLimits,
  assetListQuerySchema,
  assetListSchema,
  assetSchema,
  cursorPaging,
  renameAssetInputSchema,
} from "@streamkit/api-contract";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { accountProcedure } from "../shared/trpc";
import { deleteAsset, getAsset, listAssets, renameAsset } from "./assets";

const tags = ["Assets"];
const guide = "(/docs/guides/overlays#pictures-and-the-asset-library)";

/**
 * The asset library's JSON operations (docs/api.md#assets), for /api/v1 and the website's
 * /api/trpc alike. Like the overlays they need inventory:write, reading
 * included; only uploading (a raw route, upload-route.ts) needs a plan with
 * picture storage, so a downgraded account still lists, renames and deletes.
 */
export const assetsRouter = {
  list: accountProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/assets",
        tags,
        summary: "Your asset library: pictures and sounds",
        description: `Newest first, pictures and sounds together (\`kind=picture\` or \`kind=sound\` keeps one), with the library's usage (both count): \`usage.bytes\` held and \`usage.quotaBytes\` the plan allows. Cursor paging: limit 1–${cursorPaging.maxLimit} (default ${cursorPaging.defaultLimit}); pass \`nextCursor\` back as \`cursor\`; null at the end; a cursor this service did not issue is 400 bad_request. ${guide}`,
      },
      rest: { auth: "key", scope: "inventory:write" },
    })
    .input(assetListQuerySchema)
    .output(assetListSchema)
    .query(({ ctx, input }) => listAssets(ctx.deps, ctx.caller, input)),

  get: accountProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/assets/{assetId}",
        tags,
        summary: "One picture or sound of your library",
        description: `The picture or sound with \`usedBy\`: your overlays whose current or live document draws it (a picture layer) or plays it (an alert sound); older revisions do not count. Another account's, or an unknown one: 404 not_found. ${guide}`,
      },
      rest: { auth: "key", scope: "inventory:write", errors: ["not_found"] },
    })
    .input(assetIdInputSchema)
    .output(assetDetailSchema)
    .query(({ ctx, input }) => getAsset(ctx.deps, ctx.caller, input.assetId)),

  rename: accountProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/assets/{assetId}",
        tags,
        summary: "Rename a picture or sound",
        description: `\`{ name }\`, 1–${assetLimits.maxNameLength} characters (trimmed). The bytes and the address stay. Another account's: 404 not_found. ${guide}`,
      },
      rest: { auth: "key", scope: "inventory:write", errors: ["not_found"] },
    })
    .input(renameAssetInputSchema)
    .output(assetSchema)
    .mutation(({ ctx, input }) => renameAsset(ctx.deps, ctx.caller, input.assetId, input.name)),

  remove: accountProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/assets/{assetId}",
        tags,
        summary: "Delete a picture or sound",
        description: `204. Refused with 409 asset_in_use while one of your overlays draws it (a picture layer) or plays it (an alert sound) in its current or live document: \`details.overlays\` lists them (\`[{ overlayId, name }]\`); take it out of those (and publish a draft) first. Older revisions do not count: one restored draws a placeholder, or plays nothing, where the deleted asset was. The stored bytes go with the last picture holding them. Another account's, or one already deleted: 404 not_found. ${guide}`,
      },
      rest: { auth: "key", scope: "inventory:write", successStatus: 204, errors: ["not_found", "asset_in_use"] },
    })
    .input(assetIdInputSchema)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await deleteAsset(ctx.deps, ctx.caller, input.assetId);
    }),
} satisfies TRPCRouterRecord;
