import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { createdAt, primaryId, utcTimestamp } from "./columns";
import { plugins } from "./plugins";

/**
 * A person's review of a plugin they hold (docs/plugins.md#reviews): one per
 * account and plugin (the unique key decides; a second write edits it), a
 * rating of 1 to 5, optional text, and the author's one reply. An operator may
 * hide it: it then leaves the list and the plugin's rating_sum/rating_count.
 */
export const pluginReviews = pgTable(
  "plugin_reviews",
  {
    id: primaryId(),
    pluginId: uuid("plugin_id")
      .notNull()
      .references(() => plugins.id, { onDelete: "cascade" }),
    reviewerId: uuid("reviewer_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    body: text("body").notNull().default(""),
    reply: text("reply"),
    repliedAt: utcTimestamp("replied_at"),
    replyUpdatedAt: utcTimestamp("reply_updated_at"),
    /** Set while an operator hides it (review_moderation_decisions says who and why). */
    hiddenAt: utcTimestamp("hidden_at"),
    createdAt: createdAt(),
    updatedAt: utcTimestamp("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("plugin_reviews_plugin_reviewer_key").on(t.pluginId, t.reviewerId),
    // The public list, newest first, a keyset page at a time; and the visible ratings the plugin's sum is made of.
    index("plugin_reviews_visible_idx").on(t.pluginId, t.createdAt, t.id).where(sql`${t.hiddenAt} is null`),
    index("plugin_reviews_reviewer_idx").on(t.reviewerId),
    check("plugin_reviews_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);

/** Why a review is reported (@streamkit/api-contract reviewReportReasons). */
export const reviewReportReasonValues = ["spam", "abuse", "off_topic", "personal_data", "other"] as const;

/** A person's report of a review: one open report per account and review (a second replaces it); a decision closes them all. */
export const pluginReviewReports = pgTable(
  "plugin_review_reports",
  {
    id: primaryId(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => pluginReviews.id, { onDelete: "cascade" }),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    details: text("details").notNull().default(""),
    status: text("status", { enum: ["open", "closed"] })
      .notNull()
      .default("open"),
    createdAt: createdAt(),
    updatedAt: utcTimestamp("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("plugin_review_reports_open_key").on(t.reviewId, t.reporterId).where(sql`${t.status} = 'open'`),
    index("plugin_review_reports_open_idx").on(t.reviewId, t.updatedAt).where(sql`${t.status} = 'open'`),
    check("plugin_review_reports_reason_check", sql.raw(`reason in ('${reviewReportReasonValues.join("', '")}')`)),
    check("plugin_review_reports_status_check", sql`${t.status} in ('open', 'closed')`),
  ],
);

export const reviewModerationActions = ["hide", "unhide", "dismiss"] as const;

/** The audit of operators' decisions about reviews: never updated or deleted. */
export const reviewModerationDecisions = pgTable(
  "review_moderation_decisions",
  {
    id: primaryId(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => pluginReviews.id, { onDelete: "cascade" }),
    action: text("action", { enum: reviewModerationActions }).notNull(),
    note: text("note").notNull().default(""),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => accounts.id),
    reportsClosed: integer("reports_closed").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("review_moderation_decisions_created_idx").on(t.createdAt),
    index("review_moderation_decisions_review_idx").on(t.reviewId, t.createdAt),
    check("review_moderation_decisions_action_check", sql`${t.action} in ('hide', 'unhide', 'dismiss')`),
  ],
);

export type PluginReview = typeof pluginReviews.$inferSelect;
