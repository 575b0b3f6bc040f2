import type { PluginAnalytics } from "@streamkit/api-contract";
import type { SaleCurrency } from "@streamkit/plans";
import { LineChart } from "@/components/charts/line-chart";
import { currencyNames, formatMoney } from "@/components/commerce/money";
import { formatCount } from "@/components/format";
import styles from "./analytics.module.css";
import { BarChart } from "./bar-chart";

const periodWord = { day: "day", week: "week", month: "month" } as const;

/** An author's analytics of one plugin over a range (docs/analytics.md): totals, charts, and the CSV of the same figures. */
export function PluginAnalyticsView({ analytics }: { analytics: PluginAnalytics }) {
  const { slug, from, to, granularity, totals, periods } = analytics;
  const query = new URLSearchParams({ from, to, granularity }).toString();
  const per = periodWord[granularity];
  const currencies = totals.money.map((m) => m.currency);
  return (
    <>
      <section className="panel" aria-labelledby="totals-title">
        <div className={styles.head}>
          <h2 id="totals-title">
            From {from} to {to}
          </h2>
          <a className="button" href={`/api/plugins/${encodeURIComponent(slug)}/analytics.csv?${query}`} download>
            Download CSV
          </a>
        </div>
        <dl className="money-facts" data-testid="analytics-totals">
          <dt>Downloads</dt>
          <dd data-testid="total-downloads">{formatCount(totals.downloads)}</dd>
          <dd className="explain">One per account and UTC day, however many times it downloads.</dd>
          {totals.money.map((m) => (
            <div key={m.currency} data-testid={`total-${m.currency}`}>
              <dt>
                {currencyNames[m.currency as SaleCurrency]} <span className="badge">{m.currency}</span>
              </dt>
              <dd>
                {formatCount(m.sales)} sales, {formatMoney(m.gross, m.currency)} paid; {formatCount(m.refunds)} refunds,{" "}
                {formatMoney(m.refundedGross, m.currency)} returned
              </dd>
              <dd className="explain">
                You earned <strong data-testid="earned">{formatMoney(m.earned, m.currency)}</strong> (your share of these sales minus refunds, as on the Sales
                page).
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="panel" aria-labelledby="downloads-title">
        <h2 id="downloads-title">Downloads per {per}</h2>
        <LineChart
          title={`Downloads per ${per}`}
          points={periods.map((p) => ({ x: p.period, y: p.downloads }))}
          formatY={(y) => formatCount(y)}
          yLabel="Downloads"
          xLabel={granularity === "day" ? "Day" : `${per[0]!.toUpperCase()}${per.slice(1)} from`}
        />
      </section>

      {currencies.map((currency) => (
        <section className="panel" key={currency} aria-labelledby={`money-${currency}-title`}>
          <h2 id={`money-${currency}-title`}>
            Earned per {per} in {currency}
          </h2>
          <LineChart
            title={`Earned per ${per} in ${currencyNames[currency as SaleCurrency]}`}
            description="Your share of the sales of each period minus the refunds made in it."
            points={periods.map((p) => ({ x: p.period, y: p.money.find((m) => m.currency === currency)?.earned ?? 0 }))}
            formatY={(y) => formatMoney(y, currency)}
            yLabel={`Earned (${currency})`}
          />
        </section>
      ))}

      <div className={styles.splits}>
        <section className="panel" aria-labelledby="versions-title">
          <h2 id="versions-title">By version</h2>
          <BarChart
            title="Downloads by version"
            bars={analytics.versions.map((v) => ({ label: v.version, value: v.downloads }))}
            labelHeader="Version"
            valueHeader="Downloads"
          />
        </section>
        <section className="panel" aria-labelledby="countries-title">
          <h2 id="countries-title">By country</h2>
          <BarChart
            title="Downloads by country"
            bars={analytics.countries.map((c) => ({ label: c.country === "unknown" ? "Unknown" : c.country, value: c.downloads }))}
            labelHeader="Country"
            valueHeader="Downloads"
          />
        </section>
      </div>

      <section className="panel" aria-labelledby="reviews-title">
        <h2 id="reviews-title">Reviews</h2>
        <LineChart
          title={`Reviews per ${per}`}
          points={analytics.reviews.map((r) => ({ x: r.period, y: r.reviews }))}
          formatY={(y) => formatCount(y)}
          yLabel="Reviews"
        />
      </section>
    </>
  );
}
