/**
 * The blob store's database backend: content-addressed puts (the same bytes
 * once), stat, and range reads across chunk boundaries that fetch only the
 * chunks they touch — checked byte for byte, with tiny chunks so every
 * boundary case is near.
 */
import { createHash } from "node:crypto";
import { blobChunks, type DatabaseHandle } from "@streamkit/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlobStore } from "../../../src/shared/blobs/index";
import { createDatabaseBlobStore } from "../../../src/shared/blobs/database-blob-store";
import { createTestDatabase } from "../../support/database";

let database: DatabaseHandle;
let store: BlobStore;
/** 100 bytes in chunks of 7: 15 chunks, the last of 2 bytes. */
const bytes = Uint8Array.from({ length: 100 }, (_, index) => (index * 37 + 11) % 256);
const key = createHash("sha256").update(bytes).digest("hex");

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
}

beforeAll(async () => {
  database = await createTestDatabase();
  store = createDatabaseBlobStore(database.db, { chunkBytes: 7, chunksPerQuery: 2 });
});
afterAll(() => database.close());

describe("the database blob store", () => {
  it("puts bytes under their SHA-256 once, however often they are put", async () => {
    expect(await store.put(bytes, "application/octet-stream")).toEqual({ key, size: 100, contentType: "application/octet-stream" });
    expect(await store.put(bytes, "application/octet-stream")).toEqual({ key, size: 100, contentType: "application/octet-stream" });
    const chunks = await database.db.select({ seq: blobChunks.seq }).from(blobChunks).where(eq(blobChunks.blobKey, key));
    expect(chunks.map((c) => c.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, index) => index));
    expect(await store.stat(key)).toEqual({ key, size: 100, contentType: "application/octet-stream" });
    expect(await store.stat("0".repeat(64))).toBeNull();
  });

  it("reads the whole blob", async () => {
    expect(Buffer.compare(await collect(store.read(key)), Buffer.from(bytes))).toBe(0);
  });

  it.each([
    [0, 0],
    [0, 6],
    [6, 7],
    [7, 13],
    [5, 30],
    [13, 14],
    [20, 99],
    [98, 99],
    [99, 99],
    [0, 99],
  ])("reads bytes %i-%i exactly", async (start, end) => {
    const read = await collect(store.read(key, { start, end }));
    expect([...read]).toEqual([...bytes.subarray(start, end + 1)]);
  });

  it("reads only the chunks a range touches", async () => {
    const other = Uint8Array.from({ length: 50 }, (_, index) => index);
    const { key: otherKey } = await store.put(other, "application/octet-stream");
    // Chunks 0 and 6 gone: a range within chunks 2–4 must not need them.
    await database.db.delete(blobChunks).where(and(eq(blobChunks.blobKey, otherKey), eq(blobChunks.seq, 0)));
    await database.db.delete(blobChunks).where(and(eq(blobChunks.blobKey, otherKey), eq(blobChunks.seq, 6)));
    expect([...(await collect(store.read(otherKey, { start: 15, end: 33 })))]).toEqual([...other.subarray(15, 34)]);
    await expect(collect(store.read(otherKey, { start: 0, end: 10 }))).rejects.toThrow(/missing or short chunks/);
  });

  it("refuses a chunk shorter than its place in the blob (damaged) instead of answering fewer bytes", async () => {
    const other = Uint8Array.from({ length: 40 }, (_, index) => 100 + index);
    const { key: otherKey } = await store.put(other, "application/octet-stream");
    await database.db
      .update(blobChunks)
      .set({ bytes: Buffer.from([1, 2]) })
      .where(and(eq(blobChunks.blobKey, otherKey), eq(blobChunks.seq, 3)));
    await expect(collect(store.read(otherKey, { start: 15, end: 25 }))).rejects.toThrow(/missing or short chunks/);
    await expect(collect(store.read(otherKey))).rejects.toThrow(/missing or short chunks/);
    expect([...(await collect(store.read(otherKey, { start: 0, end: 20 })))]).toEqual([...other.subarray(0, 21)]);
  });

  it("fails a read of an absent blob or outside the blob when the stream is read, not before", async () => {
    const absent = store.read("f".repeat(64));
    await expect(collect(absent)).rejects.toThrow(/not stored/);
    await expect(collect(store.read(key, { start: 90, end: 100 }))).rejects.toThrow(/outside/);
  });

  it("removes a blob and its chunks", async () => {
    const small = Uint8Array.from([1, 2, 3]);
    const { key: smallKey } = await store.put(small, "application/octet-stream");
    await store.remove(smallKey);
    expect(await store.stat(smallKey)).toBeNull();
    expect(await database.db.select().from(blobChunks).where(eq(blobChunks.blobKey, smallKey))).toEqual([]);
    await store.remove(smallKey);
  });
});
