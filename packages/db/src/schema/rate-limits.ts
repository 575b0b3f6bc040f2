import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { utcTimestamp } from "./columns";

/**
 * Fixed-window counters for every rate limit (per account, per address,
 * publishes per hour). One upsert per request decides, so the count is exact
 * however many server processes share the database.
 */
export const rateLimitWindows = pgTable(
  "rate_limit_windows",
  {
    bucket: text("bucket").notNull(),
    windowStart: utcTimestamp("window_start").notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] }), index("rate_limit_windows_start_idx").on(t.windowStart)],
);
