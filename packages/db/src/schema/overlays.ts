import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { createdAt, primaryId, utcTimestamp } from "./columns";

/**
 * The streamer's catalogue (docs/api.md#operations): items made by the Streamkit team.
 * Overlays and widgets carry a document; a theme bundles other items (market
 * issue) and has no document and no stored plan: its plan is computed from
 * its members. Seeded from packages/overlay's data on first start.
 */
export const catalogItems = pgTable(
  "catalog_items",
  {
    id: primaryId(),
    slug: text("slug").notNull(),
    itemKind: text("item_kind").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    /** free | pro | ultimate; null for a theme (computed from its members, never stored). */
    plan: text("plan"),
    /** The overlay document (schema 1); null for a theme. */
    document: jsonb("document"),
    /** Catalogue order. */
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("catalog_items_slug_key").on(t.slug),
    index("catalog_items_kind_position_idx").on(t.itemKind, t.position, t.slug),
    check("catalog_items_kind_check", sql`${t.itemKind} in ('overlay', 'widget', 'theme')`),
    check("catalog_items_plan_check", sql`(${t.itemKind} = 'theme' and ${t.plan} is null) or ${t.plan} in ('free', 'pro', 'ultimate')`),
  ],
);

/**
 * A streamer's own overlays (docs/overlays.md#the-document-schema-1, docs/api.md#overlays). `rev` goes up by one on each
 * save, decided by `UPDATE … WHERE rev = baseRev`. `plan` is the plan the
 * overlay needs (Pro, or a fork's higher plan); whether it is locked is
 * derived from the account's plan on every request, never stored.
 */
export const overlays = pgTable(
  "overlays",
  {
    id: primaryId(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    document: jsonb("document").notNull(),
    rev: integer("rev").notNull().default(1),
    /** The rev the OBS browser source shows (docs/overlays.md#drafts-and-live): the current rev, or one kept in the history. A draft save leaves it; a publish moves it. */
    liveRev: integer("live_rev").notNull().default(1),
    plan: text("plan").notNull(),
    /** The predefined overlay this one was forked from. */
    forkedFrom: text("forked_from"),
    /** The OBS browser source's address version: null when revoked; a new address is version + 1 (so old ones never return). */
    sourceVersion: integer("source_version").default(1),
    /** The last version ever issued, so a re-created address never repeats one. */
    sourceIssued: integer("source_issued").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: utcTimestamp("updated_at").notNull().defaultNow(),
    /** Who saved the current rev and from where (`rest` or `web`): copied into its revision when a save replaces it. Null on rows saved before history was kept. */
    savedBy: uuid("saved_by").references(() => accounts.id, { onDelete: "set null" }),
    savedSurface: text("saved_surface"),
    /** The current document's size as JSON.stringify writes it (copied into its revision when a save replaces it); null on rows saved before migration 0031. */
    documentBytes: integer("document_bytes"),
  },
  (t) => [
    index("overlays_account_created_idx").on(t.accountId, t.createdAt, t.id),
    check("overlays_plan_check", sql`${t.plan} in ('pro', 'ultimate')`),
    check("overlays_saved_surface_check", sql`${t.savedSurface} in ('rest', 'web')`),
    check("overlays_live_rev_check", sql`${t.liveRev} between 1 and ${t.rev}`),
  ],
);

/**
 * An overlay's history (docs/overlays.md#revision-history): the revision each
 * successful save replaced, written in the save's own transaction and pruned
 * there to the plan's retention. The current rev lives in `overlays`.
 */
export const overlayRevisions = pgTable(
  "overlay_revisions",
  {
    overlayId: uuid("overlay_id")
      .notNull()
      .references(() => overlays.id, { onDelete: "cascade" }),
    rev: integer("rev").notNull(),
    document: jsonb("document").notNull(),
    /** The account that saved this rev (the overlay's owner when it was saved before history was kept). */
    savedBy: uuid("saved_by")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    savedAt: utcTimestamp("saved_at").notNull(),
    /** `rest` (an API key or the desktop app) or `web` (the website's editor); null when saved before history was kept. */
    surface: text("surface"),
    /** The document's size as UTF-8 JSON. */
    bytes: integer("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.overlayId, t.rev] }), check("overlay_revisions_surface_check", sql`${t.surface} in ('rest', 'web')`)],
);

export type CatalogItem = typeof catalogItems.$inferSelect;
export type Overlay = typeof overlays.$inferSelect;
export type OverlayRevision = typeof overlayRevisions.$inferSelect;
