/**
 * Keyless floods from one address (issue 27, item 4) on the production build,
 * and what other visitors see meanwhile: anonymous GET / (a cached page), each
 * request on a new connection as a first visit makes it, from many forwarded
 * addresses — p50, p99 and failed requests — quiet; under a flood of searches
 * (/?q=<random>, rendered per request) from one forwarded address; under
 * 20,000 idle connections held open from 127.0.0.5 (two attacker processes,
 * bench/hold-connections.ts); and under a slowloris of 10,000 connections
 * from 127.0.0.6 (20 s), with the log lines the server wrote (LOG_LEVEL=info, as
 * production's default) during each phase.
 *
 * The server trusts 127.0.0.1 alone as a proxy: the visitors and the search
 * flood come through it with X-Forwarded-For, while the attackers' other
 * loopback addresses are untrusted peers, as attackers on the internet are.
 * The page-view limit is set to 60 a minute (PAGE_VIEW_LIMIT_PER_MINUTE;
 * the default is 300), so a 10-second run shows what the default reaches
 * once a flood has spent its minute's pages. Beside the visitors' figures:
 * the most file descriptors the server held (sampled from /proc every 100 ms),
 * which is what connection floods exhaust.
 * The figures go to bench/results/floods.json under BENCH_FLOODS_LABEL
 * (default "after"), beside the other labels'.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import autocannon from "autocannon";
import { startApp, startProcess, stopProcess, waitForOk } from "../lib/processes";
import { writeResults } from "../lib/report";

const PORT = 3300;
const VISITOR_CONNECTIONS = 4;

interface VisitorFigures {
  requests: number;
  failed: number;
  statuses: Record<string, number>;
  p50: number;
  p99: number;
}

/** VISITOR_CONNECTIONS loops of GET path, each request on a new connection, from addresses 10.x.y.7 in turn, for `seconds`. */
async function visitors(path: string, seconds: number): Promise<VisitorFigures> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let failed = 0;
  let address = 0;
  const until = Date.now() + seconds * 1000;
  const one = () =>
    new Promise<void>((done) => {
      address = (address + 1) % 20_000;
      const started = performance.now();
      const req = request(
        { host: "127.0.0.1", port: PORT, path, agent: false, timeout: 10_000, headers: { "x-forwarded-for": `10.${address >> 8}.${address & 255}.7` } },
        (res) => {
          res.resume();
          res.on("end", () => {
            statuses[res.statusCode!] = (statuses[res.statusCode!] ?? 0) + 1;
            if (res.statusCode === 200) latencies.push(performance.now() - started);
            else failed++;
            done();
          });
        },
      );
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", (error) => {
        statuses[error.message] = (statuses[error.message] ?? 0) + 1;
        failed++;
        done();
      });
      req.end();
    });
  await Promise.all(
    Array.from({ length: VISITOR_CONNECTIONS }, async () => {
      while (Date.now() < until) await one();
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN) * 10) / 10;
  return { requests: latencies.length + failed, failed, statuses, p50: at(0.5), p99: at(0.99) };
}

/** 16 connections of searches with a new query each, all from one forwarded address. */
function searchFlood(seconds: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${PORT}`,
        connections: 16,
        duration: seconds,
        requests: [
          {
            method: "GET",
            path: "/",
            headers: { "x-forwarded-for": "203.0.113.66" },
            setupRequest: (req: autocannon.Request) => ({ ...req, path: `/?q=${Math.random().toString(36).slice(2, 10)}` }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

function attackers(ctx: { repoRoot: string }, from: string, mode: "idle" | "slowloris", processes: number, perProcess: number): ChildProcess[] {
  return Array.from({ length: processes }, () =>
    startProcess("node", ["--import", "tsx", "bench/hold-connections.ts"], {
      cwd: ctx.repoRoot,
      env: { PORT: String(PORT), FROM: from, COUNT: String(perProcess), MODE: mode },
      name: `attacker ${from}`,
    }),
  );
}

/** Stops the attackers and collects what each saw. */
async function stopAttackers(children: ChildProcess[]): Promise<unknown[]> {
  return Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          let out = "";
          child.stdout!.on("data", (chunk) => (out += String(chunk)));
          child.once("exit", () => resolve(out.trim() ? JSON.parse(out.trim().split("\n").at(-1)!) : null));
          child.kill("SIGTERM");
        }),
    ),
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function floodsSuite(ctx: { repoRoot: string; databaseUrl: string; seconds: number }) {
  const label = process.env.BENCH_FLOODS_LABEL ?? "after";
  const base = `http://127.0.0.1:${PORT}`;
  const app = startApp(ctx, PORT, { TRUSTED_PROXIES: "127.0.0.1", LOG_LEVEL: "info", PAGE_VIEW_LIMIT_PER_MINUTE: "60" });
  let logLines = 0;
  const logMessages: Record<string, number> = {};
  app.stdout!.on("data", (chunk: Buffer) => {
    for (const line of String(chunk).split("\n")) {
      if (!line) continue;
      logLines++;
      const msg = /"msg":"([^"]*)"/.exec(line)?.[1] ?? "?";
      logMessages[msg] = (logMessages[msg] ?? 0) + 1;
    }
  });
  const phase = async (name: string, work: () => Promise<unknown>, seconds = ctx.seconds) => {
    const linesBefore = logLines;
    const messagesBefore = { ...logMessages };
    let peakFds = 0;
    const sampler = setInterval(() => {
      peakFds = Math.max(peakFds, readdirSync(`/proc/${app.pid}/fd`).length);
    }, 100);
    const [visitorFigures, attack] = await Promise.all([visitors("/", seconds), work()]).finally(() => clearInterval(sampler));
    const messages = Object.fromEntries(
      Object.entries(logMessages)
        .map(([msg, n]) => [msg, n - (messagesBefore[msg] ?? 0)] as const)
        .filter(([, n]) => n > 0),
    );
    return { name, visitors: visitorFigures, logLines: logLines - linesBefore, logMessages: messages, peakServerFds: peakFds, attack };
  };
  try {
    await waitForOk(`${base}/api/v1/plugins?limit=1`);
    await visitors("/", 2);
    const results = [];
    results.push(await phase("quiet", async () => null));
    results.push(
      await phase("searches from one address (16 connections)", async () => {
        const result = await searchFlood(ctx.seconds);
        return {
          requests: result.requests.total,
          statuses: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([s, { count }]) => [s, count])),
        };
      }),
    );
    for (const [name, from, mode] of [
      ["20,000 idle connections from one address", "127.0.0.5", "idle"],
      ["slowloris of 10,000 connections from one address", "127.0.0.6", "slowloris"],
    ] as const) {
      const children = attackers(ctx, from, mode, 2, mode === "idle" ? 10_000 : 5_000);
      // The attackers open their connections over about a second; the visitors are measured once they hold them.
      await pause(3000);
      try {
        // A slowloris's connections are cut off after the headers' 10 s: its phase lasts 20 s at least, as the issue's probe did.
        const seconds = mode === "slowloris" ? Math.max(20, ctx.seconds) : ctx.seconds;
        results.push(await phase(name, async () => pause(seconds * 1000), seconds));
      } finally {
        const seen = await stopAttackers(children);
        results.at(-1)!.attack = seen;
      }
      await pause(2000);
    }
    console.log(`\nOther visitors (GET /, a new connection per request, ${VISITOR_CONNECTIONS} at a time) under floods from one address, "${label}"`);
    console.table(
      results.map((r) => ({
        phase: r.name,
        "visitors p50 ms": r.visitors.p50,
        "visitors p99 ms": r.visitors.p99,
        requests: r.visitors.requests,
        "failed %": r.visitors.requests ? Math.round((r.visitors.failed / r.visitors.requests) * 1000) / 10 : 0,
        "log lines": r.logLines,
        "server fds (peak)": r.peakServerFds,
      })),
    );
    for (const r of results) console.log(r.name, JSON.stringify({ visitorStatuses: r.visitors.statuses, logMessages: r.logMessages, attack: r.attack }));
    const resultsFile = join(ctx.repoRoot, "bench", "results", "floods.json");
    const kept = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, "utf8")).figures : {};
    const file = writeResults(ctx.repoRoot, "floods", {
      figures: { ...kept, [label]: { at: new Date().toISOString(), seconds: ctx.seconds, phases: results } },
    });
    console.log(`\nwritten to ${file} (as "${label}")`);
  } finally {
    stopProcess(app);
  }
}
