/**
 * Authors' analytics (docs/analytics.md): one plugin with a year of daily
 * data — a million counted downloads from 3,000 accounts in 8 countries
 * (and none), over 5 versions, and sales in two currencies every day — read
 * for its whole year. Ours is the production build answering the website's
 * call (plugins.analytics through /api/trpc, signed in; API keys are held to
 * their plan's 10 requests a minute) and the CSV; the ceiling is the bare
 * server running the very same SQL (bench/analytics-ceiling-server.ts). For
 * scale, the same per-day counts taken from the raw rows, as a view without
 * roll-ups would have to.
 */
import postgres from "postgres";
import { load } from "../lib/load";
import { peakRssMiB, startApp, startProcess, stopProcess, waitForOk } from "../lib/processes";
import { type Comparison, printComparisons, quantiles, writeResults } from "../lib/report";
import { signIn } from "../lib/session";

const DOWNLOADS = 1_000_000;
const ACCOUNTS = 3_000;
const DAYS = 365;
const FROM = "2025-01-01";
const TO = "2025-12-31";
const COUNTRIES = ["IN", "US", "DE", "GB", "BR", "FR", "JP", "CA"];

export async function analyticsSuite(ctx: { repoRoot: string; databaseUrl: string; seconds: number }) {
  const port = Number(process.env.BENCH_ANALYTICS_PORT ?? 3230);
  const ours = `http://127.0.0.1:${port}`;
  const ceiling = `http://127.0.0.1:${port + 1}`;
  const app = startApp(ctx, port, { WEB_RATE_LIMIT_PER_MINUTE: "100000000", PAGE_VIEW_LIMIT_PER_MINUTE: "100000000" });
  let bare: ReturnType<typeof startProcess> | undefined;
  try {
    await waitForOk(`${ours}/api/v1/plugins?limit=1`);
    const cookie = await signUp(ours);
    const seeded = await seed(ctx.databaseUrl);
    bare = startProcess("node", ["--import", "tsx", "bench/analytics-ceiling-server.ts"], {
      cwd: ctx.repoRoot,
      env: { DATABASE_URL: ctx.databaseUrl, PORT: String(port + 1), BENCH_PLUGIN_ID: seeded.pluginId, BENCH_FROM: FROM, BENCH_TO: TO },
      name: "analytics ceiling",
    });
    await waitForOk(`${ceiling}/json`);
    const input = encodeURIComponent(JSON.stringify({ slug: seeded.slug, from: FROM, to: TO, granularity: "day" }));
    const view = `/api/trpc/plugins.analytics?input=${input}`;
    const csv = `/api/plugins/${seeded.slug}/analytics.csv?from=${FROM}&to=${TO}`;
    const check = await fetch(`${ours}${view}`, { headers: { cookie } });
    const answer = (await check.json()) as { result?: { data?: { totals?: { downloads?: number } } } };
    if (check.status !== 200 || answer.result?.data?.totals?.downloads !== seeded.downloads) {
      throw new Error(`the view answered ${check.status} with ${JSON.stringify(answer).slice(0, 200)}, not ${seeded.downloads} downloads`);
    }
    const options = { seconds: ctx.seconds, headers: { cookie } };
    const rows: Comparison[] = [
      {
        name: `analytics of a year (${DOWNLOADS.toLocaleString("en-US")} downloads), JSON`,
        ours: await load(`${ours}${view}`, options),
        ceiling: await load(`${ceiling}/json`, { seconds: ctx.seconds }),
      },
      { name: "the same year as CSV", ours: await load(`${ours}${csv}`, options), ceiling: await load(`${ceiling}/csv`, { seconds: ctx.seconds }) },
    ];
    printComparisons("Analytics for authors, beside the bare server running the same SQL (16 connections)", rows);
    const raw = await rawScan(ctx.databaseUrl, seeded.pluginId);
    console.log("\nThe per-day downloads of the year from the raw rows, as a view without roll-ups would read them (1 connection, 20 runs)");
    console.table([{ "p50 ms": raw.p50, "p99 ms": raw.p99, "max ms": raw.max }]);
    const peak = peakRssMiB(app);
    console.log(`\npeak resident memory of the app: ${peak} MiB`);
    const file = writeResults(ctx.repoRoot, "analytics", {
      data: { downloads: DOWNLOADS, accounts: ACCOUNTS, days: DAYS, rollupRows: seeded.rollupRows, range: { from: FROM, to: TO } },
      throughput: rows,
      rawRowsPerDayScanMs: raw,
      peakRssMiB: peak,
    });
    console.log(`\nwritten to ${file}`);
  } finally {
    stopProcess(app);
    stopProcess(bare);
  }
}

/** A new author, signed up through the website's endpoint, then signed in: the session cookie. */
async function signUp(origin: string): Promise<string> {
  const email = `analytics-bench-${Date.now()}@example.com`;
  const password = "correct horse battery";
  const response = await fetch(`${origin}/api/trpc/accounts.signUp`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ name: "Analytics Bench", email, password }),
  });
  if (!response.ok) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  return signIn(origin, email, password);
}

/**
 * The author's plugin with a year of data, written straight into the bench's database: the raw rows (downloads,
 * purchases and their ledger entries are not needed for reading) and the roll-ups built from them by the
 * backfill's own grouping (migration 0023), as the transactions would have kept them.
 */
async function seed(databaseUrl: string) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [author] = await sql<{ id: string }[]>`select id from accounts where email like 'analytics-bench-%' order by created_at desc limit 1`;
    const slug = `bench-analytics-${Date.now()}`;
    const [plugin] = await sql<{ id: string }[]>`
      insert into plugins (slug, owner_id, name, latest_version) values (${slug}, ${author!.id}, 'Bench Analytics', '1.4.0') returning id`;
    const pluginId = plugin!.id;
    await sql`
      insert into plugin_versions (plugin_id, version, version_key, manifest, created_at)
      select ${pluginId}, '1.' || v || '.0', '1.' || v || '.0', '{}', ${FROM}::timestamptz + (v * 73 || ' days')::interval from generate_series(0, 4) v`;
    await sql`
      insert into accounts (name, email, country)
      select 'Analytics reader ' || g, 'analytics-reader-' || g || '-' || ${Date.now()} || '@bench.example',
        (${sql.array([...COUNTRIES, ""])}::text[])[1 + g % ${COUNTRIES.length + 1}]
      from generate_series(1, ${ACCOUNTS}) g`;
    await sql`update accounts set country = null where country = '' and email like 'analytics-reader-%'`;
    // A million distinct (account, day) pairs: each day a window of the readers, sliding.
    const perDay = Math.ceil(DOWNLOADS / DAYS);
    await sql`
      insert into plugin_downloads (plugin_id, account_id, day)
      select ${pluginId}, r.id, ${FROM}::date + d
      from generate_series(0, ${DAYS - 1}) d
      cross join lateral (
        select id from (select id, row_number() over (order by id) n from accounts where email like 'analytics-reader-%') a
        where (a.n + d * 7) % ${ACCOUNTS} < ${perDay}
      ) r
      limit ${DOWNLOADS}`;
    await sql`
      insert into plugin_download_days (plugin_id, day, version, country, downloads)
      select d.plugin_id, d.day, coalesce(v.version, '1.4.0'), coalesce(a.country, ''), count(*)::integer
      from plugin_downloads d
      join accounts a on a.id = d.account_id
      left join lateral (
        select pv.version from plugin_versions pv where pv.plugin_id = d.plugin_id and pv.created_at < (d.day + 1)::timestamp at time zone 'UTC'
        order by pv.created_at desc limit 1
      ) v on true
      where d.plugin_id = ${pluginId}
      group by 1, 2, 3, 4`;
    await sql`
      insert into plugin_sale_days (plugin_id, day, currency, sales, sale_gross, sale_share, refunds, refund_gross, refund_share)
      select ${pluginId}, ${FROM}::date + d, c, 20, 20 * p, 20 * (p * 8 / 10), 1, p, p * 8 / 10
      from generate_series(0, ${DAYS - 1}) d, (values ('INR', 9900), ('USD', 200)) as m(c, p)`;
    await sql`analyze plugin_downloads`;
    await sql`analyze plugin_download_days`;
    await sql`analyze plugin_sale_days`;
    const [{ downloads }] = (await sql`select count(*)::int as downloads from plugin_downloads where plugin_id = ${pluginId}`) as unknown as [
      { downloads: number },
    ];
    const [{ rows }] = (await sql`select count(*)::int as rows from plugin_download_days where plugin_id = ${pluginId}`) as unknown as [{ rows: number }];
    return { pluginId, slug, downloads, rollupRows: rows };
  } finally {
    await sql.end();
  }
}

/** The per-day downloads of the year counted from plugin_downloads itself, 20 times. */
async function rawScan(databaseUrl: string, pluginId: string) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const timings: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await sql`
        select d.day, a.country, count(*) from plugin_downloads d join accounts a on a.id = d.account_id
        where d.plugin_id = ${pluginId} and d.day between ${FROM} and ${TO} group by 1, 2`;
      timings.push(performance.now() - started);
    }
    return quantiles(timings);
  } finally {
    await sql.end();
  }
}
