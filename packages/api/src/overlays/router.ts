import {
  createOverlayInputSchema,
  forkOverlayInputSchema,
  listOverlaysQuerySchema,
  overlayIdInputSchema,
  overlayListSchema,
  overlayResponseSchema,
  publishOverlayInputSchema,
  updateOverlayInputSchema,
} from "@streamkit/api-contract";
import { DRAWING_BUDGET, OVERLAY_LIMITS } from "@streamkit/overlay";
import { plans } from "@streamkit/plans";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { createOverlay, deleteOverlay, forkOverlay, getOverlay, listOverlays, renewBrowserSource, revokeBrowserSource, updateOverlay } from "./overlays";
import { accountProcedure } from "../shared/trpc";
import { EDITOR_ASSETS_SHOWN, editorAssets, editorSoundAssets } from "../assets";
import { publishOverlay } from "./publish";
import { revisionProcedures } from "./revisions-router";
import { testAlertProcedures } from "./test-alerts-router";

const tags = ["Overlays"];
const limits = `Pro holds at most ${plans.pro.entitlements.overlays} overlays, Ultimate ${plans.ultimate.entitlements.overlays} (403 limit_reached with details.limit, decided by the database under concurrency).`;
const documentRules = `The document is checked against schema 1 (/docs/guides/overlays): every problem at once as 400 validation_error with dotted paths into the body (\`document.layers.3.frame.w\`); a document over ${OVERLAY_LIMITS.maxDocumentBytes / 1024} KiB of JSON or ${OVERLAY_LIMITS.maxLayers} layers is 413 payload_too_large, and so is one whose drawing would pass the renderer's budget (more than ${DRAWING_BUDGET.particles.toLocaleString("en-US")} particles in all, ${DRAWING_BUDGET.textCharacters.toLocaleString("en-US")} characters of text once {{variables}} are filled, ${DRAWING_BUDGET.elements.toLocaleString("en-US")} elements or ${DRAWING_BUDGET.bytes / 1024 / 1024} MiB of SVG), with a message saying what to reduce.`;
const locked =
  "A locked overlay (the account's plan no longer covers it) is 403 plan_required with details.requiredPlan; another account's overlay is 404 not_found.";

// Static paths come before templated ones: the router matches in this order.
export const overlaysRouter = {
  list: accountProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/overlays",
        tags,
        summary: "Your overlays",
        description:
          "Newest first, without their documents; locked ones included (`locked: true`, with the plan that unlocks them in `requiredPlan`). Cursor paging (/docs/guides/api#paging): limit 1–100 (default 25); pass `nextCursor` back as `cursor`; null at the end.",
      },
      rest: { auth: "key", scope: "inventory:write" },
    })
    .input(listOverlaysQuerySchema)
    .output(overlayListSchema)
    .query(({ ctx, input }) => listOverlays(ctx.deps, ctx.caller, input)),

  create: accountProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/overlays",
        tags,
        summary: "Create an overlay",
        description: `201 with the overlay at rev 1. ${limits} ${documentRules}`,
      },
      rest: {
        auth: "key",
        scope: "inventory:write",
        entitlement: "overlays",
        successStatus: 201,
        errors: ["validation_error", "limit_reached", "payload_too_large"],
      },
    })
    .input(createOverlayInputSchema)
    .output(overlayResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const created = await createOverlay(ctx.deps, ctx.caller, ctx.surface, input);
      ctx.res.headers.Location = `/api/v1/overlays/${created.item.id}`;
      return created;
    }),

  fork: accountProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/overlays/fork",
        tags,
        summary: "Fork a predefined overlay",
        description: `201 with a copy of a predefined overlay (GET /catalog/overlays) as your own, at rev 1. Unknown slug: 404 not_found; one your plan cannot add: 403 plan_required with details.requiredPlan. The copy needs the higher of Pro and the original's plan. ${limits}`,
      },
      rest: { auth: "key", scope: "inventory:write", entitlement: "overlays", successStatus: 201, errors: ["not_found", "limit_reached"] },
    })
    .input(forkOverlayInputSchema)
    .output(overlayResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const forked = await forkOverlay(ctx.deps, ctx.caller, ctx.surface, input);
      ctx.res.headers.Location = `/api/v1/overlays/${forked.item.id}`;
      return forked;
    }),

  get: accountProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/overlays/{overlayId}",
        tags,
        summary: "One of your overlays, with its document",
        description: `An ETag changes with each rev (and a new browser-source address); If-None-Match → 304. ${locked}`,
      },
      rest: { auth: "key", scope: "inventory:write", etag: true, errors: ["not_found"] },
    })
    .input(overlayIdInputSchema)
    .output(overlayResponseSchema)
    .query(async ({ ctx, input }) => {
      const { item, etag } = await getOverlay(ctx.deps, ctx.caller, input.overlayId);
      ctx.res.headers.ETag = etag;
      return { item };
    }),

  update: accountProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/overlays/{overlayId}",
        tags,
        summary: "Save an overlay",
        description: `Changes the name and/or the document; send \`baseRev\`, the rev you last saw. Decided in one \`UPDATE … WHERE rev = baseRev\`: on success the overlay is at rev + 1 and the rev it replaced is kept in its history (GET /overlays/{overlayId}/revisions); if it was saved elsewhere in between, 409 conflict with details.currentRev and nothing is overwritten (fetch it, re-apply, retry). The save goes on stream at once (liveRev = rev), unless \`draft: true\`: then the OBS browser source keeps showing liveRev until POST /overlays/{overlayId}/publish. Only baseRev (with or without draft): 400 bad_request. ${documentRules} ${locked}`,
      },
      rest: {
        auth: "key",
        scope: "inventory:write",
        entitlement: "overlays",
        errors: ["not_found", "conflict", "validation_error", "payload_too_large"],
        // A save touches the overlay and its history only: its answer need not wait for this process's notices.
        changesNothingKept: true,
      },
    })
    .input(updateOverlayInputSchema)
    .output(overlayResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const { item, etag } = await updateOverlay(ctx.deps, ctx.caller, ctx.surface, input);
      ctx.res.headers.ETag = etag;
      return { item };
    }),

  remove: accountProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/overlays/{overlayId}",
        tags,
        summary: "Delete one of your overlays",
        description: "204, locked or not (deleting is how a downgraded account makes room). Another account's, or one already deleted: 404 not_found.",
      },
      rest: { auth: "key", scope: "inventory:write", successStatus: 204, errors: ["not_found"] },
    })
    .input(overlayIdInputSchema)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await deleteOverlay(ctx.deps, ctx.caller, input.overlayId);
    }),

  renewBrowserSource: accountProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/overlays/{overlayId}/browser-source",
        tags,
        summary: "A new browser-source address",
        description: `The overlay's OBS browser source gets a new secret address (\`item.browserSource.url\`); the previous one answers 404 from now on. ${locked}`,
      },
      rest: { auth: "key", scope: "inventory:write", entitlement: "overlays", errors: ["not_found"] },
    })
    .input(overlayIdInputSchema)
    .output(overlayResponseSchema)
    .mutation(({ ctx, input }) => renewBrowserSource(ctx.deps, ctx.caller, input.overlayId)),

  revokeBrowserSource: accountProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/overlays/{overlayId}/browser-source",
        tags,
        summary: "Revoke the browser-source address",
        description: `No address answers for this overlay (404) until a new one is made. Answers the overlay with \`browserSource: null\`. ${locked}`,
      },
      rest: { auth: "key", scope: "inventory:write", entitlement: "overlays", errors: ["not_found"] },
    })
    .input(overlayIdInputSchema)
    .output(overlayResponseSchema)
    .mutation(({ ctx, input }) => revokeBrowserSource(ctx.deps, ctx.caller, input.overlayId)),

  publish: accountProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/overlays/{overlayId}/publish",
        tags,
        summary: "Put a revision on stream",
        description: `Moves liveRev, the rev every OBS browser source of this overlay shows, to \`rev\`: the current rev (a draft going live) or any rev still in the history (going back to an older one). Nothing is saved: rev and the history stay as they are, and the revision on stream is never pruned. Open sources show it at once. Send \`baseLiveRev\`, the liveRev you last saw: if another publish or a live save moved it in between, 409 conflict with details.currentLiveRev and details.currentRev, nothing moved. A rev that is neither current nor kept: 404 not_found. Publishing the rev already live answers the overlay unchanged. ${locked}`,
      },
      rest: { auth: "key", scope: "inventory:write", entitlement: "overlays", errors: ["not_found", "conflict"] },
    })
    .input(publishOverlayInputSchema)
    .output(overlayResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const { item, etag } = await publishOverlay(ctx.deps, ctx.caller, input);
      ctx.res.headers.ETag = etag;
      return { item };
    }),

  /**
   * The account's newest uploaded pictures, for the website's editor (its picture picker and its canvas); not part
   * of /api/v1, where the asset library lists them.
   */
  pictureAssets: accountProcedure
    .input(z.void())
    .output(
      z.object({
        items: z.array(z.object({ id: z.string(), name: z.string(), url: z.string(), width: z.number(), height: z.number() })).max(EDITOR_ASSETS_SHOWN),
      }),
    )
    .query(async ({ ctx }) => ({ items: await editorAssets(ctx.deps.db, ctx.caller.account.id) })),

  /** The account's newest uploaded sounds, for the website's Alert sounds panel (docs/overlays.md#uploaded-alert-sounds). */
  soundAssets: accountProcedure
    .input(z.void())
    .output(z.object({ items: z.array(z.object({ id: z.string(), name: z.string(), url: z.string() })).max(EDITOR_ASSETS_SHOWN) }))
    .query(async ({ ctx }) => ({ items: await editorSoundAssets(ctx.deps.db, ctx.caller.account.id) })),

  ...revisionProcedures,
  ...testAlertProcedures,
} satisfies TRPCRouterRecord;
