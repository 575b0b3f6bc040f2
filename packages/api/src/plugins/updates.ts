/**
 * POST /plugins/updates (docs/desktop.md#plugin-updates-in-one-call): the
 * desktop app's installed plugins in, for each the version it may install
 * now, the changelogs since its own, how the permissions changed, and the
 * signature. The same rules as a download (packages.ts) decide each answer;
 * a fixed number of statements answers the whole batch, however long.
 */
import { type PluginUpdate, pluginUpdateLimits, type PluginUpdates, type PluginUpdatesRequest } from "@streamkit/api-contract";
import { accounts, plugins, pluginVersions, publisherHandles } from "@streamkit/db";
import { priceOf, type PriceTier } from "@streamkit/plans";
import { type AskedPermissions, askedPermissions, compareVersions, permissionChanges, permissionsWidened, versionKey } from "@streamkit/plugin-rules";
import { PACKAGE_DIGEST_ALGORITHM } from "@streamkit/plugin-rules/package-digest";
import { and, desc, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { AccountCaller } from "../shared/context";
import type { AppDeps } from "../shared/deps";
import { listingColumns, type ListingRow, publisherJoin } from "./listings";
import { moderationViews } from "./moderation/takedowns";
import { downloadedAmong, purchasedAmong } from "./ownership";
import { revokedKeyIds } from "./signing/keys";
import { servedSignature } from "./signing/sign";

const NOTHING_ASKED: AskedPermissions = { permissions: [], optionalPermissions: [] };

type Installed = PluginUpdatesRequest["installed"][number];
type Decision = { kind: "answer"; answer: PluginUpdate } | { kind: "installable"; row: ListingRow };

export async function checkPluginUpdates(deps: AppDeps, caller: AccountCaller, input: PluginUpdatesRequest): Promise<PluginUpdates> {
  const { db } = deps;
  const accountId = caller.account.id;
  const rows = await db
    .select(listingColumns)
    .from(plugins)
    .innerJoin(accounts, eq(accounts.id, plugins.ownerId))
    .leftJoin(publisherHandles, publisherJoin)
    .where(
      inArray(
        plugins.slug,
        input.installed.map((item) => item.id),
      ),
    );
  const bySlug = new Map(rows.map((row) => [row.plugin.slug, row]));
  const others = rows.filter((row) => row.plugin.ownerId !== accountId).map((row) => row.plugin.id);
  const unpublished = rows.filter((row) => row.plugin.ownerId !== accountId && row.plugin.status !== "published").map((row) => row.plugin.id);
  const [purchased, downloaded] = await Promise.all([purchasedAmong(db, accountId, others), downloadedAmong(db, accountId, unpublished)]);
  const holders = rows.filter(
    (row) => row.plugin.ownerId !== accountId && row.plugin.status === "taken_down" && (purchased.has(row.plugin.id) || downloaded.has(row.plugin.id)),
  );
  const { takedowns } = await moderationViews(
    db,
    accountId,
    holders.map((row) => row.plugin),
  );

  // The download's rules (packages.ts#downloadPackage), for the whole batch at once.
  const decide = (item: Installed): Decision => {
    const entry = { id: item.id, installedVersion: item.version };
    const row = bySlug.get(item.id);
    if (!row) return { kind: "answer", answer: { status: "not_found", ...entry } };
    const plugin = row.plugin;
    const isAuthor = plugin.ownerId === accountId;
    const bought = purchased.has(plugin.id);
    const holds = bought || downloaded.has(plugin.id);
    if (!isAuthor && (!plugin.listed || (plugin.status !== "published" && !holds))) return { kind: "answer", answer: { status: "not_found", ...entry } };
    const takenDown = takedowns.get(plugin.id);
    if (plugin.status === "taken_down" && !isAuthor) {
      return takenDown
        ? { kind: "answer", answer: { status: "taken_down", ...entry, takenDown } }
        : { kind: "answer", answer: { status: "not_found", ...entry } };
    }
    const price = priceOf(plugin.priceTier as PriceTier | null);
    if (price && !isAuthor && !bought) {
      return {
        kind: "answer",
        answer: {
          status: "purchase_required",
          ...entry,
          version: plugin.latestVersion,
          price,
          buyUrl: `${deps.env.PUBLIC_URL}/plugins/${encodeURIComponent(plugin.slug)}/buy`,
        },
      };
    }
    return { kind: "installable", row };
  };
  const decisions = input.installed.map((item) => ({ item, decision: decide(item) }));
  const installable = decisions.flatMap(({ item, decision }) => (decision.kind === "installable" ? [{ item, row: decision.row }] : []));
  const details = await versionDetails(deps, installable);

  return {
    items: decisions.map(({ item, decision }) => (decision.kind === "answer" ? decision.answer : details.get(item.id)!)),
  };
}

/** The installable entries' answers: their latest and installed versions in one statement, the changelog windows in another. */
async function versionDetails(deps: AppDeps, installable: { item: Installed; row: ListingRow }[]): Promise<Map<string, PluginUpdate>> {
  const answers = new Map<string, PluginUpdate>();
  if (installable.length === 0) return answers;
  const { db } = deps;
  const pluginIds = installable.map(({ row }) => row.plugin.id);
  const wanted = installable.flatMap(({ item, row }) => [
    and(eq(pluginVersions.pluginId, row.plugin.id), eq(pluginVersions.versionKey, versionKey(row.plugin.latestVersion))),
    and(eq(pluginVersions.pluginId, row.plugin.id), eq(pluginVersions.versionKey, versionKey(item.version))),
  ]);
  // Each plugin's newest listed versions, one more than an answer shows, to know whether older ones were left out.
  const ranked = db
    .select({
      pluginId: pluginVersions.pluginId,
      version: pluginVersions.version,
      changelog: pluginVersions.changelog,
      createdAt: pluginVersions.createdAt,
      rank: sql<number>`row_number() over (partition by ${pluginVersions.pluginId} order by ${pluginVersions.createdAt} desc, ${pluginVersions.id} desc)`.as(
        "rank",
      ),
    })
    .from(pluginVersions)
    .where(and(inArray(pluginVersions.pluginId, pluginIds), eq(pluginVersions.reviewStatus, "listed")))
    .as("ranked");
  const [exact, recent, revoked] = await Promise.all([
    db
      .select({
        id: pluginVersions.id,
        pluginId: pluginVersions.pluginId,
        versionKey: pluginVersions.versionKey,
        version: pluginVersions.version,
        createdAt: pluginVersions.createdAt,
        manifest: pluginVersions.manifest,
        signature: pluginVersions.signature,
        signingKeyId: pluginVersions.signingKeyId,
        digest: pluginVersions.digest,
      })
      .from(pluginVersions)
      .where(or(...wanted)),
    db
      .select()
      .from(ranked)
      .where(lte(ranked.rank, pluginUpdateLimits.maxChanges + 1))
      .orderBy(desc(ranked.createdAt)),
    revokedKeyIds(db),
  ]);
  const exactOf = (pluginId: string, version: string) => exact.find((v) => v.pluginId === pluginId && v.versionKey === versionKey(version));

  for (const { item, row } of installable) {
    const plugin = row.plugin;
    const entry = { id: item.id, installedVersion: item.version };
    const latestRow = exactOf(plugin.id, plugin.latestVersion);
    if (!latestRow) {
      answers.set(item.id, { status: "not_found", ...entry });
      continue;
    }
    const signed = await servedSignature(deps, latestRow, revoked);
    const asked = askedPermissions(latestRow.manifest);
    const latest = {
      version: latestRow.version,
      createdAt: latestRow.createdAt.toISOString(),
      permissions: [...asked.permissions],
      optionalPermissions: [...asked.optionalPermissions],
      publisherId: plugin.ownerId,
      digestAlgorithm: PACKAGE_DIGEST_ALGORITHM,
      digest: signed.digest,
      signature: signed.signature,
      keyId: signed.signingKeyId,
      download: `/api/v1/plugins/${encodeURIComponent(plugin.slug)}/package`,
    };
    if (compareVersions(item.version, latestRow.version) >= 0) {
      answers.set(item.id, { status: "up_to_date", ...entry, latest });
      continue;
    }
    const installedRow = exactOf(plugin.id, item.version);
    const baseline = installedRow ? askedPermissions(installedRow.manifest) : NOTHING_ASKED;
    const newer = recent.filter(
      (v) => v.pluginId === plugin.id && compareVersions(v.version, item.version) > 0 && compareVersions(v.version, latestRow.version) <= 0,
    );
    answers.set(item.id, {
      status: "update_available",
      ...entry,
      latest,
      changes: newer.slice(0, pluginUpdateLimits.maxChanges).map((v) => ({ version: v.version, changelog: v.changelog, createdAt: v.createdAt.toISOString() })),
      changesTruncated: newer.length > pluginUpdateLimits.maxChanges,
      installedKnown: Boolean(installedRow),
      permissionChanges: permissionChanges(asked, baseline),
      permissionsWidened: permissionsWidened(asked, baseline),
    });
  }
  return answers;
}
