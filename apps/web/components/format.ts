const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });
const full = new Intl.NumberFormat("en");
const date = new Intl.DateTimeFormat("en", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

export const formatCount = (n: number) => (n < 10_000 ? full.format(n) : compact.format(n));
export const formatDate = (iso: string) => date.format(new Date(iso));
export const plural = (n: number, one: string, many = `${one}s`) => `${full.format(n)} ${n === 1 ? one : many}`;

const oneDecimal = new Intl.NumberFormat("en", { maximumFractionDigits: 1 });
const units = ["B", "KiB", "MiB", "GiB"] as const;
/** Bytes in binary units, as the API's limits are written (10 MiB, 100 MiB): "812 B", "1.5 KiB", "100 MiB". */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 100 ? full.format(Math.round(value)) : oneDecimal.format(value)} ${units[unit]}`;
}
