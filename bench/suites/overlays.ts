/**
 * Overlays: saves with correct baseRevs — one overlay saved over and over by
 * one client, and many overlays saved at once (one per connection) — and the
 * OBS browser-source page, each beside the same work on a bare node:http
 * server (one UPDATE with postgres.js; the page's bytes precomputed).
 *
 * Saves go through the website's endpoint (/api/trpc/overlays.update, the
 * same procedure as PUT /api/v1/overlays/{id}) with a signed-in session: API
 * keys are limited to the plan's 10 requests per minute, the website's limit
 * is raised for the run (WEB_RATE_LIMIT_PER_MINUTE).
 */
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { predefinedOverlays } from "@streamkit/overlay";
import { Agent, request as httpRequest } from "node:http";
import postgres from "postgres";
import { hashPassword } from "../../packages/api/src/accounts/password";
import { type LoadResult, load } from "../lib/load";
import { startApp, startProcess, stopProcess, waitForOk } from "../lib/processes";
import { signIn } from "../lib/session";
import { type Comparison, printComparisons, writeResults } from "../lib/report";

const MANY = 16;

interface Target {
  url: string;
  headers: Record<string, string>;
  /** The request body of a save of overlay `id` from rev `baseRev`. */
  body(id: string, baseRev: number): string;
}

/**
 * Saves with correct baseRevs: one client loop per overlay, each sending the
 * rev its last save returned, over a kept-alive connection, for `seconds`.
 * (autocannon restarts its per-connection context after every request of a
 * one-request flow, so it cannot carry the rev.)
 */
async function saves(target: Target, overlays: { id: string; rev: number }[], seconds: number): Promise<LoadResult & { conflicts: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: overlays.length });
  const url = new URL(target.url);
  const send = (body: string) =>
    new Promise<number>((resolve, reject) => {
      const request = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          agent,
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...target.headers },
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  const run = async (duration: number) => {
    const latencies: number[] = [];
    let conflicts = 0;
    let errors = 0;
    const until = performance.now() + duration * 1000;
    await Promise.all(
      overlays.map(async (overlay) => {
        while (performance.now() < until) {
          const started = performance.now();
          const status = await send(target.body(overlay.id, overlay.rev)).catch(() => 0);
          latencies.push(performance.now() - started);
          if (status === 200) overlay.rev += 1;
          else if (status === 409) conflicts += 1;
          else errors += 1;
        }
      }),
    );
    return { latencies, conflicts, errors };
  };
  await run(2);
  const { latencies, conflicts, errors } = await run(seconds);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { requestsPerSecond: Math.round(latencies.length / seconds), p50: at(0.5), p99: at(0.99), errors, non2xx: conflicts, conflicts };
}

export async function overlaysSuite(ctx: { repoRoot: string; databaseUrl: string; seconds: number }) {
  const ours = "http://127.0.0.1:3202";
  const ceiling = "http://127.0.0.1:3203";
  const app = startApp(ctx, 3202, { WEB_RATE_LIMIT_PER_MINUTE: "100000000" });
  const sql = postgres(ctx.databaseUrl, { max: 2, onnotice: () => {} });
  let bare: ReturnType<typeof startProcess> | undefined;
  try {
    await waitForOk(`${ours}/api/v1/catalog/overlays?limit=1`);
    const email = "overlay-bench@example.com";
    const password = "correct horse battery";
    const [account] = await sql`
      insert into accounts (name, email, plan, password_hash) values ('Overlay Bench', ${email}, 'ultimate', ${await hashPassword(password)}) returning id`;
    const cookie = await signIn(ours, email, password);
    const trpc = (procedure: string, input: unknown) =>
      fetch(`${ours}/api/trpc/${procedure}`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie, origin: ours },
        body: JSON.stringify(input),
      }).then(async (response) => {
        if (!response.ok) throw new Error(`${procedure}: ${response.status} ${await response.text()}`);
        return ((await response.json()) as { result: { data: any } }).result.data;
      });

    // A real document: the follower goal of the catalogue (text, shapes, a binding).
    const document = predefinedOverlays.find((overlay) => overlay.slug === "follower-goal")!.document;
    const create = async (name: string) => ({ id: (await trpc("overlays.create", { name, document })).item.id as string, rev: 1 });
    const oursOne = [await create("bench one")];
    const oursMany = await Promise.all(Array.from({ length: MANY }, (_, i) => create(`bench many ${i}`)));
    const bareOne = [await create("ceiling one")];
    const bareMany = await Promise.all(Array.from({ length: MANY }, (_, i) => create(`ceiling many ${i}`)));
    const detail = await fetch(`${ours}/api/trpc/overlays.get?input=${encodeURIComponent(JSON.stringify({ overlayId: oursOne[0]!.id }))}`, {
      headers: { cookie },
    });
    const source = ((await detail.json()) as any).result.data.item.browserSource.url as string;
    const pageFile = join(tmpdir(), `overlay-page-${Date.now()}.html`);
    writeFileSync(pageFile, Buffer.from(await (await fetch(source)).arrayBuffer()));

    bare = startProcess("node", ["--import", "tsx", "bench/overlay-ceiling-server.ts"], {
      cwd: ctx.repoRoot,
      env: { DATABASE_URL: ctx.databaseUrl, PORT: "3203", BENCH_ACCOUNT_ID: account!.id as string, BENCH_PAGE_FILE: pageFile },
      name: "ceiling",
    });
    await waitForOk(`${ceiling}/overlays/source/x`);

    const oursTarget: Target = {
      url: `${ours}/api/trpc/overlays.update`,
      headers: { cookie, origin: ours },
      body: (id, baseRev) => JSON.stringify({ overlayId: id, baseRev, document }),
    };
    const bareTarget: Target = { url: `${ceiling}/save`, headers: {}, body: (id, baseRev) => JSON.stringify({ overlayId: id, baseRev, document }) };

    const rows: (Comparison & { conflicts?: number })[] = [];
    const one = { ours: await saves(oursTarget, oursOne, ctx.seconds), ceiling: await saves(bareTarget, bareOne, ctx.seconds) };
    rows.push({ name: "save, one overlay (1 connection)", ...one });
    const many = { ours: await saves(oursTarget, oursMany, ctx.seconds), ceiling: await saves(bareTarget, bareMany, ctx.seconds) };
    rows.push({ name: `save, ${MANY} overlays (${MANY} connections)`, ...many });
    const path = new URL(source).pathname;
    rows.push({
      name: "GET /overlays/source/{token} (16 connections)",
      ours: await load(`${ours}${path}`, { seconds: ctx.seconds }),
      ceiling: await load(`${ceiling}${path}`, { seconds: ctx.seconds }),
    });
    printComparisons("Overlays", rows);
    const conflicts = one.ours.conflicts + many.ours.conflicts;
    console.log(`saves refused as conflicts (must be 0 with correct baseRevs): ours ${conflicts}, ceiling ${one.ceiling.conflicts + many.ceiling.conflicts}`);
    const file = writeResults(ctx.repoRoot, "overlays", { throughput: rows });
    console.log(`\nwritten to ${file}`);
  } finally {
    await sql.end();
    stopProcess(app);
    stopProcess(bare);
  }
}
