import type { ListingReview } from "@streamkit/api-contract";
import { type Db, pluginVersions } from "@streamkit/db";
import { desc, inArray, ne } from "drizzle-orm";

/**
 * What each of an author's plugins is waiting for: the review of its newest
 * version (superseded ones aside) when that is held or was rejected. A
 * rejection stops showing once a newer version is listed.
 */
export async function reviewsOf(db: Db, pluginIds: string[]): Promise<Map<string, ListingReview>> {
  if (pluginIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([pluginVersions.pluginId], {
      pluginId: pluginVersions.pluginId,
      version: pluginVersions.version,
      status: pluginVersions.reviewStatus,
      reasons: pluginVersions.reviewReasons,
      note: pluginVersions.reviewNote,
      createdAt: pluginVersions.createdAt,
      reviewedAt: pluginVersions.reviewedAt,
    })
    .from(pluginVersions)
    .where(inArray(pluginVersions.pluginId, pluginIds))
    .orderBy(pluginVersions.pluginId, desc(ne(pluginVersions.reviewStatus, "superseded")), desc(pluginVersions.createdAt), desc(pluginVersions.id));
  const reviews = new Map<string, ListingReview>();
  for (const row of rows) {
    if (row.status !== "held" && row.status !== "rejected") continue;
    reviews.set(row.pluginId, {
      status: row.status,
      version: row.version,
      reasons: row.reasons,
      note: row.note,
      heldAt: row.createdAt.toISOString(),
      decidedAt: row.reviewedAt?.toISOString() ?? null,
    });
  }
  return reviews;
}
