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

/**
 * Runs a transaction that puts a blob and a row naming it, once more if the same bytes' blob was being removed with
 * the last row naming them while this one put them (the foreign key refuses the row): the second run finds it gone
 * and stores it anew. The asset library's and the plugins' pictures share the blobs (migrations 0015 and plugin_media's).
 */
export async function retryOnBlobRace<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (isForeignKeyViolation(error)) return attempt();
    throw error;
  }
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === "23503") return true;
  }
  return false;
}
