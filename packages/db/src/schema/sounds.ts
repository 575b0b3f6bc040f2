import { sql } from "drizzle-orm";
import { bigint, check, customType, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, primaryId } from "./columns";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/**
 * The blob store's database backend (docs/market-and-sounds.md#sounds): content-addressed by
 * the SHA-256 of the bytes, kept in fixed-size chunks so a range is read
 * chunk by chunk and never whole. An object store can take over behind the
 * same interface (packages/api/src/blobs).
 */
export const blobs = pgTable(
  "blobs",
  {
    /** Hex SHA-256 of the bytes. */
    key: text("key").primaryKey(),
    size: bigint("size", { mode: "number" }).notNull(),
    contentType: text("content_type").notNull(),
    chunkSize: integer("chunk_size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("blobs_size_check", sql`${t.size} >= 0`), check("blobs_chunk_size_check", sql`${t.chunkSize} > 0`)],
);

export const blobChunks = pgTable(
  "blob_chunks",
  {
    blobKey: text("blob_key")
      .notNull()
      .references(() => blobs.key, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.blobKey, t.seq] })],
);

/**
 * The sound catalogue (docs/api.md#operations, docs/api.md#authentication-and-scopes): alert sounds, stingers and
 * ambiences a streamer plays from the desktop app. The audio is a blob.
 */
export const sounds = pgTable(
  "sounds",
  {
    id: primaryId(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    category: text("category").notNull(),
    description: text("description").notNull().default(""),
    durationMs: integer("duration_ms").notNull(),
    /** The audio's media type, e.g. audio/wav. */
    format: text("format").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    blobKey: text("blob_key")
      .notNull()
      .references(() => blobs.key),
    /** SPDX identifier or licence name, and who to credit. */
    licence: text("licence").notNull(),
    attribution: text("attribution").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("sounds_slug_key").on(t.slug),
    index("sounds_category_name_idx").on(t.category, t.name, t.id),
    index("sounds_name_idx").on(t.name, t.id),
    check("sounds_duration_check", sql`${t.durationMs} > 0`),
  ],
);

export type Blob = typeof blobs.$inferSelect;
export type Sound = typeof sounds.$inferSelect;
