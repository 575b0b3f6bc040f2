import { useId } from "react";
import styles from "./line-chart.module.css";

/**
 * A line chart rendered on the server as SVG: no JavaScript, no chart
 * library, crisp at any width (viewBox), colours from the design tokens.
 * Accessible three ways: the SVG is one image whose title and description
 * say what it shows (range, low, high, latest), each point carries a native
 * tooltip, and the numbers are in a table behind a disclosure.
 *
 * Generic: x values are labels — dates ("YYYY-MM-DD" or ISO timestamps) are
 * placed by time, so gaps show as gaps; anything else is spaced evenly.
 * Used by the currency converter; meant for sales over time as well.
 */

export interface ChartPoint {
  /** A date (placed by time) or any label (evenly spaced). */
  x: string;
  y: number;
}

export interface LineChartProps {
  /** Short name of the chart: the SVG's accessible name and the table's caption. */
  title: string;
  /** Optional sentence added to the generated description. */
  description?: string;
  points: readonly ChartPoint[];
  /** How a y value is written (axis, tooltips, table, description). */
  formatY?: (value: number) => string;
  /** How an x label is written. Dates default to "14 Mar 2026". */
  formatX?: (x: string) => string;
  /** Header of the y column in the data table. */
  yLabel?: string;
  xLabel?: string;
  /** Shown instead of a chart when there are no points. */
  emptyText?: string;
}

const WIDTH = 720;
const HEIGHT = 260;
const PAD = { top: 16, right: 16, bottom: 30, left: 72 };
const MAX_MARKERS = 62;

const DATE = /^\d{4}-\d{2}-\d{2}(T.*)?$/;
const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const defaultFormatX = (x: string) => (DATE.test(x) && !Number.isNaN(Date.parse(x)) ? dateFormat.format(new Date(x)) : x);
const defaultFormatY = (y: number) => y.toLocaleString("en-US", { maximumSignificantDigits: 6 });

/** Round numbers for gridlines: about `count` steps of 1, 2 or 5 × 10^k covering [min, max]. */
export function niceTicks(min: number, max: number, count = 4): number[] {
  if (!(max > min)) {
    const spread = Math.abs(min) * 0.01 || 1;
    return niceTicks(min - spread, max + spread, count);
  }
  const raw = (max - min) / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  const first = Math.floor(min / step) * step;
  const ticks: number[] = [];
  for (let v = first; v <= max + step * 0.5 && ticks.length < 12; v += step) ticks.push(Number(v.toPrecision(12)));
  if (ticks.at(-1)! < max) ticks.push(Number((ticks.at(-1)! + step).toPrecision(12)));
  return ticks;
}

export function LineChart({
  title,
  description,
  points,
  formatY = defaultFormatY,
  formatX = defaultFormatX,
  yLabel = "Value",
  xLabel = "Date",
  emptyText = "No data to show yet.",
}: LineChartProps) {
  const id = useId();
  if (points.length === 0) {
    return (
      <figure className={styles.figure}>
        <figcaption className={styles.caption}>{title}</figcaption>
        <p className={styles.empty}>{emptyText}</p>
      </figure>
    );
  }

  const byTime = points.every((p) => DATE.test(p.x) && !Number.isNaN(Date.parse(p.x)));
  const xs = points.map((p, i) => (byTime ? Date.parse(p.x) : i));
  const ys = points.map((p) => p.y);
  const ticks = niceTicks(Math.min(...ys), Math.max(...ys));
  const [yMin, yMax] = [ticks[0]!, ticks.at(-1)!];
  const [xMin, xMax] = [Math.min(...xs), Math.max(...xs)];
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const sx = (x: number) => PAD.left + (xMax === xMin ? plotW / 2 : ((x - xMin) / (xMax - xMin)) * plotW);
  const sy = (y: number) => PAD.top + plotH - ((y - yMin) / (yMax - yMin)) * plotH;
  const coords = points.map((p, i) => [sx(xs[i]!), sy(p.y)] as const);
  const line = coords.map(([x, y], i) => `${i === 0 ? "M" : "L"}${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
  const area = `${line} L${coords.at(-1)![0].toFixed(1)},${(PAD.top + plotH).toFixed(1)} L${coords[0]![0].toFixed(1)},${(PAD.top + plotH).toFixed(1)} Z`;

  const low = points.reduce((a, p) => (p.y < a.y ? p : a));
  const high = points.reduce((a, p) => (p.y > a.y ? p : a));
  const first = points[0]!;
  const last = points.at(-1)!;
  const summary =
    points.length === 1
      ? `One value: ${formatY(last.y)} on ${formatX(last.x)}.`
      : `${points.length} values from ${formatX(first.x)} to ${formatX(last.x)}. Low ${formatY(low.y)} on ${formatX(low.x)}, high ${formatY(high.y)} on ${formatX(high.x)}, latest ${formatY(last.y)}.`;
  const xLabels = points.length === 1 ? [0] : points.length === 2 ? [0, 1] : [0, Math.floor((points.length - 1) / 2), points.length - 1];

  return (
    <figure className={styles.figure}>
      {/* On a phone the chart keeps a legible size and scrolls sideways inside its own box, never the page. */}
      <div className={styles.scroller}>
        <svg
          className={styles.svg}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          preserveAspectRatio="xMidYMid meet"
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{[summary, description].filter(Boolean).join(" ")}</desc>
          <g>
            {ticks.map((tick) => (
              <g key={tick}>
                <line className={styles.grid} x1={PAD.left} x2={WIDTH - PAD.right} y1={sy(tick)} y2={sy(tick)} />
                <text className={styles.axis} x={PAD.left - 8} y={sy(tick)} dy="0.32em" textAnchor="end">
                  {formatY(tick)}
                </text>
              </g>
            ))}
            {xLabels.map((i, n) => (
              <text
                key={i}
                className={styles.axis}
                x={coords[i]![0]}
                y={HEIGHT - 8}
                textAnchor={xLabels.length > 1 && n === 0 ? "start" : n === xLabels.length - 1 && xLabels.length > 1 ? "end" : "middle"}
              >
                {formatX(points[i]!.x)}
              </text>
            ))}
            <path className={styles.area} d={area} />
            <path className={styles.line} d={line} />
          </g>
          {(points.length <= MAX_MARKERS ? points.map((p, i) => [p, i] as const) : [[last, points.length - 1] as const]).map(([p, i]) => (
            <circle key={p.x} className={styles.marker} cx={coords[i]![0]} cy={coords[i]![1]} r={points.length > 31 ? 2.5 : 3.5}>
              <title>{`${formatX(p.x)}: ${formatY(p.y)}`}</title>
            </circle>
          ))}
        </svg>
      </div>
      <figcaption className={styles.caption}>{summary}</figcaption>
      <details className={styles.data}>
        <summary>Show the numbers</summary>
        <table>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{xLabel}</th>
              <th scope="col">{yLabel}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.x}>
                <th scope="row">{formatX(p.x)}</th>
                <td>{formatY(p.y)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
