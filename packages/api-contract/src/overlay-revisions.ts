import { overlayDocumentSchema } from "@streamkit/overlay";
import { z } from "zod";
import { cursorPaging } from "./limits";
import { draftSchema, overlayIdSchema } from "./overlays";
import { isoTimestamp } from "./time";

/** An overlay's revision history (docs/overlays.md#revision-history, docs/api.md#overlays): requests and answers. */

const revSchema = z.coerce
  .number({ error: "A rev is a whole number from 1." })
  .int("A rev is a whole number from 1.")
  .min(1, "A rev is a whole number from 1.")
  .max(2_147_483_647, "No such rev.");

export const overlayRevisionSchema = z
  .object({
    rev: z.int().min(1).meta({ description: "The rev this revision had while it was current." }),
    savedAt: isoTimestamp.meta({ description: "When this rev was saved (ISO 8601 UTC with milliseconds)." }),
    savedBy: z.object({ id: z.uuid(), name: z.string() }).meta({ description: "The account that saved it." }),
    surface: z.enum(["rest", "web"]).nullable().meta({
      description: "Where it was saved: `rest` (an API key or the desktop app) or `web` (the website's editor); null for a rev saved before history was kept.",
    }),
    bytes: z.int().min(0).meta({ description: "The document's size as UTF-8 JSON." }),
    live: z.boolean().meta({ description: "True for the revision the OBS browser source shows (the overlay's liveRev); it is never pruned." }),
  })
  .meta({ id: "OverlayRevision" });
export type OverlayRevision = z.infer<typeof overlayRevisionSchema>;

export const overlayRevisionRecordSchema = overlayRevisionSchema.extend({ document: overlayDocumentSchema }).meta({ id: "OverlayRevisionRecord" });
export type OverlayRevisionRecord = z.infer<typeof overlayRevisionRecordSchema>;

export const overlayRevisionListSchema = z.object({
  items: z.array(overlayRevisionSchema),
  nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null at the end." }),
});

export const overlayRevisionResponseSchema = z.object({ item: overlayRevisionRecordSchema });

export const listOverlayRevisionsQuerySchema = z.object({
  overlayId: overlayIdSchema,
  limit: z.coerce.number().int().min(1).max(cursorPaging.maxLimit).default(cursorPaging.defaultLimit),
  cursor: z.string().max(cursorPaging.maxCursorLength).optional(),
});

export const overlayRevisionInputSchema = z.object({ overlayId: overlayIdSchema, rev: revSchema });

export const compareOverlayRevisionsQuerySchema = z.object({
  overlayId: overlayIdSchema,
  from: revSchema.meta({ description: "A rev in the history, or the current rev." }),
  to: revSchema.meta({ description: "A rev in the history, or the current rev." }),
});

const layerIds = (what: string) => z.array(z.string()).meta({ description: `Ids of the layers ${what}, in the order of the document they are in.` });

export const overlayRevisionComparisonSchema = z
  .object({
    from: z.int(),
    to: z.int(),
    added: layerIds("in `to` but not in `from`"),
    removed: layerIds("in `from` but not in `to`"),
    moved: layerIds("in both whose frame (x, y, w or h) changed"),
    restyled: layerIds("in both with any other property changed (a layer can be moved and restyled)"),
  })
  .meta({ id: "OverlayRevisionComparison" });
export type OverlayRevisionComparison = z.infer<typeof overlayRevisionComparisonSchema>;

export const restoreOverlayRevisionInputSchema = z.object({
  overlayId: overlayIdSchema,
  rev: revSchema,
  baseRev: z.int().min(1).meta({ description: "The overlay's rev you last saw. Another save in between: 409 conflict with details.currentRev." }),
  draft: draftSchema,
});
