/**
 * The ceiling for the live suite: a bare node:http server holding event
 * streams as ours does — `retry: 3000`, the frame (the same bytes our feed
 * answered, precomputed, skipped when Last-Event-ID names it), a heartbeat
 * timer per stream — and relaying a PostgreSQL NOTIFY on `bench_live`
 * (payload: a stream key) to the streams of that key as a new frame. No token,
 * no state read, no drawing. On SIGTERM it ends every stream and exits.
 */
import { readFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import postgres from "postgres";

const port = Number(process.env.PORT);
const frame = readFileSync(process.env.BENCH_FRAME_FILE!, "utf8");
const sql = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
const streams = new Map<string, Set<ServerResponse>>();
/** Each key's rev, as each overlay has its own: 1 until a notice. */
const revs = new Map<string, number>();

const server = createServer((req, res) => {
  const key = /^\/events\/([^/?]+)$/.exec(req.url ?? "")?.[1];
  if (req.url === "/ready") {
    res.writeHead(200).end();
    return;
  }
  if (!key) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store" });
  res.write("retry: 3000\n\n");
  const rev = revs.get(key) ?? 1;
  if (req.headers["last-event-id"] !== String(rev)) res.write(`id: ${rev}\ndata: ${frame}\n\n`);
  const heartbeat = setInterval(() => res.write(": heartbeat\n\n"), 25_000);
  heartbeat.unref();
  const set = streams.get(key) ?? new Set();
  streams.set(key, set);
  set.add(res);
  res.on("close", () => {
    clearInterval(heartbeat);
    set.delete(res);
  });
});
server.keepAliveTimeout = 5000;

await sql.listen("bench_live", (key) => {
  const rev = (revs.get(key) ?? 1) + 1;
  revs.set(key, rev);
  for (const res of streams.get(key) ?? []) res.write(`id: ${rev}\ndata: ${frame}\n\n`);
});
server.listen(port, "127.0.0.1");

process.on("SIGTERM", () => {
  for (const set of streams.values()) for (const res of set) res.end();
  server.close();
  void sql.end({ timeout: 1 }).finally(() => process.exit(0));
});
