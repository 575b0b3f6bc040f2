/**
 * Exchange rates: GET /api/v1/fx/latest and /api/v1/fx/convert on the
 * production build (FX_REFRESH=off, one stored day inserted before it starts)
 * versus a bare node:http server answering the very same JSON bodies,
 * precomputed — the ceiling of this machine for "write a cached answer".
 *
 * Our side does everything a real request does: the REST wrapper, input and
 * output validation, and the per-address limit (one upsert in PostgreSQL per
 * request). So that the limit of 120 a minute per address does not turn the
 * run into 429s, the server trusts loopback as a proxy and every request
 * carries one of 20,000 X-Forwarded-For addresses in turn; the ceiling gets
 * the same headers. Any non-2xx answer is reported in the table.
 *
 * Run by bench/run.ts; `node --import tsx bench/suites/fx.ts --ceiling` is the
 * ceiling process (BODIES = a JSON file of path → { body, etag }, PORT).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { fxDays, migrateDatabase, openDatabase } from "@streamkit/db";
import { BUILTIN_USD_RATES } from "@streamkit/fx";
import { load } from "../lib/load";
import { startApp, startProcess, stopProcess, waitForOk } from "../lib/processes";
import { type Comparison, printComparisons, writeResults } from "../lib/report";

const ADDRESSES = 20_000;
const CONNECTIONS = 16;
const ENDPOINTS = [
  ["GET /api/v1/fx/latest", "/api/v1/fx/latest"],
  ["GET /api/v1/fx/convert", "/api/v1/fx/convert?from=USD&to=INR&amount=1234.5"],
] as const;

type Bodies = Record<string, { body: string; etag: string; cacheControl: string }>;

export async function fxSuite(ctx: { repoRoot: string; databaseUrl: string; seconds: number }) {
  const ours = "http://127.0.0.1:3210";
  const ceiling = "http://127.0.0.1:3211";
  const date = new Date().toISOString().slice(0, 10);
  await storeDay(ctx.databaseUrl, date);

  const app = startApp(ctx, 3210, { DEMO_DATA: "off", TRUSTED_PROXIES: "loopback" });
  let bare: ReturnType<typeof startProcess> | undefined;
  try {
    await waitForOk(`${ours}/api/v1/fx/latest`);
    // The ceiling answers exactly what we answer.
    const bodies: Bodies = {};
    for (const [, path] of ENDPOINTS) {
      const response = await fetch(`${ours}${path}`, { headers: { "x-forwarded-for": "192.0.2.1" } });
      const body = await response.text();
      const parsed = JSON.parse(body) as { date: string; stale: boolean };
      if (parsed.date !== date || parsed.stale) throw new Error(`${path} is not serving the stored day: ${body.slice(0, 200)}`);
      bodies[new URL(path, ours).pathname] = { body, etag: response.headers.get("etag")!, cacheControl: response.headers.get("cache-control")! };
    }
    const bodiesFile = join(tmpdir(), `streamkit-fx-bench-${process.pid}.json`);
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    bare = startProcess("node", ["--import", "tsx", "bench/suites/fx.ts", "--ceiling"], {
      cwd: ctx.repoRoot,
      env: { BODIES: bodiesFile, PORT: "3211" },
      name: "ceiling",
    });
    await waitForOk(`${ceiling}/api/v1/fx/latest`);

    const rows: Comparison[] = [];
    for (const [name, path] of ENDPOINTS) {
      const oursResult = await load(`${ours}${path}`, { seconds: ctx.seconds, connections: CONNECTIONS, addresses: ADDRESSES });
      const ceilingResult = await load(`${ceiling}${path}`, { seconds: ctx.seconds, connections: CONNECTIONS, addresses: ADDRESSES });
      rows.push({ name, ours: oursResult, ceiling: ceilingResult });
    }
    printComparisons(`Exchange rates (${CONNECTIONS} connections, ${ADDRESSES} client addresses in turn)`, rows);
    const file = writeResults(ctx.repoRoot, "fx", {
      throughput: rows,
      setup: { connections: CONNECTIONS, seconds: ctx.seconds, addresses: ADDRESSES, storedDay: date, currencies: Object.keys(BUILTIN_USD_RATES).length },
    });
    console.log(`\nwritten to ${file}`);
  } finally {
    stopProcess(app);
    stopProcess(bare);
  }
}

/** One blended day, as a refresh would store it, before the server starts (it loads the day at start). */
async function storeDay(databaseUrl: string, date: string) {
  const handle = await openDatabase({ url: databaseUrl, maxConnections: 1 });
  try {
    await migrateDatabase(handle);
    const rates = { ...BUILTIN_USD_RATES };
    await handle.db.insert(fxDays).values({
      date,
      rates,
      contributors: Object.fromEntries(Object.keys(rates).map((code) => [code, ["ecb", "exchangerate-api"]])),
      sources: ["ecb", "exchangerate-api"],
      fetchedAt: new Date(),
    });
  } finally {
    await handle.close();
  }
}

function serveCeiling() {
  const bodies = JSON.parse(readFileSync(process.env.BODIES!, "utf8")) as Bodies;
  createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    const answer = bodies[path];
    if (!answer) return void res.writeHead(404).end();
    res
      .writeHead(200, {
        "content-type": "application/json; charset=utf-8",
        etag: answer.etag,
        "cache-control": answer.cacheControl,
        "access-control-allow-origin": "*",
      })
      .end(answer.body);
  }).listen(Number(process.env.PORT ?? 3211), "127.0.0.1", () => console.error(`fx ceiling listening on ${process.env.PORT}`));
}

if (process.argv.includes("--ceiling") && import.meta.url === pathToFileURL(process.argv[1]!).href) serveCeiling();
