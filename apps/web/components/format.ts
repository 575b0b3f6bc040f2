const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });
const full = new Intl.NumberFormat("en");
const date = new Intl.DateTimeFormat("en", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

export const formatCount = (n: number) => (n < 10_000 ? full.format(n) : compact.format(n));
export const formatDate = (iso: string) => date.format(new Date(iso));
export const plural = (n: number, one: string, many = `${one}s`) => `${full.format(n)} ${n === 1 ? one : many}`;
