import type { AnalyticsQuery, PluginAnalytics } from "@streamkit/api-contract";
import type { Db } from "@streamkit/db";

/**
 * The hook for reviews over time (docs/analytics.md#reviews). Reviews come
 * from another part of the work: when they land, this answers one entry per
 * period of the range (periodsOf in analytics.ts) from a roll-up kept like
 * plugin_download_days — a review's row and its day's count in one
 * transaction — and the CSV (csv.ts) adds a `reviews` metric. Until then the
 * answer's `reviews` is null, which the dashboard reads as "no reviews yet".
 */
export async function reviewsOverTime(
  _db: Db,
  _pluginId: string,
  _query: Pick<AnalyticsQuery, "from" | "to" | "granularity">,
): Promise<PluginAnalytics["reviews"]> {
  return null;
}
