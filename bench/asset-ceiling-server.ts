/**
 * The assets suite's ceilings, one bare node:http server:
 * - POST /upload: the same work an upload must do and nothing else — the body
 *   read, the very same decode and re-encode (packages/api/src/shared/pictures.ts),
 *   its SHA-256, and the bytes and a row written with postgres.js in one
 *   transaction (the same bytes stored once, as the blob store does); no
 *   credentials, no quota, no limits, no envelope.
 * - GET /asset: the stored picture's bytes (BENCH_ASSET_FILE) from memory, with
 *   the service's serving headers: the fastest any server could answer it.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import postgres from "postgres";
import { processPicture } from "../packages/api/src/shared/pictures";

const sql = postgres(process.env.DATABASE_URL!, { max: 8, onnotice: () => {} });
await sql`create table if not exists bench_blobs (key text primary key, bytes bytea not null)`;
await sql`create table if not exists bench_assets (id bigserial primary key, key text not null references bench_blobs, size int not null, width int not null, height int not null)`;
const asset = readFileSync(process.env.BENCH_ASSET_FILE!);
const assetType = process.env.BENCH_ASSET_TYPE ?? "image/png";

createServer((request, response) => {
  if (request.method === "GET" && request.url === "/asset") {
    response.writeHead(200, {
      "content-type": assetType,
      "content-length": asset.byteLength,
      "cache-control": "public, max-age=31536000, immutable",
      etag: '"bench"',
      "content-security-policy": "default-src 'none'; sandbox",
      "x-content-type-options": "nosniff",
    });
    response.end(asset);
    return;
  }
  if (request.method === "POST" && request.url?.startsWith("/upload")) {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      try {
        const picture = await processPicture(Buffer.concat(chunks));
        const key = createHash("sha256").update(picture.bytes).digest("hex");
        const [row] = await sql.begin(async (tx) => {
          await tx`insert into bench_blobs (key, bytes) values (${key}, ${Buffer.from(picture.bytes)}) on conflict do nothing`;
          return tx`insert into bench_assets (key, size, width, height) values (${key}, ${picture.bytes.byteLength}, ${picture.width}, ${picture.height}) returning id`;
        });
        const body = JSON.stringify({ id: String(row!.id), key, size: picture.bytes.byteLength });
        response.writeHead(201, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body);
      } catch (error) {
        response.writeHead(500).end(String(error));
      }
    });
    return;
  }
  response.writeHead(404).end();
}).listen(Number(process.env.PORT ?? 3213), "127.0.0.1");
