/**
 * The ceiling for the market benchmark (and anonymous browsing's in the
 * plugins suite, and the pages suite's): a bare node:http server answering GET
 * requests under BENCH_PATH (default /api/v1/market) with the very bytes our
 * server answered (written to BENCH_BODY_FILE by the suite), precomputed, as
 * BENCH_CONTENT_TYPE (default application/json). No framework, no database, no
 * validation, no limits: the fastest any server could answer the same page.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const port = Number(process.env.PORT ?? 3207);
const body = readFileSync(process.env.BENCH_BODY_FILE!);
const prefix = process.env.BENCH_PATH ?? "/api/v1/market";
const contentType = process.env.BENCH_CONTENT_TYPE ?? "application/json";

createServer((req, res) => {
  if (req.method === "GET" && req.url?.startsWith(prefix)) {
    res.writeHead(200, { "content-type": contentType, "content-length": body.byteLength });
    res.end(body);
  } else {
    res.writeHead(404).end();
  }
}).listen(port, "127.0.0.1");
