import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { plugins } from "./plugins";

/**
 * Authors' analytics read these roll-ups, never the raw rows: each is kept up
 * to date in the same transaction as the row it counts (a download's first
 * row of the day, a sale or refund ledger entry), so a year of a busy plugin
 * is at most a few thousand rows to sum. docs/analytics.md.
 */

/** Counted downloads (one per account, plugin and UTC day) by day, the version served and the account's country ('' when unknown). */
export const pluginDownloadDays = pgTable(
  "plugin_download_days",
  {
    pluginId: uuid("plugin_id")
      .notNull()
      .references(() => plugins.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    version: text("version").notNull(),
    /** ISO 3166-1 alpha-2 of the downloading account at the time, '' when it had none. */
    country: text("country").notNull(),
    downloads: integer("downloads").notNull(),
  },
  (t) => [primaryKey({ columns: [t.pluginId, t.day, t.version, t.country] }), check("plugin_download_days_downloads_check", sql`${t.downloads} >= 0`)],
);

/**
 * Sales and refunds of a plugin by UTC day and currency, in integer minor
 * units, as the ledger has them: a sale on the day it was paid, a refund on
 * the day it was refunded (so Σ (saleShare − refundShare) is the ledger's
 * `earned`, the sales view's figure).
 */
export const pluginSaleDays = pgTable(
  "plugin_sale_days",
  {
    pluginId: uuid("plugin_id")
      .notNull()
      .references(() => plugins.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    currency: text("currency").notNull(),
    sales: integer("sales").notNull().default(0),
    saleGross: integer("sale_gross").notNull().default(0),
    saleShare: integer("sale_share").notNull().default(0),
    refunds: integer("refunds").notNull().default(0),
    /** What went back to buyers and the author's part taken back, both positive. */
    refundGross: integer("refund_gross").notNull().default(0),
    refundShare: integer("refund_share").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.pluginId, t.day, t.currency] })],
);
