import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import type { LoadResult } from "./load";

export interface Comparison {
  name: string;
  ours: LoadResult;
  ceiling: LoadResult;
}

export function printComparisons(title: string, rows: Comparison[]): void {
  console.log(`\n${title}`);
  console.table(
    rows.map((row) => ({
      endpoint: row.name,
      "ours req/s": row.ours.requestsPerSecond,
      "ours p50 ms": row.ours.p50,
      "ours p99 ms": row.ours.p99,
      "ceiling req/s": row.ceiling.requestsPerSecond,
      "ceiling p50 ms": row.ceiling.p50,
      "ceiling p99 ms": row.ceiling.p99,
      "ours/ceiling": ratio(row.ours.requestsPerSecond, row.ceiling.requestsPerSecond),
      errors: row.ours.errors + row.ours.non2xx,
    })),
  );
}

/** p50, p99 and max of timings in ms, to a tenth. */
export function quantiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN) * 10) / 10;
  return { p50: at(0.5), p99: at(0.99), max: at(1) };
}

export const ratio = (a: number, b: number) => (b === 0 ? "n/a" : `${Math.round((a / b) * 100)}%`);

export function writeResults(repoRoot: string, suite: string, data: unknown): string {
  const dir = join(repoRoot, "bench", "results");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${suite}.json`);
  writeFileSync(file, `${JSON.stringify({ suite, at: new Date().toISOString(), machine: machine(), ...(data as object) }, null, 2)}\n`);
  return file;
}

function machine() {
  return { cpus: cpus().length, model: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version };
}
