import { accounts, pluginDownloadDays, type Queryable } from "@streamkit/db";
import { eq, sql } from "drizzle-orm";

/**
 * A counted download into its day's roll-up (docs/analytics.md): one upsert,
 * so concurrent downloads of other accounts add up under the row's lock. The
 * country is the account's at the time of the download ('' when it has none).
 */
export async function rollUpDownload(tx: Queryable, download: { pluginId: string; accountId: string; day: string; version: string }): Promise<void> {
  const country = sql<string>`coalesce((${tx.select({ country: accounts.country }).from(accounts).where(eq(accounts.id, download.accountId))}), '')`;
  await tx
    .insert(pluginDownloadDays)
    .values({ pluginId: download.pluginId, day: download.day, version: download.version, country, downloads: 1 })
    .onConflictDoUpdate({
      target: [pluginDownloadDays.pluginId, pluginDownloadDays.day, pluginDownloadDays.version, pluginDownloadDays.country],
      set: { downloads: sql`${pluginDownloadDays.downloads} + 1` },
    });
}
