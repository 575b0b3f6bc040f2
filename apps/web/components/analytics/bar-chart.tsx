import { useId } from "react";
import styles from "./bar-chart.module.css";

export interface Bar {
  label: string;
  value: number;
}

/**
 * Horizontal bars drawn on the server as SVG (no chart library, no script):
 * one image whose title and description name every bar, a native tooltip on
 * each, and the numbers in a table behind a disclosure — the line chart's
 * three ways of being read, for shares of a whole (versions, countries).
 */
export function BarChart({
  title,
  bars,
  formatValue = (value: number) => value.toLocaleString("en-US"),
  labelHeader,
  valueHeader,
  emptyText = "Nothing to show for these days.",
  max = 12,
}: {
  title: string;
  bars: readonly Bar[];
  formatValue?: (value: number) => string;
  labelHeader: string;
  valueHeader: string;
  emptyText?: string;
  /** Bars drawn; the rest are summed into one "Others" bar (the table lists them all). */
  max?: number;
}) {
  const id = useId();
  if (bars.length === 0) {
    return (
      <figure className={styles.figure}>
        <figcaption className={styles.caption}>{title}</figcaption>
        <p className={styles.empty}>{emptyText}</p>
      </figure>
    );
  }
  const shown = bars.length > max ? [...bars.slice(0, max - 1), { label: "Others", value: bars.slice(max - 1).reduce((n, b) => n + b.value, 0) }] : bars;
  const total = bars.reduce((n, b) => n + b.value, 0);
  const top = Math.max(...shown.map((b) => b.value), 1);
  const ROW = 28;
  const LABEL = 140;
  const WIDTH = 720;
  const VALUE = 90;
  const height = shown.length * ROW + 8;
  const percent = (value: number) => (total > 0 ? `${Math.round((value / total) * 1000) / 10} %` : "0 %");
  const summary = shown.map((b) => `${b.label} ${formatValue(b.value)} (${percent(b.value)})`).join(", ");
  return (
    <figure className={styles.figure}>
      <svg className={styles.svg} viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{`${summary}.`}</desc>
        {shown.map((bar, i) => {
          const y = 4 + i * ROW;
          const width = Math.max(((WIDTH - LABEL - VALUE) * bar.value) / top, bar.value > 0 ? 2 : 0);
          return (
            <g key={bar.label}>
              <text className={styles.label} x={LABEL - 8} y={y + ROW / 2} dy="0.32em" textAnchor="end">
                {bar.label}
              </text>
              <rect className={styles.bar} x={LABEL} y={y + 4} width={width} height={ROW - 8} rx={3}>
                <title>{`${bar.label}: ${formatValue(bar.value)} (${percent(bar.value)})`}</title>
              </rect>
              <text className={styles.value} x={LABEL + width + 6} y={y + ROW / 2} dy="0.32em">
                {formatValue(bar.value)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className={styles.caption}>{title}</figcaption>
      <details className={styles.data}>
        <summary>Show the numbers</summary>
        <table>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              <th scope="col">{valueHeader}</th>
              <th scope="col">Share</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.label}>
                <th scope="row">{bar.label}</th>
                <td>{formatValue(bar.value)}</td>
                <td>{percent(bar.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
