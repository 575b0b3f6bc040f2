/**
 * The website's pages on the production build — the marketplace and a
 * plugin's page anonymously, the marketplace and My plugins signed in (an
 * account signed up through the website's endpoint) — each beside a bare
 * node:http server writing the very same bytes, against the goals; and the
 * app's peak resident memory over the suite.
 *
 * The figures go into bench/results/pages.json under BENCH_PAGES_LABEL
 * (default "after"), keeping the other labels' figures there, so a "before"
 * run and an "after" run sit side by side.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { load } from "../lib/load";
import { peakRssMiB, startApp, startProcess, stopProcess, waitForOk } from "../lib/processes";
import { type Comparison, printComparisons, writeResults } from "../lib/report";
import { signIn } from "../lib/session";

const ADDRESSES = 20_000;
const GOALS = {
  anonymous: { requestsPerSecond: 1000, p99: 50 },
  signedIn: { requestsPerSecond: 300, p99: 100 },
  peakRssMiB: 400,
};

interface Page {
  name: string;
  path: string;
  headers: Record<string, string>;
  goal: { requestsPerSecond: number; p99: number };
  contentType?: string;
}

/** What the browser reads after a members' copy (one batched call of the website's tRPC client): the account's menu, and My plugins' list. */
const MEMBER_READS = `/api/trpc/accounts.menu,plugins.mineWithVersions?batch=1&input=${encodeURIComponent("{}")}`;

export async function pagesSuite(ctx: { repoRoot: string; databaseUrl: string; seconds: number }) {
  const label = process.env.BENCH_PAGES_LABEL ?? "after";
  const ours = "http://127.0.0.1:3400";
  // Visitors come from many addresses (behind a trusted proxy), as they would: per-address limits count them but are not what is measured.
  // The browser's reads after a members' copy count against the account's website limit: raised, so the run measures them rather than the limit.
  const app = startApp(ctx, 3400, { TRUSTED_PROXIES: "loopback", WEB_RATE_LIMIT_PER_MINUTE: "100000000" });
  try {
    await waitForOk(`${ours}/api/v1/plugins?limit=1`);
    const signedIn = { cookie: await signUp(ours) };
    const pages: Page[] = [
      { name: "anonymous GET /", path: "/", headers: {}, goal: GOALS.anonymous },
      { name: "anonymous GET /plugins/chat-commands", path: "/plugins/chat-commands", headers: {}, goal: GOALS.anonymous },
      { name: "signed-in GET /", path: "/", headers: signedIn, goal: GOALS.signedIn },
      { name: "signed-in GET /dashboard/plugins", path: "/dashboard/plugins", headers: signedIn, goal: GOALS.signedIn },
      { name: "signed-in: its browser's reads", path: MEMBER_READS, headers: signedIn, goal: GOALS.signedIn, contentType: "application/json" },
    ];
    const rows: (Comparison & { goal: Page["goal"]; meetsGoal: boolean })[] = [];
    const cacheControl: Record<string, string | null> = {};
    for (const [i, page] of pages.entries()) {
      const { row, cache } = await measure(ctx, ours, page, 3401 + i);
      const meetsGoal = row.ours.requestsPerSecond >= page.goal.requestsPerSecond && row.ours.p99 < page.goal.p99 && row.ours.errors + row.ours.non2xx === 0;
      rows.push({ ...row, goal: page.goal, meetsGoal });
      cacheControl[page.name] = cache;
    }
    const peak = peakRssMiB(app);

    printComparisons(`Pages (16 connections), "${label}"`, rows);
    for (const [name, value] of Object.entries(cacheControl)) console.log(`Cache-Control of ${name}: ${value ?? "(none)"}`);
    console.log("\nGoals");
    console.table([
      ...rows.map((row) => ({
        measure: row.name,
        goal: `≥ ${row.goal.requestsPerSecond} req/s, p99 < ${row.goal.p99} ms, all 200`,
        ours: `${row.ours.requestsPerSecond} req/s, p99 ${row.ours.p99} ms, ${row.ours.errors + row.ours.non2xx} not 200`,
        "meets goal": row.meetsGoal ? "yes" : "no",
      })),
      { measure: "peak RSS of the app", goal: `< ${GOALS.peakRssMiB} MiB`, ours: `${peak} MiB`, "meets goal": peak < GOALS.peakRssMiB ? "yes" : "no" },
    ]);

    const resultsFile = join(ctx.repoRoot, "bench", "results", "pages.json");
    const kept = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, "utf8")).figures : {};
    const figures = { ...kept, [label]: { at: new Date().toISOString(), throughput: rows, cacheControl, peakRssMiB: peak } };
    const file = writeResults(ctx.repoRoot, "pages", { goals: GOALS, figures });
    console.log(`\nwritten to ${file} (as "${label}")`);
  } finally {
    stopProcess(app);
  }
}

/** A new account, signed up through the website's endpoint (the procedure the sign-up form calls), then signed in: its session cookie. */
async function signUp(origin: string): Promise<string> {
  const email = `pages-bench-${Date.now()}@example.com`;
  const password = "correct horse battery";
  const response = await fetch(`${origin}/api/trpc/accounts.signUp`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ name: "Pages Bench", email, password }),
  });
  if (!response.ok) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  return signIn(origin, email, password);
}

/** One page of ours beside bench/market-ceiling-server.ts writing the bytes of one of our answers to the same request. */
async function measure(ctx: { repoRoot: string; seconds: number }, ours: string, page: Page, port: number) {
  const response = await fetch(`${ours}${page.path}`, { headers: page.headers, redirect: "manual" });
  if (response.status !== 200) throw new Error(`${page.name}: ${response.status}, not 200`);
  const bodyFile = join(tmpdir(), `pages-body-${port}-${Date.now()}.html`);
  writeFileSync(bodyFile, Buffer.from(await response.arrayBuffer()));
  const bare = startProcess("node", ["--import", "tsx", "bench/market-ceiling-server.ts"], {
    cwd: ctx.repoRoot,
    env: { PORT: String(port), BENCH_BODY_FILE: bodyFile, BENCH_PATH: page.path, BENCH_CONTENT_TYPE: page.contentType ?? "text/html; charset=utf-8" },
    name: "ceiling",
  });
  try {
    await waitForOk(`http://127.0.0.1:${port}${page.path}`);
    const options = { seconds: ctx.seconds, addresses: ADDRESSES, headers: page.headers };
    const row: Comparison = {
      name: page.name,
      ours: await load(`${ours}${page.path}`, options),
      ceiling: await load(`http://127.0.0.1:${port}${page.path}`, options),
    };
    return { row, cache: response.headers.get("cache-control") };
  } finally {
    stopProcess(bare);
  }
}
