import { boolean, check, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { accounts } from "./accounts";
import { createdAt, primaryId, utcTimestamp } from "./columns";

/**
 * Desktop app releases, one row per version and platform (target + arch), as
 * the operator publishes them (docs/desktop.md#the-app-updater). The updater answers
 * the highest version by SemVer precedence that is not withdrawn; `version_key`
 * is SemVer without build metadata, so 1.2.0 and 1.2.0+b2 are one version.
 * Each release belongs to one channel (api-contract's releaseChannels, data
 * rather than a check here, so a new channel needs no migration).
 */
export const appReleases = pgTable(
  "app_releases",
  {
    id: primaryId(),
    version: text("version").notNull(),
    versionKey: text("version_key").notNull(),
    target: text("target").notNull(),
    arch: text("arch").notNull(),
    url: text("url").notNull(),
    /** The minisign signature of the artefact (the content of Tauri's .sig file). */
    signature: text("signature").notNull(),
    notes: text("notes").notNull().default(""),
    pubDate: utcTimestamp("pub_date").notNull().defaultNow(),
    channel: text("channel").notNull().default("stable"),
    /** Percentage of the channel's installations offered the release (100: all). */
    rollout: integer("rollout").notNull().default(100),
    withdrawnAt: utcTimestamp("withdrawn_at"),
    /** Withdrawn with rollback: installations on this version are offered the previous good release. */
    rollback: boolean("rollback").notNull().default(false),
    createdAt: createdAt(),
    /** Bumped by every change, so a change made against an older revision is refused (two operators at once). */
    revision: integer("revision").notNull().default(1),
    updatedAt: utcTimestamp("updated_at").notNull().defaultNow(),
    /** The operator who made the last change; null for the operator CLI (which has no account). */
    updatedBy: uuid("updated_by").references(() => accounts.id, { onDelete: "set null" }),
    withdrawnBy: uuid("withdrawn_by").references(() => accounts.id, { onDelete: "set null" }),
  },
  (t) => [
    // Also the index of the updater's lookup by platform (its first two columns).
    uniqueIndex("app_releases_platform_version_key").on(t.target, t.arch, t.versionKey),
    check("app_releases_rollout_check", sql`${t.rollout} between 0 and 100`),
  ],
);
export type AppRelease = typeof appReleases.$inferSelect;

/**
 * The lowest version installations of a platform on a channel may run
 * (docs/desktop.md#required-updates): below it, the update is required and
 * bypasses staged rollouts. One row per platform and channel.
 */
export const appReleaseMinimums = pgTable(
  "app_release_minimums",
  {
    target: text("target").notNull(),
    arch: text("arch").notNull(),
    channel: text("channel").notNull(),
    version: text("version").notNull(),
    updatedAt: utcTimestamp("updated_at").notNull().defaultNow(),
    updatedBy: uuid("updated_by").references(() => accounts.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.target, t.arch, t.channel] })],
);
export type AppReleaseMinimum = typeof appReleaseMinimums.$inferSelect;
