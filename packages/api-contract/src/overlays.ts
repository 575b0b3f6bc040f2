import { OVERLAY_LIMITS, overlayDocumentSchema } from "@streamkit/overlay";
import { planNameSchema } from "@streamkit/plans";
import { z } from "zod";
import { catalogPaging, cursorPaging } from "./limits";
import { isoTimestamp } from "./time";

/**
 * Overlays (docs/overlays.md#the-document-schema-1, docs/api.md#overlays) and the predefined catalogue (§4.4): requests
 * and answers. The document itself is @streamkit/overlay's schema 1.
 */
export const overlayNameSchema = z
  .string()
  .trim()
  .min(1, "An overlay needs a name.")
  .max(OVERLAY_LIMITS.overlayNameMaxLength, `An overlay name has at most ${OVERLAY_LIMITS.overlayNameMaxLength} characters.`);

/**
 * A document in a request: its size is checked first (413 payload_too_large),
 * then its rules (400 validation_error, paths like `document.layers.3.frame.w`),
 * so the schema here only asks for an object; the OpenAPI document shows OverlayDocument.
 */
export const documentInputSchema = z.record(z.string(), z.unknown()).meta({
  override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
    for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
    jsonSchema.$ref = "#/components/schemas/OverlayDocument";
  },
});

export const overlayIdSchema = z.uuid("Not an overlay id.");

/** A save that stays off stream until published (docs/overlays.md#drafts-and-live). */
export const draftSchema = z.boolean().optional().meta({
  description:
    "true: save a draft — the rev goes up, the OBS browser source keeps showing liveRev until a publish. Absent or false: the save goes live at once.",
});

const canvasSchema = z.object({ width: z.int(), height: z.int() });

export const overlaySummarySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    rev: z.int().min(1).meta({ description: "Goes up by one on each successful update; send it back as baseRev." }),
    liveRev: z.int().min(1).meta({
      description:
        "The rev the OBS browser source shows: `rev` after a save that went live, older while a draft is waiting, or any kept rev put back on stream with POST /overlays/{overlayId}/publish.",
    }),
    locked: z
      .boolean()
      .meta({ description: "True when the account's plan no longer covers this overlay: it cannot be read or edited (403 plan_required), only deleted." }),
    requiredPlan: planNameSchema.meta({ description: "The plan this overlay needs: pro for your own, the higher of pro and the original's plan for a fork." }),
    kind: z.enum(["overlay", "widget"]),
    canvas: canvasSchema,
    forkedFrom: z.string().nullable().meta({ description: "The slug of the predefined overlay it was forked from, or null." }),
    createdAt: isoTimestamp,
    updatedAt: isoTimestamp,
  })
  .meta({ id: "OverlaySummary" });
export type OverlaySummary = z.infer<typeof overlaySummarySchema>;

export const overlayRecordSchema = overlaySummarySchema
  .extend({
    document: overlayDocumentSchema,
    browserSource: z
      .object({ url: z.string(), token: z.string() })
      .nullable()
      .meta({ description: "The secret address OBS loads this overlay from (Browser Source), or null when revoked." }),
  })
  .meta({ id: "Overlay" });
export type OverlayRecord = z.infer<typeof overlayRecordSchema>;

export const overlayResponseSchema = z.object({ item: overlayRecordSchema });

export const overlayListSchema = z.object({
  items: z.array(overlaySummarySchema),
  nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null at the end." }),
});

export const listOverlaysQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(cursorPaging.maxLimit).default(cursorPaging.defaultLimit),
  cursor: z.string().max(cursorPaging.maxCursorLength).optional(),
});

export const createOverlayInputSchema = z.object({ name: overlayNameSchema, document: documentInputSchema });

export const updateOverlayInputSchema = z.object({
  overlayId: overlayIdSchema,
  baseRev: z.int().min(1).meta({ description: "The rev you last saw. Another save in between: 409 conflict with details.currentRev." }),
  name: overlayNameSchema.optional(),
  document: documentInputSchema.optional(),
  draft: draftSchema,
});

export const publishOverlayInputSchema = z.object({
  overlayId: overlayIdSchema,
  rev: z.int().min(1).meta({ description: "The rev to put on stream: the current rev, or one still in the history." }),
  baseLiveRev: z
    .int()
    .min(1)
    .meta({ description: "The liveRev you last saw. Another publish in between: 409 conflict with details.currentLiveRev, nothing moved." }),
});

export const forkOverlayInputSchema = z.object({
  slug: z.string().min(1).max(100),
  name: overlayNameSchema,
});

export const overlayIdInputSchema = z.object({ overlayId: overlayIdSchema });

export const catalogOverlaySchema = z
  .object({
    itemKind: z.literal("overlay"),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    plan: planNameSchema.meta({ description: "The plan that may add (fork) it." }),
    canvas: canvasSchema,
    preview: z.object({ url: z.string(), type: z.literal("image/svg+xml"), width: z.int(), height: z.int() }),
  })
  .meta({ id: "CatalogOverlay" });

export const catalogOverlayListSchema = z.object({
  items: z.array(catalogOverlaySchema),
  nextOffset: z.int().nullable().meta({ description: "Pass as `offset` for the next page; null at the end." }),
});

export const catalogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(catalogPaging.maxLimit).default(catalogPaging.defaultLimit),
  offset: z.coerce.number().int().min(0).max(catalogPaging.maxOffset).default(0),
});
