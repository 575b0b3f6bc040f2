/**
 * Finding plugins with 100,000 plugins in PostgreSQL (docs/plugins.md#finding-plugins):
 * p50 and p99 of a ranked search, a filtered browse and page 1,000 of a sort,
 * through the production build's GET /api/v1/plugins, each beside the very
 * same SQL (the page and its count, from the same statement builders) run
 * bare with postgres.js. Keyed, from many accounts in turn, so the anonymous
 * answer cache (rest/memo.ts) is not what is measured; one connection.
 */
import { encodeSortCursor } from "@streamkit/api-contract";
import { openDatabase } from "@streamkit/db";
import { fillPlaceholders } from "drizzle-orm";
import postgres from "postgres";
import { marketCountStatement, marketPageStatement, marketPageValues } from "../../packages/api/src/plugins/search";
import { load } from "../lib/load";
import { startApp, stopProcess, waitForOk } from "../lib/processes";
import { quantiles, ratio, writeResults } from "../lib/report";
import { benchKeys } from "./plugins";

const PLUGINS = 100_000;
const LIMIT = 20;
const DEPTH = 1_000;
const KEYED_ACCOUNTS = 4_000;

export async function searchSuite(ctx: { repoRoot: string; databaseUrl: string; seconds: number }) {
  const ours = "http://127.0.0.1:3210";
  // Two connections: the bare run sends the page and its count at once, as the service does.
  const sql = postgres(ctx.databaseUrl, { max: 2, onnotice: () => {} });
  const app = startApp(ctx, 3210, { TRUSTED_PROXIES: "loopback" });
  try {
    await waitForOk(`${ours}/api/v1/plugins?limit=1`);
    const seeded = Date.now();
    await seed(sql);
    const seedSeconds = Math.round((Date.now() - seeded) / 100) / 10;
    const authorizations = await benchKeys(ctx.databaseUrl, KEYED_ACCOUNTS);

    // Setup only: where page 1,000 of sort=newest starts, asked for the way a client would, by cursor.
    const [edge] = await sql`
      select created_at, id from plugins where status = 'published' and listed
      order by created_at desc, id desc offset ${(DEPTH - 1) * LIMIT - 1} limit 1`;
    const deepCursor = encodeSortCursor("newest", [new Date(edge!.created_at).getTime(), edge!.id]);
    const cases = [
      { name: "ranked search (q=swift chat, sort=relevance)", query: { q: "swift chat", sort: "relevance" as const, limit: LIMIT } },
      { name: "typo search (q=swfit chat, sort=relevance)", query: { q: "swfit chat", sort: "relevance" as const, limit: LIMIT } },
      {
        name: "filtered (category=alerts, price=free, without=network)",
        query: { category: "alerts" as const, price: "free" as const, without: ["network" as const], limit: LIMIT },
      },
      { name: "sort=newest, page 1", query: { sort: "newest" as const, limit: LIMIT } },
      { name: `sort=newest, page ${DEPTH}`, query: { sort: "newest" as const, limit: LIMIT, cursor: deepCursor } },
    ];

    const { db } = await openDatabase({ url: ctx.databaseUrl, maxConnections: 1 });
    const rows = [];
    for (const c of cases) {
      const url = `${ours}/api/v1/plugins?${toSearch(c.query)}`;
      const check = await fetch(url, { headers: { authorization: authorizations[0]! } });
      if (check.status !== 200) throw new Error(`${url}: ${check.status} ${await check.text()}`);
      const total = ((await check.json()) as { total: number }).total;
      const http = await load(url, { seconds: ctx.seconds, connections: 1, authorizations: authorizations.slice(1) });
      const bare = await bareSql(sql, db, c.query, ctx.seconds);
      rows.push({ case: c.name, total, http, bare });
    }
    console.log(`\nFinding plugins with ${PLUGINS.toLocaleString("en")} plugins (seeded in ${seedSeconds} s; 1 connection, limit ${LIMIT})`);
    console.table(
      rows.map((r) => ({
        case: r.case,
        matches: r.total,
        "HTTP p50 ms": r.http.p50,
        "HTTP p99 ms": r.http.p99,
        "bare SQL p50 ms": r.bare.p50,
        "bare SQL p99 ms": r.bare.p99,
        "bare / HTTP (p50)": ratio(r.bare.p50, r.http.p50),
        "not 200": r.http.errors + r.http.non2xx,
      })),
    );
    const file = writeResults(ctx.repoRoot, "search", { plugins: PLUGINS, limit: LIMIT, depth: DEPTH, seedSeconds, cases: rows });
    console.log(`\nwritten to ${file}`);
  } finally {
    stopProcess(app);
    await sql.end();
  }
}

type Query = Parameters<typeof marketPageValues>[0];

function toSearch(query: Query): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const v of value) params.append(name, v);
    else if (value !== undefined) params.set(name, String(value));
  }
  return params.toString();
}

/** The page and count statements of `query`, run one after the other for `seconds`, as the service runs them (in parallel). */
async function bareSql(sql: postgres.Sql, db: Parameters<typeof marketPageStatement>[0], query: Query, seconds: number) {
  const { shape, values } = marketPageValues(query);
  const page = marketPageStatement(db, shape).toSQL();
  const count = marketCountStatement(db, shape).toSQL();
  const pageParams = fillPlaceholders(page.params, values) as never[];
  const countParams = fillPlaceholders(count.params, values) as never[];
  const timings: number[] = [];
  const end = Date.now() + seconds * 1000;
  for (let warm = 0; warm < 5; warm++)
    await Promise.all([sql.unsafe(page.sql, pageParams, { prepare: true }), sql.unsafe(count.sql, countParams, { prepare: true })]);
  while (Date.now() < end) {
    const start = performance.now();
    await Promise.all([sql.unsafe(page.sql, pageParams, { prepare: true }), sql.unsafe(count.sql, countParams, { prepare: true })]);
    timings.push(performance.now() - start);
  }
  return { runs: timings.length, ...quantiles(timings) };
}

/** 100,000 plugins of 200 publishers (20 verified), in every category, some paid, a third using the network, with words to search. */
export async function seed(sql: postgres.Sql) {
  await sql`
    insert into accounts (name, email, verified)
    select 'Search Publisher ' || g, 'search-publisher-' || g || '@bench.example', g <= 20 from generate_series(1, 200) g`;
  await sql`
    with words as (
      select array['swift','chat','alert','song','queue','scene','timer','raid','points','caption','mod','shield','hype','goal','sound','light','clip','poll','bot','emote'] as w,
             array['chat','alerts','moderation','music','games','obs','points','accessibility','overlays','utilities'] as c
    )
    insert into plugins (slug, owner_id, name, description, latest_version, downloads, category, tags, price_tier, permissions, created_at, updated_at)
    select 'search-' || g,
           (select id from accounts where email = 'search-publisher-' || (1 + g % 200) || '@bench.example'),
           initcap(w[1 + g % 20]) || ' ' || initcap(w[1 + (g / 20) % 20]) || ' ' || g,
           'A ' || w[1 + (g / 7) % 20] || ' plugin for ' || w[1 + (g / 11) % 20] || ' and ' || w[1 + (g / 13) % 20] || ' on stream.',
           '1.0.0', (random() * 100000)::int, c[1 + g % 10], array[w[1 + (g / 3) % 20], w[1 + (g / 17) % 20]],
           case when g % 7 = 0 then 't' || (1 + g % 5) end,
           case when g % 3 = 0 then array['network','ui.notify'] else array['ui.notify'] end,
           now() - make_interval(secs => g), now() - make_interval(secs => g)
    from generate_series(1, ${PLUGINS}) g, words`;
  await sql`analyze plugins`;
}
