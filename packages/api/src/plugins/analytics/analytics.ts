/**
 * Authors' analytics of one of their plugins (docs/analytics.md). Every
 * figure is a sum over the daily roll-ups (schema/analytics.ts), kept as
 * downloads, sales and refunds happen: a year of a plugin with a million
 * downloads is a few thousand roll-up rows on the primary key's range, never
 * a scan of the raw rows.
 */
import { type AnalyticsGranularity, type AnalyticsQuery, notFound, type PluginAnalytics } from "@streamkit/api-contract";
import type { SaleCurrency } from "@streamkit/plans";
import { type Db, pluginDownloadDays, plugins, pluginSaleDays } from "@streamkit/db";
import { and, between, desc, eq, sql } from "drizzle-orm";
import type { AccountCaller } from "../../shared/context";
import { periodSql } from "./period-sql";
import { reviewPeriods, reviewsStatement } from "./reviews";

type Money = PluginAnalytics["totals"]["money"][number];

/** The caller's own plugin (any status); anyone else's is 404, as if it did not exist. */
export async function ownPlugin(db: Db, caller: AccountCaller, slug: string) {
  const [plugin] = await db
    .select({ id: plugins.id, slug: plugins.slug, name: plugins.name })
    .from(plugins)
    .where(and(eq(plugins.slug, slug), eq(plugins.ownerId, caller.account.id)));
  if (!plugin) throw notFound(`No plugin "${slug}" of yours.`);
  return plugin;
}

/** The first day of the period holding `day` (YYYY-MM-DD), as SQL's date_trunc makes it. */
export function periodOf(day: string, granularity: AnalyticsGranularity): string {
  if (granularity === "day") return day;
  if (granularity === "month") return `${day.slice(0, 7)}-01`;
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/** Every period of the range, in order. */
export function periodsOf(from: string, to: string, granularity: AnalyticsGranularity): string[] {
  const out: string[] = [];
  const day = new Date(`${from}T00:00:00Z`);
  const last = Date.parse(`${to}T00:00:00Z`);
  for (; day.getTime() <= last; day.setUTCDate(day.getUTCDate() + 1)) {
    const period = periodOf(day.toISOString().slice(0, 10), granularity);
    if (out.at(-1) !== period) out.push(period);
  }
  return out;
}

const sum = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
const period = periodSql;

/** What reads the figures: the view (JSON, the dashboard) splits the range's totals by version and country; the CSV splits every period by them. */
export type AnalyticsView = "json" | "csv";

/**
 * The grouped sums one view needs, each over the roll-ups of one plugin's range (the primary key's prefix): downloads per
 * period, then per version and per country (the view) or per period and version and per period and country (the CSV),
 * money per period and currency, and reviews per period. Exported as statements so the benchmark's bare server runs the
 * very same SQL (bench/analytics-ceiling-server.ts).
 */
export function analyticsStatements(db: Db, pluginId: string, query: Pick<AnalyticsQuery, "from" | "to" | "granularity">, view: AnalyticsView) {
  const { from, to, granularity } = query;
  const downloadsIn = and(eq(pluginDownloadDays.pluginId, pluginId), between(pluginDownloadDays.day, from, to));
  const downloadPeriod = period(granularity, pluginDownloadDays.day);
  const salePeriod = period(granularity, pluginSaleDays.day);
  const none = <Row>() => Promise.resolve([] as Row[]);
  const byPeriod = db
    .select({ period: downloadPeriod, downloads: sum(pluginDownloadDays.downloads) })
    .from(pluginDownloadDays)
    .where(downloadsIn)
    .groupBy(sql`1`);
  const money = db
    .select({
      period: salePeriod,
      currency: pluginSaleDays.currency,
      sales: sum(pluginSaleDays.sales),
      gross: sum(pluginSaleDays.saleGross),
      share: sum(pluginSaleDays.saleShare),
      refunds: sum(pluginSaleDays.refunds),
      refundedGross: sum(pluginSaleDays.refundGross),
      refundedShare: sum(pluginSaleDays.refundShare),
    })
    .from(pluginSaleDays)
    .where(and(eq(pluginSaleDays.pluginId, pluginId), between(pluginSaleDays.day, from, to)))
    .groupBy(sql`1`, pluginSaleDays.currency)
    .orderBy(sql`1`, pluginSaleDays.currency);
  const reviews = reviewsStatement(db, pluginId, query);
  if (view === "json") {
    return {
      byPeriod,
      byVersion: db
        .select({ version: pluginDownloadDays.version, downloads: sum(pluginDownloadDays.downloads) })
        .from(pluginDownloadDays)
        .where(downloadsIn)
        .groupBy(pluginDownloadDays.version)
        .orderBy(desc(sql`2`), pluginDownloadDays.version),
      byCountry: db
        .select({ country: pluginDownloadDays.country, downloads: sum(pluginDownloadDays.downloads) })
        .from(pluginDownloadDays)
        .where(downloadsIn)
        .groupBy(pluginDownloadDays.country)
        .orderBy(desc(sql`2`), sql`${pluginDownloadDays.country} = ''`, pluginDownloadDays.country),
      byPeriodVersion: none<{ period: string; version: string; downloads: number }>(),
      byPeriodCountry: none<{ period: string; country: string; downloads: number }>(),
      money,
      reviews,
    };
  }
  return {
    byPeriod,
    byVersion: none<{ version: string; downloads: number }>(),
    byCountry: none<{ country: string; downloads: number }>(),
    byPeriodVersion: db
      .select({ period: downloadPeriod, version: pluginDownloadDays.version, downloads: sum(pluginDownloadDays.downloads) })
      .from(pluginDownloadDays)
      .where(downloadsIn)
      .groupBy(sql`1`, pluginDownloadDays.version)
      .orderBy(sql`1`, pluginDownloadDays.version),
    byPeriodCountry: db
      .select({ period: downloadPeriod, country: pluginDownloadDays.country, downloads: sum(pluginDownloadDays.downloads) })
      .from(pluginDownloadDays)
      .where(downloadsIn)
      .groupBy(sql`1`, pluginDownloadDays.country)
      .orderBy(sql`1`, pluginDownloadDays.country),
    money,
    reviews,
  };
}

/** The rows behind one view, its statements run at once. */
export async function analyticsRows(db: Db, pluginId: string, query: Pick<AnalyticsQuery, "from" | "to" | "granularity">, view: AnalyticsView) {
  const { from, to, granularity } = query;
  const statements = analyticsStatements(db, pluginId, query, view);
  const [byPeriod, byVersion, byCountry, byPeriodVersion, byPeriodCountry, money, reviewRows] = await Promise.all([
    statements.byPeriod,
    statements.byVersion,
    statements.byCountry,
    statements.byPeriodVersion,
    statements.byPeriodCountry,
    statements.money,
    statements.reviews,
  ]);
  const reviews = reviewPeriods(reviewRows);
  const periods = periodsOf(from, to, granularity);
  const moneyRows: (Money & { period: string })[] = money.map((row) => ({
    ...row,
    currency: row.currency as SaleCurrency,
    earned: row.share - row.refundedShare,
  }));
  return {
    periods,
    byPeriod: new Map(byPeriod.map((row) => [row.period, row.downloads])),
    byVersion,
    byCountry: byCountry.map((row) => ({ country: countryName(row.country), downloads: row.downloads })),
    byPeriodVersion,
    byPeriodCountry: byPeriodCountry.map((row) => ({ ...row, country: countryName(row.country) })),
    money: moneyRows,
    reviews: periods.map((p) => reviews.get(p) ?? { period: p, reviews: 0, averageRating: null }),
  };
}

/** The roll-up's '' (an account without a country) is its own bucket. */
const countryName = (country: string) => (country === "" ? "unknown" : country);

function addMoney(into: Map<string, Money>, row: Money) {
  const total = into.get(row.currency) ?? { currency: row.currency, sales: 0, gross: 0, share: 0, refunds: 0, refundedGross: 0, refundedShare: 0, earned: 0 };
  total.sales += row.sales;
  total.gross += row.gross;
  total.share += row.share;
  total.refunds += row.refunds;
  total.refundedGross += row.refundedGross;
  total.refundedShare += row.refundedShare;
  total.earned += row.earned;
  into.set(row.currency, total);
}

export async function pluginAnalytics(db: Db, caller: AccountCaller, query: AnalyticsQuery): Promise<PluginAnalytics> {
  const plugin = await ownPlugin(db, caller, query.slug);
  const rows = await analyticsRows(db, plugin.id, query, "json");
  const totals = new Map<string, Money>();
  // Each period's money in one pass (the rows come ordered by period): a year by day is hundreds of periods.
  const moneyOf = new Map<string, Money[]>();
  for (const { period: p, ...money } of rows.money) {
    addMoney(totals, money);
    const list = moneyOf.get(p);
    if (list) list.push(money);
    else moneyOf.set(p, [money]);
  }
  const periods = rows.periods.map((p) => ({ period: p, downloads: rows.byPeriod.get(p) ?? 0, money: moneyOf.get(p) ?? [] }));
  return {
    slug: plugin.slug,
    name: plugin.name,
    from: query.from,
    to: query.to,
    granularity: query.granularity,
    totals: { downloads: periods.reduce((n, p) => n + p.downloads, 0), money: [...totals.values()] },
    periods,
    versions: rows.byVersion,
    countries: rows.byCountry,
    reviews: rows.reviews,
  };
}
