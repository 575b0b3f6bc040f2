/**
 * What hostile traffic without a key costs the production build: its resident
 * memory (sampled every 50 ms from /proc) and the latency other users see on
 * GET /api/v1/plugins while 2 MiB bodies of [1,1,…] go to a key-only write,
 * oversized deliveries go to the webhook endpoint, oversized form posts go to
 * Auth.js, and hostile query strings go everywhere. The ceiling is the same
 * server in the same run with no attack: idle memory, and the quiet latency.
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { load } from "../lib/load";
import { startApp, stopProcess, waitForOk } from "../lib/processes";
import { writeResults } from "../lib/report";

const MiB = 1024 * 1024;

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kib / 1024);
}

/** Samples the process's resident memory until stopped; returns the peak. */
function sampleRss(pid: number) {
  let peak = rssMiB(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 50);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMiB(pid));
  };
}

function attack(base: string, seconds: number): Promise<autocannon.Result> {
  // Just under the 2 MiB body limit: a million values, refused before validation.
  const numbers = `[${"1,".repeat(MiB - 2)}1]`;
  const requests: autocannon.Request[] = [
    { method: "POST", path: "/api/v1/plugins", headers: { "content-type": "application/json" }, body: numbers },
    { method: "POST", path: "/api/webhooks/builtin", headers: { "content-type": "application/json" }, body: "x".repeat(3 * MiB) },
    {
      method: "POST",
      path: "/api/auth/callback/credentials",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `email=${"a".repeat(2 * MiB)}`,
    },
    { method: "GET", path: "/api/v1/plugins?__proto__=x&constructor=y&q=%00" },
    { method: "GET", path: `/api/v1/plugins/${"%2F".repeat(1000)}` },
  ];
  return new Promise((resolve, reject) => {
    autocannon({ url: base, connections: 16, duration: seconds, requests }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export async function hostileSuite(ctx: { repoRoot: string; databaseUrl: string; seconds: number }) {
  const base = "http://127.0.0.1:3202";
  const app = startApp(ctx, 3202, { TRUSTED_PROXIES: "loopback" });
  try {
    await waitForOk(`${base}/api/v1/plugins?limit=1`);
    const pid = app.pid!;
    const idle = rssMiB(pid);

    const quietPeak = sampleRss(pid);
    const quiet = await load(`${base}/api/v1/plugins`, { seconds: ctx.seconds, connections: 8, addresses: 20_000 });
    const quietRss = quietPeak();

    const attackPeak = sampleRss(pid);
    const [underAttack, hostile] = await Promise.all([
      load(`${base}/api/v1/plugins`, { seconds: ctx.seconds, connections: 8, warmupSeconds: 0, addresses: 20_000 }),
      attack(base, ctx.seconds),
    ]);
    const attackRss = attackPeak();

    const statuses = Object.fromEntries(Object.entries(hostile.statusCodeStats ?? {}).map(([status, { count }]) => [status, count]));
    const table = [
      { figure: "resident memory, MiB", ceiling: idle, quiet: quietRss, "under attack": attackRss },
      { figure: "GET /api/v1/plugins p50 ms (8 connections)", ceiling: quiet.p50, quiet: quiet.p50, "under attack": underAttack.p50 },
      { figure: "GET /api/v1/plugins p99 ms", ceiling: quiet.p99, quiet: quiet.p99, "under attack": underAttack.p99 },
      { figure: "GET /api/v1/plugins req/s", ceiling: quiet.requestsPerSecond, quiet: quiet.requestsPerSecond, "under attack": underAttack.requestsPerSecond },
      { figure: "hostile requests answered", ceiling: "", quiet: "", "under attack": hostile.requests.total },
    ];
    console.log(
      "\nHostile traffic without a key (16 attacking connections: 2 MiB JSON to a key-only write, 3 MiB webhook deliveries, 2 MiB form posts, hostile queries)",
    );
    console.table(table);
    console.log("hostile answers by status:", statuses, "5xx:", hostile["5xx"]);
    const file = writeResults(ctx.repoRoot, "hostile", {
      memoryMiB: { idle, quietPeak: quietRss, attackPeak: attackRss },
      quiet,
      underAttack,
      hostile: { requests: hostile.requests.total, statuses, errors: hostile.errors, "5xx": hostile["5xx"] },
    });
    console.log(`\nwritten to ${file}`);
  } finally {
    stopProcess(app);
  }
}
