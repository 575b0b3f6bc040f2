/**
 * The streamer's market: GET /api/v1/market (the first page, 50 items: one
 * SQL statement with the themes' computed plans, then their members) on the
 * production build, beside a bare node:http server answering the same bytes.
 * Keyless, from many addresses behind a trusted proxy, as visitors come.
 */
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { load } from "../lib/load";
import { startApp, startProcess, stopProcess, waitForOk } from "../lib/processes";
import { type Comparison, printComparisons, ratio, writeResults } from "../lib/report";

const ADDRESSES = 20_000;

export async function marketSuite(ctx: { repoRoot: string; databaseUrl: string; seconds: number }) {
  const ours = "http://127.0.0.1:3206";
  const ceiling = "http://127.0.0.1:3207";
  const app = startApp(ctx, 3206, { TRUSTED_PROXIES: "loopback" });
  let bare: ReturnType<typeof startProcess> | undefined;
  try {
    await waitForOk(`${ours}/api/v1/market?limit=1`);
    const path = "/api/v1/market";
    const bodyFile = join(tmpdir(), `market-body-${Date.now()}.json`);
    writeFileSync(bodyFile, Buffer.from(await (await fetch(`${ours}${path}`)).arrayBuffer()));
    bare = startProcess("node", ["--import", "tsx", "bench/market-ceiling-server.ts"], {
      cwd: ctx.repoRoot,
      env: { PORT: "3207", BENCH_BODY_FILE: bodyFile },
      name: "ceiling",
    });
    await waitForOk(`${ceiling}${path}`);
    const rows: Comparison[] = [
      {
        name: "GET /api/v1/market",
        ours: await load(`${ours}${path}`, { seconds: ctx.seconds, addresses: ADDRESSES }),
        ceiling: await load(`${ceiling}${path}`, { seconds: ctx.seconds, addresses: ADDRESSES }),
      },
    ];
    printComparisons("The market (16 connections)", rows);
    const row = rows[0]!;
    console.log(`ours / ceiling: ${ratio(row.ours.requestsPerSecond, row.ceiling.requestsPerSecond)} of the requests per second`);
    const file = writeResults(ctx.repoRoot, "market", { throughput: rows });
    console.log(`\nwritten to ${file}`);
  } finally {
    stopProcess(app);
    stopProcess(bare);
  }
}
