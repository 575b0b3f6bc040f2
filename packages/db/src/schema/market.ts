import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { createdAt, primaryId } from "./columns";
import { catalogItems } from "./overlays";

/**
 * What a theme bundles (docs/api.md#operations, docs/api.md#limits): other catalogue items, in order. A
 * theme's plan is never stored: it is the most demanding of its members'.
 */
export const themeMembers = pgTable(
  "theme_members",
  {
    themeId: uuid("theme_id")
      .notNull()
      .references(() => catalogItems.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => catalogItems.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.themeId, t.memberId] }),
    index("theme_members_member_idx").on(t.memberId),
    check("theme_members_not_itself", sql`${t.themeId} <> ${t.memberId}`),
  ],
);

/**
 * A streamer's inventory (docs/api.md#operations, docs/api.md#limits): the market items and predefined
 * overlays an account holds, one row per item (a theme is one row; its
 * members come with it). Whether an item is locked is derived from the
 * account's plan on every request, never stored.
 */
export const inventoryItems = pgTable(
  "inventory_items",
  {
    id: primaryId(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    catalogItemId: uuid("catalog_item_id")
      .notNull()
      .references(() => catalogItems.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("inventory_items_account_item_key").on(t.accountId, t.catalogItemId),
    index("inventory_items_account_created_idx").on(t.accountId, t.createdAt, t.id),
  ],
);

export type ThemeMember = typeof themeMembers.$inferSelect;
export type InventoryItem = typeof inventoryItems.$inferSelect;
