/**
 * The blob store the service uses. The database backend today; an
 * S3-compatible backend would be chosen here (docs/market-and-sounds.md#sounds), and nothing
 * else would change: services and routes see only the BlobStore interface.
 */
import type { Queryable } from "@streamkit/db";
import type { BlobStore } from "./blob-store";
import { createDatabaseBlobStore } from "./database-blob-store";

export type { BlobInfo, BlobStore, ByteRange } from "./blob-store";

/** The blob store on this database (or inside this transaction, so a blob and the row that names it commit together). */
export function blobStore(db: Queryable): BlobStore {
  return createDatabaseBlobStore(db);
}
