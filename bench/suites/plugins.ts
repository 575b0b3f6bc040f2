/**
 * Marketplace browsing: GET /api/v1/plugins and GET /api/v1/plugins/:slug on
 * the production build versus the bare ceiling server (node:http +
 * postgres.js running the same SQL); anonymous GET /api/v1/plugins — answered
 * from the process's kept answers — versus a bare node:http server writing
 * the same bytes; then, with 100,000 plugins in PostgreSQL, page 1 versus a
 * page 1,000 pages deep. Keyed GET /api/v1/plugins runs twice: with the
 * rate-limit counters in the database (the default), and in Redis (a second
 * app with REDIS_URL: BENCH_REDIS_URL, REDIS_URL or 127.0.0.1:6379).
 */
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { generateApiKey } from "../../packages/api/src/accounts/api-key-format";
import { encodeCursor } from "@streamkit/api-contract";
import { load } from "../lib/load";
import { peakRssMiB, startApp, startProcess, stopProcess, waitForOk } from "../lib/processes";
import { type Comparison, printComparisons, ratio, writeResults } from "../lib/report";

const ADDRESSES = 20_000;
/**
 * Keyed load comes from this many accounts in turn, one key each: every
 * account stays within its plan's 10 requests a minute (docs/api.md#plans), as a service
 * sees keyed traffic, so the run measures the keyed path — the key's lookup,
 * the account's rate-limit statement, the exact answer — and not the limit.
 */
const KEYED_ACCOUNTS = 8_000;
/** Issue 15's goals: anonymous GET /api/v1/plugins beside a bare server writing its bytes, keyed beside the bare server running the same SQL. */
const GOALS = { anonymousOfBareBytes: 0.5, keyedOfBareSql: 0.5 };

export async function pluginsSuite(ctx: { repoRoot: string; databaseUrl: string; seconds: number }) {
  const ours = "http://127.0.0.1:3200";
  const ceiling = "http://127.0.0.1:3201";
  // Visitors come from many addresses (behind a trusted proxy), as they would: the per-address limit of keyless requests counts them but is not what is measured.
  const app = startApp(ctx, 3200, { TRUSTED_PROXIES: "loopback" });
  const bare = startProcess("node", ["--import", "tsx", "bench/ceiling-server.ts"], {
    cwd: ctx.repoRoot,
    env: { DATABASE_URL: ctx.databaseUrl, PORT: "3201" },
    name: "ceiling",
  });
  try {
    await waitForOk(`${ours}/api/v1/plugins?limit=1`);
    await waitForOk(`${ceiling}/api/v1/plugins`);
    const slug = "chat-commands";
    const rows: Comparison[] = [];
    for (const [name, path] of [
      ["GET /api/v1/plugins", "/api/v1/plugins"],
      [`GET /api/v1/plugins/${slug}`, `/api/v1/plugins/${slug}`],
    ] as const) {
      const oursResult = await load(`${ours}${path}`, { seconds: ctx.seconds, addresses: ADDRESSES });
      const ceilingResult = await load(`${ceiling}${path}`, { seconds: ctx.seconds, addresses: ADDRESSES });
      rows.push({ name, ours: oursResult, ceiling: ceilingResult });
    }
    printComparisons("Marketplace browsing (16 connections)", rows);

    const authorizations = await benchKeys(ctx.databaseUrl, KEYED_ACCOUNTS);
    await sendEveryKeyOnce(ours, authorizations);
    const keyed: Comparison[] = [];
    for (const row of rows) {
      const path = row.name.slice("GET ".length);
      const oursResult = await load(`${ours}${path}`, { seconds: ctx.seconds, addresses: ADDRESSES, authorizations });
      keyed.push({ name: `keyed ${row.name}`, ours: oursResult, ceiling: row.ceiling });
    }
    printComparisons(`Keyed browsing, ${KEYED_ACCOUNTS} accounts in turn, beside the bare server running the same SQL (16 connections)`, keyed);

    const redisCounters = await keyedWithRedis(ctx, authorizations, keyed[0]!);
    printComparisons("Keyed GET /api/v1/plugins with the counters in Redis, beside them in the database (16 connections; ceiling: the database's)", [
      redisCounters,
    ]);

    const bytes = await bytesCeiling(ctx, ours, "/api/v1/plugins");
    printComparisons("Anonymous GET /api/v1/plugins, kept answers, beside a bare server writing the same bytes (16 connections)", [bytes]);
    console.log(`ours / bare bytes: ${ratio(bytes.ours.requestsPerSecond, bytes.ceiling.requestsPerSecond)} of the requests per second`);

    const share = (row: Comparison) => row.ours.requestsPerSecond / row.ceiling.requestsPerSecond;
    const clean = (row: Comparison) => row.ours.errors + row.ours.non2xx === 0;
    const goals = [
      { measure: bytes.name, goal: `≥ ${GOALS.anonymousOfBareBytes * 100} % of the bare bytes`, row: bytes, minimum: GOALS.anonymousOfBareBytes },
      ...keyed.map((row) => ({ measure: row.name, goal: `≥ ${GOALS.keyedOfBareSql * 100} % of the bare SQL server`, row, minimum: GOALS.keyedOfBareSql })),
    ].map(({ measure, goal, row, minimum }) => ({
      measure,
      goal,
      ours: `${ratio(row.ours.requestsPerSecond, row.ceiling.requestsPerSecond)}, ${row.ours.errors + row.ours.non2xx} not 200`,
      meetsGoal: share(row) >= minimum && clean(row),
    }));
    console.log("\nGoals");
    console.table(goals.map(({ meetsGoal, ...rest }) => ({ ...rest, "meets goal": meetsGoal ? "yes" : "no" })));

    const deep = await deepPaging(ctx.databaseUrl, ours, ctx.seconds);
    console.log("\nKeyset paging with 100,000 plugins (1 connection, limit 20)");
    console.table(deep.table);
    const peak = peakRssMiB(app);
    console.log(`\npeak resident memory of the app: ${peak} MiB`);
    const file = writeResults(ctx.repoRoot, "plugins", {
      goals: GOALS,
      throughput: rows,
      keyed: { accounts: KEYED_ACCOUNTS, throughput: keyed },
      keyedRedisCounters: redisCounters,
      anonymousBytes: bytes,
      goalsMet: goals,
      deepPaging: deep.data,
      peakRssMiB: peak,
    });
    console.log(`\nwritten to ${file}`);
  } finally {
    stopProcess(app);
    stopProcess(bare);
  }
}

/**
 * Keyed GET /api/v1/plugins on a second app whose rate-limit counters are in Redis, beside the same load on the
 * first app (counting in the database): the same database, keys and accounts. Its keys (own prefix) expire by
 * themselves a minute after the run.
 */
async function keyedWithRedis(
  ctx: { repoRoot: string; databaseUrl: string; seconds: number },
  authorizations: string[],
  inDatabase: Comparison,
): Promise<Comparison> {
  const redisUrl = process.env.BENCH_REDIS_URL || process.env.REDIS_URL || "redis://127.0.0.1:6379";
  const url = "http://127.0.0.1:3202";
  const app = startApp(ctx, 3202, { TRUSTED_PROXIES: "loopback", REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `streamkit-bench:${Date.now()}:` });
  try {
    await waitForOk(`${url}/api/v1/plugins?limit=1`);
    await sendEveryKeyOnce(url, authorizations);
    // The first app is warm from the rows before; this one starts cold (JIT, its pool, its prepared statements, Redis' connection): a warm-up run, not counted.
    await load(`${url}/api/v1/plugins`, { seconds: Math.min(3, ctx.seconds), addresses: ADDRESSES, authorizations });
    const ours = await load(`${url}/api/v1/plugins`, { seconds: ctx.seconds, addresses: ADDRESSES, authorizations });
    return { name: "keyed GET /api/v1/plugins with Redis counters", ours, ceiling: inDatabase.ours };
  } finally {
    stopProcess(app);
  }
}

/**
 * Sends one request with each key before the measured runs, 16 at a time: a process that has been serving
 * keyed traffic for a while has seen its keys (accounts/principal-cache.ts), and the measured run is short
 * beside the time 8,000 accounts in turn take to come round. Each account's request counts against its limit
 * like any other.
 */
async function sendEveryKeyOnce(base: string, authorizations: string[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < authorizations.length) {
        const i = next++;
        const response = await fetch(`${base}/api/v1/me`, { headers: { authorization: authorizations[i]!, "x-forwarded-for": `10.9.${i >> 8}.${i & 255}` } });
        if (!response.ok) throw new Error(`warming key ${i}: ${response.status}`);
        await response.arrayBuffer();
      }
    }),
  );
}

/** Our anonymous answer of `path` beside bench/market-ceiling-server.ts writing the very same bytes, precomputed. */
async function bytesCeiling(ctx: { repoRoot: string; seconds: number }, ours: string, path: string): Promise<Comparison> {
  const bodyFile = join(tmpdir(), `plugins-body-${Date.now()}.json`);
  writeFileSync(bodyFile, Buffer.from(await (await fetch(`${ours}${path}`)).arrayBuffer()));
  const bare = startProcess("node", ["--import", "tsx", "bench/market-ceiling-server.ts"], {
    cwd: ctx.repoRoot,
    env: { PORT: "3209", BENCH_BODY_FILE: bodyFile, BENCH_PATH: path },
    name: "bytes ceiling",
  });
  try {
    await waitForOk(`http://127.0.0.1:3209${path}`);
    return {
      name: `anonymous GET ${path} (bytes)`,
      ours: await load(`${ours}${path}`, { seconds: ctx.seconds, addresses: ADDRESSES }),
      ceiling: await load(`http://127.0.0.1:3209${path}`, { seconds: ctx.seconds, addresses: ADDRESSES }),
    };
  } finally {
    stopProcess(bare);
  }
}

/** `count` accounts on the Free plan with one key each, written straight into the bench's own database: their Authorization headers. */
export async function benchKeys(databaseUrl: string, count: number): Promise<string[]> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const accounts = await sql<{ id: string }[]>`
      insert into accounts (name, email)
      select 'Keyed Bench ' || g, 'keyed-bench-' || g || '-' || ${Date.now()} || '@bench.example' from generate_series(1, ${count}) g
      returning id`;
    const keys = accounts.map(({ id }) => ({ accountId: id, ...generateApiKey() }));
    await sql`
      insert into api_keys (account_id, name, prefix, hash, scopes)
      select account_id::uuid, 'bench', prefix, hash, '{plugins:read}'::text[]
      from unnest(${keys.map((k) => k.accountId)}::text[], ${keys.map((k) => k.prefix)}::text[], ${keys.map((k) => k.hash)}::text[]) as k(account_id, prefix, hash)`;
    return keys.map((k) => `Bearer ${k.key}`);
  } finally {
    await sql.end();
  }
}

async function deepPaging(databaseUrl: string, ours: string, seconds: number) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [owner] = await sql`insert into accounts (name) values ('Bench Publisher') returning id`;
    await sql`
      insert into plugins (slug, owner_id, name, description, latest_version, downloads)
      select 'bench-' || g, ${owner!.id}, 'Bench plugin ' || g, 'A generated plugin for the paging benchmark.', '1.0.0', (random() * 100000)::int
      from generate_series(1, 100000) g`;
    await sql`analyze plugins`;
    const limit = 20;
    const depth = 1000;
    // Setup only: find where page 1,000 starts, then ask for it the way a client would, by cursor.
    const [edge] = await sql`
      select official, downloads, id from plugins where status = 'published'
      order by official desc, downloads desc, id desc offset ${(depth - 1) * limit - 1} limit 1`;
    const cursor = encodeCursor({ official: edge!.official, downloads: edge!.downloads, id: edge!.id });
    const first = await load(`${ours}/api/v1/plugins?limit=${limit}`, { seconds, connections: 1, addresses: ADDRESSES });
    const deepPage = await load(`${ours}/api/v1/plugins?limit=${limit}&cursor=${cursor}`, { seconds, connections: 1, addresses: ADDRESSES });
    const data = { plugins: 100000, limit, depth, page1: first, deepPage };
    const table = [
      { page: "page 1", "p50 ms": first.p50, "p99 ms": first.p99, "req/s": first.requestsPerSecond },
      { page: `page ${depth}`, "p50 ms": deepPage.p50, "p99 ms": deepPage.p99, "req/s": deepPage.requestsPerSecond },
      { page: "deep / page 1 (p50)", "p50 ms": ratio(deepPage.p50, first.p50), "p99 ms": ratio(deepPage.p99, first.p99), "req/s": "" },
    ];
    return { data, table };
  } finally {
    await sql.end();
  }
}
