import { z } from "zod";
import { isoTimestamp } from "./time";

/**
 * People's reviews of plugins (docs/plugins.md#reviews): a rating of 1 to 5
 * with optional text by an account that holds the plugin, the author's one
 * reply, reports of a review, and the operators' hide/unhide. Not to be
 * confused with review.ts, the operators' review of held versions.
 */

export const pluginReviewLimits = {
  /** A review's text and the author's reply, in characters. */
  maxText: 2000,
  /** A report's free text; `other` needs at least minOtherDetails. */
  maxReportDetails: 1000,
  minOtherDetails: 10,
  /** The operator's private note on a decision. */
  maxNote: 1000,
  /** Reviews in one page of GET /plugins/{slug}/reviews. */
  defaultLimit: 10,
  maxLimit: 50,
  maxCursorLength: 200,
  /** Reported reviews in one answer of the operators' queue (most open reports first), and the newest reports shown for each. */
  queueReviews: 50,
  reportsPerReview: 5,
  /** Hidden reviews listed for unhiding, and decisions in the audit, newest first. */
  hidden: 50,
  decisions: 50,
} as const;

/** Control characters other than tab and line breaks mean nothing in a review. */
const hasControl = (text: string) => [...text].some((c) => (c < " " && c !== "\n" && c !== "\r" && c !== "\t") || c === "\u007f");

const reviewText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `Write at most ${max} characters.`)
    .refine((text) => !hasControl(text), `${what} may not contain control characters.`);

/** A listing's rating: the visible reviews' average (two decimals) and count. */
export const ratingSchema = z
  .object({
    average: z
      .number()
      .min(1)
      .max(5)
      .nullable()
      .meta({ description: "The average of the visible reviews' ratings, rounded to two decimals; null while there are none." }),
    count: z.int().min(0).meta({ description: "How many visible reviews there are (hidden ones are not counted)." }),
  })
  .meta({ id: "Rating" });
export type Rating = z.infer<typeof ratingSchema>;

/** The rating of an integer sum and count, as listings show it (never a float kept anywhere). */
export function ratingOf(sum: number, count: number): Rating {
  return { average: count > 0 ? Math.round((sum * 100) / count) / 100 : null, count };
}

export const reviewRequestSchema = z
  .object({
    rating: z.int().min(1).max(5).meta({ description: "1 (worst) to 5 (best)." }),
    text: reviewText(pluginReviewLimits.maxText, "A review")
      .default("")
      .meta({ description: `What you think, at most ${pluginReviewLimits.maxText} characters; may be empty.` }),
  })
  .strict()
  .meta({ id: "ReviewRequest" });
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

export const replyRequestSchema = z
  .object({
    text: reviewText(pluginReviewLimits.maxText, "A reply")
      .pipe(z.string().min(1, "Write a reply."))
      .meta({ description: `The author's reply, 1 to ${pluginReviewLimits.maxText} characters.` }),
  })
  .strict()
  .meta({ id: "ReplyRequest" });

export const pluginReviewSchema = z
  .object({
    id: z.string(),
    rating: z.int().min(1).max(5),
    text: z.string(),
    reviewer: z.object({ name: z.string() }).meta({ description: "The reviewer's display name; their account id and email are never shown." }),
    createdAt: isoTimestamp,
    updatedAt: isoTimestamp,
    reply: z
      .object({ text: z.string(), createdAt: isoTimestamp, updatedAt: isoTimestamp })
      .nullable()
      .meta({ description: "The plugin author's reply; null while there is none." }),
    mine: z.boolean().meta({ description: "True when the caller wrote it." }),
  })
  .meta({ id: "PluginReview" });
export type PluginReview = z.infer<typeof pluginReviewSchema>;

export const reviewSorts = ["newest"] as const;

export const listReviewsQuerySchema = z.object({
  sort: z
    .enum(reviewSorts)
    .default("newest")
    .meta({ description: "`newest` (the only order for now): by when the review was first written, newest first; edits do not move it." }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(pluginReviewLimits.maxLimit)
    .default(pluginReviewLimits.defaultLimit)
    .meta({ description: `Reviews per page, 1 to ${pluginReviewLimits.maxLimit} (default ${pluginReviewLimits.defaultLimit}).` }),
  cursor: z.string().max(pluginReviewLimits.maxCursorLength).meta({ description: "The `next` value of the previous page (opaque)." }).optional(),
});
export type ListReviewsQuery = z.infer<typeof listReviewsQuerySchema>;

export const reviewPageSchema = z
  .object({
    rating: ratingSchema,
    items: z.array(pluginReviewSchema),
    next: z.string().nullable().meta({ description: "Cursor of the next page; null on the last page." }),
  })
  .meta({ id: "ReviewPage" });
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/** The caller's own review, as they see it: hidden ones too, said so. */
export const ownReviewSchema = pluginReviewSchema
  .extend({ hidden: z.boolean().meta({ description: "True while the operators hide it: nobody else sees it and it does not count in the rating." }) })
  .meta({ id: "OwnReview" });
export type OwnReview = z.infer<typeof ownReviewSchema>;

export const ownReviewResponseSchema = z
  .object({
    review: ownReviewSchema.nullable(),
    canReview: z.boolean().meta({ description: "True when the caller may write (or edit) a review: they hold the plugin and did not publish it." }),
    created: z.boolean().optional().meta({ description: "In the answer to PUT: true when this write created the review, false when it edited yours." }),
  })
  .meta({ id: "OwnReviewResponse" });
export type OwnReviewResponse = z.infer<typeof ownReviewResponseSchema>;

export const reviewResponseSchema = z.object({ review: pluginReviewSchema }).meta({ id: "ReviewResponse" });

export const reviewReportReasons = ["spam", "abuse", "off_topic", "personal_data", "other"] as const;
export type ReviewReportReason = (typeof reviewReportReasons)[number];
export const reviewReportReasonSchema = z.enum(reviewReportReasons).meta({ id: "ReviewReportReason" });
export const reviewReportReasonLabels: Record<ReviewReportReason, string> = {
  spam: "Spam or advertising",
  abuse: "Abusive, hateful or harassing",
  off_topic: "Not about this plugin",
  personal_data: "Shares someone's personal data",
  other: "Something else",
};

export const reviewReportBodySchema = z
  .object({
    reason: reviewReportReasonSchema,
    details: reviewText(pluginReviewLimits.maxReportDetails, "The text")
      .default("")
      .meta({
        description: `What is wrong, at most ${pluginReviewLimits.maxReportDetails} characters; at least ${pluginReviewLimits.minOtherDetails} when the reason is \`other\`.`,
      }),
  })
  .strict();

export function otherReviewReportNeedsDetails(value: { reason: ReviewReportReason; details: string }, ctx: z.RefinementCtx): void {
  if (value.reason === "other" && value.details.length < pluginReviewLimits.minOtherDetails) {
    ctx.addIssue({ code: "custom", path: ["details"], message: `Say what is wrong in at least ${pluginReviewLimits.minOtherDetails} characters.` });
  }
}

export const reviewReportResponseSchema = z
  .object({
    report: z.object({
      id: z.string(),
      reviewId: z.string(),
      reason: reviewReportReasonSchema,
      details: z.string(),
      status: z.enum(["open"]),
      createdAt: isoTimestamp,
      updatedAt: isoTimestamp,
    }),
    replaced: z.boolean().meta({ description: "True when it replaced your open report of this review." }),
  })
  .meta({ id: "ReviewReportResponse" });

// The operators' side (/admin/review-reports through /api/trpc, and the admin CLI); never part of /api/v1.

const person = z.object({ id: z.string(), name: z.string(), email: z.string().nullable() });

export const moderatedReviewSchema = z.object({
  id: z.string(),
  slug: z.string(),
  pluginName: z.string(),
  rating: z.int(),
  text: z.string(),
  reviewer: person,
  createdAt: isoTimestamp,
  hiddenAt: isoTimestamp.nullable(),
  open: z.int(),
  reports: z.array(z.object({ id: z.string(), reporter: person, reason: reviewReportReasonSchema, details: z.string(), at: isoTimestamp })),
});
export type ModeratedReview = z.infer<typeof moderatedReviewSchema>;

export const reviewModerationActionSchema = z.enum(["hide", "unhide", "dismiss"]);

export const reviewModerationInputSchema = z
  .object({
    reviewId: z.uuid(),
    action: reviewModerationActionSchema,
    note: z.string().trim().max(pluginReviewLimits.maxNote).optional(),
  })
  .strict();
export type ReviewModerationInput = z.infer<typeof reviewModerationInputSchema>;

export const reviewModerationDecisionSchema = z.object({
  id: z.string(),
  reviewId: z.string(),
  slug: z.string(),
  action: reviewModerationActionSchema,
  note: z.string(),
  operator: person,
  reportsClosed: z.int(),
  at: isoTimestamp,
});
export type ReviewModerationDecision = z.infer<typeof reviewModerationDecisionSchema>;

export const reviewModerationQueueSchema = z.object({
  reported: z.array(moderatedReviewSchema),
  hidden: z.array(moderatedReviewSchema),
  decisions: z.array(reviewModerationDecisionSchema),
});
export type ReviewModerationQueue = z.infer<typeof reviewModerationQueueSchema>;
