/**
 * The blob store's database backend: a `blobs` row per content and its bytes
 * in `blob_chunks`, fixed-size pieces numbered from 0. A read fetches only
 * the chunks its range touches, a few per query, as the stream is consumed,
 * so a request never holds more than one batch of chunks in memory; the first
 * batch comes with the blob's row, so a short range is one statement.
 */
import { Readable } from "node:stream";
import { blobChunks, blobs, type Queryable } from "@streamkit/db";
import { and, asc, between, eq, type SQL, sql } from "drizzle-orm";
import { preparedPerDatabase } from "../prepared";
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

/**
 * A chunk's bytes within start..end only, sliced by PostgreSQL: a range sends no byte it does not answer
 * (bytea travels as hex text, twice its size, and is decoded in Node).
 */
function slicedBytes(start: SQL, end: SQL, chunkSize: SQL) {
  const offset = sql`greatest(${start} - ${blobChunks.seq} * ${chunkSize}, 0)::integer`;
  return sql<Buffer>`substring(${blobChunks.bytes} from ${offset} + 1 for (least(${end} - ${blobChunks.seq} * ${chunkSize} + 1, ${chunkSize}) - ${offset})::integer)`.mapWith(
    blobChunks.bytes,
  );
}

/**
 * The blob's size and chunk size with the first batch of the range's chunks, in one statement: the chunks'
 * numbers follow from the blob's chunk size, so PostgreSQL computes them. A blob of size 0 has no chunk (one row, nulls).
 */
const firstBatchStatement = preparedPerDatabase((db: Queryable) => {
  const start = sql`${sql.placeholder("start")}::integer`;
  const end = sql`coalesce(${sql.placeholder("end")}::integer, ${blobs.size} - 1)`;
  const chunkSize = sql`${blobs.chunkSize}`;
  return db
    .select({ size: blobs.size, chunkSize: blobs.chunkSize, seq: blobChunks.seq, bytes: slicedBytes(start, end, chunkSize) })
    .from(blobs)
    .leftJoin(
      blobChunks,
      and(
        eq(blobChunks.blobKey, blobs.key),
        sql`${blobChunks.seq} between ${start} / ${chunkSize} and least(${end} / ${chunkSize}, ${start} / ${chunkSize} + ${sql.placeholder("perQuery")}::integer - 1)`,
      ),
    )
    .where(eq(blobs.key, sql.placeholder("key")))
    .orderBy(asc(blobChunks.seq))
    .prepare("blob_first_chunks");
});

/** The chunks numbered from..to of a blob, for the batches after the first. */
const batchStatement = preparedPerDatabase((db: Queryable) => {
  const [start, end, chunkSize] = ["start", "end", "chunkSize"].map((name) => sql`${sql.placeholder(name)}::integer`) as [SQL, SQL, SQL];
  return db
    .select({ seq: blobChunks.seq, bytes: slicedBytes(start, end, chunkSize) })
    .from(blobChunks)
    .where(and(eq(blobChunks.blobKey, sql.placeholder("key")), between(blobChunks.seq, sql.placeholder("from"), sql.placeholder("to"))))
    .orderBy(asc(blobChunks.seq))
    .prepare("blob_chunks_batch");
});

/** The range's bytes, chunk batch by chunk batch; nothing is queried until the stream is read. */
async function* readChunks(db: Queryable, key: string, range: ByteRange | undefined, perQuery: number): AsyncGenerator<Buffer> {
  const firstRows = await firstBatchStatement(db).execute({ key, start: range?.start ?? 0, end: range?.end ?? null, perQuery });
  const blob = firstRows[0];
  if (!blob) throw new Error(`blob ${key} is not stored`);
  const { chunkSize } = blob;
  const start = range?.start ?? 0;
  const end = range?.end ?? blob.size - 1;
  if (blob.size === 0 || end < start) return;
  if (start < 0 || end >= blob.size) throw new Error(`range ${start}-${end} lies outside blob ${key} of ${blob.size} bytes`);
  const first = Math.floor(start / chunkSize);
  const last = Math.floor(end / chunkSize);
  for (let from = first; from <= last; from += perQuery) {
    const to = Math.min(last, from + perQuery - 1);
    const rows = from === first ? firstRows : await batchStatement(db).execute({ key, from, to, start, end, chunkSize });
    for (const [index, row] of rows.entries()) {
      const seq = from + index;
      // Each chunk's slice is exactly the part of start..end it holds: a missing or short chunk is a damaged blob.
      const expected = Math.min(end, seq * chunkSize + chunkSize - 1) - Math.max(start, seq * chunkSize) + 1;
      if (rows.length !== to - from + 1 || row.seq !== seq || row.bytes?.byteLength !== expected)
        throw new Error(`blob ${key} has missing or short chunks among ${from}-${to}`);
      yield Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
    }
  }
}
