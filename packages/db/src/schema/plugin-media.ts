import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { createdAt, primaryId, utcTimestamp } from "./columns";
import { plugins } from "./plugins";
import { blobs } from "./sounds";

export const pluginMediaRoles = ["icon", "screenshot"] as const;
export type PluginMediaRole = (typeof pluginMediaRoles)[number];

/**
 * A plugin's icon and screenshots (docs/plugins.md#icons-and-screenshots): pictures its author uploaded, re-encoded,
 * their bytes a blob (content-addressed, served at /api/plugin-media/<blob_key>.<ext>). `account_id` is the account
 * whose storage they count against. A trigger of the migration deletes a blob with the last row naming it.
 * The icon is copied onto the plugin's row (plugins.icon) in the same transaction, so browsing reads one row per plugin.
 */
export const pluginMedia = pgTable(
  "plugin_media",
  {
    id: primaryId(),
    pluginId: uuid("plugin_id")
      .notNull()
      .references(() => plugins.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    role: text("role", { enum: pluginMediaRoles }).notNull(),
    /** A screenshot's place in the plugin's order (0 first); 0 for the icon. */
    position: integer("position").notNull().default(0),
    alt: text("alt").notNull().default(""),
    blobKey: text("blob_key")
      .notNull()
      .references(() => blobs.key),
    /** image/png, image/jpeg, image/webp or image/gif, decided from the bytes. */
    contentType: text("content_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: createdAt(),
    updatedAt: utcTimestamp("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // One icon per plugin: a second concurrent upload replaces, never adds.
    uniqueIndex("plugin_media_one_icon_key").on(t.pluginId).where(sql`${t.role} = 'icon'`),
    index("plugin_media_plugin_idx").on(t.pluginId, t.role, t.position),
    index("plugin_media_account_idx").on(t.accountId),
    index("plugin_media_blob_key_idx").on(t.blobKey),
    check("plugin_media_role_check", sql`${t.role} in ('icon', 'screenshot')`),
    check("plugin_media_size_check", sql`${t.size} > 0 and ${t.width} > 0 and ${t.height} > 0`),
  ],
);
