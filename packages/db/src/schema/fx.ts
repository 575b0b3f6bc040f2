import { date, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { utcTimestamp } from "./columns";

/** One blended exchange-rate day (USD pivot), the history the fx endpoints read. */
export const fxDays = pgTable("fx_days", {
  date: date("date", { mode: "string" }).primaryKey(),
  pivot: text("pivot").notNull().default("USD"),
  /** Currency code → units per one pivot unit. */
  rates: jsonb("rates").$type<Record<string, number>>().notNull(),
  /** Currency code → the source ids that contributed to its rate. */
  contributors: jsonb("contributors").$type<Record<string, string[]>>().notNull(),
  sources: text("sources").array().notNull(),
  fetchedAt: utcTimestamp("fetched_at").notNull(),
});

/** Per-feed bookkeeping shared by all processes: when each source was last read and what it said. */
export const fxFeedState = pgTable("fx_feed_state", {
  source: text("source").primaryKey(),
  state: jsonb("state").notNull(),
  updatedAt: utcTimestamp("updated_at").notNull().defaultNow(),
});
