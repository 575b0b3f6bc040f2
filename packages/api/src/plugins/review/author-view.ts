import type { ListingReview } from "@streamkit/api-contract";
import { type Db, pluginVersions } from "@streamkit/db";
import { compareVersions } from "@streamkit/plugin-rules";
import { and, inArray } from "drizzle-orm";

/**
 * What each of an author's plugins is waiting for: the review of its newest
 * version (superseded ones aside) when that is held or was rejected. A
 * rejection stops showing once a newer version is listed. Newest is SemVer
 * order (versions only increase), never publish time, which two publishes can share.
 */
export async function reviewsOf(db: Db, plugins: { id: string; latestVersion: string }[]): Promise<Map<string, ListingReview>> {
  const reviews = new Map<string, ListingReview>();
  if (plugins.length === 0) return reviews;
  const rows = await db
    .select({
      pluginId: pluginVersions.pluginId,
      version: pluginVersions.version,
      status: pluginVersions.reviewStatus,
      reasons: pluginVersions.reviewReasons,
      note: pluginVersions.reviewNote,
      createdAt: pluginVersions.createdAt,
      reviewedAt: pluginVersions.reviewedAt,
    })
    .from(pluginVersions)
    .where(
      and(
        inArray(
          pluginVersions.pluginId,
          plugins.map((plugin) => plugin.id),
        ),
        inArray(pluginVersions.reviewStatus, ["held", "rejected"]),
      ),
    );
  const newest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const seen = newest.get(row.pluginId);
    if (!seen || compareVersions(row.version, seen.version) > 0) newest.set(row.pluginId, row);
  }
  for (const plugin of plugins) {
    const row = newest.get(plugin.id);
    // The listing shows a newer listed version: that review is over (a never-listed plugin shows its held version itself).
    if (!row || compareVersions(row.version, plugin.latestVersion) < 0) continue;
    reviews.set(plugin.id, {
      status: row.status as ListingReview["status"],
      version: row.version,
      reasons: row.reasons,
      note: row.note,
      heldAt: row.createdAt.toISOString(),
      decidedAt: row.reviewedAt?.toISOString() ?? null,
    });
  }
  return reviews;
}
