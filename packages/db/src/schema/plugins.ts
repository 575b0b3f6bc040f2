import { sql } from "drizzle-orm";
import { boolean, check, customType, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { createdAt, primaryId, utcTimestamp } from "./columns";

export const versionReviewStatuses = ["listed", "held", "rejected", "superseded"] as const;
export type VersionReviewStatus = (typeof versionReviewStatuses)[number];

/** One reason a version was held: what it imitates, as the author and the operators read it. */
export interface VersionReviewReason {
  kind: "lookalike_plugin" | "lookalike_publisher";
  message: string;
  imitates: { slug?: string; name: string; publisher?: string };
}

/** What plugins.icon holds of the uploaded icon. */
export interface PluginIconColumn {
  blobKey: string;
  contentType: "image/png" | "image/jpeg" | "image/webp" | "image/gif";
  width: number;
  height: number;
}

/** `taken_down`: an operator took it down after reports (schema/moderation.ts); only an operator restores it. */
export const pluginStatuses = ["published", "hidden", "removed", "taken_down"] as const;
export type PluginStatus = (typeof pluginStatuses)[number];

/** PostgreSQL's text-search document: written by the database (migration 0025's trigger), never by the application. */
const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => "tsvector" });

/**
 * One marketplace listing. Name, description, homepage, permissions,
 * api_version and latest_version are copied from the latest version's
 * manifest so that browsing reads one row per plugin.
 */
export const plugins = pgTable(
  "plugins",
  {
    id: primaryId(),
    slug: text("slug").notNull(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => accounts.id),
    /** Copied from the owner when the plugin is created: the service's own plugins sort first. */
    official: boolean("official").notNull().default(false),
    status: text("status", { enum: pluginStatuses }).notNull().default("published"),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    homepage: text("homepage"),
    latestVersion: text("latest_version").notNull(),
    permissions: text("permissions").array().notNull().default(sql`'{}'::text[]`),
    /** The latest version's manifest `api` (SPEC §2.1, default 1): GET /plugins?api=N lists plugins with api_version <= N. */
    apiVersion: smallint("api_version").notNull().default(1),
    /** The latest version asks for more than the one before it (plugin-rules permissionsWidened), set at publish. */
    permissionsWidened: boolean("permissions_widened").notNull().default(false),
    downloads: integer("downloads").notNull().default(0),
    priceTier: text("price_tier"),
    createdAt: createdAt(),
    updatedAt: utcTimestamp("updated_at").notNull().defaultNow(),
    /** False while no version has been listed yet (the first is held for review): the plugin is then nobody's but its author's. */
    listed: boolean("listed").notNull().default(true),
    /** The listed id's and name's look-alike keys (plugin-rules lookalikeKeys): a new plugin finds what it may imitate through their index. */
    lookalikeKeys: text("lookalike_keys").array().notNull().default(sql`'{}'::text[]`),
    /** The uploaded icon (schema/plugin-media.ts), copied here in the same transaction so listings read one row; null: none, the generated one is shown. */
    icon: jsonb("icon").$type<PluginIconColumn>(),
    /** Finding plugins (docs/plugins.md#finding-plugins): the author's category (api-contract pluginCategories) and free tags, normalised. */
    category: text("category"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    /** The latest version's README (its first 20,000 characters), copied by the database's triggers (migration 0025) for search. */
    readme: text("readme").notNull().default(""),
    /** Name, slug, tags, description and README weighted A to D: kept by a trigger on every change of them (migration 0025). */
    searchVector: tsvector("search_vector").notNull().default(sql`''::tsvector`),
    /** The price sort's key: 0 for free, minus the tier's number for t1..t5, so free comes first in the descending keyset order. */
    priceOrder: smallint("price_order").notNull().generatedAlwaysAs(sql`(case when price_tier ~ '^t[0-9]$' then -substr(price_tier, 2)::smallint else 0 end)`),
    /** People's ratings (schema/plugin-reviews.ts), visible ones only: integers, so the average never drifts; rewritten in each review's transaction. */
    ratingSum: integer("rating_sum").notNull().default(0),
    ratingCount: integer("rating_count").notNull().default(0),
    /** The rating sort's key and relevance's tie-breaker: the average × 100, whole (100–500), 0 without reviews. */
    ratingOrder: smallint("rating_order").notNull().generatedAlwaysAs(sql`(case when rating_count > 0 then (rating_sum * 100 / rating_count) else 0 end)`),
  },
  (t) => [
    index("plugins_lookalike_keys_idx").using("gin", t.lookalikeKeys),
    uniqueIndex("plugins_slug_key").on(t.slug),
    // The marketplace order is (official, downloads, id) all descending, read
    // backwards from this index, so a keyset cursor is one row comparison.
    index("plugins_market_order_idx").on(t.official, t.downloads, t.id).where(sql`${t.status} = 'published'`),
    index("plugins_owner_idx").on(t.ownerId),
    // The other sorts and filters of GET /plugins: each order is read from an index, so page 1,000 costs what page 1 does.
    index("plugins_category_order_idx").on(t.category, t.official, t.downloads, t.id).where(sql`${t.status} = 'published'`),
    index("plugins_newest_order_idx").on(t.createdAt, t.id).where(sql`${t.status} = 'published'`),
    index("plugins_updated_order_idx").on(t.updatedAt, t.id).where(sql`${t.status} = 'published'`),
    index("plugins_price_order_idx").on(t.priceOrder, t.downloads, t.id).where(sql`${t.status} = 'published'`),
    index("plugins_rating_order_idx").on(t.ratingOrder, t.ratingCount, t.downloads, t.id).where(sql`${t.status} = 'published'`),
    index("plugins_name_order_idx").on(sql`lower(${t.name})`, t.id).where(sql`${t.status} = 'published'`),
    index("plugins_search_vector_idx").using("gin", t.searchVector),
    index("plugins_tags_idx").using("gin", t.tags),
    check("plugins_status_check", sql`${t.status} in ('published', 'hidden', 'removed', 'taken_down')`),
    check("plugins_downloads_check", sql`${t.downloads} >= 0`),
    check("plugins_rating_check", sql`${t.ratingCount} >= 0 and ${t.ratingSum} between ${t.ratingCount} and 5 * ${t.ratingCount}`),
  ],
);

export const pluginVersions = pgTable(
  "plugin_versions",
  {
    id: primaryId(),
    pluginId: uuid("plugin_id")
      .notNull()
      .references(() => plugins.id, { onDelete: "cascade" }),
    version: text("version").notNull(),
    /** The version without build metadata: 1.1.0+build and 1.1.0 are the same version. */
    versionKey: text("version_key").notNull(),
    changelog: text("changelog").notNull().default(""),
    manifest: jsonb("manifest").notNull(),
    createdAt: createdAt(),
    /** The minisign signature of the package's digest (plugins/signing), its key and the digest in hex; null until signed. */
    signature: text("signature"),
    signingKeyId: text("signing_key_id"),
    digest: text("digest"),
    /** Listed, or held for the operators' review (never listed nor downloadable by others meanwhile), rejected, or superseded by a newer version while held. */
    reviewStatus: text("review_status", { enum: versionReviewStatuses }).notNull().default("listed"),
    /** Why a version was held: [{ kind, message, imitates }] (docs/plugins.md). */
    reviewReasons: jsonb("review_reasons").$type<VersionReviewReason[]>().notNull().default(sql`'[]'::jsonb`),
    reviewNote: text("review_note"),
    reviewedBy: uuid("reviewed_by").references(() => accounts.id, { onDelete: "set null" }),
    reviewedAt: utcTimestamp("reviewed_at"),
  },
  (t) => [
    // One held version per plugin: a new publish supersedes the held one.
    uniqueIndex("plugin_versions_one_held_key").on(t.pluginId).where(sql`${t.reviewStatus} = 'held'`),
    index("plugin_versions_held_idx").on(t.createdAt).where(sql`${t.reviewStatus} = 'held'`),
    check("plugin_versions_review_status_check", sql`${t.reviewStatus} in ('listed', 'held', 'rejected', 'superseded')`),
    uniqueIndex("plugin_versions_plugin_version_key").on(t.pluginId, t.versionKey),
    index("plugin_versions_plugin_created_idx").on(t.pluginId, t.createdAt, t.id),
    // Revoking a key re-signs what it signed: found through this index.
    index("plugin_versions_signing_key_idx").on(t.signingKeyId),
  ],
);

export const pluginFiles = pgTable(
  "plugin_files",
  {
    versionId: uuid("version_id")
      .notNull()
      .references(() => pluginVersions.id, { onDelete: "cascade" }),
    path: text("path").notNull(),
    content: text("content").notNull(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.path] })],
);

/** A plugin anyone may find: published (not hidden, removed or taken down) with a listed version (not only held ones). */
export const inMarketplace = sql`${plugins.status} = 'published' and ${plugins.listed}`;

export type Plugin = typeof plugins.$inferSelect;
export type PluginVersion = typeof pluginVersions.$inferSelect;

/** One row per account, plugin and UTC day: the unique key makes a day's downloads count once, however concurrent. */
export const pluginDownloads = pgTable(
  "plugin_downloads",
  {
    pluginId: uuid("plugin_id")
      .notNull()
      .references(() => plugins.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.pluginId, t.accountId, t.day] }), index("plugin_downloads_account_idx").on(t.accountId, t.pluginId)],
);
