import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { createdAt, primaryId, utcTimestamp } from "./columns";
import { blobs } from "./sounds";

/**
 * An account's asset library (docs/overlays.md#pictures-and-the-asset-library): uploads that
 * picture layers draw, and sounds that alerts play (docs/overlays.md#uploaded-alert-sounds). The bytes are a blob (content-addressed, served at
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
    /** image/png, image/jpeg, image/webp or image/gif (a picture); audio/mpeg, audio/ogg, audio/wav or audio/flac (a sound). */
    contentType: text("content_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    /** A picture's; null for a sound. */
    width: integer("width"),
    height: integer("height"),
    /** More than one frame (an animated GIF or WebP). */
    animated: boolean("animated").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: utcTimestamp("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("assets_account_created_idx").on(t.accountId, t.createdAt, t.id),
    index("assets_blob_key_idx").on(t.blobKey),
    check("assets_size_check", sql`${t.size} > 0`),
    // A picture has its dimensions, a sound none.
    check(
      "assets_dimensions_check",
      sql`(${t.contentType} like 'image/%' and ${t.width} > 0 and ${t.height} > 0) or (${t.contentType} like 'audio/%' and ${t.width} is null and ${t.height} is null)`,
    ),
  ],
);
