import type { SalesReport } from "@streamkit/api-contract";
import type { ChartPoint } from "@/components/charts/line-chart";

const DAY = 24 * 60 * 60 * 1000;
/** The chart covers at least the last month (so one sale has context and the axis starts at zero) and at most a year. */
const MIN_DAYS = 30;
const MAX_DAYS = 366;

const dayOf = (iso: string) => iso.slice(0, 10);

/**
 * The chart's series: per currency, what buyers paid each UTC day (refunded
 * sales left out), in major units, with the days without sales as zeros from
 * the first sale to today — so a quiet week shows as a dip, not as a line
 * drawn across it. At least the last 30 days are shown, at most the last 366.
 */
export function salesPerDay(sales: SalesReport["sales"], today: Date): { currency: string; points: ChartPoint[]; count: number }[] {
  const byCurrency = new Map<string, Map<string, number>>();
  const counts = new Map<string, number>();
  for (const sale of sales) {
    if (sale.status !== "paid") continue;
    const days = byCurrency.get(sale.currency) ?? new Map<string, number>();
    days.set(dayOf(sale.paidAt), (days.get(dayOf(sale.paidAt)) ?? 0) + sale.amount);
    byCurrency.set(sale.currency, days);
    counts.set(sale.currency, (counts.get(sale.currency) ?? 0) + 1);
  }
  const last = Date.parse(dayOf(today.toISOString()));
  return [...byCurrency.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, days]) => {
      const firstSale = Math.min(...[...days.keys()].map((d) => Date.parse(d)));
      const first = Math.max(Math.min(firstSale, last - (MIN_DAYS - 1) * DAY), last - (MAX_DAYS - 1) * DAY);
      const points: ChartPoint[] = [];
      for (let t = first; t <= last; t += DAY) {
        const day = new Date(t).toISOString().slice(0, 10);
        points.push({ x: day, y: (days.get(day) ?? 0) / 100 });
      }
      return { currency, points, count: counts.get(currency) ?? 0 };
    });
}
