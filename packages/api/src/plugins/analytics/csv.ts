/**
 * The analytics as CSV (docs/analytics.md#csv): RFC 4180 — a header row,
 * CRLF line ends, a field quoted when it holds a comma, a quote or a line
 * break, quotes doubled — in UTF-8. Text a spreadsheet would run as a formula
 * (starting with = + - @, or a tab or carriage return) gets a leading
 * apostrophe; numbers are written bare (a negative one is a number, not a formula).
 */
import type { analyticsRows } from "./analytics";

export const CSV_HEADER = ["slug", "name", "period", "metric", "version", "country", "currency", "value"] as const;

type Cell = string | number;

/** One text cell, safe to open in a spreadsheet. */
export function csvText(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

export function csvLine(cells: readonly Cell[]): string {
  return `${cells.map((cell) => (typeof cell === "number" ? String(cell) : csvText(cell))).join(",")}\r\n`;
}

/**
 * The rows of one range, long form: one line per period and metric, so every
 * split fits one header — `downloads` for every period (zeros included), then
 * the periods' downloads by `version` and by `country`, then per currency
 * `sales`, `gross`, `share`, `refunds`, `refunded_gross`, `refunded_share`, `earned`, then `reviews` and, in periods
 * with reviews, `average_rating`.
 */
export function analyticsCsv(plugin: { slug: string; name: string }, rows: Awaited<ReturnType<typeof analyticsRows>>): string {
  const lines = [csvLine(CSV_HEADER)];
  // The plugin's cells open every line, and versions and countries repeat: each is made safe once.
  const prefix = `${csvText(plugin.slug)},${csvText(plugin.name)},`;
  const safe = new Map<string, string>();
  const text = (value: string) => {
    const known = safe.get(value);
    if (known !== undefined) return known;
    const cell = csvText(value);
    safe.set(value, cell);
    return cell;
  };
  const line = (period: string, metric: string, version: string, country: string, currency: string, value: number) =>
    lines.push(`${prefix}${text(period)},${metric},${text(version)},${text(country)},${text(currency)},${value}\r\n`);
  for (const period of rows.periods) line(period, "downloads", "", "", "", rows.byPeriod.get(period) ?? 0);
  for (const row of rows.byPeriodVersion) line(row.period, "downloads", row.version, "", "", row.downloads);
  for (const row of rows.byPeriodCountry) line(row.period, "downloads", "", row.country, "", row.downloads);
  for (const row of rows.money) {
    line(row.period, "sales", "", "", row.currency, row.sales);
    line(row.period, "gross", "", "", row.currency, row.gross);
    line(row.period, "share", "", "", row.currency, row.share);
    line(row.period, "refunds", "", "", row.currency, row.refunds);
    line(row.period, "refunded_gross", "", "", row.currency, row.refundedGross);
    line(row.period, "refunded_share", "", "", row.currency, row.refundedShare);
    line(row.period, "earned", "", "", row.currency, row.earned);
  }
  for (const row of rows.reviews) {
    line(row.period, "reviews", "", "", "", row.reviews);
    if (row.averageRating !== null) line(row.period, "average_rating", "", "", "", row.averageRating);
  }
  return lines.join("");
}
