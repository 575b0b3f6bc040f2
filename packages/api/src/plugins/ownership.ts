import { type Db, pluginDownloads, plugins, purchases, type Queryable } from "@streamkit/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import { preparedPerDatabase } from "../shared/prepared";

/** A column of a statement over plugins: whether the caller (placeholder `buyer`) bought the row's plugin, one probe of the paid purchases' unique index. */
export const purchasedByBuyer =
  sql<boolean>`exists (select 1 from ${purchases} where ${purchases.accountId} = ${sql.placeholder("buyer")}::uuid and ${purchases.pluginId} = ${plugins.id} and ${purchases.status} = 'paid')`.mapWith(
    Boolean,
  );

/** Which of `pluginIds` the account has a paid purchase of. */
export async function purchasedAmong(db: Db, accountId: string, pluginIds: string[]): Promise<Set<string>> {
  if (pluginIds.length === 0) return new Set();
  // The ids are the plugins' own uuids, passed as one array literal so every page of any length runs the one prepared statement.
  const rows = await purchasedAmongStatement(db).execute({ accountId, pluginIds: `{${pluginIds.join(",")}}` });
  return new Set(rows.map((row) => row.pluginId));
}

/** Asked for every page a signed-in caller browses: prepared once. */
const purchasedAmongStatement = preparedPerDatabase((db) =>
  db
    .select({ pluginId: purchases.pluginId })
    .from(purchases)
    .where(
      and(
        eq(purchases.accountId, sql.placeholder("accountId")),
        eq(purchases.status, "paid"),
        sql`${purchases.pluginId} = any(${sql.placeholder("pluginIds")}::uuid[])`,
      ),
    )
    .prepare("purchased_among"),
);

/** An account that downloaded a plugin holds it (as does one that bought it). */
export async function downloadedBefore(db: Db, accountId: string, pluginId: string): Promise<boolean> {
  const [held] = await db
    .select({ day: pluginDownloads.day })
    .from(pluginDownloads)
    .where(and(eq(pluginDownloads.pluginId, pluginId), eq(pluginDownloads.accountId, accountId)))
    .limit(1);
  return Boolean(held);
}

/** Which of `pluginIds` the account downloaded at least once. */
export async function downloadedAmong(db: Db, accountId: string, pluginIds: string[]): Promise<Set<string>> {
  if (pluginIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ pluginId: pluginDownloads.pluginId })
    .from(pluginDownloads)
    .where(and(eq(pluginDownloads.accountId, accountId), inArray(pluginDownloads.pluginId, pluginIds)));
  return new Set(rows.map((row) => row.pluginId));
}

/** Whether the account holds the plugin: bought it or downloaded it before (SPEC §3's holders). */
export async function holdsPlugin(db: Db, accountId: string, pluginId: string): Promise<boolean> {
  return (await purchasedAmong(db, accountId, [pluginId])).has(pluginId) || (await downloadedBefore(db, accountId, pluginId));
}

/** holdsPlugin inside a caller's transaction (a review's: on PGlite's one connection nothing may run beside it). */
export async function holdsPluginIn(db: Queryable, accountId: string, pluginId: string): Promise<boolean> {
  const [bought] = await db
    .select({ pluginId: purchases.pluginId })
    .from(purchases)
    .where(and(eq(purchases.accountId, accountId), eq(purchases.pluginId, pluginId), eq(purchases.status, "paid")))
    .limit(1);
  if (bought) return true;
  const [downloaded] = await db
    .select({ day: pluginDownloads.day })
    .from(pluginDownloads)
    .where(and(eq(pluginDownloads.pluginId, pluginId), eq(pluginDownloads.accountId, accountId)))
    .limit(1);
  return Boolean(downloaded);
}
