import { z } from "zod";
import { reviewReasonSchema } from "./listing";
import { isoTimestamp } from "./time";

/** The operators' review queue of held plugin versions (/admin/reviews and the operator CLI; never part of /api/v1). */

const person = z.object({ id: z.string(), name: z.string(), email: z.string().nullable() });

export const reviewLimits = { maxNoteLength: 1000, queue: 100, decided: 50 } as const;

export const heldVersionSchema = z.object({
  slug: z.string(),
  name: z.string().meta({ description: "The display name of the held version's manifest." }),
  version: z.string(),
  changelog: z.string(),
  author: person,
  /** The manifest's own `author` text, which a look-alike may use to pose as a verified publisher. */
  manifestAuthor: z.string().nullable(),
  /** True when the plugin has no listed version: it is not in the marketplace at all. */
  newPlugin: z.boolean(),
  reasons: z.array(reviewReasonSchema),
  heldAt: isoTimestamp,
});
export type HeldVersion = z.infer<typeof heldVersionSchema>;

export const decidedVersionSchema = z.object({
  slug: z.string(),
  name: z.string(),
  version: z.string(),
  author: person,
  outcome: z.enum(["approved", "rejected"]),
  reasons: z.array(reviewReasonSchema),
  note: z.string().nullable(),
  heldAt: isoTimestamp,
  decidedAt: isoTimestamp,
  decidedBy: person.nullable().meta({ description: "The operator who decided on the website; null when it was decided with the operator CLI." }),
});
export type DecidedVersion = z.infer<typeof decidedVersionSchema>;

export const reviewQueueSchema = z.object({ held: z.array(heldVersionSchema), decided: z.array(decidedVersionSchema) });
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

export const reviewDecisionSchema = z
  .object({
    slug: z.string().min(1).max(100),
    version: z.string().min(1).max(100),
    decision: z.enum(["approve", "reject"]),
    note: z.string().trim().max(reviewLimits.maxNoteLength).nullable().optional(),
  })
  .strict();
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;

export const reviewDecisionResultSchema = z.object({
  slug: z.string(),
  version: z.string(),
  outcome: z.enum(["approved", "rejected"]),
  note: z.string().nullable(),
  decidedAt: isoTimestamp,
});
export type ReviewDecisionResult = z.infer<typeof reviewDecisionResultSchema>;
