/**
 * What others do with a review (docs/plugins.md#reviews): the plugin's author
 * replies once (a second reply replaces the first), and anyone signed in
 * reports it to the operators — one open report per account and review, a
 * partial unique index deciding between two sent at once. Each is counted
 * against its limit in its own transaction, so refused ones do not count.
 */
import {
  AppError,
  isUuid,
  notFound,
  type PluginReview,
  rateLimits,
  type ReviewReportReason,
  type reviewReportResponseSchema,
  windowName,
} from "@streamkit/api-contract";
import { accounts, pluginReviewReports, pluginReviews, type Tx } from "@streamkit/db";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AccountCaller } from "../../shared/context";
import type { AppDeps } from "../../shared/deps";
import { countingTransaction } from "../../shared/limits/index";
import { rateLimitedError } from "../../shared/limits/window";
import { marketplacePlugin, toReview } from "./reviews";

/** A visible review of the plugin, or 404 (an id that is not a UUID cannot be one). */
async function visibleReview(tx: Tx, pluginId: string, reviewId: string) {
  const missing = notFound("No such review of this plugin.");
  if (!isUuid(reviewId)) throw missing;
  const [row] = await tx
    .select({ review: pluginReviews, reviewerName: accounts.name })
    .from(pluginReviews)
    .innerJoin(accounts, eq(accounts.id, pluginReviews.reviewerId))
    .where(and(eq(pluginReviews.id, reviewId), eq(pluginReviews.pluginId, pluginId), isNull(pluginReviews.hiddenAt)));
  if (!row) throw missing;
  return row;
}

/** PUT /plugins/{slug}/reviews/{id}/reply: the author's reply, written or replaced. */
export async function replyToReview(deps: AppDeps, caller: AccountCaller, slug: string, reviewId: string, text: string): Promise<{ review: PluginReview }> {
  const accountId = caller.account.id;
  const now = deps.now();
  return countingTransaction(deps, async (tx, hit) => {
    const plugin = await marketplacePlugin(tx, slug);
    if (plugin.ownerId !== accountId) throw new AppError("forbidden", "Only the plugin's author can reply to its reviews.");
    const { reviewerName } = await visibleReview(tx, plugin.id, reviewId);
    const limit = rateLimits.pluginReviews;
    const decision = await hit("pluginReviews", accountId, now);
    if (!decision.allowed) throw rateLimitedError(decision, `At most ${limit.limit} review writes per ${windowName(limit.windowSeconds)}`);
    const [row] = await tx
      .update(pluginReviews)
      .set({ reply: text, repliedAt: sql`coalesce(${pluginReviews.repliedAt}, ${now.toISOString()}::timestamptz)`, replyUpdatedAt: now })
      .where(eq(pluginReviews.id, reviewId))
      .returning();
    return { review: toReview(row!, reviewerName, accountId) };
  });
}

type ReviewReportAnswer = z.infer<typeof reviewReportResponseSchema>;

/** PUT /plugins/{slug}/reviews/{id}/report: a signed-in person reports a review. */
export async function reportReview(
  deps: AppDeps,
  caller: AccountCaller,
  slug: string,
  reviewId: string,
  input: { reason: ReviewReportReason; details: string },
): Promise<ReviewReportAnswer> {
  const accountId = caller.account.id;
  const now = deps.now();
  return countingTransaction(deps, async (tx, hit) => {
    const plugin = await marketplacePlugin(tx, slug);
    const { review } = await visibleReview(tx, plugin.id, reviewId);
    if (review.reviewerId === accountId) throw new AppError("forbidden", "You cannot report your own review; edit or delete it instead.");
    const limit = rateLimits.reviewReports;
    const decision = await hit("reviewReports", accountId, now);
    if (!decision.allowed) throw rateLimitedError(decision, `At most ${limit.limit} review reports per ${windowName(limit.windowSeconds)}`);
    const [row] = await tx
      .insert(pluginReviewReports)
      .values({ reviewId, reporterId: accountId, reason: input.reason, details: input.details, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [pluginReviewReports.reviewId, pluginReviewReports.reporterId],
        targetWhere: sql`${pluginReviewReports.status} = 'open'`,
        set: { reason: input.reason, details: input.details, updatedAt: now },
      })
      .returning({
        id: pluginReviewReports.id,
        reason: pluginReviewReports.reason,
        details: pluginReviewReports.details,
        createdAt: pluginReviewReports.createdAt,
        updatedAt: pluginReviewReports.updatedAt,
        inserted: sql<boolean>`(xmax = 0)`,
      });
    const report = row!;
    return {
      report: {
        id: report.id,
        reviewId,
        reason: report.reason as ReviewReportReason,
        details: report.details,
        status: "open" as const,
        createdAt: report.createdAt.toISOString(),
        updatedAt: report.updatedAt.toISOString(),
      },
      replaced: !report.inserted,
    };
  });
}
