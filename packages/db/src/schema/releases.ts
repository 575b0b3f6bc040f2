import { check, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, primaryId, utcTimestamp } from "./columns";

/**
 * Desktop app releases, one row per version and platform (target + arch), as
 * the operator publishes them (docs/desktop.md#the-app-updater). The updater answers
 * the highest version by SemVer precedence that is not withdrawn; `version_key`
 * is SemVer without build metadata, so 1.2.0 and 1.2.0+b2 are one version.
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
    /** Percentage of installations offered the release (100: all). */
    rollout: integer("rollout").notNull().default(100),
    withdrawnAt: utcTimestamp("withdrawn_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // Also the index of the updater's lookup by platform (its first two columns).
    uniqueIndex("app_releases_platform_version_key").on(t.target, t.arch, t.versionKey),
    check("app_releases_rollout_check", sql`${t.rollout} between 0 and 100`),
  ],
);
export type AppRelease = typeof appReleases.$inferSelect;
