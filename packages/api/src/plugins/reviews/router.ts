import {
  listReviewsQuerySchema,
  otherReviewReportNeedsDetails,
  ownReviewResponseSchema,
  pluginReviewLimits,
  rateLimits,
  replyRequestSchema,
  reviewModerationInputSchema,
  reviewModerationDecisionSchema,
  reviewModerationQueueSchema,
  reviewPageSchema,
  reviewReportBodySchema,
  reviewReportReasonLabels,
  reviewReportReasons,
  reviewReportResponseSchema,
  reviewRequestSchema,
  reviewResponseSchema,
  windowName,
} from "@streamkit/api-contract";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { accountProcedure, publicProcedure, staffProcedure } from "../../shared/trpc";
import { decideReview, reviewModerationQueue } from "./moderation";
import { replyToReview, reportReview } from "./replies-and-reports";
import { deleteReview, listReviews, ownReview, writeReview } from "./reviews";

const slug = z.string().max(100);
const reviewId = z.string().max(100);
const writes = `At most ${rateLimits.pluginReviews.limit} review writes (a review written, edited or deleted, a reply) per ${windowName(rateLimits.pluginReviews.windowSeconds)} per account (429 rate_limited with Retry-After); refused ones do not count.`;
const notInMarketplace = "A plugin that is not in the marketplace (unknown, hidden, removed or taken down): 404 not_found.";
const reasonsText = reviewReportReasons.map((reason) => `\`${reason}\` (${reviewReportReasonLabels[reason]})`).join(", ");

/** The people's side, spread into pluginsRouter: docs/plugins.md#reviews. */
export const reviewProcedures = {
  reviews: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/plugins/{slug}/reviews",
        tags: ["Plugins"],
        summary: "A plugin's reviews",
        description: [
          `The visible reviews, newest first (by when each was first written), a keyset page at a time: pass \`next\` back as \`cursor\`. \`rating\` is the plugin's average (two decimals, null while none) and count, the same as the listing's. Reviews the operators hid are left out of both. No key needed; with one, \`mine\` marks the caller's review. ${notInMarketplace}`,
          "",
          "Without credentials the answer is cached like the marketplace's (an ETag, `Cache-Control: public`); any review written, edited, replied to, hidden or deleted drops the kept answers.",
        ].join("\n"),
      },
      rest: { auth: "optional", etag: true, memo: "marketplace", errors: ["not_found"] },
    })
    .input(listReviewsQuerySchema.extend({ slug }))
    .output(reviewPageSchema)
    .query(({ ctx, input }) => {
      const { slug, ...query } = input;
      return listReviews(ctx.deps.db, ctx.caller, slug, query);
    }),

  ownReview: accountProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/plugins/{slug}/review",
        tags: ["Plugins"],
        summary: "Your review of a plugin",
        description: `Your review (\`null\` when you have none), with \`hidden\` true while the operators hide it, and \`canReview\`: whether you may write one (you own the plugin — bought it or downloaded it — and did not publish it). ${notInMarketplace}`,
      },
      rest: { auth: "key", scope: "plugins:read", errors: ["not_found"] },
    })
    .input(z.object({ slug }))
    .output(ownReviewResponseSchema)
    .query(({ ctx, input }) => ownReview(ctx.deps, ctx.caller, input.slug)),

  writeReview: accountProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/plugins/{slug}/review",
        tags: ["Plugins"],
        summary: "Write or edit your review",
        description: [
          `\`rating\` 1 to 5 and optional \`text\` (at most ${pluginReviewLimits.maxText} characters, trimmed). One review per account and plugin: writing again edits yours (\`created: false\`); of two sent at once, one creates it and the other edits it. The plugin's rating is recounted in the same transaction. A review the operators hid stays hidden when edited.`,
          "",
          `Only people who own the plugin — bought it, or downloaded it at least once — may review it: anyone else gets 403 forbidden saying so, and so does its author. ${notInMarketplace}`,
          "",
          writes,
        ].join("\n"),
      },
      rest: { auth: "key", scope: "plugins:read", errors: ["not_found", "forbidden"] },
    })
    .input(reviewRequestSchema.extend({ slug }))
    .output(ownReviewResponseSchema)
    .mutation(({ ctx, input }) => {
      const { slug, ...review } = input;
      return writeReview(ctx.deps, ctx.caller, slug, review);
    }),

  deleteReview: accountProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/plugins/{slug}/review",
        tags: ["Plugins"],
        summary: "Delete your review",
        description: `Deletes your review and the author's reply to it; the rating is recounted. No review of yours: 404 not_found. ${notInMarketplace}\n\n${writes}`,
      },
      rest: { auth: "key", scope: "plugins:read", successStatus: 204, errors: ["not_found"] },
    })
    .input(z.object({ slug }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await deleteReview(ctx.deps, ctx.caller, input.slug);
    }),

  replyToReview: accountProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/plugins/{slug}/reviews/{id}/reply",
        tags: ["Plugins"],
        summary: "Reply to a review of your plugin",
        description: `The plugin's author replies to a review, once: sending again replaces the reply (\`reply.createdAt\` stays, \`reply.updatedAt\` moves). \`text\` 1 to ${pluginReviewLimits.maxText} characters. Anyone but the author: 403 forbidden. An unknown or hidden review: 404 not_found. ${notInMarketplace}\n\n${writes}`,
      },
      rest: { auth: "key", scope: "plugins:write", errors: ["not_found", "forbidden"] },
    })
    .input(replyRequestSchema.extend({ slug, id: reviewId }))
    .output(reviewResponseSchema)
    .mutation(({ ctx, input }) => replyToReview(ctx.deps, ctx.caller, input.slug, input.id, input.text)),

  reportReview: accountProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/plugins/{slug}/reviews/{id}/report",
        tags: ["Plugins"],
        summary: "Report a review to the operators",
        description: [
          `\`reason\` is one of ${reasonsText}; \`details\` at most ${pluginReviewLimits.maxReportDetails} characters (at least ${pluginReviewLimits.minOtherDetails} for \`other\`).`,
          "",
          `One open report per account and review: sending again replaces it (\`replaced: true\`) until an operator decides. Your own review: 403 forbidden. An unknown or hidden review: 404 not_found. ${notInMarketplace}`,
          "",
          `At most ${rateLimits.reviewReports.limit} review reports per ${windowName(rateLimits.reviewReports.windowSeconds)} per account (429 rate_limited with Retry-After); refused ones do not count. The operators see who reported; the reviewer and the author never do.`,
        ].join("\n"),
      },
      rest: { auth: "key", scope: "plugins:read", errors: ["not_found", "forbidden"] },
    })
    .input(reviewReportBodySchema.extend({ slug, id: reviewId }).superRefine(otherReviewReportNeedsDetails))
    .output(reviewReportResponseSchema)
    .mutation(({ ctx, input }) => {
      const { slug, id, ...report } = input;
      return reportReview(ctx.deps, ctx.caller, slug, id, report);
    }),
} satisfies TRPCRouterRecord;

/** The operators' reported reviews page (/admin/review-reports); the same operations as the admin CLI's `review-report` commands. */
export const adminReviewReportsRouter = {
  queue: staffProcedure
    .input(z.void())
    .output(reviewModerationQueueSchema)
    .query(({ ctx }) => reviewModerationQueue(ctx.deps.db)),
  decide: staffProcedure
    .input(reviewModerationInputSchema)
    .output(reviewModerationDecisionSchema)
    .mutation(({ ctx, input }) => decideReview(ctx.deps, ctx.caller.account.id, input)),
} satisfies TRPCRouterRecord;
