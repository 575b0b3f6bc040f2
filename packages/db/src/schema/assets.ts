import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { createdAt, primaryId, utcTimestamp } from "./columns";
import { blobs } from "./sounds";

/**
 * An account's picture library (docs/overlays.md#pictures-and-the-asset-library): uploads that
 * picture layers draw. The bytes are a blob (content-addressed, served at
 * /api/assets/<blob_key>.<ext>); a row is the account's name for them. The
 * type, size and dimensions were read from the bytes, never from the upload's
 * name or declared type.
 */
export const assets = pgTable(
  "assets",
  {
    id: primaryId(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    blobKey: text("blob_key")
      .notNull()
      .references(() => blobs.key),
    /** image/png, image/jpeg, image/webp or image/gif. */
    contentType: text("content_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** More than one frame (an animated GIF or WebP). */
    animated: boolean("animated").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: utcTimestamp("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("assets_account_created_idx").on(t.accountId, t.createdAt, t.id),
    index("assets_blob_key_idx").on(t.blobKey),
    check("assets_size_check", sql`${t.size} > 0`),
    check("assets_dimensions_check", sql`${t.width} > 0 and ${t.height} > 0`),
  ],
);
