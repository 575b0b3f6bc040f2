/**
 * The operators' side of reviews (/admin/review-reports, the admin CLI's
 * `review-report` commands): the reported reviews, the hidden ones, the audit,
 * and the three decisions — hide, unhide, dismiss — each in one transaction on
 * the plugin's row lock, so the rating is recounted exactly as for a review
 * written, and two operators deciding at once find the state the other left
 * (409 conflict). Every decision is written to review_moderation_decisions.
 */
import {
  AppError,
  type ModeratedReview,
  notFound,
  pluginReviewLimits,
  type ReviewModerationInput,
  type ReviewModerationDecision,
  type ReviewModerationQueue,
  type ReviewReportReason,
} from "@streamkit/api-contract";
import { accounts, type Db, pluginReviewReports, pluginReviews, plugins, reviewModerationDecisions } from "@streamkit/db";
import { and, asc, count, desc, eq, inArray, isNotNull, lte, min, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AppDeps } from "../../shared/deps";
import { recountRating } from "./reviews";

const reviewers = alias(accounts, "reviewers");
const reporters = alias(accounts, "reporters");
const operators = alias(accounts, "operators");
const iso = (value: Date | string) => new Date(value).toISOString();

/** Reviews by id with their plugin and reviewer, and the newest open reports of each (at most reportsPerReview). */
async function describeReviews(db: Db, ids: string[], open: ReadonlyMap<string, number>): Promise<Map<string, ModeratedReview>> {
  if (ids.length === 0) return new Map();
  const ranked = db
    .select({
      id: pluginReviewReports.id,
      reviewId: pluginReviewReports.reviewId,
      reason: pluginReviewReports.reason,
      details: pluginReviewReports.details,
      at: pluginReviewReports.updatedAt,
      reporterId: sql<string>`${reporters.id}`.as("reporter_id"),
      reporterName: sql<string>`${reporters.name}`.as("reporter_name"),
      reporterEmail: sql<string | null>`${reporters.email}`.as("reporter_email"),
      rank: sql<number>`row_number() over (partition by ${pluginReviewReports.reviewId} order by ${pluginReviewReports.updatedAt} desc, ${pluginReviewReports.id} desc)`.as(
        "rank",
      ),
    })
    .from(pluginReviewReports)
    .innerJoin(reporters, eq(reporters.id, pluginReviewReports.reporterId))
    .where(and(eq(pluginReviewReports.status, "open"), inArray(pluginReviewReports.reviewId, ids)))
    .as("ranked");
  const [rows, reports] = await Promise.all([
    db
      .select({
        review: pluginReviews,
        slug: plugins.slug,
        pluginName: plugins.name,
        reviewer: { id: reviewers.id, name: reviewers.name, email: reviewers.email },
      })
      .from(pluginReviews)
      .innerJoin(plugins, eq(plugins.id, pluginReviews.pluginId))
      .innerJoin(reviewers, eq(reviewers.id, pluginReviews.reviewerId))
      .where(inArray(pluginReviews.id, ids)),
    db.select().from(ranked).where(lte(ranked.rank, pluginReviewLimits.reportsPerReview)).orderBy(desc(ranked.at), desc(ranked.id)),
  ]);
  return new Map(
    rows.map(({ review, slug, pluginName, reviewer }) => [
      review.id,
      {
        id: review.id,
        slug,
        pluginName,
        rating: review.rating,
        text: review.body,
        reviewer,
        createdAt: iso(review.createdAt),
        hiddenAt: review.hiddenAt ? iso(review.hiddenAt) : null,
        open: open.get(review.id) ?? 0,
        reports: reports
          .filter((report) => report.reviewId === review.id)
          .map((report) => ({
            id: report.id,
            reporter: { id: report.reporterId, name: report.reporterName, email: report.reporterEmail },
            reason: report.reason as ReviewReportReason,
            details: report.details,
            at: iso(report.at),
          })),
      },
    ]),
  );
}

/** The reviews with open reports (most reported first), the hidden ones (newest first) and the latest decisions. */
export async function reviewModerationQueue(db: Db): Promise<ReviewModerationQueue> {
  const [groups, hiddenRows, decisions] = await Promise.all([
    db
      .select({ reviewId: pluginReviewReports.reviewId, open: count() })
      .from(pluginReviewReports)
      .where(eq(pluginReviewReports.status, "open"))
      .groupBy(pluginReviewReports.reviewId)
      .orderBy(desc(count()), asc(min(pluginReviewReports.updatedAt)))
      .limit(pluginReviewLimits.queueReviews),
    db
      .select({ id: pluginReviews.id })
      .from(pluginReviews)
      .where(isNotNull(pluginReviews.hiddenAt))
      .orderBy(desc(pluginReviews.hiddenAt), desc(pluginReviews.id))
      .limit(pluginReviewLimits.hidden),
    recentReviewDecisions(db),
  ]);
  const open = new Map(groups.map((group) => [group.reviewId, group.open]));
  const described = await describeReviews(db, [...new Set([...open.keys(), ...hiddenRows.map((row) => row.id)])], open);
  const pick = (id: string) => described.get(id);
  return {
    reported: groups.map((group) => pick(group.reviewId)).filter((review): review is ModeratedReview => Boolean(review)),
    hidden: hiddenRows.map((row) => pick(row.id)).filter((review): review is ModeratedReview => Boolean(review)),
    decisions,
  };
}

export async function recentReviewDecisions(db: Db): Promise<ReviewModerationDecision[]> {
  const rows = await db
    .select({ decision: reviewModerationDecisions, slug: plugins.slug, operator: { id: operators.id, name: operators.name, email: operators.email } })
    .from(reviewModerationDecisions)
    .innerJoin(pluginReviews, eq(pluginReviews.id, reviewModerationDecisions.reviewId))
    .innerJoin(plugins, eq(plugins.id, pluginReviews.pluginId))
    .innerJoin(operators, eq(operators.id, reviewModerationDecisions.operatorId))
    .orderBy(desc(reviewModerationDecisions.createdAt), desc(reviewModerationDecisions.id))
    .limit(pluginReviewLimits.decisions);
  return rows.map(({ decision, slug, operator }) => ({
    id: decision.id,
    reviewId: decision.reviewId,
    slug,
    action: decision.action,
    note: decision.note,
    operator,
    reportsClosed: decision.reportsClosed,
    at: decision.createdAt.toISOString(),
  }));
}

const conflict = (message: string) => new AppError("conflict", message);

/** An operator's decision about a review: hide it, show it again, or dismiss its reports. */
export async function decideReview(deps: AppDeps, operatorId: string, input: ReviewModerationInput): Promise<ReviewModerationDecision> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [operator] = await tx
      .select({ id: accounts.id, name: accounts.name, email: accounts.email, staff: accounts.staff })
      .from(accounts)
      .where(eq(accounts.id, operatorId));
    if (!operator?.staff) throw new AppError("forbidden", "Only the service's operators can do this.");
    const [found] = await tx.select({ pluginId: pluginReviews.pluginId }).from(pluginReviews).where(eq(pluginReviews.id, input.reviewId));
    if (!found) throw notFound("No such review.");
    // The plugin's row lock first, as every review write takes it: the rating is recounted under it.
    const [plugin] = await tx
      .select({ id: plugins.id, slug: plugins.slug, ownerId: plugins.ownerId })
      .from(plugins)
      .where(eq(plugins.id, found.pluginId))
      .for("no key update");
    const [review] = await tx.select().from(pluginReviews).where(eq(pluginReviews.id, input.reviewId));
    if (!plugin || !review) throw notFound("No such review.");
    // Four eyes: an operator never judges a review of their own plugin, nor their own review.
    if (plugin.ownerId === operatorId || review.reviewerId === operatorId) {
      throw new AppError("forbidden", "You cannot decide about a review of your own plugin or your own review; another operator has to.");
    }
    const [{ open }] = (await tx
      .select({ open: count() })
      .from(pluginReviewReports)
      .where(and(eq(pluginReviewReports.reviewId, review.id), eq(pluginReviewReports.status, "open")))) as [{ open: number }];
    if (input.action === "hide" && review.hiddenAt) throw conflict("The review is already hidden.");
    if (input.action === "unhide" && !review.hiddenAt) throw conflict("The review is not hidden.");
    if (input.action === "dismiss" && open === 0) throw conflict("The review has no open reports (another operator may have decided already).");

    const closes = input.action !== "unhide";
    const [decision] = await tx
      .insert(reviewModerationDecisions)
      .values({ reviewId: review.id, action: input.action, note: input.note ?? "", operatorId, reportsClosed: closes ? open : 0, createdAt: now })
      .returning();
    if (closes && open) {
      await tx
        .update(pluginReviewReports)
        .set({ status: "closed", updatedAt: now })
        .where(and(eq(pluginReviewReports.reviewId, review.id), eq(pluginReviewReports.status, "open")));
    }
    if (input.action !== "dismiss") {
      await tx
        .update(pluginReviews)
        .set({ hiddenAt: input.action === "hide" ? now : null })
        .where(eq(pluginReviews.id, review.id));
      await recountRating(tx, plugin.id);
    }
    return {
      id: decision!.id,
      reviewId: review.id,
      slug: plugin.slug,
      action: input.action,
      note: decision!.note,
      operator: { id: operator.id, name: operator.name, email: operator.email },
      reportsClosed: decision!.reportsClosed,
      at: now.toISOString(),
    };
  });
}
