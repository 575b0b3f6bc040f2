import {
  compareOverlayRevisionsQuerySchema,
  listOverlayRevisionsQuerySchema,
  overlayResponseSchema,
  overlayRevisionComparisonSchema,
  overlayRevisionInputSchema,
  overlayRevisionListSchema,
  overlayRevisionResponseSchema,
  restoreOverlayRevisionInputSchema,
} from "@streamkit/api-contract";
import { overlayRevisionsKept, plans } from "@streamkit/plans";
import { compareOverlayRevisions, overlayRevision, overlayRevisions, restoreOverlayRevision } from "./revision-history";
import { accountProcedure } from "../shared/trpc";

const tags = ["Overlays"];
const retention = `Every successful save (PUT /overlays/{overlayId}, or a restore) keeps the rev it replaced, written in the save's own transaction; the current rev is the overlay itself, not in the history. A save prunes the history to the newest ${overlayRevisionsKept.pro} revisions on ${plans.pro.title}, ${overlayRevisionsKept.ultimate} on ${plans.ultimate.title} (the plan of the account saving). The revision on stream (liveRev, marked \`live: true\`) is never pruned, whatever its age. A locked overlay cannot be saved, so its history is kept as it was; overlays saved before history existed start with an empty one.`;
const rules =
  "Another account's overlay is 404 not_found; a locked overlay (the account's plan no longer covers it) is 403 plan_required with details.requiredPlan, as reading it.";
const unknownRev = "A rev not in the history (never saved, pruned, or the current one) is 404 not_found.";

// Static paths come before templated ones: /revisions/compare before /revisions/{rev}.
export const revisionProcedures = {
  revisions: accountProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/overlays/{overlayId}/revisions",
        tags,
        summary: "An overlay's revision history",
        description: `The revisions this overlay replaced, newest (highest rev) first, without their documents: rev, savedAt, savedBy, surface (\`rest\`: an API key or the desktop app; \`web\`: the website's editor) and the document's size in bytes. Cursor paging (/docs/guides/api#paging): limit 1–100 (default 25); pass \`nextCursor\` back as \`cursor\`; null at the end; a cursor this service did not issue is 400 bad_request. ${retention} ${rules}`,
      },
      rest: { auth: "key", scope: "inventory:write", errors: ["not_found", "plan_required"] },
    })
    .input(listOverlayRevisionsQuerySchema)
    .output(overlayRevisionListSchema)
    .query(({ ctx, input }) => overlayRevisions(ctx.deps, ctx.caller, input)),

  compareRevisions: accountProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/overlays/{overlayId}/revisions/compare",
        tags,
        summary: "Compare two revisions of an overlay",
        description: `Which layers changed from rev \`from\` to rev \`to\` (either may be the current rev; \`from\` may be the later one), matched by layer id: added (only in \`to\`), removed (only in \`from\`), moved (its frame's x, y, w or h changed) and restyled (any other property changed; a layer can be both moved and restyled). Changes outside the layers (canvas, variables) and a new stacking order alone are not listed. A rev that is neither current nor in the history is 404 not_found; a rev that is not a whole number from 1 is 400 bad_request. ${rules}`,
      },
      rest: { auth: "key", scope: "inventory:write", errors: ["not_found", "plan_required"] },
    })
    .input(compareOverlayRevisionsQuerySchema)
    .output(overlayRevisionComparisonSchema)
    .query(({ ctx, input }) => compareOverlayRevisions(ctx.deps, ctx.caller, input)),

  revision: accountProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/overlays/{overlayId}/revisions/{rev}",
        tags,
        summary: "One revision of an overlay, with its document",
        description: `${unknownRev} A rev that is not a whole number from 1 is 400 bad_request. (The current rev is GET /overlays/{overlayId}.) ${rules}`,
      },
      rest: { auth: "key", scope: "inventory:write", errors: ["not_found", "plan_required"] },
    })
    .input(overlayRevisionInputSchema)
    .output(overlayRevisionResponseSchema)
    .query(({ ctx, input }) => overlayRevision(ctx.deps, ctx.caller, input)),

  restoreRevision: accountProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/overlays/{overlayId}/revisions/{rev}/restore",
        tags,
        summary: "Restore a revision",
        description: `A new save of that revision's document (the overlay's name stays), exactly as PUT /overlays/{overlayId} with \`baseRev\`: on success the overlay is at baseRev + 1 and answers as a save does, and the rev it replaced joins the history (the restored revision stays there too). Like a save it goes on stream at once, unless \`draft: true\` keeps it off stream until POST /overlays/{overlayId}/publish. Saved elsewhere since baseRev: 409 conflict with details.currentRev, nothing overwritten. ${unknownRev} A document the current rules refuse is 400 validation_error or 413 payload_too_large, as a save. ${rules} ${retention}`,
      },
      rest: {
        auth: "key",
        scope: "inventory:write",
        entitlement: "overlays",
        errors: ["not_found", "conflict", "validation_error", "payload_too_large"],
      },
    })
    .input(restoreOverlayRevisionInputSchema)
    .output(overlayResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const { item, etag } = await restoreOverlayRevision(ctx.deps, ctx.caller, ctx.surface, input);
      ctx.res.headers.ETag = etag;
      return { item };
    }),
};
