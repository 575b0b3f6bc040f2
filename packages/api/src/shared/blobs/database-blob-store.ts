/**
 * The blob store's database backend: a `blobs` row per content and its bytes
 * in `blob_chunks`, fixed-size pieces numbered from 0. A read fetches only
 * the chunks its range touches, a few per query, as the stream is consumed,
 * so a request never holds more than one batch of chunks in memory.
 */
import { Readable } from "node:stream";
import { blobChunks, blobs, type Queryable } from "@streamkit/db";
import { and, asc, between, eq } from "drizzle-orm";
import { type BlobInfo, type BlobStore, type ByteRange, blobKeyOf } from "./blob-store";

export const databaseBlobLimits = {
  /** Bytes per chunk: large enough that a sound is a handful of rows, small enough that a short range reads little. */
  chunkBytes: 64 * 1024,
  /** Chunks fetched per query while a read streams (256 KiB). */
  chunksPerQuery: 4,
} as const;

export function createDatabaseBlobStore(db: Queryable, limits: { chunkBytes: number; chunksPerQuery: number } = databaseBlobLimits): BlobStore {
  return {
    async put(bytes, contentType) {
      const key = blobKeyOf(bytes);
      const info: BlobInfo = { key, size: bytes.byteLength, contentType };
      // One transaction: a blob row is never visible without all its chunks. The same bytes put twice keep the first row.
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(blobs)
          .values({ key, size: bytes.byteLength, contentType, chunkSize: limits.chunkBytes })
          .onConflictDoNothing()
          .returning({ key: blobs.key });
        if (inserted.length === 0) return;
        const rows = [];
        for (let seq = 0, offset = 0; offset < bytes.byteLength; seq++, offset += limits.chunkBytes) {
          rows.push({ blobKey: key, seq, bytes: Buffer.from(bytes.subarray(offset, offset + limits.chunkBytes)) });
        }
        // A few chunks per statement keeps each statement's parameters small.
        for (let index = 0; index < rows.length; index += 8) await tx.insert(blobChunks).values(rows.slice(index, index + 8));
      });
      return info;
    },

    async stat(key) {
      const [row] = await db.select({ key: blobs.key, size: blobs.size, contentType: blobs.contentType }).from(blobs).where(eq(blobs.key, key));
      return row ?? null;
    },

    read(key, range) {
      return Readable.from(readChunks(db, key, range, limits.chunksPerQuery), { objectMode: false });
    },

    async remove(key) {
      await db.delete(blobs).where(eq(blobs.key, key));
    },
  };
}

/** The range's bytes, chunk batch by chunk batch; nothing is queried until the stream is read. */
async function* readChunks(db: Queryable, key: string, range: ByteRange | undefined, perQuery: number): AsyncGenerator<Buffer> {
  const [blob] = await db.select({ size: blobs.size, chunkSize: blobs.chunkSize }).from(blobs).where(eq(blobs.key, key));
  if (!blob) throw new Error(`blob ${key} is not stored`);
  const start = range?.start ?? 0;
  const end = range?.end ?? blob.size - 1;
  if (blob.size === 0 || end < start) return;
  if (start < 0 || end >= blob.size) throw new Error(`range ${start}-${end} lies outside blob ${key} of ${blob.size} bytes`);
  const first = Math.floor(start / blob.chunkSize);
  const last = Math.floor(end / blob.chunkSize);
  for (let from = first; from <= last; from += perQuery) {
    const to = Math.min(last, from + perQuery - 1);
    const rows = await db
      .select({ seq: blobChunks.seq, bytes: blobChunks.bytes })
      .from(blobChunks)
      .where(and(eq(blobChunks.blobKey, key), between(blobChunks.seq, from, to)))
      .orderBy(asc(blobChunks.seq));
    if (rows.length !== to - from + 1) throw new Error(`blob ${key} is missing chunks ${from}-${to}`);
    for (const row of rows) {
      const chunkStart = row.seq * blob.chunkSize;
      const bytes = Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
      yield bytes.subarray(Math.max(0, start - chunkStart), Math.min(bytes.byteLength, end - chunkStart + 1));
    }
  }
}
