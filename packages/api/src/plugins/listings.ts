import type { Listing, ListingDetail } from "@streamkit/api-contract";
import { accounts, type Db, inMarketplace, type Plugin, plugins, pluginVersions, publisherHandles } from "@streamkit/db";
import { priceOf, type PriceTier } from "@streamkit/plans";
import { askedPermissions, compareVersions, permissionChanges } from "@streamkit/plugin-rules";
import { and, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { AccountCaller, Caller } from "../shared/context";
import { notFound, ratingOf } from "@streamkit/api-contract";
import { holdsPlugin, purchasedAmong, purchasedByBuyer } from "./ownership";
import { type ModerationViews, moderationViews, noModerationViews } from "./moderation/takedowns";
import { preparedPerDatabase } from "../shared/prepared";
import { openPriceRequests } from "./prices";
import { reviewsOf } from "./review";
import { iconOf, screenshotsFromJson, screenshotsJson, screenshotsOfMany } from "./media/media";

// Search's own columns (the README text and its document) are large and never shown: listings leave them out.
const { readme: _readme, searchVector: _searchVector, ...listedColumns } = getTableColumns(plugins);

/** The columns every listing needs: the plugin row (but search's columns) and its publisher (joined with `publisherJoin`). */
export const listingColumns = {
  plugin: listedColumns,
  publisherName: accounts.name,
  publisherVerified: accounts.verified,
  publisherOfficial: accounts.official,
  publisherHandle: publisherHandles.handle,
};

/** The owner's current handle (docs/plugins.md#publisher-handles): every plugin's owner has one, given at its insert. */
export const publisherJoin = and(eq(publisherHandles.accountId, plugins.ownerId), eq(publisherHandles.current, true));

export type ListingRow = {
  plugin: Omit<Plugin, "readme" | "searchVector">;
  publisherName: string;
  publisherVerified: boolean;
  publisherOfficial: boolean;
  publisherHandle: string | null;
};

/** A listing's `publisher` (SPEC §2.2, `handle` added). */
export function toPublisher(row: Omit<ListingRow, "plugin">): Listing["publisher"] {
  return {
    kind: row.publisherOfficial ? "official" : "user",
    name: row.publisherName,
    verified: row.publisherVerified,
    handle: row.publisherHandle ?? "",
  };
}

/** What a listing needs to know about the caller beyond the row: their purchases and, as author, open price requests. */
export interface ListingExtras {
  purchased: ReadonlySet<string>;
  priceRequests: ReadonlyMap<string, NonNullable<Listing["priceRequest"]>>;
  /** Takedowns (for the author and holders) and the author's warnings. */
  moderation: ModerationViews;
  /** The author's held or rejected newest versions (review/author-view.ts). */
  reviews?: ReadonlyMap<string, NonNullable<Listing["review"]>>;
}

const noExtras: ListingExtras = { purchased: new Set(), priceRequests: new Map(), moderation: noModerationViews };

/** Small queries for a whole page, only for signed-in callers; `purchased` when the page's own statement said (plugins/search.ts). */
export async function listingExtras(db: Db, caller: Caller, rows: ListingRow[], purchased?: ReadonlySet<string>): Promise<ListingExtras> {
  if (caller.kind !== "account" || rows.length === 0) return noExtras;
  const ids = rows.map((row) => row.plugin.id);
  const own = rows.filter((row) => row.plugin.ownerId === caller.account.id).map((row) => row.plugin.id);
  const [bought, priceRequests, moderation, reviews] = await Promise.all([
    purchased ?? purchasedAmong(db, caller.account.id, ids),
    openPriceRequests(db, own),
    moderationViews(
      db,
      caller.account.id,
      rows.map((row) => row.plugin),
    ),
    reviewsOf(
      db,
      rows.filter((row) => row.plugin.ownerId === caller.account.id).map((row) => row.plugin),
    ),
  ]);
  return { purchased: bought, priceRequests, moderation, reviews };
}

/** Shapes one row into the §2.2 listing as seen by `caller`. */
export function toListing(row: ListingRow, caller: Caller, extras: ListingExtras = noExtras): Listing {
  const p = row.plugin;
  const price = priceOf(p.priceTier as PriceTier | null);
  const mine = caller.kind === "account" && caller.account.id === p.ownerId;
  const priceRequest = mine ? extras.priceRequests.get(p.id) : undefined;
  const takenDown = extras.moderation.takedowns.get(p.id);
  const warning = mine ? extras.moderation.warnings.get(p.id) : undefined;
  const review = mine ? extras.reviews?.get(p.id) : undefined;
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    description: p.description,
    version: p.latestVersion,
    permissions: p.permissions,
    permissionsWidened: p.permissionsWidened,
    publisher: toPublisher(row),
    downloads: p.downloads,
    homepage: p.homepage,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    status: p.status,
    mine,
    price,
    owned: price === null || mine || extras.purchased.has(p.id),
    ...iconOf(p.slug, p.icon),
    rating: ratingOf(p.ratingSum, p.ratingCount),
    ...(priceRequest ? { priceRequest } : {}),
    ...(takenDown ? { takenDown } : {}),
    ...(warning ? { warning } : {}),
    ...(review ? { review } : {}),
    category: (p.category as Listing["category"]) ?? null,
    tags: p.tags,
    apiVersion: p.apiVersion,
  };
}

/** A plugin's versions as JSON text (the detail shows them all; versionEntries picks and orders). */
const versionsJson = sql<string>`(select coalesce(json_agg(json_build_object('version', ${pluginVersions.version}, 'changelog', ${pluginVersions.changelog},
  'createdAt', ${pluginVersions.createdAt}, 'manifest', ${pluginVersions.manifest}, 'reviewStatus', ${pluginVersions.reviewStatus})), '[]')::text
  from ${pluginVersions} where ${pluginVersions.pluginId} = ${plugins.id})`;

/** What a plugin's page shows, in one statement: the listing's columns, its versions and its screenshots. */
const detailColumns = { ...listingColumns, versions: versionsJson, screenshots: screenshotsJson };

/** A published plugin by `slug` (placeholder), with its publisher, versions and screenshots: an anonymous caller's detail. */
export function publishedPluginStatement(db: Db) {
  return db
    .select(detailColumns)
    .from(plugins)
    .innerJoin(accounts, eq(accounts.id, plugins.ownerId))
    .leftJoin(publisherHandles, publisherJoin)
    .where(and(eq(plugins.slug, sql.placeholder("slug")), inMarketplace))
    .limit(1);
}

/** Any plugin by `slug` (placeholder), whatever its status (its author sees hidden and removed ones), and whether `buyer` (placeholder) bought it. */
function anyPluginStatement(db: Db) {
  return db
    .select({ ...detailColumns, purchased: purchasedByBuyer })
    .from(plugins)
    .innerJoin(accounts, eq(accounts.id, plugins.ownerId))
    .leftJoin(publisherHandles, publisherJoin)
    .where(eq(plugins.slug, sql.placeholder("slug")))
    .limit(1);
}

/** The detail's statements of one database, prepared once: the marketplace's hot path builds no SQL per request. */
function prepareStatements(db: Db) {
  return {
    published: publishedPluginStatement(db).prepare("published_plugin"),
    any: anyPluginStatement(db).prepare("any_plugin"),
  };
}

const statementsFor = preparedPerDatabase(prepareStatements);

export async function listMyPlugins(db: Db, caller: AccountCaller): Promise<Listing[]> {
  const rows = await db
    .select(listingColumns)
    .from(plugins)
    .innerJoin(accounts, eq(accounts.id, plugins.ownerId))
    .leftJoin(publisherHandles, publisherJoin)
    .where(eq(plugins.ownerId, caller.account.id))
    .orderBy(desc(plugins.updatedAt), desc(plugins.id));
  const extras = await listingExtras(db, caller, rows);
  return rows.map((row) => toListing(row, caller, extras));
}

/**
 * The author's plugins with every version, as the dashboard shows them: the
 * plugins in one statement and all their versions in one more, however many
 * plugins there are.
 */
export async function listMyPluginsWithVersions(db: Db, caller: AccountCaller): Promise<ListingDetail[]> {
  const items = await listMyPlugins(db, caller);
  if (items.length === 0) return [];
  const rows = await db
    .select({
      pluginId: pluginVersions.pluginId,
      version: pluginVersions.version,
      changelog: pluginVersions.changelog,
      createdAt: pluginVersions.createdAt,
      manifest: pluginVersions.manifest,
      reviewStatus: pluginVersions.reviewStatus,
    })
    .from(pluginVersions)
    .where(
      inArray(
        pluginVersions.pluginId,
        items.map((item) => item.id),
      ),
    );
  const byPlugin = new Map<string, typeof rows>();
  for (const row of rows) {
    const versions = byPlugin.get(row.pluginId);
    if (versions) versions.push(row);
    else byPlugin.set(row.pluginId, [row]);
  }
  const screenshots = await screenshotsOfMany(
    db,
    items.map((item) => item.id),
  );
  return items.map((item) => ({ ...item, versions: versionEntries(byPlugin.get(item.id) ?? [], true), screenshots: screenshots.get(item.id) ?? [] }));
}

/**
 * A plugin's versions as the API shows them, newest first: versions only ever
 * increase, so SemVer order is publish order; it also settles two publishes in
 * one millisecond. Each says what it asks for and how that changed from the
 * version before it.
 */
function versionEntries(
  rows: { version: string; changelog: string; createdAt: Date; manifest: unknown; reviewStatus: string }[],
  author: boolean,
): ListingDetail["versions"] {
  // Others see listed versions only; the author also sees held and rejected ones, marked (superseded ones were never decided: left out).
  const shown = rows
    .filter((v) => v.reviewStatus === "listed" || (author && v.reviewStatus !== "superseded"))
    .sort((a, b) => compareVersions(b.version, a.version));
  return shown.map((v, index) => {
    const asked = askedPermissions(v.manifest);
    const before = shown[index + 1];
    return {
      version: v.version,
      changelog: v.changelog,
      createdAt: v.createdAt.toISOString(),
      permissions: [...asked.permissions],
      optionalPermissions: [...asked.optionalPermissions],
      permissionChanges: permissionChanges(asked, before ? askedPermissions(before.manifest) : null),
      ...(v.reviewStatus === "held" || v.reviewStatus === "rejected" ? { review: v.reviewStatus } : {}),
    };
  });
}

/** A version as versionsJson spells it. */
type VersionJson = { version: string; changelog: string; createdAt: string; manifest: unknown; reviewStatus: string };

export async function getPluginDetail(db: Db, caller: Caller, slug: string): Promise<ListingDetail> {
  // Anonymous callers can only see published plugins: the status filter is in the statement.
  const statements = statementsFor(db);
  const [row] = await (caller.kind === "account" ? statements.any.execute({ slug, buyer: caller.account.id }) : statements.published.execute({ slug }));
  const author = caller.kind === "account" && row?.plugin.ownerId === caller.account.id;
  // A taken-down plugin's page stays open to its holders, who are told why (docs/plugins.md#when-a-plugin-is-taken-down).
  const holder = caller.kind === "account" && row?.plugin.status === "taken_down" && !author && (await holdsPlugin(db, caller.account.id, row.plugin.id));
  const visible = row && ((row.plugin.status === "published" && row.plugin.listed) || author || holder);
  if (!row || !visible) throw notFound(`No plugin "${slug}" in the marketplace.`);
  const purchased = "purchased" in row && row.purchased ? new Set([row.plugin.id]) : new Set<string>();
  // Only an author's or a holder's view asks anything more (price requests, moderation, reviews).
  const extras = await listingExtras(db, caller, [row], purchased);
  const versions = (JSON.parse(row.versions) as VersionJson[]).map((v) => ({ ...v, createdAt: new Date(v.createdAt) }));
  return {
    ...toListing(row, caller, extras),
    versions: versionEntries(versions, author),
    screenshots: screenshotsFromJson(row.screenshots),
  };
}
