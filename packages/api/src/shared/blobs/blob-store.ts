/**
 * The blob store: where large immutable bytes (the sound catalogue's audio)
 * live, behind one small interface so the backend can change without the
 * routes noticing. Blobs are content-addressed: the key is the hex SHA-256 of
 * the bytes, so putting the same bytes twice stores them once, and a key's
 * bytes never change (the audio's ETag and its year of caching rely on it).
 *
 * Today's backend keeps the bytes in the database in fixed-size chunks
 * (database-blob-store.ts). An S3-compatible object store takes over by
 * implementing the same four functions (docs/market-and-sounds.md#sounds): `put` uploads to
 * `<bucket>/<key>`, `stat` is a HEAD of the object, `read` a GET with
 * `Range: bytes=start-end` whose body is already a stream, `remove` a DELETE.
 */
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";

export interface BlobInfo {
  /** Hex SHA-256 of the bytes. */
  key: string;
  size: number;
  contentType: string;
}

/** Inclusive byte positions, as HTTP's Range spells them. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface BlobStore {
  /** Stores the bytes (once per content) and answers their key and size. */
  put(bytes: Uint8Array, contentType: string): Promise<BlobInfo>;
  /** What is known of a key without reading its bytes; null when absent. */
  stat(key: string): Promise<BlobInfo | null>;
  /**
   * The bytes of a stored blob, or of one range of it, as a stream that reads
   * only what it needs, a little at a time, as it is consumed. The range must
   * lie within the blob (check with stat first).
   */
  read(key: string, range?: ByteRange): Readable;
  /** Deletes a blob; nothing happens when it is absent. */
  remove(key: string): Promise<void>;
}

/** The hex SHA-256 that names bytes in the store. */
export function blobKeyOf(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export const blobKeyPattern = /^[0-9a-f]{64}$/;
