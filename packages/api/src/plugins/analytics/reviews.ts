import type { AnalyticsQuery, PluginAnalytics } from "@streamkit/api-contract";
import { type Db, pluginReviews } from "@streamkit/db";
import { and, eq, gte, isNull, lt, sql } from "drizzle-orm";
import { periodSql } from "./period-sql";

type ReviewPeriod = NonNullable<PluginAnalytics["reviews"]>[number];

/**
 * Reviews over time (docs/analytics.md#reviews): the visible reviews written in each period (by the day they were
 * first written, in UTC; edits do not move them) and their average rating. Read from the reviews' own index
 * (plugin, written at), visible ones only: a plugin has at most one review per account, far fewer rows than its
 * downloads, so no roll-up is kept.
 */
export function reviewsStatement(db: Db, pluginId: string, query: Pick<AnalyticsQuery, "from" | "to" | "granularity">) {
  const end = new Date(`${query.to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  const period = periodSql(query.granularity, sql`(${pluginReviews.createdAt} at time zone 'UTC')`);
  return db
    .select({
      period,
      reviews: sql<number>`count(*)::int`.mapWith(Number),
      ratingSum: sql<number>`coalesce(sum(${pluginReviews.rating}), 0)::int`.mapWith(Number),
    })
    .from(pluginReviews)
    .where(
      and(
        eq(pluginReviews.pluginId, pluginId),
        isNull(pluginReviews.hiddenAt),
        gte(pluginReviews.createdAt, new Date(`${query.from}T00:00:00Z`)),
        lt(pluginReviews.createdAt, end),
      ),
    )
    .groupBy(sql`1`);
}

/** The statement's rows by period, with their average rating to two decimals. */
export function reviewPeriods(rows: { period: string; reviews: number; ratingSum: number }[]): Map<string, ReviewPeriod> {
  return new Map(
    rows.map((row) => [row.period, { period: row.period, reviews: row.reviews, averageRating: Math.round((row.ratingSum / row.reviews) * 100) / 100 }]),
  );
}
