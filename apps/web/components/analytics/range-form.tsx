import { type AnalyticsGranularity, analyticsGranularities, analyticsLimits } from "@streamkit/api-contract";
import styles from "./analytics.module.css";

const granularityNames: Record<AnalyticsGranularity, string> = { day: "Days", week: "Weeks", month: "Months" };

/**
 * The range picker: a plain GET form (two date fields and the period size),
 * so the chosen range is the page's address — shareable, and working without script.
 */
export function AnalyticsRangeForm({ from, to, granularity }: { from: string; to: string; granularity: AnalyticsGranularity }) {
  return (
    <form method="get" className={styles.range} aria-label="Range">
      <label>
        From <input type="date" name="from" defaultValue={from} required />
      </label>
      <label>
        To <input type="date" name="to" defaultValue={to} required />
      </label>
      <label>
        By{" "}
        <select name="granularity" defaultValue={granularity}>
          {analyticsGranularities.map((g) => (
            <option key={g} value={g}>
              {granularityNames[g]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button">
        Show
      </button>
      <span className="muted">UTC days, at most {analyticsLimits.maxRangeDays} at a time.</span>
    </form>
  );
}
