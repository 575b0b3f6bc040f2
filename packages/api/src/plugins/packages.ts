import type { PluginPackage } from "@streamkit/api-contract";
import { accounts, pluginDownloads, pluginFiles, plugins, pluginVersions, publisherHandles } from "@streamkit/db";
import { priceOf, type PriceTier } from "@streamkit/plans";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { AccountCaller } from "../shared/context";
import type { AppDeps } from "../shared/deps";
import { AppError, notFound } from "@streamkit/api-contract";
import { listingColumns, publisherJoin, toPublisher } from "./listings";
import { downloadedBefore, purchasedAmong } from "./ownership";
import { noteRemovalDuringTakedown, takenDownRefusal } from "./moderation/takedowns";
import { servedSignature } from "./signing/sign";
import { PACKAGE_DIGEST_ALGORITHM } from "@streamkit/plugin-rules/package-digest";
import { rollUpDownload } from "./analytics/rollups";

/**
 * The package of a plugin's latest version. Published plugins are open to the
 * plan's callers; a removed or hidden one only to its author and to the
 * accounts that already hold it (downloaded it before). A paid plugin needs
 * a purchase (or authorship).
 */
export async function downloadPackage(deps: AppDeps, caller: AccountCaller, slug: string): Promise<PluginPackage> {
  const { db } = deps;
  const accountId = caller.account.id;
  const [row] = await db
    .select(listingColumns)
    .from(plugins)
    .innerJoin(accounts, eq(accounts.id, plugins.ownerId))
    .leftJoin(publisherHandles, publisherJoin)
    .where(eq(plugins.slug, slug))
    .limit(1);
  if (!row) throw notFound(`No plugin "${slug}" in the marketplace.`);
  const plugin = row.plugin;
  const isAuthor = plugin.ownerId === accountId;

  // Never listed (its only versions are held for review): nobody's but its author's.
  if (!plugin.listed && !isAuthor) throw notFound(`No plugin "${slug}" in the marketplace.`);
  const purchased = !isAuthor && (await purchasedAmong(deps.db, accountId, [plugin.id])).has(plugin.id);
  const holds = purchased || (!isAuthor && plugin.status !== "published" && (await downloadedBefore(deps.db, accountId, plugin.id)));
  if (plugin.status !== "published" && !isAuthor && !holds) {
    throw notFound(`No plugin "${slug}" in the marketplace.`);
  }
  // A takedown stops every download but its author's (docs/plugins.md#when-a-plugin-is-taken-down).
  if (plugin.status === "taken_down" && !isAuthor) throw await takenDownRefusal(db, plugin);
  const price = priceOf(plugin.priceTier as PriceTier | null);
  if (price && !isAuthor && !purchased) {
    throw new AppError("purchase_required", `“${plugin.name}” is a paid plugin: buy it on the website, then download it.`, {
      price,
      buyUrl: `${deps.env.PUBLIC_URL}/plugins/${encodeURIComponent(plugin.slug)}/buy`,
    });
  }

  const [version] = await db
    .select({ id: pluginVersions.id, signature: pluginVersions.signature, signingKeyId: pluginVersions.signingKeyId, digest: pluginVersions.digest })
    .from(pluginVersions)
    .where(and(eq(pluginVersions.pluginId, plugin.id), eq(pluginVersions.version, plugin.latestVersion)));
  if (!version) throw notFound(`No plugin "${slug}" in the marketplace.`);
  const files = await db
    .select({ path: pluginFiles.path, content: pluginFiles.content })
    .from(pluginFiles)
    .where(eq(pluginFiles.versionId, version.id))
    .orderBy(sql`${pluginFiles.path} <> 'plugin.json'`, asc(pluginFiles.path));
  const signed = await servedSignature(deps, version);

  await countDownload(deps, plugin.id, accountId, plugin.latestVersion);
  return {
    listingId: plugin.id,
    id: plugin.slug,
    version: plugin.latestVersion,
    publisher: toPublisher(row),
    files,
    publisherId: plugin.ownerId,
    digestAlgorithm: PACKAGE_DIGEST_ALGORITHM,
    digest: signed.digest,
    signature: signed.signature,
    keyId: signed.signingKeyId,
  };
}

/**
 * One download per account, plugin and UTC day: the primary key decides, so concurrent downloads count once;
 * the counted one also goes into the authors' daily roll-up (analytics/rollups.ts), in the same transaction.
 */
async function countDownload(deps: AppDeps, pluginId: string, accountId: string, version: string): Promise<void> {
  const day = deps.now().toISOString().slice(0, 10);
  await deps.db.transaction(async (tx) => {
    const inserted = await tx.insert(pluginDownloads).values({ pluginId, accountId, day }).onConflictDoNothing().returning({ day: pluginDownloads.day });
    if (inserted.length) {
      await tx
        .update(plugins)
        .set({ downloads: sql`${plugins.downloads} + 1` })
        .where(eq(plugins.id, pluginId));
      await rollUpDownload(tx, { pluginId, accountId, day, version });
    }
  });
}

/** The author takes a plugin out of the marketplace; holders keep their downloads. Anyone else: 404. */
export async function removePlugin(deps: AppDeps, caller: AccountCaller, slug: string): Promise<void> {
  const removed = await deps.db
    .update(plugins)
    .set({ status: "removed", updatedAt: deps.now() })
    .where(and(eq(plugins.slug, slug), eq(plugins.ownerId, caller.account.id), ne(plugins.status, "taken_down")))
    .returning({ id: plugins.id });
  if (removed.length === 0 && !(await noteRemovalDuringTakedown(deps.db, caller.account.id, slug))) throw notFound(`No plugin "${slug}" of yours.`);
}
