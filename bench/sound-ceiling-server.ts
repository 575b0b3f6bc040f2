/**
 * The sounds suite's ceiling: a bare node:http server streaming one file's
 * bytes from disk — the whole, or one `bytes=a-b` range — with the same
 * headers as the service's audio route, and nothing else (no credentials, no
 * database, no counting).
 */
import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";

const file = process.env.BENCH_AUDIO_FILE!;
const size = statSync(file).size;
const base = { "content-type": "audio/wav", "accept-ranges": "bytes", "cache-control": "private, max-age=31536000, immutable", etag: '"bench"' };

createServer((request, response) => {
  const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? "");
  if (range) {
    const start = Number(range[1]);
    const end = Math.min(Number(range[2]), size - 1);
    response.writeHead(206, { ...base, "content-range": `bytes ${start}-${end}/${size}`, "content-length": end - start + 1 });
    createReadStream(file, { start, end }).pipe(response);
    return;
  }
  response.writeHead(200, { ...base, "content-length": size });
  createReadStream(file).pipe(response);
}).listen(Number(process.env.PORT ?? 3205), "127.0.0.1");
