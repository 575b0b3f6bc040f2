/** A rate for people: six significant digits, grouped ("1,234.57", "0.00845312"). */
export function formatRate(rate: number): string {
  return rate.toLocaleString("en-US", { maximumSignificantDigits: 6 });
}

const day = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const instant = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

/** "Fri 10 January 2025" for a YYYY-MM-DD day. */
export const formatDay = (date: string) => day.format(new Date(`${date}T00:00:00Z`));
/** "22 Nov, 05:38 UTC" for an ISO timestamp. */
export const formatInstant = (iso: string) => instant.format(new Date(iso));
